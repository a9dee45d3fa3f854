/**
 * The calendar's drop (spec 2 §7): the blacklist check (GET /api/ScheduleBlacklist) and the drop itself
 * (POST /api/Scheduler/singleitem), whose idempotency key is the drop's own batchJobId: a drop sent
 * twice by a flaky connection is laid once.
 */
import { apiFetch } from '../../../data/transport';
import type { BlacklistEntry, ScheduleItem, SingleItemRequest } from '../../../domain/schemas/scheduling';

export function fetchBlacklist(q: { waterMeterId?: number | null; address: string }, signal?: AbortSignal): Promise<BlacklistEntry[]> {
  const query = new URLSearchParams({ adress: q.address });
  if (q.waterMeterId) query.set('watermeterId', String(q.waterMeterId));
  return apiFetch<BlacklistEntry[]>(`/api/ScheduleBlacklist/?${query}`, { signal });
}

export function dropScheduleItem(body: SingleItemRequest): Promise<ScheduleItem> {
  return apiFetch<ScheduleItem>('/api/Scheduler/singleitem', { method: 'POST', body, idempotencyKey: body.batchJobId ?? undefined });
}
