/**
 * GET /api/AssignmentList/assignee/{id}?filtered=: the company's meter points as seen from no
 * schedule, the one answer the server keeps for every plumber, week and admin of the company; the
 * page sees it from its schedule with `seenFromSchedule` (domain/scheduling/assignmentView.ts), so it
 * is read alongside the schedule, not after it. {id} is a plumber of the company (the server checks
 * it, and answers the same list for any). Items without finite coordinates are dropped (spec 2 §3).
 */
import { useMemo } from 'react';
import { prefetchLiveRead, prefetchPending, useLiveRead, type LiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import { seenFromSchedule } from '../../../domain/scheduling/assignmentView';
import type { AssignmentFilter, AssignmentListItem, Schedule } from '../../../domain/schemas/scheduling';


export async function fetchAssignmentList(assigneeId: number, filter: AssignmentFilter, signal?: AbortSignal): Promise<AssignmentListItem[]> {
  const query = new URLSearchParams();
  if (Object.keys(filter).length) query.set('filtered', JSON.stringify(filter));
  const items = await apiFetch<AssignmentListItem[]>(`/api/AssignmentList/assignee/${assigneeId}${query.size ? `?${query}` : ''}`, { signal });
  return items.filter((i) => Number.isFinite(i.lat) && Number.isFinite(i.lng));
}

/** The answer is the same whoever {id} names: one key per filter. */
const listKey = (filter: AssignmentFilter) => ['assignmentList', filter];

/**
 * The list as seen from `schedule`, read again (refetch) after a submit or a delete; the last answer
 * stays on screen meanwhile. `data` follows the schedule's own read as well as the list's.
 */
export function useAssignmentList(schedule: Schedule, filter: AssignmentFilter): Omit<LiveRead<readonly AssignmentListItem[]>, 'mutate'> {
  const { assigneeId } = schedule;
  const list = useLiveRead(listKey(filter), (signal) => fetchAssignmentList(assigneeId, filter, signal));
  const data = useMemo(() => (list.data ? seenFromSchedule(list.data, schedule) : undefined), [list.data, schedule]);
  const { status, error, refreshing, refetch } = list;
  return { status, error, refreshing, refetch, data };
}

/**
 * While the list of `filter` is read ahead (prefetchAssignmentList), settles when it is in; null when
 * no such read is under way.
 */
export function assignmentListPending(filter: AssignmentFilter): Promise<void> | null {
  return prefetchPending(listKey(filter));
}

/**
 * Starts reading the list (no filter: the board's first) as soon as a plumber is known, while the
 * schedule, the week's facts and the settings still load: the board's first useAssignmentList takes it over.
 */
export function prefetchAssignmentList(assigneeId: number, filter: AssignmentFilter): void {
  prefetchLiveRead(listKey(filter), () => fetchAssignmentList(assigneeId, filter));
}
