/** 'Waiting to sync' and 'failed' markers for a job with outbox entries (DESIGN.md "Failures"). */
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { discardCommand, retryCommand } from '../../../data/outbox';
import type { OutboxMarker as Marker } from '../queries';
import { serverErrorKey } from '../../../domain/serverErrors';

export function OutboxBadge({ marker }: { marker: Marker | undefined }) {
  const { t } = useTranslation('jobs');
  if (!marker) return null;
  return (
    <HStack gap="1">
      {marker.pending > 0 && <Badge colorPalette="blue" data-testid="outbox-pending">{t('WaitingToSync')}</Badge>}
      {marker.failed.length > 0 && (
        <Badge colorPalette="red" data-testid="outbox-failed" title={marker.failed.map((f) => f.message).join('\n')}>
          {t('SyncFailed')}
        </Badge>
      )}
    </HStack>
  );
}

/** The failed changes of one job with the server's reason, and retry or discard. */
export function OutboxFailures({ marker }: { marker: Marker | undefined }) {
  const { t } = useTranslation('jobs');
  if (!marker || marker.failed.length === 0) return null;
  return (
    <Stack gap="2" borderWidth="1px" borderColor="red.muted" bg="red.subtle" rounded="md" p="3" data-testid="outbox-failures">
      {marker.failed.map((f) => (
        <HStack key={f.seq} justify="space-between" wrap="wrap">
          <Text fontSize="sm">{t('SyncFailedReason', { reason: t(`syncDetails:${serverErrorKey(f)}`) })}</Text>
          {f.status === 409 ? (
            // A conflict is resolved, not retried: my change over the server's, or the server's version.
            <HStack gap="2">
              <Button size="xs" variant="outline" data-testid="conflict-use-mine" onClick={() => void retryCommand(f.seq)}>{t('sync:ReapplyMine')}</Button>
              <Button size="xs" variant="outline" data-testid="conflict-use-theirs" onClick={() => void discardCommand(f.seq)}>{t('sync:KeepServer')}</Button>
            </HStack>
          ) : (
            <HStack gap="2">
              <Button size="xs" variant="outline" onClick={() => void retryCommand(f.seq)}>{t('Retry')}</Button>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => void discardCommand(f.seq)}>{t('Discard')}</Button>
            </HStack>
          )}
        </HStack>
      ))}
    </Stack>
  );
}
