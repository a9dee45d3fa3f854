/**
 * The plumber's schedule of a week: GET /api/Schedule?assigneeId&weekNo&year; a 404 means there is none
 * yet, so it is created (POST /api/Schedule) and used (spec 2 §7).
 */
import { prefetchLiveRead, useLiveRead } from '../../../data/liveRead';
import { ApiError, apiFetch } from '../../../data/transport';
import type { Schedule } from '../../../domain/schemas/scheduling';

/** Which step failed: the page says "could not load" or "could not create" (spec 2 §8). */
export class ScheduleOpenError extends Error {
  constructor(readonly step: 'load' | 'create', readonly cause: unknown) {
    super(step === 'load' ? 'FailedToRetrieveSchedule' : 'CreatingScheduleFailed');
  }
}

export async function openWeekSchedule(assigneeId: number, weekNo: number, year: number, signal?: AbortSignal): Promise<Schedule> {
  const query = new URLSearchParams({ assigneeId: String(assigneeId), weekNo: String(weekNo), year: String(year) });
  try {
    return await apiFetch<Schedule>(`/api/Schedule?${query}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.network) throw err;
    if (!(err instanceof ApiError) || err.status !== 404) throw new ScheduleOpenError('load', err);
  }
  try {
    return await apiFetch<Schedule>('/api/Schedule', { method: 'POST', body: { assigneeId, weekNo, year }, signal });
  } catch (err) {
    throw err instanceof ApiError && err.network ? err : new ScheduleOpenError('create', err);
  }
}

/** GET /api/Schedule/{id}?detailedResponse=true: the schedule an edit route names. */
export function fetchSchedule(id: number, signal?: AbortSignal): Promise<Schedule> {
  return apiFetch<Schedule>(`/api/Schedule/${id}?detailedResponse=true`, { signal }).catch((err: unknown) => {
    throw err instanceof ApiError && err.network ? err : new ScheduleOpenError('load', err);
  });
}

export type ScheduleTarget = { scheduleId: number } | { assigneeId: number; weekNo: number; year: number };

const scheduleKey = (target: ScheduleTarget) => ['planningSchedule', 'scheduleId' in target
  ? { scheduleId: target.scheduleId } : { assigneeId: target.assigneeId, weekNo: target.weekNo, year: target.year }];

/**
 * Starts reading a plumber's week at the tap that asks for it (the calendar's previous, next, week and
 * plumber choices), before the screen that shows it has rendered: useSchedule of that week takes it over.
 * A week read before is shown from its last answer at once and read again once on screen, as before.
 */
export function prefetchWeekSchedule(assigneeId: number, weekNo: number, year: number): void {
  prefetchLiveRead(scheduleKey({ assigneeId, weekNo, year }), () => openWeekSchedule(assigneeId, weekNo, year), { unlessKept: true });
}

/** Read again (refetch) after a submit or a delete; the last answer stays on screen meanwhile. */
export function useSchedule(target: ScheduleTarget | null) {
  return useLiveRead(target ? scheduleKey(target) : null, (signal) => (
    'scheduleId' in target! ? fetchSchedule(target.scheduleId, signal) : openWeekSchedule(target!.assigneeId, target!.weekNo, target!.year, signal)
  ));
}
