/** The date-time field's parsing (spec 1 §9: dd.MM.yyyy HH:mm, whatever the device's locale). */
import { describe, expect, it } from 'vitest';
import { combineNbDateTime, parseNbDate, timeSteps } from '../../src/domain/format';

describe('dd.MM.yyyy', () => {
  it('reads real dates, with or without leading zeros', () => {
    expect(parseNbDate('24.11.2026')).toEqual({ year: 2026, month: 11, day: 24 });
    expect(parseNbDate('1.2.2027')).toEqual({ year: 2027, month: 2, day: 1 });
    expect(parseNbDate(' 29.02.2028 ')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('refuses what is no date or no dd.MM.yyyy', () => {
    for (const text of ['30.02.2027', '29.02.2027', '32.01.2027', '00.01.2027', '11/24/2026', '2026-11-24', '24.11.26', '', 'i morgen']) {
      expect(parseNbDate(text), text).toBeNull();
    }
  });

  it('makes the local instant of a date and a quarter-hour time', () => {
    expect(combineNbDateTime('24.11.2026', '07:45')).toEqual(new Date(2026, 10, 24, 7, 45));
    expect(combineNbDateTime('24.11.2026', '7:45')).toBeNull();
    expect(combineNbDateTime('31.11.2026', '07:45')).toBeNull();
  });
});

describe('time steps', () => {
  it('offers the day in quarters, and a window when asked', () => {
    const all = timeSteps(15);
    expect(all).toHaveLength(96);
    expect(all.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(all.at(-1)).toBe('23:45');
    expect(timeSteps(15, '06:00', '18:00')).toHaveLength(49);
  });
});
