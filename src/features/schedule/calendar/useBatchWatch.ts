/**
 * The week's batch as the calendar sees it (spec 2 §4 batch job status): while it is Queued or Started
 * the calendar is disabled under a loading modal, and the week is read again when the hub's
 * 'plumber notification' names the batch (the app's one hub connection, src/data/hub.ts) or, should a
 * notification be lost while the hub reconnects, on a slow timer. A Failed batch is shown with its
 * reason (GET /api/ScheduleItemBatchJob: a message key of the planning namespace).
 */
import { useEffect, useRef } from 'react';
import { useLiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { BatchJobStatus } from '../../../domain/scheduling/enums';
import type { Schedule } from '../../../domain/schemas/scheduling';
import { fetchBatchJob } from '../api/fetchBatchJob';

const FALLBACK_READ_MS = 5_000;

export const isBatchRunning = (s: Pick<Schedule, 'batchJobStatus'> | undefined): boolean =>
  s?.batchJobStatus === BatchJobStatus.Queued || s?.batchJobStatus === BatchJobStatus.Started;

/** Calls `reload` while the schedule's batch runs, on its notifications and on a timer. */
export function useBatchWatch(schedule: Schedule | undefined, reload: () => void): void {
  const session = useSession();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const running = isBatchRunning(schedule) ? schedule!.batchJobId : null;
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let stopHub: (() => void) | null = null;
    void import('../../../data/hub').then(({ onHubNotification, matchesNotification }) => {
      if (stopped) return;
      stopHub = onHubNotification((n) => {
        if (n.BatchJobId === running && matchesNotification(n, orgNumber, customerId)) reloadRef.current();
      });
    });
    const timer = setInterval(() => reloadRef.current(), FALLBACK_READ_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      stopHub?.();
    };
  }, [running, orgNumber, customerId]);
}

/** The failed batch's reason, read when the week's latest batch Failed. */
export function useBatchFailure(schedule: Schedule | undefined) {
  const failed = schedule?.batchJobStatus === BatchJobStatus.Failed && schedule.batchJobId ? schedule : null;
  return useLiveRead(
    failed ? ['calendarBatch', failed.id, failed.batchJobId] : null,
    (signal) => fetchBatchJob(failed!.weekNo, failed!.year, failed!.id, signal),
  );
}
