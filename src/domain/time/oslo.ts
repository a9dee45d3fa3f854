/**
 * Time as the company counts it, in one place: the zone is Norway's (spec 3 §9), named here once
 * (OSLO_TIME_ZONE, also for SQL: pass it as a parameter, never spell it in the query text).
 *
 * Three things travel:
 * - an Oslo day: 'YYYY-MM-DD' (or its parts { year, month, day }), a calendar day with no zone;
 * - an Oslo wall time: minutes after midnight of an Oslo day (schedule times, spec 2), or the wall
 *   clock's parts;
 * - an instant: a Date, which the database keeps.
 *
 * Summer time, both ways (Oslo is UTC+1 in winter, UTC+2 in summer; the clocks change at 01:00 UTC on
 * the last Sunday of March and of October):
 * - spring forward (last Sunday of March, 02:00 → 03:00): the wall times 02:00–02:59 do not exist.
 *   osloInstant of such a time is the instant the same minutes after 02:00 winter time would be,
 *   i.e. it reads one hour later (02:30 → 03:30 summer time, 01:30 UTC).
 * - fall back (last Sunday of October, 03:00 → 02:00): the wall times 02:00–02:59 happen twice.
 *   osloInstant of such a time is the later of the two (winter time: 02:30 → 01:30 UTC).
 * - adding days (addDays, osloShiftDays) keeps the wall time; an elapsed span (hoursBefore) keeps
 *   the length, so across a change it is an hour more or less on the wall clock.
 *
 * ISO 8601 weeks (spec 3 §9 "Week numbering: ISO") are counted on Oslo days.
 */

export const OSLO_TIME_ZONE = 'Europe/Oslo';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** A calendar day as its parts (month 1–12). */
export interface DayParts {
  year: number;
  month: number;
  day: number;
}

/** An Oslo wall-clock reading. */
export interface WallClock extends DayParts {
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// ---------------------------------------------------------------------------------------------------
// Days

/** The UTC midnight of a 'YYYY-MM-DD' that is a real calendar day, else null. */
export function parseDay(date: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return t;
}

/** The 'YYYY-MM-DD' of a UTC midnight (as parseDay gives it). */
export const formatDay = (d: Date): string => d.toISOString().slice(0, 10);

/** YYYY-MM-DD of a day's parts. */
export function formatIsoDay(d: DayParts): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** The parts of a 'YYYY-MM-DD'. */
export function dayParts(date: string): DayParts {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

const utcMidnight = (d: string | DayParts): number =>
  (typeof d === 'string' ? parseDay(d)!.getTime() : Date.UTC(d.year, d.month - 1, d.day));

/** The day `days` after `date` (before, when negative), in the form it was given. */
export function addDays(date: string, days: number): string;
export function addDays(date: DayParts, days: number): DayParts;
export function addDays(date: string | DayParts, days: number): string | DayParts {
  const t = new Date(utcMidnight(date) + days * DAY_MS);
  if (typeof date === 'string') return formatDay(t);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string | DayParts, b: string | DayParts): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
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

/** ISO 8601 week of a day: the week's Monday, its ISO year and number. */
export function isoWeekOf(d: DayParts): { monday: DayParts; isoYear: number; isoWeek: number } {
  const { year, week } = isoWeek(formatIsoDay(d));
  return { monday: dayParts(isoWeekMonday(year, week)), isoYear: year, isoWeek: week };
}

/** The last Sunday of a month (1–12): the day Oslo's clocks change in March and October. */
export function lastSundayOf(year: number, month: number): string {
  const last = formatDay(new Date(Date.UTC(year, month, 0)));
  return addDays(last, -(isoWeekday(last) % 7));
}

// ---------------------------------------------------------------------------------------------------
// Instants → Oslo

const wallParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: OSLO_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** The wall-clock time in Oslo of an instant. */
export function osloWallClock(at: Date): WallClock {
  const p = Object.fromEntries(wallParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
}

/** The Oslo calendar day of an instant, as parts. */
export function osloDayParts(at: Date): DayParts {
  const { year, month, day } = osloWallClock(at);
  return { year, month, day };
}

/** The Oslo calendar day (YYYY-MM-DD) of an instant. */
export const osloDay = (at: Date): string => formatIsoDay(osloWallClock(at));

/** Minutes after Oslo midnight of an instant (seconds dropped). */
export function osloMinute(at: Date): number {
  const w = osloWallClock(at);
  return w.hour * 60 + w.minute;
}

/** The Oslo day and minute of an instant. */
export function osloDayMinute(at: Date): { date: string; minute: number } {
  const w = osloWallClock(at);
  return { date: formatIsoDay(w), minute: w.hour * 60 + w.minute };
}

/** Oslo's offset from UTC in ms at an instant (+1 h in winter, +2 h in summer). */
export function osloOffsetMs(at: number): number {
  const w = osloWallClock(new Date(at));
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

// ---------------------------------------------------------------------------------------------------
// Oslo → instants

/**
 * The instant of `minute` after midnight on Oslo day `date` (YYYY-MM-DD); `minute` may run past the
 * day (1440 is the next midnight) or below it. A wall time in the spring gap reads one hour later; a
 * wall time that happens twice in October is its later (winter-time) instant (see the module's head).
 */
export function osloInstant(date: string, minute: number): Date {
  const wall = parseDay(date)!.getTime() + minute * MINUTE_MS;
  // The offsets on either side of the wall time; a change lies between them at most.
  const before = wall - osloOffsetMs(wall - DAY_MS);
  const after = wall - osloOffsetMs(wall + DAY_MS);
  const reads = (t: number) => t + osloOffsetMs(t) === wall;
  if (reads(before) && reads(after)) return new Date(Math.max(before, after));
  if (reads(after)) return new Date(after);
  return new Date(before);
}

/** The instant an Oslo day starts (never in a gap: Oslo's clocks change at 02:00 and 03:00). */
export const osloStartOfDay = (day: string | DayParts): Date => osloInstant(typeof day === 'string' ? day : formatIsoDay(day), 0);

/** The instants an Oslo day covers: [start, start of the next day): 23, 24 or 25 hours. */
export function osloDayRange(day: string): { start: Date; end: Date } {
  return { start: osloStartOfDay(day), end: osloStartOfDay(addDays(day, 1)) };
}

/** The same Oslo wall time `days` later (earlier when negative): across a change, 23 or 25 hours away. */
export function osloShiftDays(at: Date, days: number): Date {
  const { date, minute } = osloDayMinute(at);
  return new Date(osloInstant(addDays(date, days), minute).getTime() + (at.getTime() % MINUTE_MS + MINUTE_MS) % MINUTE_MS);
}

/** The instant `hours` elapsed hours before `at` (a confirmation "24 hours before", spec 2): across a change, 23 or 25 wall-clock hours. */
export const hoursBefore = (at: Date, hours: number): Date => new Date(at.getTime() - hours * HOUR_MS);

/** HH:mm of an Oslo wall time in minutes. */
export const wallTimeText = (minute: number): string => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** HH:mm, Oslo wall time, of an instant. */
export const osloTimeText = (at: Date): string => wallTimeText(osloMinute(at));
