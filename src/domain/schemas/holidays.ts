/**
 * The company holiday calendar (spec 3 §3, §7): /api/CompanyHolidayConfiguration. Shapes we decided
 * where the spec shows none:
 *
 * - POST / (201): a list of new holidays (id 0) → the holidays created.
 * - GET /year/{year}: the company's holidays of that year, by date.
 * - PUT /year/{year} (200): the year's whole calendar as it should be (existing ones by id, new ones
 *   with id 0); holidays of the year missing from the list are deleted. Answers the saved calendar.
 * - DELETE /{id} (200): answers { id } of the deleted holiday; another company's id → 404.
 * - GET /holidays: the company's holidays from today (Norway's date) on, by date.
 * A holiday's `year` and `weekNo` are those of its date (ISO week); the server works them out and,
 * when a request gives them, refuses values that do not match. Years: the previous, current and next
 * only (else 400); the years before the current are read-only, and so is every date before today
 * (adding, changing or deleting one → 400). Writes: an admin whose agreement is in force; reads: any
 * member of the company (the date pickers' dot markers, scheduling).
 */
import { Type, type Static } from 'typebox';
import { DATE_PATTERN, HOLIDAY_REASON_MAX_LENGTH } from '../settings/holidays';
import { Nullable, Uuid } from './common';
import { IsoWeekNumber, TimeOfDay, YearNumber } from './workingHours';

export const HolidayDate = Type.String({ pattern: DATE_PATTERN, maxLength: 10, description: 'YYYY-MM-DD' });

export const HolidaySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  groupId: Uuid,
  date: HolidayDate,
  year: YearNumber,
  weekNo: IsoWeekNumber,
  /** 1 half day, 2 full day (lookup HoliDayType). */
  holidayTypeId: Type.Integer({ minimum: 1, maximum: 2 }),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  reason: Nullable(Type.String({ maxLength: HOLIDAY_REASON_MAX_LENGTH })),
});
export type Holiday = Static<typeof HolidaySchema>;

export const HolidayInput = Type.Object({
  /** 0 (or absent) for a new holiday; in PUT /year/{year} the id of one to keep or change. */
  id: Type.Optional(Type.Integer({ minimum: 0 })),
  groupId: Uuid,
  date: HolidayDate,
  year: Type.Optional(YearNumber),
  weekNo: Type.Optional(IsoWeekNumber),
  holidayTypeId: Type.Integer({ minimum: 1, maximum: 2 }),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  reason: Type.Optional(Nullable(Type.String({ maxLength: HOLIDAY_REASON_MAX_LENGTH }))),
}, { additionalProperties: false });
export type HolidayInput = Static<typeof HolidayInput>;

/** A year has at most 366 days, so no calendar is longer. */
export const HolidayList = Type.Array(HolidayInput, { maxItems: 366 });
export const NewHolidayList = Type.Array(HolidayInput, { minItems: 1, maxItems: 366 });

export const HolidayYearParam = Type.Object({ year: YearNumber });

export const HolidayDeleteResult = Type.Object({ id: Type.Integer() });
