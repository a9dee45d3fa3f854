/**
 * The calendar's slot types (src/domain/scheduling/calendarSlots.ts, spec 2 §2.2, §4): a week with
 * the demo hours, a full-day and a half-day holiday, an absence, extended time, an unavailable entry
 * and an unavailable slot of the schedule. Expected types are written out per slot here.
 */
import { describe, expect, it } from 'vitest';
import { weekSlots, firstWorkingMinute, type CalendarSlot } from '../../src/domain/scheduling/calendarSlots';
import { AvailabilityType } from '../../src/domain/scheduling/enums';
import type { WeekFacts } from '../../src/domain/scheduling/freeWeek';
import { HolidayType } from '../../src/domain/settings/holidays';
import type { DayHours } from '../../src/domain/settings/dayHours';

const OFF: DayHours = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
const DEMO: DayHours = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
// Week 11 of 2026: Monday 9 March … Sunday 15 March.
const DATES = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'];

function facts(extra: Partial<WeekFacts> = {}): WeekFacts {
  return {
    year: 2026, weekNo: 11, dates: DATES, days: DATES.map((date, i) => ({ date, hours: i < 5 ? DEMO : OFF })),
    holidays: [], availability: [], unavailable: [], laid: [], intervalMinutes: 15, hasHours: true, ...extra,
  };
}

/** The type of the slot starting at HH:mm. */
const at = (day: CalendarSlot[], time: string) => day.find((s) => s.from === Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)))!.type;

describe('weekSlots', () => {
  it('has 24 slots of 30 minutes from 06:00 to 18:00 on each of the seven days', () => {
    const week = weekSlots(facts());
    expect(week).toHaveLength(7);
    for (const [i, day] of week.entries()) {
      expect(day).toHaveLength(24);
      expect(day[0]).toMatchObject({ date: DATES[i], from: 360, to: 390 });
      expect(day[23]).toMatchObject({ from: 1050, to: 1080 });
    }
  });

  it('names working time free, lunch and the hours outside out of working hours, a day off all out', () => {
    const [monday, , , , , saturday] = weekSlots(facts());
    expect(at(monday, '06:30')).toBe('OutOfWorkingHour');
    expect(at(monday, '07:00')).toBe('Free');
    expect(at(monday, '11:00')).toBe('Free');
    expect(at(monday, '11:30')).toBe('OutOfWorkingHour');
    expect(at(monday, '12:00')).toBe('Free');
    expect(at(monday, '15:00')).toBe('Free');
    expect(at(monday, '15:30')).toBe('OutOfWorkingHour');
    expect(monday.filter((s) => s.type === 'Free')).toHaveLength(16);
    expect(saturday.every((s) => s.type === 'OutOfWorkingHour')).toBe(true);
  });

  it('a full-day holiday fills its column; a half-day holiday and an absence take their span', () => {
    const week = weekSlots(facts({
      holidays: [
        { date: DATES[0], holidayTypeId: HolidayType.FullDay, startTime: '06:00', endTime: '18:00' },
        { date: DATES[1], holidayTypeId: HolidayType.HalfDay, startTime: '06:00', endTime: '12:00' },
      ],
      availability: [{ date: DATES[2], availabilityType: AvailabilityType.Absent, startTime: '13:00', endTime: '14:00' }],
    }));
    expect(week[0].every((s) => s.type === 'Fullday')).toBe(true);
    expect(at(week[1], '06:00')).toBe('Halfday');
    expect(at(week[1], '11:30')).toBe('Halfday');
    expect(at(week[1], '12:00')).toBe('Free');
    expect(at(week[1], '16:00')).toBe('OutOfWorkingHour');
    expect(at(week[2], '12:30')).toBe('Free');
    expect(at(week[2], '13:00')).toBe('Halfday');
    expect(at(week[2], '13:30')).toBe('Halfday');
    expect(at(week[2], '14:00')).toBe('Free');
  });

  it('an absence over all the working time makes the day a full day', () => {
    const week = weekSlots(facts({ availability: [{ date: DATES[3], availabilityType: AvailabilityType.Absent, startTime: '07:00', endTime: '15:30' }] }));
    expect(week[3].every((s) => s.type === 'Fullday')).toBe(true);
    expect(at(week[4], '07:00')).toBe('Free');
  });

  it('extended time outside the hours is Extended; unavailable entries and the schedule\'s unavailable slots are Unavailable', () => {
    const week = weekSlots(facts({
      availability: [
        { date: DATES[4], availabilityType: AvailabilityType.Extended, startTime: '15:30', endTime: '17:00' },
        { date: DATES[5], availabilityType: AvailabilityType.Extended, startTime: '08:00', endTime: '10:00' },
        { date: DATES[4], availabilityType: AvailabilityType.Unavailable, startTime: '09:00', endTime: '10:00' },
      ],
      unavailable: [{ date: DATES[3], startTime: '08:00', endTime: '08:30' }],
    }));
    expect(at(week[4], '15:00')).toBe('Free');
    expect(at(week[4], '15:30')).toBe('Extended');
    expect(at(week[4], '16:30')).toBe('Extended');
    expect(at(week[4], '17:00')).toBe('OutOfWorkingHour');
    expect(at(week[4], '09:00')).toBe('Unavailable');
    expect(at(week[4], '09:30')).toBe('Unavailable');
    expect(at(week[4], '10:00')).toBe('Free');
    expect(week[5].filter((s) => s.type === 'Extended').map((s) => s.from)).toEqual([480, 510, 540, 570]);
    expect(at(week[3], '08:00')).toBe('Unavailable');
    expect(at(week[3], '08:30')).toBe('Free');
  });

  it('a slot only partly working time is not free', () => {
    const week = weekSlots(facts({ days: DATES.map((date) => ({ date, hours: { ...DEMO, startTime: '07:15' } })) }));
    expect(at(week[0], '07:00')).toBe('OutOfWorkingHour');
    expect(at(week[0], '07:30')).toBe('Free');
  });
});

describe('firstWorkingMinute', () => {
  it('is the earliest working minute of the week, or null without working time', () => {
    expect(firstWorkingMinute(facts())).toBe(7 * 60);
    expect(firstWorkingMinute(facts({ availability: [{ date: DATES[2], availabilityType: AvailabilityType.Extended, startTime: '06:30', endTime: '07:00' }] }))).toBe(6 * 60 + 30);
    expect(firstWorkingMinute(facts({ days: DATES.map((date) => ({ date, hours: OFF })), hasHours: false }))).toBeNull();
  });
});
