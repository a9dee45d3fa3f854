/**
 * The error-handling page's list (spec 2 §2.4, §3 "Erroneous schedule item", §4, §9):
 * GET /api/ErroneousScheduleItem -> 200 ErroneousScheduleItem[] ("an object list", spec 2 §7).
 *
 * Ours, where the spec names the page but not which items it lists:
 * - The items an admin must act on: those the owner answered no to or unclearly (Rejected, Unknown),
 *   never answered (NoReply), whose notice did not reach the phone (NotificationFailed, SmsApiFailed),
 *   whose job could not be made (JobCreationFailed), and the Cancelled ones (with their reason, shown
 *   as the class Cancelled or Failure). Items on their way (Scheduled, NotificationInProgress, Notified)
 *   and settled ones (Confirmed, JobCreated, Deviation, Obstacle) are not errors.
 * - The window: items whose time starts from ERRONEOUS_WEEKS_BACK weeks before the current ISO week's
 *   Monday (Oslo) to ERRONEOUS_WEEKS_AHEAD weeks after it (the week picker's 12, spec 2 §9); at most
 *   ERRONEOUS_MAX_ITEMS of them, those with the most notices first.
 * - `numberOfNotifications`: the notices and reminders sent for the item (SMS of kind notice or
 *   reminder, whatever became of them: a failed one was still an attempt to reach the owner).
 * - `dateCancelled`: when the item last changed (its status came with that change); the page shows
 *   it as the date of the status.
 * - `exceedsThreshold`: numberOfNotifications is above the company's ErrorThreshold setting (spec 2
 *   §9); false while the company has not set one.
 * - Sorted by numberOfNotifications descending (spec 2 §2.4), then the latest change first, then id.
 * Admins whose company's agreement is in force (spec 2 §6); a plumber: 403. Only the caller's company.
 */
import { Type, type Static } from 'typebox';
import { CancellationReason } from '../enums';
import { ScheduleItemStatus } from '../scheduling/enums';
import { NOTE_MAX_LENGTH } from '../constants';
import { Nullable, Uuid } from './common';

const S = ScheduleItemStatus;

/** The statuses the error list shows. */
export const ERRONEOUS_STATUSES: readonly number[] = [
  S.Rejected, S.Unknown, S.NoReply, S.NotificationFailed, S.SmsApiFailed, S.JobCreationFailed, S.Cancelled,
];
export const ERRONEOUS_WEEKS_BACK = 8;
export const ERRONEOUS_WEEKS_AHEAD = 12;
export const ERRONEOUS_MAX_ITEMS = 300;

/** The reasons shown as Failure in the error list (spec 2 §4); every other reason is Cancelled. */
export const FAILURE_CANCELLATION_TYPES: readonly number[] = [
  CancellationReason.ExternalFailure, CancellationReason.InternalFailure, CancellationReason.InvalidInformation,
];
export type CancellationClass = 'Cancelled' | 'Failure';
/** The class of a cancellation reason (spec 2 §4); none without a reason. */
export function cancellationClass(cancellationTypeId: number | null | undefined): CancellationClass | null {
  if (cancellationTypeId === null || cancellationTypeId === undefined) return null;
  return FAILURE_CANCELLATION_TYPES.includes(cancellationTypeId) ? 'Failure' : 'Cancelled';
}

export const ErroneousScheduleItemSchema = Type.Object({
  id: Type.Integer(),
  scheduleId: Type.Integer(),
  weekNo: Type.Integer(),
  year: Type.Integer(),
  assigneeId: Type.Integer(),
  assigneeName: Type.String(),
  /** spec 2 §4 status (one of ERRONEOUS_STATUSES). */
  status: Type.Integer(),
  address: Type.String(),
  /** The item's start (ISO instant). */
  scheduleStartDateTime: Nullable(Type.String()),
  numberOfNotifications: Type.Integer({ minimum: 0 }),
  /** When the item last changed: the date of its status (ISO instant). */
  dateCancelled: Type.String(),
  cancellationTypeId: Nullable(Type.Integer()),
  /** spec 2 §4: Cancelled, or Failure for ExternalFailure, InternalFailure and InvalidInformation; null without a reason. */
  cancellationType: Nullable(Type.Union([Type.Literal('Cancelled'), Type.Literal('Failure')])),
  exceedsThreshold: Type.Boolean(),
});
export type ErroneousScheduleItem = Static<typeof ErroneousScheduleItemSchema>;

// --- POST /api/ErroneousScheduleItem/{id}/deviation: submit as deviation (ours; spec 2 §2.4 names the button) ---

const Int4Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** The most causes one submission names (a few of the reference list's). */
export const DEVIATION_SUBMIT_CAUSES_MAX = 10;

export const DeviationSubmitParams = Type.Object({ id: Int4Id });
/**
 * The item is closed as a deviation that shows on its job (spec 2 §2.4): the item's job is made (or the
 * one it has is taken), its task reported "not carried out" with these causes (of the reference list,
 * GET /api/Deviation) and the admin's note, and the job completed; the item becomes Deviation, or
 * Obstacle when every cause is an obstacle (the outcome a plumber's report with them has). `status` is the status the admin saw: another one now is 409 Scheduling.StatusChanged.
 * An item whose meter point has no property in the register cannot have a job: 400
 * Scheduling.NoPropertyForItem, nothing written.
 */
export const DeviationSubmitSchema = Type.Object({
  status: Type.Integer({ minimum: 1, maximum: 14 }),
  deviationIds: Type.Array(Int4Id, { minItems: 1, maxItems: DEVIATION_SUBMIT_CAUSES_MAX, uniqueItems: true }),
  note: Type.Optional(Type.String({ maxLength: NOTE_MAX_LENGTH })),
}, { additionalProperties: false });
export type DeviationSubmit = Static<typeof DeviationSubmitSchema>;

export const DeviationSubmitResultSchema = Type.Object({
  /** The item's job, where the deviation shows. */
  jobId: Uuid,
  /** The job was made by this submission (false: the item had one). */
  jobCreated: Type.Boolean(),
});
export type DeviationSubmitResult = Static<typeof DeviationSubmitResultSchema>;
