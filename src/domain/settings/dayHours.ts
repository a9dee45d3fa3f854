/**
 * Working-hours rules (spec 3 §3, §5), once for the editor and the server. A day has four times of
 * day (HH:mm): day start, lunch from, lunch to, day end, in that order; all four empty is a day off.
 */

/** Work day types (spec 3 §3 lookup WorkDayType). */
export const WorkDayType = { Weekday: 1, Saturday: 2, Sunday: 3 } as const;
export type WorkDayTypeId = (typeof WorkDayType)[keyof typeof WorkDayType];

/** ISO days of the week, Monday 1 … Sunday 7: the editor's seven rows. */
export const DAYS_OF_WEEK = [1, 2, 3, 4, 5, 6, 7] as const;
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export function workDayTypeOf(dayOfWeek: number): WorkDayTypeId {
  if (dayOfWeek === 6) return WorkDayType.Saturday;
  if (dayOfWeek === 7) return WorkDayType.Sunday;
  return WorkDayType.Weekday;
}

export const dayName = (dayOfWeek: number): string => DAY_NAMES[dayOfWeek - 1] ?? `day ${dayOfWeek}`;

/** The four times of a day, in their required order. */
export const HOUR_FIELDS = ['startTime', 'lunchStartTime', 'lunchEndTime', 'endTime'] as const;
export type HourField = (typeof HOUR_FIELDS)[number];

export type DayHours = Record<HourField, string | null>;

export const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
const TIME_RE = new RegExp(TIME_PATTERN);

export const isTimeOfDay = (value: string): boolean => TIME_RE.test(value);

export const OFF_DAY: DayHours = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };

export const isDayOff = (day: DayHours): boolean => HOUR_FIELDS.every((f) => !day[f]);

/**
 * Why a time may not be set (spec 3 §5), checked as it is entered:
 * - 'order': it breaks day start < lunch from < lunch to < day end against a time already set;
 * - 'needsStart': lunch from needs day start; 'needsLunchStart': lunch to needs lunch from;
 * - 'format': not HH:mm.
 */
export type TimeProblem = 'order' | 'needsStart' | 'needsLunchStart' | 'format';

/** The problem of setting `field` of `day` to `value` (null or '' clears it, which is always allowed). */
export function checkTimeChange(day: DayHours, field: HourField, value: string | null): TimeProblem | null {
  if (!value) return null;
  if (!isTimeOfDay(value)) return 'format';
  if (field === 'lunchStartTime' && !day.startTime) return 'needsStart';
  if (field === 'lunchEndTime' && !day.lunchStartTime) return 'needsLunchStart';
  const index = HOUR_FIELDS.indexOf(field);
  // HH:mm strings compare as times. Every other time set must lie on the right side of this one.
  for (let i = 0; i < HOUR_FIELDS.length; i++) {
    const other = day[HOUR_FIELDS[i]];
    if (i === index || !other) continue;
    if (i < index ? other >= value : other <= value) return 'order';
  }
  return null;
}

/** Why a day cannot be saved: 'required' is the spec's 'time must be specified'. */
export type DayProblem = TimeProblem | 'required';

export interface DayIssue {
  field: HourField;
  problem: DayProblem;
}

/**
 * The first problem of a day on save, or null (spec 3 §5): a day not off needs day start and day end;
 * lunch from and lunch to both or neither; every time HH:mm and in order.
 */
export function validateDay(day: DayHours): DayIssue | null {
  for (const field of HOUR_FIELDS) {
    const v = day[field];
    if (v && !isTimeOfDay(v)) return { field, problem: 'format' };
  }
  if (isDayOff(day)) return null;
  if (!day.startTime) return { field: 'startTime', problem: 'required' };
  if (!day.endTime) return { field: 'endTime', problem: 'required' };
  if (day.lunchStartTime && !day.lunchEndTime) return { field: 'lunchEndTime', problem: 'required' };
  if (!day.lunchStartTime && day.lunchEndTime) return { field: 'lunchStartTime', problem: 'required' };
  for (let i = 1; i < HOUR_FIELDS.length; i++) {
    const field = HOUR_FIELDS[i];
    const v = day[field];
    if (!v) continue;
    for (let j = 0; j < i; j++) {
      const before = day[HOUR_FIELDS[j]];
      if (before && before >= v) return { field, problem: 'order' };
    }
  }
  return null;
}

/** English text of a problem, as the server words it (the editor has its own i18n texts). */
export const DAY_PROBLEM_TEXT: Record<DayProblem, string> = {
  order: 'breaks the order day start < lunch from < lunch to < day end',
  needsStart: 'needs day start to be set',
  needsLunchStart: 'needs lunch from to be set',
  format: 'must be a time HH:mm',
  required: 'time must be specified',
};

/** Minutes of work in a day: start to end less lunch (0 for a day off). */
export function workMinutes(day: DayHours): number {
  const m = (t: string | null) => (t ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)) : 0);
  if (!day.startTime || !day.endTime) return 0;
  const lunch = day.lunchStartTime && day.lunchEndTime ? m(day.lunchEndTime) - m(day.lunchStartTime) : 0;
  return m(day.endTime) - m(day.startTime) - lunch;
}

/** Two days with the same four times. */
export const sameHours = (a: DayHours, b: DayHours): boolean => HOUR_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));
