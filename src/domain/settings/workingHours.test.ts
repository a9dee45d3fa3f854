import { describe, expect, it } from 'vitest';
import { effectiveWeek, hoursOf, standingInForce, type HoursRow } from './workingHours';

const H = (start: string, end: string) => ({ startTime: start, lunchStartTime: null, lunchEndTime: null, endTime: end });
const row = (r: Partial<HoursRow> & { dayOfWeek: number }): HoursRow => ({
  registrationId: null, year: null, weekNo: null, validFrom: null, validUntil: null, ...H('08:00', '16:00'), ...r,
});

describe('effectiveWeek', () => {
  // ISO week 10 of 2026 starts Monday 2026-03-02.
  const company = [1, 2, 3, 4, 5].map((d) => row({ dayOfWeek: d }));

  it('takes the week\'s own hours over standing ones, standing over the company\'s, and an unset day is off', () => {
    const rows = [
      ...company,
      row({ dayOfWeek: 1, registrationId: 7, ...H('07:00', '15:00') }),
      row({ dayOfWeek: 1, registrationId: 7, year: 2026, weekNo: 10, ...H('10:00', '12:00') }),
      row({ dayOfWeek: 2, registrationId: 7, ...H('06:00', '14:00') }),
      row({ dayOfWeek: 3, registrationId: 8, ...H('09:00', '11:00') }), // another employee
      row({ dayOfWeek: 4, registrationId: 7, year: 2026, weekNo: 11, ...H('09:00', '11:00') }), // another week
    ];
    const week = effectiveWeek(rows, 7, 2026, 10);
    expect(week.map((d) => d.source)).toEqual(['week', 'standing', 'company', 'company', 'company', 'none', 'none']);
    expect(week.map((d) => d.hours.startTime)).toEqual(['10:00', '06:00', '08:00', '08:00', '08:00', null, null]);
    expect(week[5].hours).toEqual(hoursOf({}));
  });

  it('uses standing hours only in the weeks they were in force ("from now on", validUntil exclusive)', () => {
    const rows = [
      ...company,
      row({ dayOfWeek: 1, registrationId: 7, validUntil: '2026-03-02', ...H('05:00', '13:00') }),
      row({ dayOfWeek: 1, registrationId: 7, validFrom: '2026-03-02', ...H('11:00', '19:00') }),
    ];
    expect(effectiveWeek(rows, 7, 2026, 9)[0].hours.startTime).toBe('05:00');
    expect(effectiveWeek(rows, 7, 2026, 10)[0].hours.startTime).toBe('11:00');
    expect(effectiveWeek(rows.slice(0, 5).concat(rows[6]), 7, 2026, 9)[0].source).toBe('company');
    expect(standingInForce(rows[5], '2026-03-02')).toBe(false);
    expect(standingInForce(rows[6], '2026-03-02')).toBe(true);
  });
});
