/**
 * The week kept live (spec 2 §4 batch job status, §7 "the calendar reloads after each change"): the
 * week is read again when the hub's 'plumber notification' says a batch's state changed
 * (ScheduleBatch), a plumber's week changed (SchedulesChanged: a drop, a note, availability), the
 * facts of the weeks changed (WorkingHoursChanged: working hours or holidays) or the company's
 * settings did (SettingsChanged: lunch, job interval, base), heard on the app's one hub connection (src/data/hub.ts). While the week's batch is Queued or Started the
 * calendar is disabled under a loading modal and, should a notification be lost while the hub
 * reconnects, the week is also read on a slow timer. A Failed batch is shown with its reason
 * (GET /api/ScheduleItemBatchJob: a message key of the planning namespace). The planning page keeps
 * its week and point list live the same way (PlanBoard).
 */
import { useEffect, useRef } from 'react';
import { useLiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { NotificationType } from '../../../domain/enums';
import { BatchJobStatus } from '../../../domain/scheduling/enums';
import type { Schedule } from '../../../domain/schemas/scheduling';
import { fetchBatchJob } from '../api/fetchBatchJob';

const FALLBACK_READ_MS = 5_000;

export const isBatchRunning = (s: Pick<Schedule, 'batchJobStatus'> | undefined): boolean =>
  s?.batchJobStatus === BatchJobStatus.Queued || s?.batchJobStatus === BatchJobStatus.Started;

const RELOADS_ON: readonly string[] = [
  NotificationType.ScheduleBatch, NotificationType.SchedulesChanged, NotificationType.WorkingHoursChanged, NotificationType.SettingsChanged,
];

/** Whether a notification of this type makes an open week read again. */
export const reloadsWeek = (notificationType: string): boolean => RELOADS_ON.includes(notificationType);

/** Calls `reload` on the company's batch and week notifications, and on a timer while the schedule's batch runs. */
export function useWeekLive(schedule: Schedule | undefined, reload: () => void): void {
  const session = useSession();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const running = isBatchRunning(schedule);
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';

  useEffect(() => {
    let stopped = false;
    let stopHub: (() => void) | null = null;
    void import('../../../data/hub').then(({ onHubNotification, matchesNotification }) => {
      if (stopped) return;
      stopHub = onHubNotification((n) => {
        if (reloadsWeek(n.NotificationType) && matchesNotification(n, orgNumber, customerId)) reloadRef.current();
      });
    });
    return () => {
      stopped = true;
      stopHub?.();
    };
  }, [orgNumber, customerId]);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => reloadRef.current(), FALLBACK_READ_MS);
    return () => clearInterval(timer);
  }, [running]);
}

/** The failed batch's reason, read when the week's latest batch Failed. */
export function useBatchFailure(schedule: Schedule | undefined) {
  const failed = schedule?.batchJobStatus === BatchJobStatus.Failed && schedule.batchJobId ? schedule : null;
  return useLiveRead(
    failed ? ['calendarBatch', failed.id, failed.batchJobId] : null,
    (signal) => fetchBatchJob(failed!.weekNo, failed!.year, failed!.id, signal),
  );
}
