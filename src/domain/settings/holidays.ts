/**
 * The company holiday calendar's rules (spec 3 §2, §5, §9), once for the editor and the server:
 * ISO weeks, the year choices, which years are read-only, and the check of one holiday.
 * Dates are calendar days 'YYYY-MM-DD' (the company's local date), times 'HH:mm'.
 */
import { addDays, formatDay, parseDay } from '../time/oslo';
import { isTimeOfDay } from './dayHours';

/** Holiday types (spec 3 §3 lookup HoliDayType). */
export const HolidayType = { HalfDay: 1, FullDay: 2 } as const;
export type HolidayTypeId = (typeof HolidayType)[keyof typeof HolidayType];

/** Holiday times (spec 3 §9): a holiday lies within 06:00–18:00; a full day is all of it. */
export const HOLIDAY_DAY_START = '06:00';
export const HOLIDAY_DAY_END = '18:00';
export const HOLIDAY_REASON_MAX_LENGTH = 200;

export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';


/** Years the calendar offers (spec 3 §9): previous, current, next. */
export const holidayYearChoices = (currentYear: number): number[] => [currentYear - 1, currentYear, currentYear + 1];

/** Past years are read-only (spec 3 §2). */
export const isHolidayYearReadOnly = (year: number, currentYear: number): boolean => year < currentYear;

/** A holiday as the rules see it. */
export interface HolidayDraft {
  date: string | null;
  holidayTypeId: number;
  startTime: string;
  endTime: string;
}

/**
 * Why a holiday cannot be added to the calendar of `year` (spec 3 §5), or null:
 * InvalidDate (no date, or not a real one), InvalidYear (outside the selected year: 'date greater
 * than year'), PastDate (before today: past dates are disabled), DateAlreadyInUse, InvalidTime
 * (outside 06:00–18:00, a full day not all of it, or a half day whose to is not later than from).
 */
export type HolidayProblem = 'InvalidDate' | 'InvalidYear' | 'PastDate' | 'DateAlreadyInUse' | 'InvalidTime' | 'InvalidType';

export function checkHoliday(
  h: HolidayDraft, ctx: { year: number; today: string; usedDates: Iterable<string> },
): HolidayProblem | null {
  if (!h.date || !parseDay(h.date)) return 'InvalidDate';
  if (Number(h.date.slice(0, 4)) !== ctx.year) return 'InvalidYear';
  if (h.date < ctx.today) return 'PastDate';
  for (const used of ctx.usedDates) if (used === h.date) return 'DateAlreadyInUse';
  return checkHolidayTimes(h);
}

/** The type and times of a holiday (spec 3 §2, §5, §9). */
export function checkHolidayTimes(h: Pick<HolidayDraft, 'holidayTypeId' | 'startTime' | 'endTime'>): HolidayProblem | null {
  if (h.holidayTypeId !== HolidayType.HalfDay && h.holidayTypeId !== HolidayType.FullDay) return 'InvalidType';
  if (!isTimeOfDay(h.startTime) || !isTimeOfDay(h.endTime)) return 'InvalidTime';
  if (h.holidayTypeId === HolidayType.FullDay) {
    return h.startTime === HOLIDAY_DAY_START && h.endTime === HOLIDAY_DAY_END ? null : 'InvalidTime';
  }
  if (h.startTime < HOLIDAY_DAY_START || h.endTime > HOLIDAY_DAY_END || h.endTime <= h.startTime) return 'InvalidTime';
  return null;
}

/** English text of a problem, as the server words it (the editor has its own i18n texts). */
export const HOLIDAY_PROBLEM_TEXT: Record<HolidayProblem, string> = {
  InvalidDate: 'must be a real date YYYY-MM-DD (InvalidDate)',
  InvalidYear: 'must lie in the selected year: date greater than year (InvalidYear)',
  PastDate: 'is in the past: past dates are read-only',
  DateAlreadyInUse: 'is already a holiday (DateAlreadyInUse)',
  InvalidTime: `must be within ${HOLIDAY_DAY_START}–${HOLIDAY_DAY_END}; a full day is all of it, a half day's to later than its from`,
  InvalidType: 'must be 1 (half day) or 2 (full day)',
};

/** Easter Sunday of a year (Gregorian, anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatDay(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * Norway's public holidays of a year (helligdager and 1./17. mai), by date. Two may fall on one day
 * (Kristi himmelfart on 1 May in 2008): such a day is listed once with both names.
 */
export function norwegianPublicHolidays(year: number): { date: string; name: string }[] {
  const easter = easterSunday(year);
  const all = [
    { date: `${year}-01-01`, name: '1. nyttårsdag' },
    { date: addDays(easter, -3), name: 'Skjærtorsdag' },
    { date: addDays(easter, -2), name: 'Langfredag' },
    { date: easter, name: '1. påskedag' },
    { date: addDays(easter, 1), name: '2. påskedag' },
    { date: `${year}-05-01`, name: 'Arbeidernes dag' },
    { date: `${year}-05-17`, name: 'Grunnlovsdag' },
    { date: addDays(easter, 39), name: 'Kristi himmelfartsdag' },
    { date: addDays(easter, 49), name: '1. pinsedag' },
    { date: addDays(easter, 50), name: '2. pinsedag' },
    { date: `${year}-12-25`, name: '1. juledag' },
    { date: `${year}-12-26`, name: '2. juledag' },
  ];
  const byDate = new Map<string, string>();
  for (const h of all) byDate.set(h.date, byDate.has(h.date) ? `${byDate.get(h.date)} / ${h.name}` : h.name);
  return [...byDate].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
}
