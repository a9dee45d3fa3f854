/**
 * The working-hours editor's state (spec 3 §2, §3, §4): seven days, each with its four times and an
 * Off switch; in the employee variant also "company hours" per day. Edits are checked as they are made
 * (a violating time is refused) and again on save; what is saved is the days that changed, as
 * create / update / delete (spec 3 §3 "tracked per day as add, remove or delete"). An employee's
 * change applies either from now on (their standing hours) or only in the ISO week shown (rows with
 * that year and weekNo).
 */
import type { EmployeeWorkingDay, WorkingHoursSetting, WorkingHoursSettingInput } from '../../../domain/schemas/workingHours';
import {
  checkTimeChange, DAYS_OF_WEEK, isDayOff, OFF_DAY, sameHours, validateDay, type DayHours, type DayIssue,
  type HourField, type TimeProblem,
} from '../../../domain/workingHours';
import { hoursOf } from '../../../domain/settings/workingHours';

export interface EditorDay {
  dayOfWeek: number;
  /** The row these hours are saved in: the company's row, or the employee's own; null when there is none yet. */
  id: number | null;
  /** Employee variant: `id` is the employee's row for the shown ISO week only (not their standing hours). */
  weekOnly: boolean;
  hours: DayHours;
  off: boolean;
  /** Employee variant: this day follows the company's hours (no own row). */
  useCompany: boolean;
  /** Employee variant: the company's hours of this day, shown while useCompany. */
  companyHours: DayHours;
}

/** The company default as editor days; seven days off when the company has none yet. */
export function companyDays(rows: WorkingHoursSetting[] | null): EditorDay[] {
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const row = rows?.find((r) => r.dayOfWeek === dayOfWeek);
    const hours = row ? hoursOf(row) : OFF_DAY;
    return { dayOfWeek, id: row?.id ?? null, weekOnly: false, hours, off: isDayOff(hours), useCompany: false, companyHours: hours };
  });
}

/**
 * An employee's week as editor days: their own hours where the server found them in force (week or
 * standing, by effectiveWeek in src/domain/settings/workingHours.ts), else the company's.
 */
export function employeeDays(week: EmployeeWorkingDay[], company: WorkingHoursSetting[]): EditorDay[] {
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const day = week.find((d) => d.dayOfWeek === dayOfWeek);
    const companyRow = company.find((r) => r.dayOfWeek === dayOfWeek);
    const companyHours = companyRow ? hoursOf(companyRow) : OFF_DAY;
    const own = !!day?.isEmployeeSpecific;
    const hours = own && day ? hoursOf(day) : companyHours;
    return {
      dayOfWeek, id: own && day ? day.id : null, weekOnly: own && !!day?.isWeekSpecific, hours, off: isDayOff(hours), useCompany: !own, companyHours,
    };
  });
}

/** Sets one time, or refuses it with the problem (spec 3 §5); the day is unchanged when refused. */
export function setTime(day: EditorDay, field: HourField, value: string): { day: EditorDay; problem: TimeProblem | null } {
  const next = value === '' ? null : value;
  const problem = checkTimeChange(day.hours, field, next);
  if (problem) return { day, problem };
  return { day: { ...day, hours: { ...day.hours, [field]: next }, off: false }, problem: null };
}

/** Off clears all four times (spec 3 §3); switching Off off leaves them empty to be filled. */
export const setOff = (day: EditorDay, off: boolean): EditorDay => ({ ...day, off, hours: off ? OFF_DAY : day.hours });

/** Employee variant: back to the company's hours, or the employee's own starting from the company's. */
export const setUseCompany = (day: EditorDay, useCompany: boolean): EditorDay =>
  ({ ...day, useCompany, hours: day.companyHours, off: isDayOff(day.companyHours) });

/** The problem of a day on save: a day not Off with no times is 'time must be specified' too. */
export function dayIssueOnSave(day: EditorDay): DayIssue | null {
  if (day.useCompany || day.off) return null;
  if (isDayOff(day.hours)) return { field: 'startTime', problem: 'required' };
  return validateDay(day.hours);
}

const sameDay = (a: EditorDay, b: EditorDay) => a.useCompany === b.useCompany && a.off === b.off && sameHours(a.hours, b.hours);

