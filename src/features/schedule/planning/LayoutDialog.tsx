/**
 * The layout dialog (spec 2 §2.1): how the table and the map share the main section. The page's own
 * split (table 60 %, map 40 %) can be chosen back; each choice keeps the table and the map usable
 * (useLayoutChoice.ts), and the dialog says so, and says when the window is too narrow for them side by side.
 */
import { useState } from 'react';
import { chakra, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../ui/FormDialog';
import { LAYOUT_CHOICES, LIST_MIN_PX, MAP_MIN_PX, type LayoutChoice } from './useLayoutChoice';

export interface LayoutDialogProps {
  value: LayoutChoice;
  /** Whether the board has room for the table and the map side by side now. */
  sideBySide: boolean;
  onChoose: (choice: LayoutChoice) => void;
  onClose: () => void;
}

export function LayoutDialog({ value, sideBySide, onChoose, onClose }: LayoutDialogProps) {
  const { t } = useTranslation('planning');
  const [choice, setChoice] = useState<LayoutChoice>(value);
  return (
    <FormDialog
      title={t('Layout.Title')} testId="planning-layout-dialog" submitText={t('Layout.Apply')} submitDisabled={false} saving={false}
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
      <Text fontSize="sm" color="fg.muted" mt="3">{t('Layout.Least', { table: LIST_MIN_PX, map: MAP_MIN_PX })}</Text>
      {!sideBySide && <Text fontSize="sm" mt="2" data-testid="planning-layout-stacked">{t('Layout.StackedNow')}</Text>}
    </FormDialog>
  );
}
