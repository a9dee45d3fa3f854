/**
 * Oslo days, wall times and instants (src/domain/time/oslo.ts), both summer-time changes: spring
 * forward on the last Sunday of March (02:00 → 03:00), fall back on the last Sunday of October
 * (03:00 → 02:00). The confirmation "24 hours before" (spec 2) and a drop at 07:00 on the last Sunday
 * of October lean on these.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays, daysBetween, hoursBefore, isoWeekday, lastSundayOf, osloDay, osloDayMinute, osloDayParts, osloDayRange, osloInstant,
  osloMinute, osloShiftDays, osloStartOfDay, osloTimeText, osloWallClock, OSLO_TIME_ZONE,
} from '../../src/domain/time/oslo';

const iso = (d: Date) => d.toISOString();
const at = (s: string) => new Date(s);
const H = 60;

describe('the zone', () => {
  it('is named once, as the IANA name', () => {
    expect(OSLO_TIME_ZONE).toBe('Europe/Oslo');
  });
});

describe('the days the clocks change', () => {
  it('are the last Sundays of March and October', () => {
    expect(lastSundayOf(2026, 3)).toBe('2026-03-29');
    expect(lastSundayOf(2026, 10)).toBe('2026-10-25');
    expect(lastSundayOf(2027, 3)).toBe('2027-03-28');
    expect(lastSundayOf(2027, 10)).toBe('2027-10-31');
    expect(isoWeekday(lastSundayOf(2027, 10))).toBe(7);
  });
});

describe('osloInstant: wall time → instant', () => {
  it('winter is UTC+1, summer UTC+2', () => {
    expect(iso(osloInstant('2026-12-01', 7 * H))).toBe('2026-12-01T06:00:00.000Z');
    expect(iso(osloInstant('2026-07-01', 7 * H))).toBe('2026-07-01T05:00:00.000Z');
  });

  it('07:00 on the last Sunday of October is winter time already (2026 and 2027)', () => {
    expect(iso(osloInstant('2026-10-25', 7 * H))).toBe('2026-10-25T06:00:00.000Z');
    expect(iso(osloInstant('2027-10-31', 7 * H))).toBe('2027-10-31T06:00:00.000Z');
  });

  it('07:00 on the last Sunday of March is summer time already', () => {
    expect(iso(osloInstant('2027-03-28', 7 * H))).toBe('2027-03-28T05:00:00.000Z');
  });

  it('spring forward: 01:59 is winter time, 03:00 summer time, one minute apart', () => {
    expect(iso(osloInstant('2027-03-28', 1 * H + 59))).toBe('2027-03-28T00:59:00.000Z');
    expect(iso(osloInstant('2027-03-28', 3 * H))).toBe('2027-03-28T01:00:00.000Z');
  });

  it('spring forward: 02:00–02:59 do not exist; such a time reads one hour later', () => {
    const gap = osloInstant('2027-03-28', 2 * H + 30);
    expect(iso(gap)).toBe('2027-03-28T01:30:00.000Z');
    expect(osloDayMinute(gap)).toEqual({ date: '2027-03-28', minute: 3 * H + 30 });
    expect(iso(osloInstant('2027-03-28', 2 * H))).toBe('2027-03-28T01:00:00.000Z');
    expect(iso(osloInstant('2027-03-28', 2 * H + 59))).toBe('2027-03-28T01:59:00.000Z');
  });

  it('fall back: 02:00–02:59 happen twice; such a time is the later one (winter time)', () => {
    expect(iso(osloInstant('2026-10-25', 2 * H + 30))).toBe('2026-10-25T01:30:00.000Z');
    expect(iso(osloInstant('2027-10-31', 2 * H + 30))).toBe('2027-10-31T01:30:00.000Z');
    // Both instants read 02:30 in Oslo.
    expect(osloDayMinute(at('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', minute: 2 * H + 30 });
    expect(osloDayMinute(at('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', minute: 2 * H + 30 });
    // 01:59 summer time, then 02:00 twice: once in summer time, once in winter time.
    expect(iso(osloInstant('2026-10-25', 1 * H + 59))).toBe('2026-10-24T23:59:00.000Z');
    expect(iso(osloInstant('2026-10-25', 3 * H))).toBe('2026-10-25T02:00:00.000Z');
  });

  it('a minute past the day runs into the next day', () => {
    expect(iso(osloInstant('2026-10-25', 24 * H))).toBe(iso(osloInstant('2026-10-26', 0)));
    expect(iso(osloInstant('2027-03-28', -H))).toBe(iso(osloInstant('2027-03-27', 23 * H)));
  });

  it('round-trips every existing quarter hour of both change days', () => {
    for (const date of ['2026-10-25', '2027-03-28', '2027-10-31']) {
      for (let minute = 0; minute < 24 * H; minute += 15) {
        if (date === '2027-03-28' && minute >= 2 * H && minute < 3 * H) continue;
        expect(osloDayMinute(osloInstant(date, minute))).toEqual({ date, minute });
      }
    }
  });
});

describe('instant → Oslo day and wall time', () => {
  it('reads the wall clock on both sides of each change', () => {
    expect(osloWallClock(at('2026-10-25T00:59:59Z'))).toEqual({ year: 2026, month: 10, day: 25, hour: 2, minute: 59, second: 59 });
    expect(osloWallClock(at('2026-10-25T01:00:00Z'))).toEqual({ year: 2026, month: 10, day: 25, hour: 2, minute: 0, second: 0 });
    expect(osloWallClock(at('2027-03-28T00:59:59Z'))).toEqual({ year: 2027, month: 3, day: 28, hour: 1, minute: 59, second: 59 });
    expect(osloWallClock(at('2027-03-28T01:00:00Z'))).toEqual({ year: 2027, month: 3, day: 28, hour: 3, minute: 0, second: 0 });
  });

  it('the Oslo day is not the UTC day around midnight', () => {
    expect(osloDay(at('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    expect(osloDay(at('2026-10-25T22:30:00Z'))).toBe('2026-10-25');
    expect(osloDay(at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(osloDayParts(at('2026-12-31T23:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
    expect(osloMinute(at('2026-10-25T23:00:00Z'))).toBe(0);
    expect(osloTimeText(at('2026-10-25T06:00:00Z'))).toBe('07:00');
  });
});

describe('Oslo days as instants', () => {
  it('a day starts at Oslo midnight: the change days last 23 and 25 hours', () => {
    expect(iso(osloStartOfDay('2027-03-28'))).toBe('2027-03-27T23:00:00.000Z');
    expect(iso(osloStartOfDay({ year: 2026, month: 10, day: 25 }))).toBe('2026-10-24T22:00:00.000Z');
    const hours = (d: string) => { const r = osloDayRange(d); return (r.end.getTime() - r.start.getTime()) / 3_600_000; };
    expect(hours('2027-03-28')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2027-10-31')).toBe(25);
    expect(hours('2026-10-26')).toBe(24);
  });
});

describe('adding days keeps the wall time', () => {
  it('calendar days, in either form', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2027-03-28', -1)).toBe('2027-03-27');
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(daysBetween('2026-10-25', '2027-03-28')).toBe(154);
    expect(daysBetween({ year: 2027, month: 3, day: 28 }, { year: 2027, month: 3, day: 27 })).toBe(-1);
  });

  it('07:00 the day before the October change plus one day is 07:00 on the change day: 25 hours later', () => {
    const saturday = osloInstant('2026-10-24', 7 * H);
    const sunday = osloShiftDays(saturday, 1);
    expect(iso(sunday)).toBe('2026-10-25T06:00:00.000Z');
    expect(sunday.getTime() - saturday.getTime()).toBe(25 * 3_600_000);
  });

  it('07:00 the day before the March change plus one day is 07:00 on the change day: 23 hours later', () => {
    const saturday = osloInstant('2027-03-27', 7 * H);
    const sunday = osloShiftDays(saturday, 1);
    expect(iso(sunday)).toBe('2027-03-28T05:00:00.000Z');
    expect(sunday.getTime() - saturday.getTime()).toBe(23 * 3_600_000);
    expect(iso(osloShiftDays(sunday, -1))).toBe(iso(saturday));
  });

  it('a week across the change keeps 07:00', () => {
    expect(osloDayMinute(osloShiftDays(osloInstant('2027-10-28', 7 * H), 7))).toEqual({ date: '2027-11-04', minute: 7 * H });
  });
});

describe('"24 hours before" is 24 elapsed hours', () => {
  it('before 07:00 on the October change day: 08:00 summer time the day before, 23 wall-clock hours earlier', () => {
    const item = osloInstant('2026-10-25', 7 * H);
    const reminder = hoursBefore(item, 24);
    expect(iso(reminder)).toBe('2026-10-24T06:00:00.000Z');
    expect(osloDayMinute(reminder)).toEqual({ date: '2026-10-24', minute: 8 * H });
  });

  it('before 07:00 on the March change day: 06:00 winter time the day before, 25 wall-clock hours earlier', () => {
    const item = osloInstant('2027-03-28', 7 * H);
    const reminder = hoursBefore(item, 24);
    expect(iso(reminder)).toBe('2027-03-27T05:00:00.000Z');
    expect(osloDayMinute(reminder)).toEqual({ date: '2027-03-27', minute: 6 * H });
  });

  it('before 07:00 on the Monday after a change: 07:00 on the Sunday (the change, at 02:00–03:00, lies outside the 24 hours)', () => {
    for (const monday of ['2026-10-26', '2027-11-01', '2027-03-29']) {
      const reminder = hoursBefore(osloInstant(monday, 7 * H), 24);
      expect(osloDayMinute(reminder)).toEqual({ date: addDays(monday, -1), minute: 7 * H });
    }
  });

  it('the day before at the same wall time differs from 24 hours before only across a change', () => {
    const item = osloInstant('2027-10-31', 7 * H);
    expect(item.getTime() - osloShiftDays(item, -1).getTime()).toBe(25 * 3_600_000);
    expect(item.getTime() - hoursBefore(item, 24).getTime()).toBe(24 * 3_600_000);
  });
});