export const isDirty = (saved: EditorDay[], edited: EditorDay[]): boolean => edited.some((d, i) => !sameDay(d, saved[i]));

/** The ISO week an employee's change is for; null: from now on (their standing hours). */
export interface SaveWeek {
  year: number;
  weekNo: number;
}

/**
 * A day whose week-only row is deleted to make the change from now on: what it is to become once that
 * row is gone, which is only known after reading the week again (the standing row it hid, if any).
 */
export interface PendingDay {
  dayOfWeek: number;
  useCompany: boolean;
  hours: DayHours;
}

export interface SavePlan {
  create: WorkingHoursSettingInput[];
  update: WorkingHoursSettingInput[];
  remove: number[];
  /** Employee, from now on: days to settle with standingPlan after `remove` is done and the week read again. */
  afterRemove: PendingDay[];
}

const hoursToSave = (d: EditorDay): DayHours => (d.off ? OFF_DAY : d.hours);

const input = (d: EditorDay, withId: boolean, week: SaveWeek | null = null): WorkingHoursSettingInput => ({
  ...(withId && d.id ? { id: d.id } : {}), dayOfWeek: d.dayOfWeek, ...(week ? { year: week.year, weekNo: week.weekNo } : {}), ...hoursToSave(d),
});

/**
 * What to send for the edits. Company default: all seven days created at once when the company has
 * none, else the changed days updated.
 *
 * Employee, from now on (`week` null), per changed day:
 * - with no own row: own hours create a standing row;
 * - with a standing row: own hours update it, company hours delete it;
 * - with a row for this week only: that row is deleted, and the day is settled afterwards against
 *   the standing row it hid (standingPlan), so the change shows in this week too.
 *
 * Employee, only the week shown (`week` given), per changed day:
 * - with a row for this week only: own hours update it, company hours delete it;
 * - otherwise a row for this week is created: the own hours, or the company's when a day with standing
 *   hours is switched to company hours for this week (the standing row stays).
 */
export function savePlan(saved: EditorDay[], edited: EditorDay[], employee: boolean, week: SaveWeek | null = null): SavePlan {
  const plan: SavePlan = { create: [], update: [], remove: [], afterRemove: [] };
  if (!employee && edited.every((d) => d.id === null)) {
    plan.create = edited.map((d) => input(d, false));
    return plan;
  }
  edited.forEach((d, i) => {
    if (sameDay(d, saved[i])) return;
    if (!employee) {
      plan[d.id === null ? 'create' : 'update'].push(input(d, d.id !== null));
    } else if (d.id !== null && d.weekOnly) {
      if (week) {
        if (d.useCompany) plan.remove.push(d.id);
        else plan.update.push(input(d, true));
      } else {
        plan.remove.push(d.id);
        plan.afterRemove.push({ dayOfWeek: d.dayOfWeek, useCompany: d.useCompany, hours: hoursToSave(d) });
      }
    } else if (week) {
      // A company day switched to company hours is no change; anything else becomes this week's row.
      if (!d.useCompany || d.id !== null) plan.create.push(input(d, false, week));
    } else if (d.useCompany) {
      if (d.id !== null) plan.remove.push(d.id);
    } else if (d.id === null) plan.create.push(input(d, false));
    else plan.update.push(input(d, true));
  });
  return plan;
}

/**
 * The second step of a from-now-on save that deleted week-only rows: with the week as read again,
 * each pending day updates or deletes the standing row now in force, or creates one.
 */
export function standingPlan(pending: PendingDay[], week: EmployeeWorkingDay[]): SavePlan {
  const plan: SavePlan = { create: [], update: [], remove: [], afterRemove: [] };
  for (const p of pending) {
    const day = week.find((d) => d.dayOfWeek === p.dayOfWeek);
    const standing = day && day.isEmployeeSpecific && !day.isWeekSpecific && day.id > 0 ? day : null;
    if (p.useCompany) {
      if (standing) plan.remove.push(standing.id);
    } else if (standing) {
      if (!sameHours(hoursOf(standing), p.hours)) plan.update.push({ id: standing.id, dayOfWeek: p.dayOfWeek, ...p.hours });
    } else plan.create.push({ dayOfWeek: p.dayOfWeek, ...p.hours });
  }
  return plan;
}
