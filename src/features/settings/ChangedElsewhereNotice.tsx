/**
 * Another admin changed what this section's form shows while it held unsaved changes
 * (src/data/useLiveReload.ts): the user's input stays; saving overwrites, Reload shows theirs.
 */
import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LiveReload } from '../../data/useLiveReload';

export function ChangedElsewhereNotice({ live }: { live: Pick<LiveReload, 'changedElsewhere' | 'discard'> }) {
  const { t } = useTranslation('settings');
  if (!live.changedElsewhere) return null;
  return (
    <Alert.Root status="warning" data-testid="changed-elsewhere">
      <Alert.Indicator />
      <Alert.Title flex="1">{t('ChangedElsewhere.Text')}</Alert.Title>
      <Button size="sm" variant="outline" onClick={live.discard}>{t('ChangedElsewhere.Reload')}</Button>
    </Alert.Root>
  );
}
