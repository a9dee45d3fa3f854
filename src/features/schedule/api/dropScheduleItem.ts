/**
 * The calendar's drop (spec 2 §7): the blacklist check (GET /api/ScheduleBlacklist) and the drop itself
 * (POST /api/Scheduler/singleitem), whose idempotency key is the drop's own batchJobId: a drop sent
 * twice by a flaky connection is laid once.
 */
import { apiFetch } from '../../../data/transport';
import type { BlacklistEntry, Schedule, ScheduleItem, SingleItemRequest } from '../../../domain/schemas/scheduling';

export function fetchBlacklist(q: { waterMeterId?: number | null; address: string }, signal?: AbortSignal): Promise<BlacklistEntry[]> {
  const query = new URLSearchParams({ adress: q.address });
  if (q.waterMeterId) query.set('watermeterId', String(q.waterMeterId));
  return apiFetch<BlacklistEntry[]>(`/api/ScheduleBlacklist/?${query}`, { signal });
}

/**
 * `item` (an existing card, or id 0: a point from the map) laid in `schedule` from `start` for `duration`
 * minutes; with `durationOverride` the server sets the card's own length to it (the calendar's override).
 */
export function singleItemRequest(
  schedule: Pick<Schedule, 'id' | 'weekNo' | 'year' | 'assigneeId'>, item: ScheduleItem, start: Date, duration: number,
  durationOverride: number | null = null,
): SingleItemRequest {
  return {
    batchJobId: crypto.randomUUID(), scheduleId: schedule.id, weekNo: schedule.weekNo, year: schedule.year, assigneeId: schedule.assigneeId,
    scheduleItems: [{
      id: item.id, assignmentType: item.objectType, waterMeterPointId: item.parentObjectId, duration, sequenceNumber: item.sequenceNumber, isScheduled: item.isScheduled,
    }],
    plumberAvailabilityData: [], selectedItemStartDateTime: start.toISOString(), scheduleStartTime: '06:00', scheduleEndTime: '18:00',
    ...(durationOverride ? { durationOverride: durationOverride as NonNullable<SingleItemRequest['durationOverride']> } : {}),
  };
}

export function dropScheduleItem(body: SingleItemRequest): Promise<ScheduleItem> {
  return apiFetch<ScheduleItem>('/api/Scheduler/singleitem', { method: 'POST', body, idempotencyKey: body.batchJobId ?? undefined });
}
