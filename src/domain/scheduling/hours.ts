/**
 * A plumber's time in a week, for planning (spec 2 §5, §9), once for the planning page and the server:
 * the free time of each day, the available hours, the planned hours and what still fits.
 *
 * - A day's working time is its hours (src/domain/settings/workingHours.ts effectiveWeek) less lunch,
 *   kept inside the schedule window 06:00–18:00.
 * - Holidays count: a full day takes the whole day, a half day its own span.
 * - Availability entries: Absent and Unavailable take their span, Lunch too; Extended and Available add
 *   their span (inside the window), so extended time counts even outside the working hours.
 * - Days planned and weeks planned (spec 2 §9, whose wording swaps the two): days = ceil(planned hours
 *   / daily working hours), weeks = ceil(planned hours / (daily working hours × working days)), where
 *   the daily working hours are the average over the week's working days.
 * - A plan starts at a moment (spec 2 §2.1 startDateTime: the slot chosen, never before now): the
 *   available hours are the free time from it on (freeFrom), and the planned hours those of the items
 *   laid from it on or not laid yet (plansFrom); items laid before it stay where they are. The page's
 *   summary, its selection limit, the server's check and the batch all count this way.
 */
import type { DayHours } from '../settings/dayHours';
import { HolidayType } from '../settings/holidays';
import { AvailabilityType, SCHEDULE_DAY_END, SCHEDULE_DAY_START } from './enums';
import { osloDayMinute } from '../time/oslo';

/** An Oslo day (YYYY-MM-DD) and minutes after its midnight. */
export interface DayMinute {
  date: string;
  minute: number;
}

/** [from, to) in minutes after midnight. */
export type Span = readonly [number, number];

export interface FreeDay {
  /** YYYY-MM-DD */
  date: string;
  /** Free spans, sorted and disjoint. */
  spans: Span[];
}

export interface WeekDayHours {
  date: string;
  hours: DayHours;
}

export interface HolidayLike {
  date: string;
  holidayTypeId: number;
  startTime: string;
  endTime: string;
}

export interface AvailabilityLike {
  date: string;
  availabilityType: number;
  startTime: string;
  endTime: string;
}

/** Minutes after midnight of HH:mm. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** HH:mm of minutes after midnight. */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const WINDOW: Span = [minutesOf(SCHEDULE_DAY_START), minutesOf(SCHEDULE_DAY_END)];

const clip = ([a, b]: Span, [lo, hi]: Span = WINDOW): Span | null => {
  const from = Math.max(a, lo);
  const to = Math.min(b, hi);
  return to > from ? [from, to] : null;
};

