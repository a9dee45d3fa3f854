/**
 * Plumber availability and unavailable time slots (spec 2 §3 Availability slot, §4, §7; spec 3 §5
 * Availability modal). The spec names the calls, not their shapes: these are ours. The rules of one
 * entry, of overlaps and of the calendar's edit are src/domain/scheduling/availability.ts.
 *
 * - POST /api/PlumberAvailabilitySetting (AvailabilityInput) and POST .../bulk (AvailabilityInput[],
 *   at most AVAILABILITY_BULK_MAX, all or nothing) → 201 AvailabilityWriteResult.
 * - PUT /api/PlumberAvailabilitySetting/{id} (AvailabilityUpdate: the entry's new day, type and
 *   times; the plumber stays) → 200 AvailabilityWriteResult.
 * - DELETE /api/PlumberAvailabilitySetting/{id} and DELETE .../ids (body: ids, at most
 *   AVAILABILITY_BULK_MAX) → 200 AvailabilityDeleteResult. One id of another company (or none) is
 *   404 and nothing is deleted.
 * - GET /api/PlumberAvailabilitySetting/plumber/{id}?from=&to= → AvailabilitySlot[] of plumber {id}
 *   (their registration id), by day and start, `from`..`to` inclusive (from: today in Oslo when not
 *   given; to: open). At most AVAILABILITY_LIST_MAX entries; when more lie in the range the answer ends
 *   with a whole day and the header X-Next-From names the day to ask from next.
 * - POST /api/unavailabletimeslots (UnavailableSlotInput) → 201 UnavailableSlotWriteResult;
 *   GET /api/unavailabletimeslots/schedule/{id} → UnavailableSlot[] of the schedule, by day and start;
 *   DELETE /api/unavailabletimeslots/{id} → 200 { deletedIds }.
 *
 * Who: an admin whose agreement is in force (a plumber 403); the plumber must be a user of the admin's
 * company, and another company's plumbers, entries, schedules and slots are 404. A refused field is
 * 400 naming it, with an errorKey of the planning namespace (Scheduling.Availability…); two entries of
 * a plumber (or two slots of a schedule) overlapping on a day are 409 Scheduling.AvailabilityOverlap;
 * an entry or slot on a past day is read-only (409 Scheduling.AvailabilityPastReadOnly).
 *
 * A write is never refused for the plumber's items already laid: its answer lists, as
 * `overlappedItems`, every laid item of the plumber on the days it wrote that no longer lies inside
 * the plumber's time (working hours less lunch, holidays, absence and unavailable slots, plus extended
 * and available time: the week's facts that planning reads), so the calendar can offer to move them.
 * Open calendars hear every write as a 'plumber notification' SchedulesChanged.
 */
import { Type, type Static } from 'typebox';
import { AVAILABILITY_BULK_MAX, AVAILABILITY_LIST_MAX, AVAILABILITY_REASON_MAX_LENGTH } from '../scheduling/availability';
import { Nullable } from './common';
import { TimeOfDay } from './workingHours';

