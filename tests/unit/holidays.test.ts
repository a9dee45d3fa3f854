/** The holiday calendar's rules (spec 3 §2, §5, §9): ISO weeks, year choices, one holiday's check, Easter. */
import { describe, expect, it } from 'vitest';
import { isoWeek, isoWeekDates, isoWeeksInYear, osloDay, parseDay } from '../../src/domain/time/oslo';
import { checkHoliday, checkHolidayTimes, easterSunday, holidayYearChoices, HolidayType, isHolidayYearReadOnly, norwegianPublicHolidays } from '../../src/domain/settings/holidays';

describe('ISO weeks', () => {
  it('numbers weeks by the Thursday rule', () => {
    expect(isoWeek('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeek('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2024-12-30')).toEqual({ year: 2025, week: 1 });
    expect(isoWeek('2021-01-03')).toEqual({ year: 2020, week: 53 });
    expect(isoWeek('2026-12-24')).toEqual({ year: 2026, week: 52 });
  });

  it('knows years of 52 and 53 weeks and the days of a week', () => {
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeekDates(2025, 1)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05']);
    expect(isoWeekDates(2026, 53)[6]).toBe('2027-01-03');
  });

  it('reads only real dates', () => {
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2024-02-29')).not.toBeNull();
    expect(parseDay('2026-13-01')).toBeNull();
    expect(parseDay('26-01-01')).toBeNull();
  });

  it('takes today in Norway, not in UTC', () => {
    expect(osloDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(osloDay(new Date('2026-01-01T22:59:00Z'))).toBe('2026-01-01');
  });
});

describe('years', () => {
  it('offers the previous, current and next year; past years are read-only', () => {
    expect(holidayYearChoices(2026)).toEqual([2025, 2026, 2027]);
    expect(isHolidayYearReadOnly(2025, 2026)).toBe(true);
    expect(isHolidayYearReadOnly(2026, 2026)).toBe(false);
    expect(isHolidayYearReadOnly(2027, 2026)).toBe(false);
  });
});

describe('one holiday', () => {
  const ctx = { year: 2026, today: '2026-03-10', usedDates: ['2026-05-01'] };
  const half = { holidayTypeId: HolidayType.HalfDay, startTime: '06:00', endTime: '12:00' };
  const full = { holidayTypeId: HolidayType.FullDay, startTime: '06:00', endTime: '18:00' };

  it('passes a future date of the year', () => {
    expect(checkHoliday({ date: '2026-12-24', ...half }, ctx)).toBeNull();
    expect(checkHoliday({ date: '2026-03-10', ...full }, ctx)).toBeNull();
  });

  it('names each problem as the spec does', () => {
    expect(checkHoliday({ date: null, ...full }, ctx)).toBe('InvalidDate');
    expect(checkHoliday({ date: '2026-02-30', ...full }, ctx)).toBe('InvalidDate');
    expect(checkHoliday({ date: '2027-01-04', ...full }, ctx)).toBe('InvalidYear');
    expect(checkHoliday({ date: '2026-03-09', ...full }, ctx)).toBe('PastDate');
    expect(checkHoliday({ date: '2026-05-01', ...full }, ctx)).toBe('DateAlreadyInUse');
  });

  it('keeps times within 06:00–18:00: a full day is all of it, a half day ends after it starts', () => {
    expect(checkHolidayTimes({ ...half, endTime: '06:00' })).toBe('InvalidTime');
    expect(checkHolidayTimes({ ...half, startTime: '13:00', endTime: '12:00' })).toBe('InvalidTime');
    expect(checkHolidayTimes({ ...half, startTime: '05:30' })).toBe('InvalidTime');
    expect(checkHolidayTimes({ ...half, endTime: '18:30' })).toBe('InvalidTime');
    expect(checkHolidayTimes({ ...half, startTime: '12:00', endTime: '18:00' })).toBeNull();
    expect(checkHolidayTimes({ ...full, endTime: '12:00' })).toBe('InvalidTime');
    expect(checkHolidayTimes({ ...full, holidayTypeId: 3 })).toBe('InvalidType');
  });
});

describe('Norwegian public holidays', () => {
  it('finds Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('lists the twelve days of 2026 by date', () => {
    expect(norwegianPublicHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01', '2026-04-02', '2026-04-03', '2026-04-05', '2026-04-06', '2026-05-01', '2026-05-14', '2026-05-17',
      '2026-05-24', '2026-05-25', '2026-12-25', '2026-12-26',
    ]);
  });

  it('lists a day that is two holidays once (Kristi himmelfart on 1 May 2008)', () => {
    const days = norwegianPublicHolidays(2008);
    expect(days).toHaveLength(11);
    expect(days.find((h) => h.date === '2008-05-01')?.name).toBe('Arbeidernes dag / Kristi himmelfartsdag');
  });
});
