/** The report's date rules (src/domain/reports/range.ts): forms, Oslo days, default range, checks, file name, ISO weeks. */
import { describe, expect, it } from 'vitest';
import {
  checkReportRange, defaultReportRange, formatQueryDate, parseReportDate, rangeInstants, reportFileName,
  REPORT_FILE_NAME_PATTERN,
} from '../../src/domain/reports/range';
import { formatIsoDay, isoWeekOf } from '../../src/domain/time/oslo';

describe('parseReportDate', () => {
  it('reads MM.DD.YYYY, YYYY.MM.DD and YYYY-MM-DD, ignoring a time after the date', () => {
    const march31 = { year: 2025, month: 3, day: 31 };
    expect(parseReportDate('03.31.2025')).toEqual(march31);
    expect(parseReportDate('2025.03.31')).toEqual(march31);
    expect(parseReportDate('2025-03-31')).toEqual(march31);
    expect(parseReportDate('03.31.2025 23:59:59')).toEqual(march31);
    expect(parseReportDate('2025-03-31T23:59')).toEqual(march31);
  });

  it('refuses days that do not exist and other forms', () => {
    for (const bad of ['31.03.2025', '02.29.2025', '2025-02-30', '2025/03/01', '2025.03-01', '', '3.1.2025', '1899-12-31']) {
      expect(parseReportDate(bad), bad).toBeNull();
    }
    expect(parseReportDate('02.29.2024')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('writes the query form back', () => {
    expect(formatQueryDate({ year: 2025, month: 3, day: 1 })).toBe('03.01.2025');
    expect(formatIsoDay({ year: 2025, month: 3, day: 1 })).toBe('2025-03-01');
  });
});

describe('ranges in Oslo time', () => {
  it('covers whole days: from midnight of the first to midnight after the last, across summer time', () => {
    const { start, end } = rangeInstants({ from: { year: 2025, month: 3, day: 1 }, to: { year: 2025, month: 3, day: 31 } });
    expect(start.toISOString()).toBe('2025-02-28T23:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-31T22:00:00.000Z');
    const autumn = rangeInstants({ from: { year: 2025, month: 10, day: 26 }, to: { year: 2025, month: 10, day: 26 } });
    expect(autumn.start.toISOString()).toBe('2025-10-25T22:00:00.000Z');
    expect(autumn.end.toISOString()).toBe('2025-10-26T23:00:00.000Z');
  });

  it('defaults to the previous calendar month of Oslo\'s date', () => {
    expect(defaultReportRange(new Date('2025-03-15T12:00:00Z'))).toEqual({ from: { year: 2025, month: 2, day: 1 }, to: { year: 2025, month: 2, day: 28 } });
    expect(defaultReportRange(new Date('2025-01-10T12:00:00Z'))).toEqual({ from: { year: 2024, month: 12, day: 1 }, to: { year: 2024, month: 12, day: 31 } });
    // 23:30 UTC on 31 March is already 1 April in Oslo: the previous month is March.
    expect(defaultReportRange(new Date('2025-03-31T23:30:00Z'))).toEqual({ from: { year: 2025, month: 3, day: 1 }, to: { year: 2025, month: 3, day: 31 } });
  });

  it('refuses an end before the start and more than 366 days', () => {
    const d = (s: string) => parseReportDate(s)!;
    expect(checkReportRange({ from: d('2025-03-02'), to: d('2025-03-01') })).toBe('toBeforeFrom');
    expect(checkReportRange({ from: d('2025-03-01'), to: d('2025-03-01') })).toBeNull();
    expect(checkReportRange({ from: d('2024-01-01'), to: d('2024-12-31') })).toBeNull();
    expect(checkReportRange({ from: d('2024-01-01'), to: d('2025-01-01') })).toBe('rangeTooLong');
  });
});

describe('reportFileName', () => {
  it('names the file with Oslo\'s date and time as dd.MM.yyyy HH.mm', () => {
    expect(reportFileName(new Date('2025-03-31T22:05:00Z'))).toBe('Statusrapport vannmålermeldinger 01.04.2025 00.05.xlsx');
    expect(reportFileName(new Date('2025-01-09T07:30:00Z'))).toBe('Statusrapport vannmålermeldinger 09.01.2025 08.30.xlsx');
    expect(reportFileName(new Date())).toMatch(REPORT_FILE_NAME_PATTERN);
  });
});

describe('isoWeekOf', () => {
  it('gives the Monday, ISO year and week, also across a year end', () => {
    expect(isoWeekOf({ year: 2025, month: 3, day: 16 })).toEqual({ monday: { year: 2025, month: 3, day: 10 }, isoYear: 2025, isoWeek: 11 });
    expect(isoWeekOf({ year: 2024, month: 12, day: 30 })).toMatchObject({ isoYear: 2025, isoWeek: 1 });
    expect(isoWeekOf({ year: 2021, month: 1, day: 3 })).toMatchObject({ isoYear: 2020, isoWeek: 53 });
  });
});
