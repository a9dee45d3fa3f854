/**
 * How the assignment list sees a point from one schedule (spec 2 §4), one rule for the server and the
 * page. A point whose latest item is live (any status but Cancelled) is, from the schedule that item
 * is in, Planned (3) before the batch has laid it in time and Scheduled (4) after; from every other
 * schedule, and from none, it is PlannedItemsInOtherSchedules (2). A point without a live item is
 * NotSelected (0). isSelected: every status but NotSelected; isDisabled: the statuses below.
 *
 * The server writes the company's list once, as seen from no schedule (services/assignments/list.ts,
 * whose SQL takes these statuses): one answer, kept compressed, for every plumber, week and admin of
 * the company. The page turns it into the view from the schedule it plans with `seenFromSchedule`
 * and that schedule's own read, so the list is read alongside the schedule instead of after it, and a
 * new week does not make the server write 50,000 points anew (issue 24 §5, the felt waits).
 */
import { AssignmentItemStatus } from './enums';
import type { AssignmentListItem } from '../schemas/scheduling';

/** The statuses whose points cannot be chosen (spec 2 §4). */
export const DISABLED_ASSIGNMENT_STATUSES: readonly number[] = [AssignmentItemStatus.PlannedItemsInOtherSchedules, AssignmentItemStatus.Scheduled];

/** A point's status from the schedule its live item is in: laid in time or not. */
export function ownScheduleStatus(laid: boolean): number {
  return laid ? AssignmentItemStatus.Scheduled : AssignmentItemStatus.Planned;
}

/**
 * `items` (the list as seen from no schedule) as seen from `schedule`: the points whose live item is
 * in it become Planned or Scheduled, by that item's isScheduled in the schedule's read (an item the
 * read does not have yet counts as not laid). Every other point is as the server wrote it; the
 * answer is `items` itself when none is the schedule's.
 */
export function seenFromSchedule(
  items: readonly AssignmentListItem[],
  schedule: { id: number; scheduleItems: readonly { id: number; isScheduled: boolean }[] },
): readonly AssignmentListItem[] {
  let laid: Map<number, boolean> | null = null;
  let out: AssignmentListItem[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const a = items[i];
    if (a.scheduleId !== schedule.id || a.assignmentItemStatus !== AssignmentItemStatus.PlannedItemsInOtherSchedules) continue;
    laid ??= new Map(schedule.scheduleItems.map((s) => [s.id, s.isScheduled]));
    out ??= items.slice();
    const status = ownScheduleStatus(a.scheduleItemId !== undefined && laid.get(a.scheduleItemId) === true);
    out[i] = { ...a, assignmentItemStatus: status, isSelected: true, isDisabled: DISABLED_ASSIGNMENT_STATUSES.includes(status) };
  }
  return out ?? items;
}
