import { describe, expect, it } from 'vitest';
import { AssignmentItemStatus, ScheduleItemStatus } from '../../../domain/scheduling/enums';
import type { FreeDay } from '../../../domain/scheduling/hours';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { activeFilters, clearFilter, EMPTY_FILTER, toAssignmentFilter } from './filters';
import { planTarget, readRouteState } from './routeState';
import {
  canRemove, itemsFrom, markerOf, plannedDurations, planItemOfAssignment, schedulerRequest, selectVerdict, type PlanItem,
} from './selection';

const week = { weekNo: 49, year: 2026 };

const point = (over: Partial<AssignmentListItem> = {}): AssignmentListItem => ({
  waterMeterPointId: 7, agreementNo: 'A-7', assignmentType: 1, priority: 0, lat: 59.9, lng: 10.5, address: 'Gata 7',
  assignmentItemStatus: AssignmentItemStatus.NotSelected, isSelected: false, isDisabled: false, ...over,
});

const saved = (status: number, over: Partial<PlanItem> = {}): PlanItem => ({ ...planItemOfAssignment(point(), 45), scheduleItemId: 3, status, ...over });

describe('selection rules (spec 2 §4)', () => {
  it('takes items with no week or of this week, refuses another week, and leaves disabled ones', () => {
    expect(selectVerdict(point(), week)).toBe('ok');
    expect(selectVerdict(point({ weekNo: 49, year: 2026 }), week)).toBe('ok');
    expect(selectVerdict(point({ weekNo: 48, year: 2026, scheduleItemStatus: ScheduleItemStatus.Scheduled }), week)).toBe('previousWeek');
    expect(selectVerdict(point({ weekNo: 49, year: 2025 }), week)).toBe('previousWeek');
    expect(selectVerdict(point({ isDisabled: true }), week)).toBe('disabled');
    expect(selectVerdict(point({ assignmentItemStatus: AssignmentItemStatus.PlannedItemsInOtherSchedules }), week)).toBe('disabled');
  });

  it('counts a point whose last item was cancelled in another week as free', () => {
    expect(selectVerdict(point({ weekNo: 40, year: 2026, scheduleItemStatus: ScheduleItemStatus.Cancelled }), week)).toBe('ok');
  });

  it('offers delete only for Scheduled or Cancelled saved items; marks Cancelled and Obstacle; a cancelled item plans no time', () => {
    expect(canRemove(planItemOfAssignment(point(), 45))).toBe(true);
    expect(canRemove(saved(ScheduleItemStatus.Scheduled))).toBe(true);
    expect(canRemove(saved(ScheduleItemStatus.Cancelled))).toBe(true);
    expect(canRemove(saved(ScheduleItemStatus.Notified))).toBe(false);
    expect(markerOf(saved(ScheduleItemStatus.Cancelled))).toBe('cancelled');
    expect(markerOf(saved(ScheduleItemStatus.Obstacle))).toBe('obstacle');
    expect(markerOf(saved(ScheduleItemStatus.Confirmed))).toBeNull();
    expect(plannedDurations([saved(ScheduleItemStatus.Cancelled, { duration: 60 }), saved(ScheduleItemStatus.Scheduled, { duration: 30 })])).toEqual([30]);
  });
});

