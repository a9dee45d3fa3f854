/**
 * The working-hours editor's state (spec 3 §2, §3, §4): seven days, each with its four times and an
 * Off switch; in the employee variant also "company hours" per day. Edits are checked as they are made
 * (a violating time is refused) and again on save; what is saved is the days that changed (spec 3 §3
 * "tracked per day as add, remove or delete"), in one request so the save is all or nothing. An
 * employee's change applies either from now on (their standing hours) or only in the ISO week shown
 * (rows with that year and weekNo).
 */
import type { EmployeeWorkingDay, WorkingHoursSetting, WorkingHoursSettingInput } from '../../../domain/schemas/workingHours';
import {
  checkTimeChange, DAYS_OF_WEEK, isDayOff, OFF_DAY, sameHours, validateDay, type DayHours, type DayIssue,
  type HourField, type TimeProblem,
} from '../../../domain/settings/dayHours';
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

/** An ISO week. */
export interface SaveWeek {
  year: number;
  weekNo: number;
}

/** Employee variant: the ISO week shown, and whether the change is for it only (else from now on). */
export interface EmployeeSave {
  week: SaveWeek;
  only: boolean;
}

/** One request: POST creates the company default, PUT the rest; nothing to send when `days` is empty. */
export interface SavePlan {
  method: 'POST' | 'PUT';
  days: WorkingHoursSettingInput[];
}

const hoursToSave = (d: EditorDay): DayHours => (d.off ? OFF_DAY : d.hours);

/** Own hours of a day: standing (no week) or for that week only. */
const own = (d: EditorDay, week?: SaveWeek): WorkingHoursSettingInput => ({ dayOfWeek: d.dayOfWeek, ...week, ...hoursToSave(d) });

/** The employee's own hours of a day (standing, or that week's) go: the company's apply. */
const backToCompany = (d: EditorDay, week?: SaveWeek): WorkingHoursSettingInput =>
  ({ dayOfWeek: d.dayOfWeek, ...week, useCompany: true, ...OFF_DAY });

/**
 * What to send for the edits. Company default: all seven days created at once when the company has
 * none, else the changed days updated by id.
 *
 * Employee: one PUT naming each changed day by weekday and week, which the server settles in one
 * transaction against the rows it holds.
 * - From now on: the day's standing hours are set, or taken away back to the company's; a day shown
 *   with a row for this week only also loses that row, so the change shows in this week too.
 * - Only the week shown: the day gets a row of that week (the company's hours when a day with standing
 *   hours is switched to company hours: the standing row stays), or a week row switched to company
 *   hours goes.
 */
export function savePlan(saved: EditorDay[], edited: EditorDay[], employee: EmployeeSave | null = null): SavePlan {
  if (!employee) {
    if (edited.every((d) => d.id === null)) return { method: 'POST', days: edited.map((d) => own(d)) };
    const changed = edited.filter((d, i) => !sameDay(d, saved[i]));
    return { method: 'PUT', days: changed.map((d) => ({ ...(d.id ? { id: d.id } : {}), ...own(d) })) };
  }
  const { week, only } = employee;
  const days: WorkingHoursSettingInput[] = [];
  edited.forEach((d, i) => {
    if (sameDay(d, saved[i])) return;
    if (only) {
      if (d.useCompany && d.weekOnly) days.push(backToCompany(d, week));
      else if (!d.useCompany || d.id !== null) days.push(own(d, week));
      return;
    }
    if (d.weekOnly) days.push(backToCompany(d, week));
    days.push(d.useCompany ? backToCompany(d) : own(d));
  });
  return { method: 'PUT', days };
}
