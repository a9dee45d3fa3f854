import { describe, expect, it } from 'vitest';
import {
  assignmentSummary, availableMinutes, exceedsWeek, firstFreeStart, freeFrom, howManyFit, isBefore, minutesOf, plannedMinutes,
  plansFrom, planStart, subtract, timeOf, union, weekFreeTime, workingSpans,
} from '../../src/domain/scheduling/hours';
import { freeTime } from '../../src/domain/scheduling/layout';
import { AvailabilityType } from '../../src/domain/scheduling/enums';
import { HolidayType } from '../../src/domain/settings/holidays';

const day = (date: string, startTime: string | null, endTime: string | null, lunch: [string, string] | null = ['11:30', '12:00']) => ({
  date, hours: { startTime, endTime, lunchStartTime: lunch?.[0] ?? null, lunchEndTime: lunch?.[1] ?? null },
});
const week = [
  day('2026-11-30', '07:00', '15:00'), day('2026-12-01', '07:00', '15:00'), day('2026-12-02', '07:00', '15:00'),
  day('2026-12-03', '07:00', '15:00'), day('2026-12-04', '07:00', '13:00', null),
  day('2026-12-05', null, null, null), day('2026-12-06', null, null, null),
];

describe('scheduling hours (spec 2 §9)', () => {
  it('reads and writes times of day', () => {
    expect(minutesOf('07:30')).toBe(450);
    expect(timeOf(450)).toBe('07:30');
  });

  it('a day is its working time less lunch, inside 06:00–18:00', () => {
    expect(workingSpans(day('x', '07:00', '15:00').hours)).toEqual([[420, 690], [720, 900]]);
    expect(workingSpans(day('x', '05:00', '19:00', null).hours)).toEqual([[360, 1080]]);
    expect(workingSpans(day('x', null, null, null).hours)).toEqual([]);
  });

  it('available hours: working time minus lunch, minus absence and holidays, plus extended', () => {
    expect(availableMinutes(weekFreeTime(week))).toBe(4 * 450 + 360);
    const absent = [{ date: '2026-12-01', availabilityType: AvailabilityType.Absent, startTime: '07:00', endTime: '09:00' }];
    expect(availableMinutes(weekFreeTime(week, [], absent))).toBe(4 * 450 + 360 - 120);
    const extended = [{ date: '2026-12-05', availabilityType: AvailabilityType.Extended, startTime: '08:00', endTime: '12:00' }];
    expect(availableMinutes(weekFreeTime(week, [], extended))).toBe(4 * 450 + 360 + 240);
    const holidays = [
      { date: '2026-11-30', holidayTypeId: HolidayType.FullDay, startTime: '06:00', endTime: '18:00' },
      { date: '2026-12-04', holidayTypeId: HolidayType.HalfDay, startTime: '12:00', endTime: '18:00' },
    ];
    expect(availableMinutes(weekFreeTime(week, holidays))).toBe(3 * 450 + 300);
  });

  it('extended time overlapping working time is not counted twice', () => {
    const extended = [{ date: '2026-11-30', availabilityType: AvailabilityType.Extended, startTime: '14:00', endTime: '17:00' }];
    expect(weekFreeTime(week, [], extended)[0].spans).toEqual([[420, 690], [720, 1020]]);
  });

  it('union and subtract keep spans sorted and disjoint', () => {
    expect(union([[5, 8], [1, 3], [2, 4]])).toEqual([[1, 4], [5, 8]]);
    expect(subtract([[0, 10]], [3, 5])).toEqual([[0, 3], [5, 10]]);
    expect(subtract([[0, 10]], [0, 10])).toEqual([]);
  });

  it('summary: hours, days by daily hours, weeks by the week', () => {
    const free = weekFreeTime(week);
    // 2160 min over 5 days: 7.2 h a day, 36 h a week.
    expect(assignmentSummary(Array(10).fill(60), free)).toEqual({ numberOfDaysPlanned: 2, numberOfHoursPlanned: 10, numberOfWeeksPlanned: 1 });
    expect(assignmentSummary(Array(37).fill(60), free)).toEqual({ numberOfDaysPlanned: 6, numberOfHoursPlanned: 37, numberOfWeeksPlanned: 2 });
    expect(assignmentSummary([45, 45], free).numberOfHoursPlanned).toBe(1.5);
    expect(assignmentSummary([], free)).toEqual({ numberOfDaysPlanned: 0, numberOfHoursPlanned: 0, numberOfWeeksPlanned: 0 });
  });

  it('select-all takes what fits in order; past the week is refused', () => {
    expect(howManyFit([60, 60, 60], 150)).toBe(2);
    expect(howManyFit([60, 60], 120)).toBe(2);
    expect(howManyFit([200, 10], 150)).toBe(0);
    expect(exceedsWeek(121, 120)).toBe(true);
    expect(exceedsWeek(120, 120)).toBe(false);
  });

  describe('from the plan\'s start (spec 2 §2.1 startDateTime)', () => {
    const free = weekFreeTime(week);

    it('the available hours are the free time from the start on: earlier days count nothing, the start\'s day from it', () => {
      // Wednesday 10:00: Wednesday 10:00–11:30 and 12:00–15:00, Thursday, Friday.
      const from = freeFrom(free, { date: '2026-12-02', minute: 600 });
      expect(from.slice(0, 2).map((d) => d.spans)).toEqual([[], []]);
      expect(from[2].spans).toEqual([[600, 690], [720, 900]]);
      expect(availableMinutes(from)).toBe(270 + 450 + 360);
      // A start inside lunch starts after it; one before the week counts the whole week.
      expect(freeFrom(free, { date: '2026-11-30', minute: 700 })[0].spans).toEqual([[720, 900]]);
      expect(availableMinutes(freeFrom(free, { date: '2026-11-23', minute: 900 }))).toBe(availableMinutes(free));
      expect(availableMinutes(freeFrom(free, { date: '2026-12-07', minute: 0 }))).toBe(0);
    });

    it('the batch\'s free time takes the same start (layout.ts freeTime uses freeFrom)', () => {
      const start = { date: '2026-12-02', minute: 600 };
      expect(freeTime(free, [], 15, start)).toEqual(freeFrom(free, start));
    });

    it('the default start is the first free working minute not past, on a quarter', () => {
      expect(firstFreeStart(free, { date: '2026-11-29', minute: 1200 })).toEqual({ date: '2026-11-30', minute: 420 });
      expect(firstFreeStart(free, { date: '2026-12-01', minute: 500 })).toEqual({ date: '2026-12-01', minute: 510 });
      // In lunch: after it; after the day's end: the next working day; a span too short for the quarter is skipped.
      expect(firstFreeStart(free, { date: '2026-12-01', minute: 695 })).toEqual({ date: '2026-12-01', minute: 720 });
      expect(firstFreeStart(free, { date: '2026-12-01', minute: 901 })).toEqual({ date: '2026-12-02', minute: 420 });
      expect(firstFreeStart([{ date: '2026-12-01', spans: [[601, 610], [700, 760]] }], { date: '2026-12-01', minute: 0 })).toEqual({ date: '2026-12-01', minute: 705 });
      expect(firstFreeStart(free, { date: '2026-12-04', minute: 780 })).toBeNull();
    });

    it('the start is the chosen moment, never before now (Oslo wall time, summer time included)', () => {
      const now = new Date('2026-12-01T08:20:00Z');
      expect(planStart(now)).toEqual({ date: '2026-12-01', minute: 560 });
      expect(planStart(now, '2026-12-02T09:00:00.000Z')).toEqual({ date: '2026-12-02', minute: 600 });
      expect(planStart(now, '2026-11-30T09:00:00.000Z')).toEqual({ date: '2026-12-01', minute: 560 });
      expect(planStart(now, 'not a time')).toEqual({ date: '2026-12-01', minute: 560 });
      expect(planStart(new Date('2026-06-01T05:00:00Z'), '2026-06-02T05:00:00Z')).toEqual({ date: '2026-06-02', minute: 420 });
    });

    it('planned hours count items not laid yet and those laid from the start on, so planned and available match', () => {
      const start = { date: '2026-12-02', minute: 600 };
      expect(plansFrom(null, start)).toBe(true);
      expect(plansFrom({ date: '2026-12-02', minute: 600 }, start)).toBe(true);
      expect(plansFrom({ date: '2026-12-02', minute: 599 }, start)).toBe(false);
      expect(plansFrom({ date: '2026-11-30', minute: 900 }, start)).toBe(false);
      expect(plansFrom({ date: '2026-12-03', minute: 0 }, start)).toBe(true);
      expect(isBefore({ date: '2026-12-01', minute: 900 }, { date: '2026-12-02', minute: 0 })).toBe(true);
      // Monday's laid hour is not planned from Wednesday 10:00; what is left is the 18 hours from then.
      const items = [{ at: { date: '2026-11-30', minute: 420 }, duration: 60 }, { at: { date: '2026-12-03', minute: 420 }, duration: 60 }, { at: null, duration: 1020 }];
      const planned = plannedMinutes(items.filter((i) => plansFrom(i.at, start)).map((i) => i.duration));
      const available = availableMinutes(freeFrom(free, start));
      expect(planned).toBe(1080);
      expect(available).toBe(1080);
      expect(exceedsWeek(planned, available)).toBe(false);
      expect(exceedsWeek(planned + 15, available)).toBe(true);
    });
  });
});
