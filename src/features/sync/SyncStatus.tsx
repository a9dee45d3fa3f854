/**
 * The header's sync indicator: online/offline, changes waiting, replay progress, and (in its
 * details) the last successful sync and the refused changes.
 */
import { lazy, Suspense, useState } from 'react';
import { Badge, Box, Button, chakra, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus, type SyncStatusValue } from '../../data/sync';
import { formatDateTime } from '../../domain/format';
// The failed-commands panel (and the conflict rows it shows) loads when the dialog first opens.
const FailedCommandsPanel = lazy(async () => ({ default: (await import('./FailedCommandsPanel')).FailedCommandsPanel }));
import { useDataErrorToasts } from './useDataErrorToasts';

type Tone = 'offline' | 'failed' | 'replaying' | 'pending' | 'synced';

/** The one state the compact indicator shows, most urgent first. */
export function syncTone(s: Pick<SyncStatusValue, 'online' | 'failed' | 'replaying' | 'pending'>): Tone {
  if (s.failed > 0) return 'failed';
  if (!s.online) return 'offline';
  if (s.replaying) return 'replaying';
  if (s.pending > 0) return 'pending';
  return 'synced';
}

const DOT: Record<Tone, string> = {
  offline: 'gray.400',
  failed: 'red.400',
  replaying: 'blue.300',
  pending: 'yellow.400',
  synced: 'green.400',
};

export function SyncStatus() {
  const { t } = useTranslation('sync');
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  useDataErrorToasts();
  const tone = syncTone(status);

  const short =
    tone === 'replaying' ? t('ReplayingShort', { done: status.progress.done, total: status.progress.total })
      : tone === 'failed' ? t('FailedShort', { count: status.failed })
        : tone === 'pending' ? t('PendingShort', { count: status.pending })
          : tone === 'offline' ? t('Offline')
            : t('Online');

  // Offline, the changes waiting show as a count beside the word.
  const offlineCount = tone === 'offline' && status.pending > 0;
  // On a phone, sending, waiting and refused show only their count beside the dot.
  const compactCount = tone === 'replaying' ? `${status.progress.done}/${status.progress.total}`
    : tone === 'pending' ? String(status.pending)
      : tone === 'failed' ? String(status.failed) : null;

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        color="inherit"
        _hover={{ bg: 'whiteAlpha.200' }}
        onClick={() => setOpen(true)}
        title={status.lastSyncAt ? t('LastSync', { time: formatDateTime(status.lastSyncAt) }) : t('NeverSynced')}
        data-testid="sync-status"
        data-tone={tone}
        data-pending={status.pending}
      >
        {/* A dot for every state, sending too: its count moving shows the work going on, where a
            spinner kept the compositor drawing 60 frames a second for the whole end-of-day sync
            (measured: 0.9 s of CPU in a 10 s replay on a machine drawing in software). */}
        <Box w="2.5" h="2.5" borderRadius="full" bg={DOT[tone]} />
        {/* Named by its visible text (WCAG 2.5.3: what is seen is what a voice command says), then what it does. */}
        {/* On a phone the words give the title room ("Jobbdeta|ljer", "Oppgavedetal|" beside "3 feilet"):
            the count stays visible, the words are read out; refused changes show their count on red, as
            the plumber must notice them, and offline keeps its word. */}
        <Text as="span" fontSize="sm" srOnly={tone === 'offline' ? false : { base: true, md: false }}>{short}</Text>
        {compactCount && <Badge size="sm" colorPalette={tone === 'failed' ? 'red' : 'yellow'} variant={tone === 'failed' ? 'solid' : undefined} hideFrom="md" aria-hidden data-testid="sync-count">{compactCount}</Badge>}
        {offlineCount && <Badge size="sm" colorPalette="yellow">{status.pending}</Badge>}
        <chakra.span srOnly>, {t('OpenStatus')}</chakra.span>
      </Button>
      <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="top" size="md" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="sync-details">
              <Dialog.Header>
                <Dialog.Title>{t('StatusTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SyncDetails status={status} />
                <Text fontWeight="semibold" mt="5" mb="2">{t('FailedTitle')}</Text>
                <Suspense fallback={<Spinner size="sm" />}>
                  <FailedCommandsPanel onOpenChange={() => setOpen(false)} />
                </Suspense>
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('Close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

function SyncDetails({ status }: { status: SyncStatusValue }) {
  const { t } = useTranslation('sync');
  return (
    <Stack gap="1" fontSize="sm">
      <HStack>
        <Box w="2.5" h="2.5" borderRadius="full" bg={status.online ? DOT.synced : DOT.offline} />
        <Text>{status.online ? t('Online') : t('Offline')}</Text>
      </HStack>
      <Text data-testid="sync-pending">{status.pending > 0 ? t('Pending', { count: status.pending }) : t('AllSent')}</Text>
      {status.replaying && <Text>{t('Replaying', { done: status.progress.done, total: status.progress.total })}</Text>}
      {status.failed > 0 && <Text color="red.fg">{t('Failed', { count: status.failed })}</Text>}
      <Text color="fg.muted">{status.lastSyncAt ? t('LastSync', { time: formatDateTime(status.lastSyncAt) }) : t('NeverSynced')}</Text>
      {!status.online && status.pending > 0 && <Text color="fg.muted">{t('OfflineHint')}</Text>}
    </Stack>
  );
}
