/**
 * The plumber's own planned week (spec 1 §2 /schedule and /schedule/history, spec 2 §3 Schedule item),
 * ours: GET /api/Schedule/mine?from&to (YYYY-MM-DD, Oslo days, both inclusive) answers the signed-in
 * user's laid schedule items whose start falls in the range, in any of their schedules, oldest first.
 * Without a range: from the Monday four weeks back to the Sunday twelve weeks ahead (the week picker's
 * 12, spec 2 §9). A range over MY_SCHEDULE_MAX_DAYS days, or `to` before `from`, is 400. Items that
 * hold no time (Cancelled, or cancelled for invalid information: spec 2 §4 free slots) are left out.
 * The device keeps the answer (src/data/mySchedule.ts), so My schedule opens offline.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './common';

export const MY_SCHEDULE_MAX_DAYS = 140;
/** The most items one answer holds (a plumber's four months are a few hundred). */
export const MY_SCHEDULE_MAX_ITEMS = 2000;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, description: 'YYYY-MM-DD' });

export const MyScheduleQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) });

export const MyScheduleItemSchema = Type.Object({
  id: Type.Integer(),
  scheduleId: Type.Integer(),
  weekNo: Type.Integer(),
  year: Type.Integer(),
  status: Type.Integer(),
  address: Type.String(),
  /** The assignment type (1 New, 2 Replacement, 3 Dismantle). */
  objectType: Type.Integer(),
  /** The Oslo day, and the start and end as instants. */
  scheduledDate: Day,
  scheduleStartDateTime: Type.String(),
  scheduleEndDateTime: Type.String(),
  duration: Type.Integer(),
  notes: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type MyScheduleItem = Static<typeof MyScheduleItemSchema>;

export const MyScheduleSchema = Type.Object({
  from: Day,
  to: Day,
  items: Type.Array(MyScheduleItemSchema, { maxItems: MY_SCHEDULE_MAX_ITEMS }),
});
export type MySchedule = Static<typeof MyScheduleSchema>;
