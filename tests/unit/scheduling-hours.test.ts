import { describe, expect, it } from 'vitest';
import {
  assignmentSummary, availableMinutes, exceedsWeek, howManyFit, minutesOf, subtract, timeOf, union, weekFreeTime, workingSpans,
} from '../../src/domain/scheduling/hours';
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
});
