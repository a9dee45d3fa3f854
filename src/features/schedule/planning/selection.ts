/**
 * Planning's selection rules (spec 2 §4–§5), free of React: which items can be taken, what a selected
 * item is on its way to the schedule, and what the submit carries.
 */
import {
  AssignmentItemStatus, AvailabilityType, ScheduleItemStatus, SCHEDULE_DAY_END, SCHEDULE_DAY_START,
} from '../../../domain/scheduling/enums';
import { assignmentSummary, timeOf, type FreeDay } from '../../../domain/scheduling/hours';
import type {
  AssignmentListItem, AvailabilityEntry, Schedule, ScheduleItem, ScheduleListItem, SchedulerRequest,
} from '../../../domain/schemas/scheduling';

export interface PlanWeek {
  weekNo: number;
  year: number;
}

/** An item of the selection list: saved (scheduleItemId > 0) or only chosen here (0). */
export interface PlanItem {
  waterMeterPointId: number;
  waterMeterId: number | null;
  scheduleItemId: number;
  assignmentType: number;
  address: string;
  agreementNo: string | null;
  referenceNumber: string | null;
  lat: number | null;
  lng: number | null;
  duration: number;
  /** The saved item's status; null while unsaved. */
  status: number | null;
  cancellationTypeId: number | null;
  startTime: string | null;
  endTime: string | null;
  scheduledDate: string | null;
}

export type SelectVerdict = 'ok' | 'disabled' | 'previousWeek';

/** spec 2 §4: items in other schedules and Scheduled ones are disabled; an item of another week gives PreviousWeekItem. */
export function selectVerdict(item: AssignmentListItem, week: PlanWeek): SelectVerdict {
  // A cancelled item leaves its point free (spec 2 §4 free slots): its week does not hold the point.
  const live = item.weekNo !== undefined && item.scheduleItemStatus !== ScheduleItemStatus.Cancelled;
  if (live && (item.weekNo !== week.weekNo || item.year !== week.year)) return 'previousWeek';
  if (item.isDisabled || item.assignmentItemStatus === AssignmentItemStatus.PlannedItemsInOtherSchedules) return 'disabled';
  return 'ok';
}

/** Delete is offered only for Scheduled or Cancelled saved items (spec 2 §2.1); unsaved ones are only dropped. */
export const canRemove = (item: PlanItem): boolean =>
  item.scheduleItemId === 0 || item.status === ScheduleItemStatus.Scheduled || item.status === ScheduleItemStatus.Cancelled;

/** Cancelled and Obstacle items keep a coloured marker in the list (spec 2 §2.1). */
export function markerOf(item: PlanItem): 'cancelled' | 'obstacle' | null {
  if (item.status === ScheduleItemStatus.Cancelled) return 'cancelled';
  if (item.status === ScheduleItemStatus.Obstacle) return 'obstacle';
  return null;
}

/** A cancelled item's time is free again (spec 2 §4 free slots): it plans nothing. */
export const plansTime = (item: PlanItem): boolean => item.status !== ScheduleItemStatus.Cancelled;

export function planItemOfSaved(s: ScheduleItem): PlanItem {
  return {
    waterMeterPointId: s.parentObjectId, waterMeterId: s.objectId, scheduleItemId: s.id, assignmentType: s.objectType,
    address: s.address, agreementNo: s.agreementNo, referenceNumber: s.referenceNumber, lat: s.latitude, lng: s.longitude,
    duration: s.duration, status: s.status, cancellationTypeId: s.cancellationTypeId,
    startTime: s.startTime, endTime: s.endTime, scheduledDate: s.scheduledDate,
  };
}

export function planItemOfAssignment(a: AssignmentListItem, duration: number): PlanItem {
  return {
    waterMeterPointId: a.waterMeterPointId, waterMeterId: a.waterMeterId ?? null, scheduleItemId: 0, assignmentType: a.assignmentType,
    address: a.address, agreementNo: a.agreementNo || null, referenceNumber: a.referenceId ?? null, lat: a.lat, lng: a.lng,
    duration, status: null, cancellationTypeId: null, startTime: null, endTime: null, scheduledDate: null,
  };
}

/** The saved items of the schedule, in their order. */
export const savedPlan = (schedule: Schedule): PlanItem[] =>
  [...schedule.scheduleItems].sort((a, b) => a.sequenceNumber - b.sequenceNumber).map(planItemOfSaved);

/** The durations that count towards planned hours. */
export const plannedDurations = (items: readonly PlanItem[]): number[] => items.filter(plansTime).map((i) => i.duration);

/** The week's free time as availability entries (what the submit says the plumber has). */
export function availabilityOf(week: readonly FreeDay[], weekNo: number): AvailabilityEntry[] {
  return week.flatMap((day) => day.spans.map(([from, to]) => ({
    weekNo, date: day.date, availabilityType: AvailabilityType.Available, startTime: timeOf(from), endTime: timeOf(to),
  })));
}

function listItem(item: PlanItem, sequenceNumber: number): ScheduleListItem {
  return {
    id: item.scheduleItemId, referenceNumber: item.referenceNumber, assignmentType: item.assignmentType,
    waterMeterId: item.waterMeterId, waterMeterPointId: item.waterMeterPointId, agreementNo: item.agreementNo,
    latitude: item.lat, longitude: item.lng, duration: item.duration, sequenceNumber, isScheduled: item.scheduleItemId > 0,
  };
}

export interface SubmitInput {
  batchJobId: string;
  scheduleId: number;
  assigneeId: number;
  week: PlanWeek;
  items: readonly PlanItem[];
  freeTime: readonly FreeDay[];
  /** The calendar's free slot the items start from (route state startDateTime); none: the week's first free time. */
  startDateTime?: string;
}

/** The submit payload, or null when spec 2 §5 calls it an invalid request (Scheduling.InvalidSchedulingRequest). */
export function schedulerRequest({ batchJobId, scheduleId, assigneeId, week, items, freeTime, startDateTime }: SubmitInput): SchedulerRequest | null {
  const availability = availabilityOf(freeTime, week.weekNo);
  const fresh = items.filter((i) => i.scheduleItemId === 0);
  if (!(assigneeId > 0 && scheduleId > 0 && week.weekNo > 0 && week.year > 0) || !fresh.length || !availability.length) return null;
  return {
    batchJobId, scheduleId, weekNo: week.weekNo, year: week.year, assigneeId,
    scheduleItems: items.flatMap((i, n) => (i.scheduleItemId === 0 ? [listItem(i, n + 1)] : [])),
    scheduledItems: items.flatMap((i, n) => (i.scheduleItemId > 0 && plansTime(i) ? [listItem(i, n + 1)] : [])),
    assignmentSummary: assignmentSummary(plannedDurations(items), freeTime),
    plumberAvailabilityData: availability,
    ...(startDateTime && Number.isFinite(Date.parse(startDateTime)) ? { selectedItemStartDateTime: new Date(startDateTime).toISOString() } : {}),
    scheduleStartTime: SCHEDULE_DAY_START,
    scheduleEndTime: SCHEDULE_DAY_END,
    isPossibleToScheduleNextWeek: false,
  };
}
