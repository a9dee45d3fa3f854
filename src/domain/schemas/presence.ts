/**
 * Who else has a plumber's week open in the calendar (ours; the spec has no such call). The calendar
 * tells the server it has the week open with PUT /api/Schedule/presence every PRESENCE_HEARTBEAT_MS
 * and DELETE /api/Schedule/presence/{viewId} when it leaves (the intervals: scheduling/presence.ts);
 * the answer to each PUT names the other
 * admins of the company who have the same week open. A tab that stops beating (the browser died) is
 * gone after PRESENCE_TTL_SECONDS. When the viewers of a week change the server tells the company's
 * admins (hub NotificationType.PresenceChanged) and open calendars ask again. Admins of a company
 * with an agreement in force only (403 otherwise); a plumber of another company is 404.
 */
import { Type, type Static } from 'typebox';
import { Uuid } from './common';
import { IsoWeekNumber, YearNumber } from './workingHours';

export const PresenceBody = Type.Object({
  /** Made by the tab once per week it shows (a UUID): one admin may have the week open in two tabs. */
  viewId: Uuid,
  assigneeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  year: YearNumber,
  weekNo: IsoWeekNumber,
}, { additionalProperties: false });
export type PresenceBody = Static<typeof PresenceBody>;

export const PresenceViewParam = Type.Object({ viewId: Uuid });

export const PresenceViewerSchema = Type.Object({ name: Type.String({ description: 'The other admin\'s display name' }) });
export type PresenceViewer = Static<typeof PresenceViewerSchema>;

export const PresenceSchema = Type.Object({
  viewers: Type.Array(PresenceViewerSchema, { description: 'The other admins of the company with the same week open now, by name; never the caller' }),
});
export type Presence = Static<typeof PresenceSchema>;
