/**
 * The schedule item's statuses (spec 2 §4), once for server and client: what each status allows
 * (drag, delete, lay again, notify, cancel, confirm, note, SMS log, colour, marker, time held) and
 * which event moves it where. Every list of statuses the product acts on is read from here; the
 * calendar's drop, the notices and the SMS replies (a signed-in admin or the system acting for a
 * company) take their transitions from `transition`.
 *
 * From the spec (2 §4, §2.1, §8):
 * - Send notice: Scheduled, NotificationFailed (unless cancelled for InvalidInformation) and
 *   SmsApiFailed → NotificationInProgress, then Notified after the sends. Notified items are not
 *   notified again, re-timed or given another duration (cancel instead).
 * - Dragging (and so re-timing, a new duration, being laid again by a plan): Scheduled or NotificationFailed.
 * - Manual confirmation: Notified, NoReply and Unknown → Confirmed; refused (Scheduling.ChangeStatusErrorMsg)
 *   for JobCreated, and, ours, for every other status the spec does not offer it for.
 * - Cancel: not offered for JobCreationFailed, Confirmed or JobCreated; the cancel action skips
 *   Confirmed, JobCreated, JobCreationFailed and Cancelled (skipped, not refused).
 * - Notes: none added on Confirmed, JobCreated, Cancelled or Rejected cards; read-only on JobCreated,
 *   JobCreationFailed, Confirmed and Rejected (so a JobCreationFailed card opens its note, save disabled).
 * - SMS log: hidden while NotificationInProgress.
 * - Delete (the planning page's selection list): Scheduled or Cancelled; else Scheduling.FailedToDeleteSelectedItem.
 * - Free slots: a Cancelled item, or one cancelled for InvalidInformation, holds no time.
 * - Colours: Scheduled white; Confirmed, JobCreated, Obstacle, Deviation light green; NoReply,
 *   Unknown and Rejected orange; Notified and NotificationInProgress light grey; JobCreationFailed,
 *   NotificationFailed and SmsApiFailed red. (Cancelled: none in the spec; ours, grey with the
 *   cancelled marker.)
 *
 * Ours, where the spec names the statuses but not the events between them (the SMS lifecycle):
 * - a notice sent → Notified, failed at the operator → NotificationFailed, refused by the SMS API → SmsApiFailed;
 * - the owner's reply to a Notified, NoReply or Unknown item: yes → Confirmed, no → Rejected, not
 *   understood → Unknown (from Notified or NoReply);
 * - no reply by the deadline: Notified → NoReply;
 * - the job made for a Confirmed item (JobCreationFailed tried again too) → JobCreated, or JobCreationFailed;
 * - the plumber's job reports a deviation or an obstacle: JobCreated → Deviation / Obstacle;
 * - the admin cancels the job made for the item (spec 1 §4: an automatically created job's delete is a
 *   cancellation, DELETE /api/Jobs): JobCreated (or JobCreationFailed) → Cancelled with the reason; an
 *   item already Cancelled is skipped; a reported one (Deviation, Obstacle) or any other is refused (the
 *   job rules refuse deleting a reported job before: canDeleteJob in src/domain/jobs/rules.ts).
 * - the admin submits an item of the error-handling page as a deviation (spec 2 §2.4): an item the owner
 *   answered no to or unclearly, never answered, whose notice failed or whose job could not be made
 *   (Rejected, Unknown, NoReply, NotificationFailed, SmsApiFailed, JobCreationFailed: DEVIATION_SUBMITTABLE)
 *   → Deviation, or Obstacle when every cause chosen is an obstacle (as a plumber's report decides), its
 *   job made (or the one it has taken) with its task reported so.
 */
import { CancellationReason } from '../enums';
import { ScheduleItemStatus, type ScheduleItemStatusId } from './enums';

const S = ScheduleItemStatus;

export type CardColour = 'white' | 'green' | 'orange' | 'grey' | 'red' | 'cancelled';

export interface StatusRules {
  /** The card's colour group. */
  colour: CardColour;
  /** Dragged, re-timed, given another duration, and laid again by a plan from its start. */
  movable: boolean;
  /** Deleted from the planning page's selection list. */
  deletable: boolean;
  /** Offered by the calendar's Cancel. */
  cancelOffered: boolean;
  /** Skipped by the cancel action (left as it is, not an error). */
  cancelSkipped: boolean;
  /** Offered "Manually agreed". */
  confirmable: boolean;
  /** The card menu offers Notes (the note opens read-only where `noteReadOnly`: JobCreationFailed). */
  noteAddable: boolean;
  /** An existing note is shown read-only, save disabled. */
  noteReadOnly: boolean;
  /** The contact and SMS log is hidden. */
  smsLogHidden: boolean;
  /** The item still holds its meter point (every status but Cancelled). */
  holdsPoint: boolean;
  /** The coloured marker the selection list keeps. */
  marker: 'cancelled' | 'obstacle' | null;
}

