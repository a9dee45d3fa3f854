/** Cancel and Save of a settings form (spec 3 §4: Save only when something differs from what is saved). */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function SettingsFormActions({ dirty, saving, onCancel }: { dirty: boolean; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack justify="flex-end" gap="3">
      <Button variant="outline" onClick={onCancel} disabled={!dirty || saving}>{t('Cancel')}</Button>
      <Button type="submit" colorPalette="blue" disabled={!dirty} loading={saving}>{t('Save')}</Button>
    </HStack>
  );
}
