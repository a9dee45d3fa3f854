/**
 * Planning's selection rules (spec 2 §4–§5), free of React: which items can be taken, what a selected
 * item is on its way to the schedule, and what the submit carries.
 */
import { AssignmentItemStatus, AvailabilityType, SCHEDULE_DAY_END } from '../../../domain/scheduling/enums';
import {
  assignmentSummary, minutesOf, plansFrom, timeOf, type DayMinute, type FreeDay,
} from '../../../domain/scheduling/hours';
import { holdsPoint, isDeletable, rulesOf } from '../../../domain/scheduling/itemStatus';
import { osloInstant } from '../../../domain/time/oslo';
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
  /** The point's register priority (higher is laid first); 0 when the register gives none. */
  priority: number;
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
  const live = item.weekNo !== undefined && holdsPoint(item.scheduleItemStatus);
  if (live && (item.weekNo !== week.weekNo || item.year !== week.year)) return 'previousWeek';
  if (item.isDisabled || item.assignmentItemStatus === AssignmentItemStatus.PlannedItemsInOtherSchedules) return 'disabled';
  return 'ok';
}

/** Delete is offered only for Scheduled or Cancelled saved items (spec 2 §2.1); unsaved ones are only dropped. */
export const canRemove = (item: PlanItem): boolean => item.scheduleItemId === 0 || isDeletable(item.status);

/** Cancelled and Obstacle items keep a coloured marker in the list (spec 2 §2.1). */
export const markerOf = (item: PlanItem): 'cancelled' | 'obstacle' | null => rulesOf(item.status).marker;

/** A cancelled item's time is free again (spec 2 §4 free slots): it plans nothing. */
export const plansTime = (item: PlanItem): boolean => holdsPoint(item.status);

export function planItemOfSaved(s: ScheduleItem): PlanItem {
  return {
    waterMeterPointId: s.parentObjectId, waterMeterId: s.objectId, scheduleItemId: s.id, assignmentType: s.objectType,
    address: s.address, agreementNo: s.agreementNo, referenceNumber: s.referenceNumber, lat: s.latitude, lng: s.longitude,
    priority: s.priority ?? 0, duration: s.duration, status: s.status, cancellationTypeId: s.cancellationTypeId,
    startTime: s.startTime, endTime: s.endTime, scheduledDate: s.scheduledDate,
  };
}

export function planItemOfAssignment(a: AssignmentListItem, duration: number): PlanItem {
  return {
    waterMeterPointId: a.waterMeterPointId, waterMeterId: a.waterMeterId ?? null, scheduleItemId: 0, assignmentType: a.assignmentType,
    address: a.address, agreementNo: a.agreementNo || null, referenceNumber: a.referenceId ?? null, lat: a.lat, lng: a.lng,
    priority: a.priority, duration, status: null, cancellationTypeId: null, startTime: null, endTime: null, scheduledDate: null,
  };
}

/** The saved items of the schedule, in their order. */
export const savedPlan = (schedule: Schedule): PlanItem[] =>
  [...schedule.scheduleItems].sort((a, b) => a.sequenceNumber - b.sequenceNumber).map(planItemOfSaved);

/** The durations that count towards planned hours. */
export const plannedDurations = (items: readonly PlanItem[]): number[] => items.filter(plansTime).map((i) => i.duration);

/** Where a saved item is laid (its Oslo day and start), or null when it is not laid. */
export const laidAt = (item: PlanItem): DayMinute | null =>
  (item.scheduledDate && item.startTime ? { date: item.scheduledDate.slice(0, 10), minute: minutesOf(item.startTime) } : null);

/** The items the plan lays from `start` on (hours.ts plansFrom): new ones and saved ones not laid before it. */
export const itemsFrom = (items: readonly PlanItem[], start: DayMinute): PlanItem[] => items.filter((i) => plansFrom(laidAt(i), start));

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
  /** Where the plan starts (hours.ts planStart: the chosen slot, not before now). */
  start: DayMinute;
  /** The admin let the plan continue into the next weeks (the batch goes on for up to 12). */
  nextWeek: boolean;
}

/** The submit payload, or null when spec 2 §5 calls it an invalid request (Scheduling.InvalidSchedulingRequest). */
export function schedulerRequest({ batchJobId, scheduleId, assigneeId, week, items, freeTime, start, nextWeek }: SubmitInput): SchedulerRequest | null {
  const availability = availabilityOf(freeTime, week.weekNo);
  const fresh = items.filter((i) => i.scheduleItemId === 0);
  if (!(assigneeId > 0 && scheduleId > 0 && week.weekNo > 0 && week.year > 0) || !fresh.length || !availability.length) return null;
  return {
    batchJobId, scheduleId, weekNo: week.weekNo, year: week.year, assigneeId,
    scheduleItems: items.flatMap((i, n) => (i.scheduleItemId === 0 ? [listItem(i, n + 1)] : [])),
    // spec 2 §3: the saved items from the start on are laid again with the new ones; earlier ones stay.
    scheduledItems: items.flatMap((i, n) => (i.scheduleItemId > 0 && plansTime(i) && plansFrom(laidAt(i), start) ? [listItem(i, n + 1)] : [])),
    assignmentSummary: assignmentSummary(plannedDurations(itemsFrom(items, start)), freeTime),
    plumberAvailabilityData: availability,
    selectedItemStartDateTime: osloInstant(start.date, start.minute).toISOString(),
    scheduleStartTime: timeOf(start.minute),
    scheduleEndTime: SCHEDULE_DAY_END,
    isPossibleToScheduleNextWeek: nextWeek,
  };
}
