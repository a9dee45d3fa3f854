/**
 * GET /api/Schedule/planningWeek?assigneeId&weekNo&year (ours): the facts of the plumber's week that the
 * capacity rule reads (src/domain/scheduling/freeWeek.ts), composed by the server as its own check and
 * its batch compose them.
 */
import { prefetchLiveRead, useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { WeekFacts } from '../../../domain/scheduling/freeWeek';

export function fetchPlanningWeek(assigneeId: number, year: number, weekNo: number, signal?: AbortSignal): Promise<WeekFacts> {
  const query = new URLSearchParams({ assigneeId: String(assigneeId), weekNo: String(weekNo), year: String(year) });
  return apiFetch<WeekFacts>(`/api/Schedule/planningWeek?${query}`, { signal });
}

/**
 * GET /api/Schedule/{id}/planningWeek (ours): the same facts, of the schedule's own week and plumber,
 * for a screen that knows only the schedule's id (the edit route's full load): read alongside the
 * schedule, not after it.
 */
export function fetchScheduleWeekFacts(scheduleId: number, signal?: AbortSignal): Promise<WeekFacts> {
  return apiFetch<WeekFacts>(`/api/Schedule/${scheduleId}/planningWeek`, { signal });
}

/**
 * Starts reading the week's facts at the tap that asks for them (see prefetchWeekSchedule); answers the
 * read started, if one did. `reading`: the same facts already on their way (fetchScheduleWeekFacts).
 */
export function prefetchPlanningWeek(assigneeId: number, year: number, weekNo: number, reading?: Promise<WeekFacts>): Promise<WeekFacts> | null {
  let started = null as Promise<WeekFacts> | null;
  prefetchLiveRead(['planningWeek', assigneeId, year, weekNo], () => (started = reading ?? fetchPlanningWeek(assigneeId, year, weekNo)), { unlessKept: true });
  return started;
}

/** null: no plumber chosen yet, nothing is read. */
export function usePlanningWeek(assigneeId: number | null, year: number, weekNo: number) {
  return useLiveRead(
    assigneeId && year && weekNo ? ['planningWeek', assigneeId, year, weekNo] : null,
    (signal) => fetchPlanningWeek(assigneeId!, year, weekNo, signal),
  );
}