const rules = (colour: CardColour, flags: Partial<Omit<StatusRules, 'colour'>>): StatusRules => ({
  colour, movable: false, deletable: false, cancelOffered: true, cancelSkipped: false, confirmable: false,
  noteAddable: true, noteReadOnly: false, smsLogHidden: false, holdsPoint: true, marker: null, ...flags,
});

/** The table: one row per status of spec 2 §4. */
export const STATUS_RULES: Readonly<Record<ScheduleItemStatusId, StatusRules>> = {
  [S.Scheduled]: rules('white', { movable: true, deletable: true }),
  [S.NotificationInProgress]: rules('grey', { smsLogHidden: true }),
  [S.Notified]: rules('grey', { confirmable: true }),
  [S.NotificationFailed]: rules('red', { movable: true }),
  [S.Confirmed]: rules('green', { cancelOffered: false, cancelSkipped: true, noteAddable: false, noteReadOnly: true }),
  [S.Rejected]: rules('orange', { noteAddable: false, noteReadOnly: true }),
  [S.Cancelled]: rules('cancelled', { deletable: true, cancelSkipped: true, noteAddable: false, holdsPoint: false, marker: 'cancelled' }),
  [S.Unknown]: rules('orange', { confirmable: true }),
  [S.JobCreated]: rules('green', { cancelOffered: false, cancelSkipped: true, noteAddable: false, noteReadOnly: true }),
  [S.JobCreationFailed]: rules('red', { cancelOffered: false, cancelSkipped: true, noteReadOnly: true }),
  [S.NoReply]: rules('orange', { confirmable: true }),
  [S.Deviation]: rules('green', {}),
  [S.Obstacle]: rules('green', { marker: 'obstacle' }),
  [S.SmsApiFailed]: rules('red', {}),
};

/** The rules of `status`; an unknown number (not of spec 2 §4) allows nothing. */
export function rulesOf(status: number | null | undefined): StatusRules {
  return STATUS_RULES[status as ScheduleItemStatusId] ?? NOTHING;
}
const NOTHING: StatusRules = {
  colour: 'white', movable: false, deletable: false, cancelOffered: false, cancelSkipped: true, confirmable: false,
  noteAddable: false, noteReadOnly: true, smsLogHidden: false, holdsPoint: true, marker: null,
};

/** The card's colour group on the calendar (spec 2 §4 card colour groups). */
export const cardColour = (status: number | null | undefined): CardColour => rulesOf(status).colour;

interface ItemFacts { status: number; cancellationTypeId?: number | null }

/** Dragged, re-timed, a new duration, laid again by a plan (spec 2 §4 Dragging; Notified ones: cancel instead). */
export const isMovable = (status: number | null | undefined): boolean => rulesOf(status).movable;
/** The planning page's delete (spec 2 §2.1). */
export const isDeletable = (status: number | null | undefined): boolean => rulesOf(status).deletable;
/** Whether the item holds its point: any status but Cancelled. */
export const holdsPoint = (status: number | null | undefined): boolean => rulesOf(status).holdsPoint;

/**
 * Whether an item holds its minutes (spec 2 §4 free slots: a cancelled item's slot is free, and so is
 * one cancelled for invalid information). The database's overlap constraint uses the same rule.
 */
export const occupiesTime = (item: ItemFacts): boolean =>
  item.status !== S.Cancelled && item.cancellationTypeId !== CancellationReason.InvalidInformation;

/** Eligible for Send notice (spec 2 §4). */
export const isNotifiable = (item: ItemFacts): boolean =>
  item.status === S.Scheduled || item.status === S.SmsApiFailed
  || (item.status === S.NotificationFailed && item.cancellationTypeId !== CancellationReason.InvalidInformation);

/** What a card the admin sent a notice for may become without the owner: what the send itself leads to. */
export const NOTICE_OUTCOMES: readonly number[] = [S.NotificationInProgress, S.Notified, S.NotificationFailed, S.SmsApiFailed];
/** What a card the admin agreed manually may become without them: the job made for it, or its failure. */
export const CONFIRMATION_OUTCOMES: readonly number[] = [S.Confirmed, S.JobCreated, S.JobCreationFailed];

