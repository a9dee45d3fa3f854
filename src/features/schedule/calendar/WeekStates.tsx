/** The calendar week's states besides the week itself: loading or failed reads, no working hours, and a batch laying it. */
import { useEffect } from 'react';
import { Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { LiveRead } from '../../../data/liveRead';
import { confirm, LoadingState } from '../../../ui';
import { LiveReadView } from '../../../ui/LiveReadView';

/** Loading, or the first of the reads that failed (with retry) or needs a connection. */
export function WeekLoading({ reads, errorTitles }: { reads: Pick<LiveRead<unknown>, 'status' | 'data' | 'refetch'>[]; errorTitles: string[] }) {
  const failed = reads.findIndex((r) => r.data === undefined && (r.status === 'error' || r.status === 'offline'));
  if (failed < 0) return <LoadingState />;
  return <LiveReadView read={reads[failed]} errorTitle={errorTitles[failed]}>{() => null}</LiveReadView>;
}

/** spec 2 §4: a Queued or Started batch disables the calendar with a loading modal until it is done. */
export function BatchRunningModal({ open }: { open: boolean }) {
  const { t } = useTranslation('planning');
  return (
    <Dialog.Root open={open} placement="center" closeOnEscape={false} closeOnInteractOutside={false} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="calendar-batch-running" maxW="24rem">
            <Dialog.Body py="6">
              <HStack gap="4">
                <Spinner size="lg" color="blue.solid" />
                <Stack gap="1">
                  <Dialog.Title fontSize="md">{t('Calendar.BatchRunningTitle')}</Dialog.Title>
                  <Text color="fg.muted">{t('Calendar.BatchRunning')}</Text>
                </Stack>
              </HStack>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** spec 2 §2.2: working hours missing → a dialog offers the company settings. */
export function useNoHoursPrompt(noHours: boolean): void {
  const { t } = useTranslation('planning');
  const navigate = useNavigate();
  useEffect(() => {
    if (!noHours) return;
    let gone = false;
    void confirm({ title: t('Calendar.NoHoursTitle'), message: t('hours:WorkinghoursNotAvailable'), confirmText: t('hours:GoToCompanyHours'), cancelText: t('Calendar.Close') })
      .then((go) => { if (go && !gone) navigate('/settings?section=companyHours'); });
    return () => { gone = true; };
  }, [noHours, navigate, t]);
}
