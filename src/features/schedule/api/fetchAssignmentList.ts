/**
 * GET /api/AssignmentList/assignee/{id}?filtered=&scheduleId=: the company's meter points as seen from
 * the plumber's schedule. Items without finite coordinates are dropped (spec 2 §3).
 */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { AssignmentFilter, AssignmentListItem } from '../../../domain/schemas/scheduling';

export async function fetchAssignmentList(assigneeId: number, scheduleId: number, filter: AssignmentFilter, signal?: AbortSignal): Promise<AssignmentListItem[]> {
  const query = new URLSearchParams({ scheduleId: String(scheduleId) });
  if (Object.keys(filter).length) query.set('filtered', JSON.stringify(filter));
  const items = await apiFetch<AssignmentListItem[]>(`/api/AssignmentList/assignee/${assigneeId}?${query}`, { signal });
  return items.filter((i) => Number.isFinite(i.lat) && Number.isFinite(i.lng));
}

/** Read again (refetch) after a submit or a delete; the last answer stays on screen meanwhile. */
export function useAssignmentList(assigneeId: number, scheduleId: number | null, filter: AssignmentFilter) {
  return useLiveRead(
    scheduleId ? ['assignmentList', assigneeId, scheduleId, filter] : null,
    (signal) => fetchAssignmentList(assigneeId, scheduleId!, filter, signal),
  );
}