describe('the submit (spec 2 §3, §5)', () => {
  const freeTime: FreeDay[] = [{ date: '2026-11-30', spans: [[420, 690], [720, 930]] }, { date: '2026-12-01', spans: [] }];
  const base = { batchJobId: '0b6c3c3e-8c4e-4a8e-9d6f-1f1f1f1f1f1f', scheduleId: 5, assigneeId: 2, week, freeTime, start: { date: '2026-11-30', minute: 360 }, nextWeek: false };

  it('sends new items and the saved ones to lay again, in the list order, with the week as available entries', () => {
    const items = [saved(ScheduleItemStatus.Scheduled, { waterMeterPointId: 1 }), saved(ScheduleItemStatus.Cancelled, { waterMeterPointId: 2 }), planItemOfAssignment(point(), 45)];
    const request = schedulerRequest({ ...base, items })!;
    expect(request.scheduleItems).toEqual([expect.objectContaining({ id: 0, waterMeterPointId: 7, duration: 45, sequenceNumber: 3, isScheduled: false })]);
    expect(request.scheduledItems).toEqual([expect.objectContaining({ id: 3, waterMeterPointId: 1, sequenceNumber: 1, isScheduled: true })]);
    expect(request.plumberAvailabilityData).toEqual([
      { weekNo: 49, date: '2026-11-30', availabilityType: 1, startTime: '07:00', endTime: '11:30' },
      { weekNo: 49, date: '2026-11-30', availabilityType: 1, startTime: '12:00', endTime: '15:30' },
    ]);
    expect(request.assignmentSummary).toEqual({ numberOfDaysPlanned: 1, numberOfHoursPlanned: 1.5, numberOfWeeksPlanned: 1 });
  });

  it('starts at the plan\'s start: an Oslo moment and its time of day', () => {
    const items = [planItemOfAssignment(point(), 45)];
    const request = schedulerRequest({ ...base, items, start: { date: '2026-11-30', minute: 540 } })!;
    expect(request.selectedItemStartDateTime).toBe('2026-11-30T08:00:00.000Z');
    expect(request.scheduleStartTime).toBe('09:00');
    // Summer time: 09:00 in Oslo is 07:00 UTC.
    expect(schedulerRequest({ ...base, items, start: { date: '2026-06-01', minute: 540 } })!.selectedItemStartDateTime).toBe('2026-06-01T07:00:00.000Z');
  });

  it('lets the batch continue into the next weeks only when the admin ticked it', () => {
    const items = [planItemOfAssignment(point(), 45)];
    expect(schedulerRequest({ ...base, items })!.isPossibleToScheduleNextWeek).toBe(false);
    expect(schedulerRequest({ ...base, items, nextWeek: true })!.isPossibleToScheduleNextWeek).toBe(true);
  });

  it('lays again only the saved items from the start on; those laid before it stay and count for nothing', () => {
    const before = saved(ScheduleItemStatus.Scheduled, { scheduleItemId: 3, waterMeterPointId: 1, duration: 60, scheduledDate: '2026-11-30', startTime: '08:00' });
    const after = saved(ScheduleItemStatus.Scheduled, { scheduleItemId: 4, waterMeterPointId: 2, duration: 60, scheduledDate: '2026-11-30', startTime: '13:00' });
    const unlaid = saved(ScheduleItemStatus.Scheduled, { scheduleItemId: 5, waterMeterPointId: 3, duration: 60 });
    const items = [before, after, unlaid, planItemOfAssignment(point(), 45)];
    const start = { date: '2026-11-30', minute: 600 };
    expect(itemsFrom(items, start).map((i) => i.waterMeterPointId)).toEqual([2, 3, 7]);
    const request = schedulerRequest({ ...base, items, start })!;
    expect(request.scheduledItems.map((i) => i.id)).toEqual([4, 5]);
    expect(request.assignmentSummary!.numberOfHoursPlanned).toBe(2.75);
    // An item laid exactly at the start is from the start on.
    expect(itemsFrom([after], { date: '2026-11-30', minute: 780 })).toHaveLength(1);
    expect(itemsFrom([after], { date: '2026-11-30', minute: 781 })).toHaveLength(0);
  });

  it('is an invalid request without a new item, without free time or without a schedule', () => {
    expect(schedulerRequest({ ...base, items: [saved(ScheduleItemStatus.Scheduled)] })).toBeNull();
    expect(schedulerRequest({ ...base, items: [planItemOfAssignment(point(), 45)], freeTime: [] })).toBeNull();
    expect(schedulerRequest({ ...base, scheduleId: 0, items: [planItemOfAssignment(point(), 45)] })).toBeNull();
  });
});

describe('filters and route state', () => {
  it('asks the server for what is set, the street as a prefix, and one chip per filter', () => {
    const state = { ...EMPTY_FILTER, street: ' Storgata ', zoneId: 3, notAssociated: true, installDate: '2020-01-31' };
    expect(toAssignmentFilter(state)).toEqual({ address: { name: 'Storgata', type: 'Street' }, zoneId: 3, assigned: true, installDate: '2020-01-31' });
    expect(activeFilters(state)).toEqual(['installDate', 'street', 'zoneId', 'notAssociated']);
    expect(activeFilters(clearFilter(state, 'street'))).toEqual(['installDate', 'zoneId', 'notAssociated']);
    expect(toAssignmentFilter(EMPTY_FILTER)).toEqual({});
  });

  it('plans the edit route\'s schedule, else a full plumber and week, else asks', () => {
    const state = readRouteState({ plumberId: 2, calendarWeek: 49, year: 2026, scheduleId: 'x', skipWeekCount: 1 });
    expect(planTarget('12', state, null)).toEqual({ kind: 'schedule', scheduleId: 12, assigneeId: 2 });
    expect(planTarget('12', readRouteState(null), '7')).toEqual({ kind: 'schedule', scheduleId: 12, assigneeId: 7 });
    expect(planTarget('12', readRouteState(null), 'x')).toEqual({ kind: 'schedule', scheduleId: 12 });
    expect(planTarget(undefined, state, null)).toEqual({ kind: 'week', assigneeId: 2, weekNo: 49, year: 2026, scheduleId: null });
    expect(planTarget(undefined, readRouteState({ calendarWeek: 49, year: 2026 }), '4')).toMatchObject({ assigneeId: 4 });
    expect(planTarget(undefined, readRouteState(null), null)).toBeNull();
  });
});