const Id = Type.Integer({ minimum: 1 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD, an Oslo day' });
/** spec 2 §4 Availability types; only Available 1, Absent 3 and Extended 4 are created here (the rule refuses 2 and 5 naming the field). */
const AvailabilityTypeId = Type.Integer({ minimum: 1, maximum: 5, description: '1 Available, 3 Absent, 4 Extended' });
const Reason = Type.Optional(Nullable(Type.String({ maxLength: AVAILABILITY_REASON_MAX_LENGTH })));

const entryFields = {
  date: Day,
  availabilityTypeId: AvailabilityTypeId,
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  reason: Reason,
};

/** One new entry: a plumber (registration id), an Oslo day and a span on it in 15-minute steps within 06:00–18:00. */
export const AvailabilityInputSchema = Type.Object({ userRegistrationId: Id, ...entryFields }, { additionalProperties: false });
export type AvailabilityInput = Static<typeof AvailabilityInputSchema>;
export const AvailabilityBulkBody = Type.Array(AvailabilityInputSchema, { minItems: 1, maxItems: AVAILABILITY_BULK_MAX });

/** An entry's new day, type and times (PUT); its plumber does not change. */
export const AvailabilityUpdateSchema = Type.Object(entryFields, { additionalProperties: false });
export type AvailabilityUpdate = Static<typeof AvailabilityUpdateSchema>;

export const AvailabilityIdsBody = Type.Array(Id, { minItems: 1, maxItems: AVAILABILITY_BULK_MAX });
export const AvailabilityIdParam = Type.Object({ id: Id });
export const AvailabilityListQuery = Type.Object({
  from: Type.Optional(Type.String({ ...Day, description: 'First day (YYYY-MM-DD), inclusive; today in Oslo when absent' })),
  to: Type.Optional(Type.String({ ...Day, description: 'Last day (YYYY-MM-DD), inclusive; open when absent' })),
});
/** The answer's description: the read is cut at whole days and says where to go on. */
export const AVAILABILITY_LIST_DESCRIPTION = `The plumber's entries by day and start, at most ${AVAILABILITY_LIST_MAX}; when more lie in the range the answer ends with a whole day and the header X-Next-From names the day to ask from next`;

/** spec 2 §3 Availability slot. `availabilitySlotId` is the id again (the calendar's name for it); the *DateTime fields are the Oslo day and times as instants. */
export const AvailabilitySlotSchema = Type.Object({
  id: Type.Integer(),
  availabilitySlotId: Type.Integer(),
  availabilityTypeId: Type.Integer(),
  userRegistrationId: Type.Integer(),
  date: Day,
  /** The ISO week of `date` (spec 2 §3 Availability entry). */
  weekNo: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.String(),
  /** Empty when none was given (spec 2 §3). */
  reason: Type.String(),
  startDateTime: Type.String({ format: 'date-time' }),
  endDateTime: Type.String({ format: 'date-time' }),
});
export type AvailabilitySlot = Static<typeof AvailabilitySlotSchema>;

const OVERLAPPED_DESCRIPTION = "The plumber's laid items on the days written that now lie outside their time (working hours less lunch, "
  + 'holidays, absence and unavailable slots, plus available and extended time), by start; the write is saved, the calendar offers to move them';

/** A laid item of the plumber that a write left outside the plumber's time (see the module's head). */
export const OverlappedItemSchema = Type.Object({
  id: Type.Integer(),
  scheduleId: Type.Integer(),
  status: Type.Integer(),
  address: Type.String(),
  /** Oslo day and HH:mm times, and the same as instants. */
  scheduledDate: Day,
  startTime: Type.String(),
  endTime: Type.String(),
  scheduleStartDateTime: Type.String({ format: 'date-time' }),
  scheduleEndDateTime: Type.String({ format: 'date-time' }),
});
export type OverlappedItem = Static<typeof OverlappedItemSchema>;

export const AvailabilityWriteResultSchema = Type.Object({
  /** The entries as saved, in the order sent. */
  entries: Type.Array(AvailabilitySlotSchema, { description: 'The entries as saved, in the order sent' }),
  /** The plumber's laid items on the written days that now lie outside their time, by start; empty when none. */
  overlappedItems: Type.Array(OverlappedItemSchema, { description: OVERLAPPED_DESCRIPTION }),
});
export type AvailabilityWriteResult = Static<typeof AvailabilityWriteResultSchema>;

export const AvailabilityDeleteResultSchema = Type.Object({
  deletedIds: Type.Array(Type.Integer()),
  /** Laid items on the days of the deleted entries that now lie outside the plumber's time (an extended span taken away). */
  overlappedItems: Type.Array(OverlappedItemSchema, { description: OVERLAPPED_DESCRIPTION }),
});
export type AvailabilityDeleteResult = Static<typeof AvailabilityDeleteResultSchema>;

/** A span of a schedule's week the batch must not use (spec 2 §7 /api/unavailabletimeslots). */
export const UnavailableSlotInputSchema = Type.Object({
  scheduleId: Id,
  /** A day of the schedule's week. */
  date: Day,
  startTime: TimeOfDay,
  endTime: TimeOfDay,
}, { additionalProperties: false });
export type UnavailableSlotInput = Static<typeof UnavailableSlotInputSchema>;

export const UnavailableSlotSchema = Type.Object({
  id: Type.Integer(),
  scheduleId: Type.Integer(),
  date: Day,
  startTime: Type.String(),
  endTime: Type.String(),
  startDateTime: Type.String({ format: 'date-time' }),
  endDateTime: Type.String({ format: 'date-time' }),
});
export type UnavailableSlot = Static<typeof UnavailableSlotSchema>;

export const UnavailableSlotWriteResultSchema = Type.Object({
  slot: UnavailableSlotSchema,
  overlappedItems: Type.Array(OverlappedItemSchema, { description: OVERLAPPED_DESCRIPTION }),
});
export type UnavailableSlotWriteResult = Static<typeof UnavailableSlotWriteResultSchema>;
export const UnavailableSlotDeleteResultSchema = Type.Object({ deletedIds: Type.Array(Type.Integer()) });
