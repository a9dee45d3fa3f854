/** The layout dialog (spec 2 §2.1): how the table and the map share the main section. */
import { useState } from 'react';
import { chakra, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../ui/FormDialog';
import { LAYOUT_CHOICES, type LayoutChoice } from './useLayoutChoice';

export interface LayoutDialogProps {
  value: LayoutChoice;
  onChoose: (choice: LayoutChoice) => void;
  onClose: () => void;
}

export function LayoutDialog({ value, onChoose, onClose }: LayoutDialogProps) {
  const { t } = useTranslation('planning');
  const [choice, setChoice] = useState<LayoutChoice>(value);
  return (
    <FormDialog
      title={t('Layout.Title')} testId="planning-layout-dialog" submitText={t('Layout.Apply')} submitDisabled={choice === 'default'} saving={false}
      onClose={onClose} onSubmit={() => { onChoose(choice); onClose(); }}
    >
      <Stack as="fieldset" gap="2">
        <chakra.legend srOnly>{t('Layout.Title')}</chakra.legend>
        {LAYOUT_CHOICES.map((c) => (
          <chakra.label key={c} display="flex" gap="2" alignItems="center" cursor="pointer">
            <chakra.input type="radio" name="planning-layout" value={c} checked={choice === c} onChange={() => setChoice(c)} />
            {t(`Layout.${c}`)}
          </chakra.label>
        ))}
      </Stack>
    </FormDialog>
  );
}