/** The union of spans, sorted and merged. */
export function union(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** `spans` less `cut`. */
export function subtract(spans: readonly Span[], cut: Span): Span[] {
  const out: Span[] = [];
  for (const [a, b] of spans) {
    if (cut[1] <= a || cut[0] >= b) { out.push([a, b]); continue; }
    if (cut[0] > a) out.push([a, cut[0]]);
    if (cut[1] < b) out.push([cut[1], b]);
  }
  return out;
}

/** A day's working spans from its four times: start–lunch from, lunch to–end (or start–end without lunch). */
export function workingSpans(h: DayHours): Span[] {
  if (!h.startTime || !h.endTime) return [];
  const start = minutesOf(h.startTime);
  const end = minutesOf(h.endTime);
  const spans: Span[] = h.lunchStartTime && h.lunchEndTime
    ? [[start, minutesOf(h.lunchStartTime)], [minutesOf(h.lunchEndTime), end]]
    : [[start, end]];
  return spans.map((s) => clip(s)).filter((s): s is Span => s !== null);
}

const ADDS: readonly number[] = [AvailabilityType.Available, AvailabilityType.Extended];
const TAKES: readonly number[] = [AvailabilityType.Absent, AvailabilityType.Unavailable, AvailabilityType.Lunch];

/** The free time of each day of the week. */
export function weekFreeTime(days: readonly WeekDayHours[], holidays: readonly HolidayLike[] = [], availability: readonly AvailabilityLike[] = []): FreeDay[] {
  return days.map(({ date, hours }) => {
    let spans: Span[] = workingSpans(hours);
    const entries = availability.filter((a) => a.date === date);
    const added = entries.filter((a) => ADDS.includes(a.availabilityType))
      .map((a) => clip([minutesOf(a.startTime), minutesOf(a.endTime)])).filter((s): s is Span => s !== null);
    spans = union([...spans, ...added]);
    for (const h of holidays.filter((x) => x.date === date)) {
      spans = h.holidayTypeId === HolidayType.FullDay ? [] : subtract(spans, [minutesOf(h.startTime), minutesOf(h.endTime)]);
    }
    for (const a of entries.filter((x) => TAKES.includes(x.availabilityType))) {
      spans = subtract(spans, [minutesOf(a.startTime), minutesOf(a.endTime)]);
    }
    return { date, spans };
  });
}

export const spanMinutes = (spans: readonly Span[]): number => spans.reduce((sum, [a, b]) => sum + b - a, 0);

/** Available minutes of the week: the sum of every day's free time. */
export const availableMinutes = (week: readonly FreeDay[]): number => week.reduce((sum, d) => sum + spanMinutes(d.spans), 0);

/** Hours, rounded to two decimals for display and comparison. */
export const toHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/** Planned hours (spec 2 §9: count × minutes / 60, summed per item's own duration). */
export const plannedMinutes = (durations: readonly number[]): number => durations.reduce((a, b) => a + b, 0);

/** Working days of the week (days with any free time) and the average hours of one. */
export function dailyWorkingHours(week: readonly FreeDay[]): { workingDays: number; dailyHours: number } {
  const working = week.filter((d) => spanMinutes(d.spans) > 0);
  if (!working.length) return { workingDays: 0, dailyHours: 0 };
  return { workingDays: working.length, dailyHours: availableMinutes(working) / 60 / working.length };
}

/** spec 2 §3 assignment summary: days, hours and weeks planned (see the module's note on the formulas). */
export function assignmentSummary(durations: readonly number[], week: readonly FreeDay[]): {
  numberOfDaysPlanned: number; numberOfHoursPlanned: number; numberOfWeeksPlanned: number;
} {
  const hours = plannedMinutes(durations) / 60;
  const { workingDays, dailyHours } = dailyWorkingHours(week);
  if (hours === 0 || dailyHours === 0) return { numberOfDaysPlanned: 0, numberOfHoursPlanned: toHours(hours * 60), numberOfWeeksPlanned: 0 };
  return {
    numberOfDaysPlanned: Math.ceil(hours / dailyHours - 1e-9),
    numberOfHoursPlanned: toHours(hours * 60),
    numberOfWeeksPlanned: Math.ceil(hours / (dailyHours * workingDays) - 1e-9),
  };
}

/**
 * How many of `durations` (in order) fit in `remainingMinutes`: select-all takes these and reports the
 * rest as skipped (spec 2 §5). Stops at the first that does not fit, so the order the admin sees holds.
 */
export function howManyFit(durations: readonly number[], remainingMinutes: number): number {
  let left = remainingMinutes;
  for (let i = 0; i < durations.length; i++) {
    if (durations[i] > left) return i;
    left -= durations[i];
  }
  return durations.length;
}

/** Selecting more is refused when planned minutes would pass the week's available minutes (MaxAssignmentSelected). */
export const exceedsWeek = (planned: number, available: number): boolean => planned > available;

/** Where a plan starts: the chosen moment (ISO), but never before `now`; none chosen: now. */
export function planStart(now: Date, chosen?: string | null): DayMinute {
  const at = chosen ? Date.parse(chosen) : NaN;
  return osloDayMinute(new Date(Number.isFinite(at) ? Math.max(now.getTime(), at) : now.getTime()));
}

/** Is `a` before `b`? */
export const isBefore = (a: DayMinute, b: DayMinute): boolean => a.date < b.date || (a.date === b.date && a.minute < b.minute);

/** The week's free time from `from` on: the days before it have none, its own day starts there. */
export function freeFrom(week: readonly FreeDay[], from: DayMinute): FreeDay[] {
  return week.map(({ date, spans }) => {
    if (date < from.date) return { date, spans: [] };
    return { date, spans: date === from.date ? subtract(spans, [0, from.minute]) : [...spans] };
  });
}

/**
 * The plan's default start (spec 2 §2.1 when no slot was chosen): the week's first free minute at or
 * after `now`, on a `step`-minute mark (a quarter, like the time field); null when the week has none left.
 */
export function firstFreeStart(week: readonly FreeDay[], now: DayMinute, step = 15): DayMinute | null {
  for (const { date, spans } of freeFrom(week, now)) {
    for (const [a, b] of spans) {
      const minute = Math.ceil(a / step) * step;
      if (minute < b) return { date, minute };
    }
  }
  return null;
}

/** Whether an item counts towards the hours planned from `start`: not laid yet (null), or laid at or after it. */
export const plansFrom = (laidAt: DayMinute | null, start: DayMinute): boolean => laidAt === null || !isBefore(laidAt, start);
