/**
 * Working hours (spec 3 §3, §7): /api/WorkingHoursSetting. Shapes we decided (the spec shows none):
 *
 * - A setting row is one day: `dayOfWeek` 1 Monday … 7 Sunday (ISO) tells the seven rows apart,
 *   `workDayTypeId` is the spec's lookup (1 Weekday, 2 Saturday, 3 Sunday) derived from it. Times are
 *   HH:mm or null; all four null is a day off. `userRegistrationId` null: the company default.
 *   `year` + `weekNo` (both or neither): an employee's hours for that ISO week only; without them the
 *   employee's standing hours. Precedence for a day: that week's employee row, the employee's
 *   standing row, the company's. Standing hours apply from the week they were saved in ("from now
 *   on"): a PUT or DELETE of them changes this week and later ones only, so a PUT may answer a new id.
 * - GET /filter?groupId=<companyId>: the company default, seven rows Monday first; 404 when the
 *   company has none (the client is silent on 404 and offers the company settings).
 * - GET /filter?userRegistrationId=&Year=&WeekNo=: the seven days of that ISO week as
 *   EmployeeWorkingDay rows (the date of each day, and whether the hours are the employee's own);
 *   404 when neither the employee nor the company has hours. A plumber may read only their own.
 * - POST (create, 201) and PUT (update the times of rows by id, 200) take WorkingHoursSaveRequest and
 *   answer the rows saved. The company default is created as all seven days at once. DELETE takes a
 *   list of ids of employee rows (a day switched back to company hours) and answers { deletedIds }.
 * - An employee's week is saved as one PUT, all or nothing: a day without an id is named by its
 *   weekday and week (year + weekNo: that week's row; neither: the standing hours, from now on) and is
 *   set to its times, or with `useCompany: true` (times null) loses the employee's own hours there and
 *   falls back to the company's. With `answerWeek` the answer is that ISO week as it applies after the
 *   save (the GET /filter week shape), so the editor shows it without reading again.
 *   Writes: an admin whose agreement is in force; groupId must be the caller's company (else 404).
 */
import { Type, type Static } from 'typebox';
import { TIME_PATTERN } from '../settings/dayHours';
import { Nullable, Uuid } from './common';

export const TimeOfDay = Type.String({ pattern: TIME_PATTERN, maxLength: 5, description: 'HH:mm' });
export const YearNumber = Type.Integer({ minimum: 2000, maximum: 2100 });
export const IsoWeekNumber = Type.Integer({ minimum: 1, maximum: 53 });

const times = {
  startTime: Nullable(TimeOfDay),
  lunchStartTime: Nullable(TimeOfDay),
  lunchEndTime: Nullable(TimeOfDay),
  endTime: Nullable(TimeOfDay),
};

export const WorkingHoursSettingSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  userRegistrationId: Nullable(Type.Integer({ minimum: 1 })),
  workDayTypeId: Type.Integer({ minimum: 1, maximum: 3 }),
  dayOfWeek: Type.Integer({ minimum: 1, maximum: 7 }),
  year: Nullable(YearNumber),
  weekNo: Nullable(IsoWeekNumber),
  ...times,
});
export type WorkingHoursSetting = Static<typeof WorkingHoursSettingSchema>;

/** One day of an employee's week as it applies: their own hours, or the company's. */
export const EmployeeWorkingDaySchema = Type.Object({
  /** The row the hours come from (the employee's own when isEmployeeSpecific; 0 when there is none). */
  id: Type.Integer({ minimum: 0 }),
  userRegistrationId: Type.Integer({ minimum: 1 }),
  workDayTypeId: Type.Integer({ minimum: 1, maximum: 3 }),
  dayOfWeek: Type.Integer({ minimum: 1, maximum: 7 }),
  /** YYYY-MM-DD of this day in the asked ISO week. */
  date: Type.String({ maxLength: 10 }),
  year: YearNumber,
  weekNo: IsoWeekNumber,
  isEmployeeSpecific: Type.Boolean(),
  /** The employee's row is for this week only (not their standing hours). */
  isWeekSpecific: Type.Boolean(),
  ...times,
});
export type EmployeeWorkingDay = Static<typeof EmployeeWorkingDaySchema>;

export const WorkingHoursFilterQuery = Type.Object({
  groupId: Type.Optional(Uuid),
  userRegistrationId: Type.Optional(Type.Integer({ minimum: 1 })),
  Year: Type.Optional(YearNumber),
  year: Type.Optional(YearNumber),
  WeekNo: Type.Optional(IsoWeekNumber),
  weekNo: Type.Optional(IsoWeekNumber),
});

/** A day to save. `id` for PUT (the row to update); absent or 0 for POST. */
export const WorkingHoursSettingInput = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 0 })),
  dayOfWeek: Type.Integer({ minimum: 1, maximum: 7 }),
  /** Optional; when given it must match dayOfWeek. */
  workDayTypeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  year: Type.Optional(Nullable(YearNumber)),
  weekNo: Type.Optional(Nullable(IsoWeekNumber)),
  /** PUT, employee, no id: remove the employee's own hours of this day (and week) so the company's apply. */
  useCompany: Type.Optional(Type.Boolean()),
  ...times,
}, { additionalProperties: false });
export type WorkingHoursSettingInput = Static<typeof WorkingHoursSettingInput>;

export const WorkingHoursSaveRequest = Type.Object({
  groupId: Uuid,
  userRegistrationId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  /** Up to two rows a day: an employee's from-now-on save may also drop that day's row of the week shown. */
  workingHoursSettings: Type.Array(WorkingHoursSettingInput, { minItems: 1, maxItems: 14 }),
  /** Employee saves: answer with this ISO week as it applies after the save (EmployeeWorkingDay[]). */
  answerWeek: Type.Optional(Type.Object({ year: YearNumber, weekNo: IsoWeekNumber }, { additionalProperties: false })),
}, { additionalProperties: false });
export type WorkingHoursSaveRequest = Static<typeof WorkingHoursSaveRequest>;

export const WorkingHoursDeleteRequest = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 7 });

export const WorkingHoursDeleteResult = Type.Object({ deletedIds: Type.Array(Type.Integer()) });
export type WorkingHoursDeleteResult = Static<typeof WorkingHoursDeleteResult>;
