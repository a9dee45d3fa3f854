/**
 * How a point looks. Planning mode colours by assignment item status (spec 2 §4); scheduling mode by
 * the schedule item's card colour group. Cancelled and Obstacle items keep a colour of their own in
 * both (spec 2 §2.1). A selected point also gets a dark ring, so selection is not told by colour alone.
 */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { AssignmentItemStatus, ScheduleItemStatus } from '../../../domain/scheduling/enums';

export type MapMode = 'planning' | 'scheduling';

export const MARKER_COLORS = {
  notSelected: '#2b6cb0',
  selected: '#dd6b20',
  disabled: '#a0aec0',
  planned: '#2f855a',
  cancelled: '#805ad5',
  failure: '#c53030',
  obstacle: '#744210',
  scheduled: '#ffffff',
  confirmed: '#9ae6b4',
  waiting: '#ed8936',
  notified: '#cbd5e0',
} as const;

export interface MarkerStyle {
  fill: string;
  ring: boolean;
}

const S = ScheduleItemStatus;

/** The kept colour of a cancelled or obstacle item, else undefined. */
function keptColor(p: AssignmentListItem): string | undefined {
  if (p.scheduleItemStatus === S.Obstacle) return MARKER_COLORS.obstacle;
  if (p.scheduleItemStatus === S.Cancelled || p.cancellationTypeColorStatus) {
    return p.cancellationTypeColorStatus === 'Failure' ? MARKER_COLORS.failure : MARKER_COLORS.cancelled;
  }
  return undefined;
}

/** spec 2 §4 card colour groups. */
function scheduleColor(status: number | undefined): string {
  switch (status) {
    case S.Confirmed: case S.JobCreated: case S.Deviation: return MARKER_COLORS.confirmed;
    case S.NoReply: case S.Unknown: case S.Rejected: return MARKER_COLORS.waiting;
    case S.Notified: case S.NotificationInProgress: return MARKER_COLORS.notified;
    case S.JobCreationFailed: case S.NotificationFailed: case S.SmsApiFailed: return MARKER_COLORS.failure;
    default: return MARKER_COLORS.scheduled;
  }
}

function planningColor(p: AssignmentListItem, selectable: boolean): string {
  if (!selectable || p.assignmentItemStatus === AssignmentItemStatus.PlannedItemsInOtherSchedules) return MARKER_COLORS.disabled;
  if (p.assignmentItemStatus === AssignmentItemStatus.Planned || p.assignmentItemStatus === AssignmentItemStatus.Scheduled) return MARKER_COLORS.planned;
  return MARKER_COLORS.notSelected;
}

export function markerStyle(p: AssignmentListItem, mode: MapMode, selected: boolean, selectable: boolean): MarkerStyle {
  const kept = keptColor(p);
  if (kept) return { fill: kept, ring: selected };
  if (selected) return { fill: MARKER_COLORS.selected, ring: true };
  return { fill: mode === 'scheduling' ? scheduleColor(p.scheduleItemStatus) : planningColor(p, selectable), ring: false };
}
