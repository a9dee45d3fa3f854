/**
 * Schedule history's weeks: ISO weeks of Oslo days (spec 3 §9), Monday to Sunday, named in the address
 * as ?week=2026-W47. History is the past: the newest week it shows is the one before today's (today's
 * week is My schedule's), and it opens there.
 */
import { addDays, isoWeek, isoWeekDates, isoWeeksInYear } from '../../../domain/time/oslo';

export interface HistoryWeek {
  /** The ISO week-numbering year (may differ from the calendar year of its days at New Year). */
  year: number;
  week: number;
  /** Its Monday and Sunday, Oslo days (YYYY-MM-DD). */
  from: string;
  to: string;
}

export function weekOf(day: string): HistoryWeek {
  const { year, week } = isoWeek(day);
  const days = isoWeekDates(year, week);
  return { year, week, from: days[0], to: days[6] };
}

/** The week `n` weeks after `w` (before, when negative). */
export const shiftWeek = (w: HistoryWeek, n: number): HistoryWeek => weekOf(addDays(w.from, n * 7));

/** The newest week history shows: the one before the week of `today`. */
export const latestHistoryWeek = (today: string): HistoryWeek => shiftWeek(weekOf(today), -1);

/** `w`, or the newest history week if `w` is later. */
export const clampWeek = (w: HistoryWeek, latest: HistoryWeek): HistoryWeek => (w.from > latest.from ? latest : w);

/** '2026-W07'. */
export const formatWeekParam = (w: HistoryWeek): string => `${w.year}-W${String(w.week).padStart(2, '0')}`;

/** The week of '2026-W07' (or '2026-W7'), or null when the text is no week that exists. */
export function parseWeekParam(text: string | null | undefined): HistoryWeek | null {
  const m = /^(\d{4})-W(\d{1,2})$/.exec(text ?? '');
  if (!m) return null;
  const [year, week] = [Number(m[1]), Number(m[2])];
  if (year < 1970 || week < 1 || week > isoWeeksInYear(year)) return null;
  return weekOf(isoWeekDates(year, week)[0]);
}

/** The seven days of a week, Monday first. */
export const daysOf = (w: HistoryWeek): string[] => isoWeekDates(w.year, w.week);
