/**
 * The date rules of the completed-jobs status report and the analytics (spec 3 §2, §5, §7, §9), once
 * for the client and the server: the accepted query date forms, whole Oslo days, the default range
 * (previous calendar month), the range checks and the spreadsheet's file name. Days, weeks and instants
 * themselves are src/domain/time/oslo.ts.
 *
 * Dates travel as calendar days. The query takes MM.DD.YYYY, YYYY.MM.DD (the spec's forms) and ISO
 * YYYY-MM-DD, optionally followed by a time (the old client sent the end date with an end-of-day
 * time); the time is accepted and ignored: a range always covers whole days, from the start of
 * `fromDate` to the end of `toDate`, in Oslo time.
 */

import { addDays, daysBetween, osloDayParts, osloStartOfDay, osloWallClock, type DayParts } from '../time/oslo';

/** Spec 3 §9: table page sizes, default 15; the report table's search waits 500 ms. */
export const REPORT_PAGE_SIZES = [15, 50, 100, 200] as const;
export type ReportPageSize = (typeof REPORT_PAGE_SIZES)[number];
export const REPORT_DEFAULT_PAGE_SIZE: ReportPageSize = 15;
export const REPORT_SEARCH_DEBOUNCE_MS = 500;
/** Ours: a range covers at most a leap year of days, so one request stays a bounded read. */
export const REPORT_MAX_RANGE_DAYS = 366;
export const REPORT_SEARCH_MAX_LENGTH = 100;
/** The API's date parameter: one of the accepted forms, with an optional time that is ignored. */
export const REPORT_DATE_PATTERN = '^(\\d{2}\\.\\d{2}\\.\\d{4}|\\d{4}\\.\\d{2}\\.\\d{2}|\\d{4}-\\d{2}-\\d{2})([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?)?$';
export const REPORT_DATE_MAX_LENGTH = 30;

/** i18n keys (namespace 'reports') of the range checks, as the client shows them. */
export const REPORT_RANGE_ERRORS = {
  toBeforeFrom: 'validation.toBeforeFrom',
  rangeTooLong: 'validation.rangeTooLong',
  invalidDate: 'validation.invalidDate',
} as const;
export type ReportRangeError = keyof typeof REPORT_RANGE_ERRORS;

/** A calendar day. */
export type Day = DayParts;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function realDay(year: number, month: number, day: number): Day | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day };
}

/** Reads a query date in any accepted form; null when it is not a real day. */
export function parseReportDate(value: string): Day | null {
  const m = new RegExp(REPORT_DATE_PATTERN).exec(value.trim());
  if (!m) return null;
  const date = m[1];
  if (/^\d{2}\./.test(date)) {
    const [mm, dd, yyyy] = date.split('.').map(Number);
    return realDay(yyyy, mm, dd);
  }
  const [yyyy, mm, dd] = date.split(/[.-]/).map(Number);
  return realDay(yyyy, mm, dd);
}

/** MM.DD.YYYY: the form the client sends (spec 3 §7). */
export function formatQueryDate(d: Day): string {
  return `${pad(d.month)}.${pad(d.day)}.${pad(d.year, 4)}`;
}

export interface ReportRange {
  from: Day;
  to: Day;
}

/** The instants a range covers: [start, end), end being the start of the day after `to`. */
export function rangeInstants(r: ReportRange): { start: Date; end: Date } {
  return { start: osloStartOfDay(r.from), end: osloStartOfDay(addDays(r.to, 1)) };
}

/** Spec 3 §9: the previous calendar month, in Oslo, of `now`. */
export function defaultReportRange(now: Date): ReportRange {
  const today = osloDayParts(now);
  const from = today.month === 1 ? { year: today.year - 1, month: 12, day: 1 } : { year: today.year, month: today.month - 1, day: 1 };
  const to = addDays({ year: today.year, month: today.month, day: 1 }, -1);
  return { from, to };
}

/** Spec 3 §5: the end before the start is refused; so is a range longer than REPORT_MAX_RANGE_DAYS. */
export function checkReportRange(r: ReportRange): ReportRangeError | null {
  const span = daysBetween(r.from, r.to);
  if (span < 0) return 'toBeforeFrom';
  if (span + 1 > REPORT_MAX_RANGE_DAYS) return 'rangeTooLong';
  return null;
}

/** Spec 3 §7: 'Statusrapport vannmålermeldinger {dd.MM.yyyy HH.mm}.xlsx', Oslo time of `at`. */
export function reportFileName(at: Date): string {
  const w = osloWallClock(at);
  return `Statusrapport vannmålermeldinger ${pad(w.day)}.${pad(w.month)}.${w.year} ${pad(w.hour)}.${pad(w.minute)}.xlsx`;
}

/** What the file name looks like, for checks of a downloaded file. */
export const REPORT_FILE_NAME_PATTERN = /^Statusrapport vannmålermeldinger \d{2}\.\d{2}\.\d{4} \d{2}\.\d{2}\.xlsx$/;
