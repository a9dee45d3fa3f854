/** POST /api/Scheduler: the selected items to the schedule (spec 2 §3 submit payload) → 202 with the batch's state. */
import { apiFetch } from '../../../data/transport';
import type { BatchJobState, SchedulerRequest } from '../../../domain/schemas/scheduling';

export function submitScheduler(body: SchedulerRequest): Promise<BatchJobState> {
  // The batch id is the request's identity: a repeated submit is the same batch.
  return apiFetch<BatchJobState>('/api/Scheduler', { method: 'POST', body, idempotencyKey: body.batchJobId });
}
