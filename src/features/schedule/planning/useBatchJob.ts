/**
 * A submit and its batch, watched live (spec 2 §4 batch job status): POST /api/Scheduler answers the
 * batch Queued; the hub's 'plumber notification' naming the batch (heard on the app's one hub
 * connection, src/data/hub.ts onHubNotification) makes the page read its state again
 * (GET /api/ScheduleItemBatchJob) until it is Completed or Failed. A slow read on a timer covers a
 * notification lost while the hub reconnects.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../../data/session';
import { BatchJobStatus } from '../../../domain/scheduling/enums';
import type { BatchJobState, SchedulerRequest } from '../../../domain/schemas/scheduling';
import { fetchBatchJob } from '../api/fetchBatchJob';
import { submitScheduler } from '../api/submitScheduler';

const FALLBACK_READ_MS = 5_000;

export type BatchWatch =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'watching'; job: BatchJobState; request: SchedulerRequest };

export const isFinished = (job: BatchJobState): boolean => job.status === BatchJobStatus.Completed || job.status === BatchJobStatus.Failed;

export function useBatchJob(onFinished: (job: BatchJobState) => void) {
  const session = useSession();
  const [watch, setWatch] = useState<BatchWatch>({ phase: 'idle' });
  const finished = useRef(onFinished);
  finished.current = onFinished;

  const submit = useCallback(async (request: SchedulerRequest) => {
    setWatch({ phase: 'submitting' });
    try {
      const job = await submitScheduler(request);
      setWatch({ phase: 'watching', job, request });
      if (isFinished(job)) finished.current(job);
    } catch (err) {
      setWatch({ phase: 'idle' });
      throw err;
    }
  }, []);

  const reset = useCallback(() => setWatch({ phase: 'idle' }), []);

  const watching = watch.phase === 'watching' && !isFinished(watch.job) ? watch : null;
  const batchJobId = watching?.job.batchJobId ?? null;
  const { weekNo, year, scheduleId } = watching?.request ?? { weekNo: 0, year: 0, scheduleId: 0 };
  const orgNumber = session?.orgNumber ?? '';
  const customerId = session?.customerId ?? '';

  useEffect(() => {
    if (!batchJobId) return;
    let stopped = false;
    let stopHub: (() => void) | null = null;
    const read = async () => {
      const job = await fetchBatchJob(weekNo, year, scheduleId).catch(() => null);
      if (stopped || !job || job.batchJobId !== batchJobId) return;
      setWatch((w) => (w.phase === 'watching' ? { ...w, job } : w));
      if (isFinished(job)) {
        stopped = true;
        finished.current(job);
      }
    };
    // The app's own hub connection, heard here (no second connection).
    void import('../../../data/hub').then(({ onHubNotification, matchesNotification }) => {
      if (stopped) return;
      stopHub = onHubNotification((n) => {
        if (n.BatchJobId === batchJobId && matchesNotification(n, orgNumber, customerId)) void read();
      });
    });
    const timer = setInterval(() => void read(), FALLBACK_READ_MS);
    void read();
    return () => {
      stopped = true;
      clearInterval(timer);
      stopHub?.();
    };
  }, [batchJobId, weekNo, year, scheduleId, orgNumber, customerId]);

  return { watch, submit, reset };
}
