/**
 * The working-hours editor's state (spec 3 §2, §3, §4): seven days, each with its four times and an
 * Off switch; in the employee variant also "company hours" per day. Edits are checked as they are made
 * (a violating time is refused) and again on save; what is saved is the days that changed, as
 * create / update / delete (spec 3 §3 "tracked per day as add, remove or delete").
 */
import type { EmployeeWorkingDay, WorkingHoursSetting, WorkingHoursSettingInput } from '../../../domain/schemas/workingHours';
import {
  checkTimeChange, DAYS_OF_WEEK, isDayOff, OFF_DAY, sameHours, validateDay, type DayHours, type DayIssue,
  type HourField, type TimeProblem,
} from '../../../domain/workingHours';

export interface EditorDay {
  dayOfWeek: number;
  /** The row these hours are saved in: the company's row, or the employee's own; null when there is none yet. */
  id: number | null;
  hours: DayHours;
  off: boolean;
  /** Employee variant: this day follows the company's hours (no own row). */
  useCompany: boolean;
  /** Employee variant: the company's hours of this day, shown while useCompany. */
  companyHours: DayHours;
}

const hoursOf = (r: DayHours): DayHours => ({
  startTime: r.startTime ?? null, lunchStartTime: r.lunchStartTime ?? null, lunchEndTime: r.lunchEndTime ?? null, endTime: r.endTime ?? null,
});

/** The company default as editor days; seven days off when the company has none yet. */
export function companyDays(rows: WorkingHoursSetting[] | null): EditorDay[] {
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const row = rows?.find((r) => r.dayOfWeek === dayOfWeek);
    const hours = row ? hoursOf(row) : OFF_DAY;
    return { dayOfWeek, id: row?.id ?? null, hours, off: isDayOff(hours), useCompany: false, companyHours: hours };
  });
}

/** An employee's week as editor days: their own hours where they have them, else the company's. */
export function employeeDays(week: EmployeeWorkingDay[], company: WorkingHoursSetting[]): EditorDay[] {
  return DAYS_OF_WEEK.map((dayOfWeek) => {
    const day = week.find((d) => d.dayOfWeek === dayOfWeek);
    const companyRow = company.find((r) => r.dayOfWeek === dayOfWeek);
    const companyHours = companyRow ? hoursOf(companyRow) : OFF_DAY;
    const own = !!day?.isEmployeeSpecific;
    const hours = own && day ? hoursOf(day) : companyHours;
    return { dayOfWeek, id: own && day ? day.id : null, hours, off: isDayOff(hours), useCompany: !own, companyHours };
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

export interface SavePlan {
  create: WorkingHoursSettingInput[];
  update: WorkingHoursSettingInput[];
  remove: number[];
}

const input = (d: EditorDay, withId: boolean): WorkingHoursSettingInput => ({
  ...(withId && d.id ? { id: d.id } : {}), dayOfWeek: d.dayOfWeek, ...(d.off ? OFF_DAY : d.hours),
});

/**
 * What to send for the edits. Company default: all seven days created at once when the company has
 * none, else the changed days updated. Employee: a day switched to company hours deletes its own
 * row; a new own day is created; a changed own day is updated.
 */
export function savePlan(saved: EditorDay[], edited: EditorDay[], employee: boolean): SavePlan {
  const plan: SavePlan = { create: [], update: [], remove: [] };
  if (!employee && edited.every((d) => d.id === null)) {
    plan.create = edited.map((d) => input(d, false));
    return plan;
  }
  edited.forEach((d, i) => {
    if (sameDay(d, saved[i])) return;
    if (d.useCompany) {
      if (d.id !== null) plan.remove.push(d.id);
    } else if (d.id === null) plan.create.push(input(d, false));
    else plan.update.push(input(d, true));
  });
  return plan;
}
