/**
 * GET /api/AssignmentList/assignee/{id}?filtered=&scheduleId=: the company's meter points as seen from
 * the plumber's schedule. Items without finite coordinates are dropped (spec 2 §3).
 */
import { prefetchLiveRead, useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { AssignmentFilter, AssignmentListItem } from '../../../domain/schemas/scheduling';

export async function fetchAssignmentList(assigneeId: number, scheduleId: number, filter: AssignmentFilter, signal?: AbortSignal): Promise<AssignmentListItem[]> {
  const query = new URLSearchParams({ scheduleId: String(scheduleId) });
  if (Object.keys(filter).length) query.set('filtered', JSON.stringify(filter));
  const items = await apiFetch<AssignmentListItem[]>(`/api/AssignmentList/assignee/${assigneeId}?${query}`, { signal });
  return items.filter((i) => Number.isFinite(i.lat) && Number.isFinite(i.lng));
}

const listKey = (assigneeId: number, scheduleId: number, filter: AssignmentFilter) => ['assignmentList', assigneeId, scheduleId, filter];

/** Read again (refetch) after a submit or a delete; the last answer stays on screen meanwhile. */
export function useAssignmentList(assigneeId: number, scheduleId: number | null, filter: AssignmentFilter) {
  return useLiveRead(
    scheduleId ? listKey(assigneeId, scheduleId, filter) : null,
    (signal) => fetchAssignmentList(assigneeId, scheduleId!, filter, signal),
  );
}

/**
 * Starts reading the list as soon as the schedule is known, while the week's facts and the settings
 * still load: the planning board's first useAssignmentList with the same filter takes it over.
 */
export function prefetchAssignmentList(assigneeId: number, scheduleId: number, filter: AssignmentFilter): void {
  prefetchLiveRead(listKey(assigneeId, scheduleId, filter), () => fetchAssignmentList(assigneeId, scheduleId, filter));
}