/** What happens to an item. */
export const ItemEvent = {
  /** The admin sends a notice (Send notice confirmed). */
  Notify: 'notify',
  NoticeSent: 'noticeSent',
  NoticeFailed: 'noticeFailed',
  SmsApiFailed: 'smsApiFailed',
  OwnerConfirmed: 'ownerConfirmed',
  OwnerRejected: 'ownerRejected',
  OwnerUnclear: 'ownerUnclear',
  NoReplyInTime: 'noReplyInTime',
  /** The admin's "Manually agreed". */
  ConfirmManually: 'confirmManually',
  JobCreated: 'jobCreated',
  JobCreationFailed: 'jobCreationFailed',
  Cancel: 'cancel',
  /** The admin cancels the automatically created job made for the item (spec 1 §4). */
  JobCancelled: 'jobCancelled',
  Deviation: 'deviation',
  Obstacle: 'obstacle',
  /** The admin submits the item as a deviation from the error-handling page, with a cause of type deviation among its causes … */
  DeviationSubmitted: 'deviationSubmitted',
  /** … or with obstacles only (spec 1 §4: the report's outcome follows its causes). */
  ObstacleSubmitted: 'obstacleSubmitted',
  /** Dragged or re-timed on the calendar, or given another duration. */
  Move: 'move',
  /** Laid again by a plan from its start. */
  Relay: 'relay',
  /** Deleted from the planning page's selection list. */
  Delete: 'delete',
} as const;
export type ItemEventName = (typeof ItemEvent)[keyof typeof ItemEvent];

/**
 * Where an event takes an item: `to` its new status (the same one for a move or a relay, null for a
 * delete), `skip` when the action passes it by as the spec says (cancel), or `refused` with the
 * spec's error key where it has one (else ours, `Scheduling.StatusNotAllowed`).
 */
export type Transition =
  | { kind: 'to'; status: ScheduleItemStatusId | null }
  | { kind: 'skip' }
  | { kind: 'refused'; errorKey: string };

const to = (status: ScheduleItemStatusId | null): Transition => ({ kind: 'to', status });
const refused = (errorKey = 'Scheduling.StatusNotAllowed'): Transition => ({ kind: 'refused', errorKey });

/** What the error-handling page may submit as a deviation (ItemEvent.DeviationSubmitted). */
export const DEVIATION_SUBMITTABLE: readonly number[] = [S.Rejected, S.Unknown, S.NoReply, S.NotificationFailed, S.SmsApiFailed, S.JobCreationFailed];

const FROM: Partial<Record<ItemEventName, { from: readonly number[]; to: ScheduleItemStatusId }>> = {
  [ItemEvent.NoticeSent]: { from: [S.NotificationInProgress], to: S.Notified },
  [ItemEvent.NoticeFailed]: { from: [S.NotificationInProgress], to: S.NotificationFailed },
  [ItemEvent.SmsApiFailed]: { from: [S.NotificationInProgress], to: S.SmsApiFailed },
  [ItemEvent.OwnerConfirmed]: { from: [S.Notified, S.NoReply, S.Unknown], to: S.Confirmed },
  [ItemEvent.OwnerRejected]: { from: [S.Notified, S.NoReply, S.Unknown], to: S.Rejected },
  [ItemEvent.OwnerUnclear]: { from: [S.Notified, S.NoReply], to: S.Unknown },
  [ItemEvent.NoReplyInTime]: { from: [S.Notified], to: S.NoReply },
  // From NoReply when the company's NoReplyAutoJobCreation setting is on (spec 3): the job is made unanswered.
  [ItemEvent.JobCreated]: { from: [S.Confirmed, S.JobCreationFailed, S.NoReply], to: S.JobCreated },
  [ItemEvent.JobCreationFailed]: { from: [S.Confirmed, S.NoReply], to: S.JobCreationFailed },
  [ItemEvent.Deviation]: { from: [S.JobCreated], to: S.Deviation },
  [ItemEvent.Obstacle]: { from: [S.JobCreated], to: S.Obstacle },
  [ItemEvent.JobCancelled]: { from: [S.JobCreated, S.JobCreationFailed], to: S.Cancelled },
  [ItemEvent.DeviationSubmitted]: { from: DEVIATION_SUBMITTABLE, to: S.Deviation },
  [ItemEvent.ObstacleSubmitted]: { from: DEVIATION_SUBMITTABLE, to: S.Obstacle },
};

/** The transition of `item` on `event` (see the module comment for the table it follows). */
export function transition(item: ItemFacts, event: ItemEventName): Transition {
  const r = rulesOf(item.status);
  switch (event) {
    case ItemEvent.Notify:
      return isNotifiable(item) ? to(S.NotificationInProgress) : refused();
    case ItemEvent.ConfirmManually:
      return r.confirmable ? to(S.Confirmed) : refused('Scheduling.ChangeStatusErrorMsg');
    case ItemEvent.Cancel:
      return r.cancelSkipped ? { kind: 'skip' } : to(S.Cancelled);
    case ItemEvent.Move:
    case ItemEvent.Relay:
      return r.movable ? to(item.status as ScheduleItemStatusId) : refused();
    case ItemEvent.Delete:
      return r.deletable ? to(null) : refused('Scheduling.FailedToDeleteSelectedItem');
    case ItemEvent.JobCancelled:
      if (item.status === S.Cancelled) return { kind: 'skip' };
      return FROM[event]!.from.includes(item.status) ? to(S.Cancelled) : refused();
    default: {
      const step = FROM[event];
      return step && step.from.includes(item.status) ? to(step.to) : refused();
    }
  }
}
