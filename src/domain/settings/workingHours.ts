/**
 * Which hours apply to an employee on each day of an ISO week (spec 3 §3, §7), once for the server's
 * week read, the editor and scheduling. Precedence per day: the employee's hours for that very week,
 * else their standing hours in force that week, else the company default, else off.
 * Standing hours saved "from now on" (migration 0009) run from validFrom (a Monday, inclusive) to
 * validUntil (the Monday they were replaced, exclusive); null means open.
 */
import { isoWeekMonday } from '../time/oslo';
import { DAYS_OF_WEEK, OFF_DAY, type DayHours } from './dayHours';

/** The four times of a row, absent ones as null. */
export const hoursOf = (r: Partial<DayHours>): DayHours => ({
  startTime: r.startTime ?? null, lunchStartTime: r.lunchStartTime ?? null, lunchEndTime: r.lunchEndTime ?? null, endTime: r.endTime ?? null,
});

/** A stored working-hours row as far as the precedence needs it (registrationId null: the company default). */
export interface HoursRow extends DayHours {
  dayOfWeek: number;
  registrationId: number | null;
  year: number | null;
  weekNo: number | null;
  validFrom: string | null;
  validUntil: string | null;
}

export type HoursSource = 'week' | 'standing' | 'company' | 'none';

export interface EffectiveDay<R extends HoursRow> {
  dayOfWeek: number;
  hours: DayHours;
  source: HoursSource;
  /** The row the hours come from; null when the day is off for want of any row. */
  row: R | null;
}

/** Standing hours (no week) in force in the week starting `monday` (YYYY-MM-DD). */
export const standingInForce = (r: HoursRow, monday: string): boolean =>
  r.year === null && (!r.validFrom || r.validFrom <= monday) && (!r.validUntil || r.validUntil > monday);

/**
 * The hours of each day (Monday first) of ISO week `year`/`weekNo` for employee `registrationId`,
 * from any mix of the company's and that employee's rows (rows of other employees are ignored).
 */
export function effectiveWeek<R extends HoursRow>(rows: readonly R[], registrationId: number, year: number, weekNo: number): EffectiveDay<R>[] {
  const monday = isoWeekMonday(year, weekNo);
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const ofDay = rows.filter((r) => r.dayOfWeek === dayOfWeek);
    const own = ofDay.filter((r) => r.registrationId === registrationId);
    const pick = (source: HoursSource, row: R | undefined): EffectiveDay<R> | null =>
      row ? { dayOfWeek, hours: hoursOf(row), source, row } : null;
    return pick('week', own.find((r) => r.year === year && r.weekNo === weekNo))
      ?? pick('standing', own.find((r) => standingInForce(r, monday)))
      ?? pick('company', ofDay.find((r) => r.registrationId === null && r.year === null))
      ?? { dayOfWeek, hours: OFF_DAY, source: 'none', row: null };
  });
}
