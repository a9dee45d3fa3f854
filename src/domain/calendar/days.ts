/**
 * Calendar days as the company counts them: 'YYYY-MM-DD' in Norway (Europe/Oslo), ISO 8601 weeks
 * (spec 3 §9 "Week numbering: ISO"). One place for the settings, the report, the analytics and the
 * task forms.
 */
import { TIME_ZONE } from '../constants';

export const DAY_MS = 86_400_000;

/** The UTC midnight of a 'YYYY-MM-DD' that is a real calendar day, else null. */
export function parseDay(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return t;
}

export const formatDay = (d: Date): string => d.toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => formatDay(new Date(parseDay(date)!.getTime() + days * DAY_MS));

/** The calendar day (yyyy-mm-dd) of an instant in Norway. */
export function osloDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** ISO weekday of a day: Monday 1 … Sunday 7. */
export const isoWeekday = (date: string): number => ((parseDay(date)!.getUTCDay() + 6) % 7) + 1;

/** The ISO week a day belongs to: its week-numbering year and week number (spec 3 §9). */
export function isoWeek(date: string): { year: number; week: number } {
  const d = parseDay(date)!;
  // The Thursday of the same week decides the year; week 1 holds the year's first Thursday.
  const thursday = new Date(d.getTime() + (4 - isoWeekday(date)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return { year, week };
}

/** 52 or 53. */
export const isoWeeksInYear = (year: number): number => isoWeek(`${year}-12-28`).week;

/** The Monday of an ISO week. */
export function isoWeekMonday(year: number, week: number): string {
  const jan4 = formatDay(new Date(Date.UTC(year, 0, 4)));
  return addDays(jan4, (week - 1) * 7 - (isoWeekday(jan4) - 1));
}

/** The seven days of an ISO week, Monday first. */
export const isoWeekDates = (year: number, week: number): string[] => {
  const monday = isoWeekMonday(year, week);
  return [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i));
};
