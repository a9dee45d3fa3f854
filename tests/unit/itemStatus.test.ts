/**
 * The schedule item's status table (src/domain/scheduling/itemStatus.ts) against spec 2 §4, §2.1:
 * every status × every event, each expected outcome written out here from the spec's sentences (not
 * read back from the table), so a change to the table that the spec does not make fails.
 */
import { describe, expect, it } from 'vitest';
import { CancellationReason } from '../../src/domain/enums';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import {
  ItemEvent, STATUS_RULES, holdsPoint, isDeletable, isMovable, isNotifiable, occupiesTime, rulesOf, transition, type ItemEventName, type Transition,
} from '../../src/domain/scheduling/itemStatus';

const ALL = Object.values(S);
const name = (s: number) => Object.entries(S).find(([, v]) => v === s)![0];
const to = (status: number | null): Transition => ({ kind: 'to', status } as Transition);
const refused = (errorKey = 'Scheduling.StatusNotAllowed'): Transition => ({ kind: 'refused', errorKey });
const skip: Transition = { kind: 'skip' };

/** Each event: the statuses it applies to and where it takes them; every other status is refused (or skipped). */
const EXPECTED: Record<ItemEventName, (s: number) => Transition> = {
  // Send notice: Scheduled, NotificationFailed, SmsApiFailed → NotificationInProgress.
  [ItemEvent.Notify]: (s) => ([S.Scheduled, S.NotificationFailed, S.SmsApiFailed] as number[]).includes(s) ? to(S.NotificationInProgress) : refused(),
  // … then Notified after the sends (or the failures of the send).
  [ItemEvent.NoticeSent]: (s) => s === S.NotificationInProgress ? to(S.Notified) : refused(),
  [ItemEvent.NoticeFailed]: (s) => s === S.NotificationInProgress ? to(S.NotificationFailed) : refused(),
  [ItemEvent.SmsApiFailed]: (s) => s === S.NotificationInProgress ? to(S.SmsApiFailed) : refused(),
  [ItemEvent.OwnerConfirmed]: (s) => ([S.Notified, S.NoReply, S.Unknown] as number[]).includes(s) ? to(S.Confirmed) : refused(),
  [ItemEvent.OwnerRejected]: (s) => ([S.Notified, S.NoReply, S.Unknown] as number[]).includes(s) ? to(S.Rejected) : refused(),
  [ItemEvent.OwnerUnclear]: (s) => ([S.Notified, S.NoReply] as number[]).includes(s) ? to(S.Unknown) : refused(),
  [ItemEvent.NoReplyInTime]: (s) => s === S.Notified ? to(S.NoReply) : refused(),
  // Manual confirmation: offered for Notified, NoReply and Unknown; refused for JobCreated with ChangeStatusErrorMsg.
  [ItemEvent.ConfirmManually]: (s) => ([S.Notified, S.NoReply, S.Unknown] as number[]).includes(s) ? to(S.Confirmed) : refused('Scheduling.ChangeStatusErrorMsg'),
  [ItemEvent.JobCreated]: (s) => ([S.Confirmed, S.JobCreationFailed, S.NoReply] as number[]).includes(s) ? to(S.JobCreated) : refused(),
  [ItemEvent.JobCreationFailed]: (s) => ([S.Confirmed, S.NoReply] as number[]).includes(s) ? to(S.JobCreationFailed) : refused(),
  // The cancellation action skips Confirmed, JobCreated, JobCreationFailed and Cancelled.
  [ItemEvent.Cancel]: (s) => ([S.Confirmed, S.JobCreated, S.JobCreationFailed, S.Cancelled] as number[]).includes(s) ? skip : to(S.Cancelled),
  // Ours (spec 1 §4): the admin cancels the job made for the item; an item already Cancelled is passed by, a reported one refused.
  [ItemEvent.JobCancelled]: (s) => s === S.Cancelled ? skip : ([S.JobCreated, S.JobCreationFailed] as number[]).includes(s) ? to(S.Cancelled) : refused(),
  [ItemEvent.Deviation]: (s) => s === S.JobCreated ? to(S.Deviation) : refused(),
  [ItemEvent.Obstacle]: (s) => s === S.JobCreated ? to(S.Obstacle) : refused(),
  // Ours (spec 2 §2.4): the error page's submit as deviation, for an item the owner refused, answered unclearly
  // or not at all, whose notice failed or whose job could not be made; not a closed (Cancelled) or settled one.
  [ItemEvent.DeviationSubmitted]: (s) => ([S.Rejected, S.Unknown, S.NoReply, S.NotificationFailed, S.SmsApiFailed, S.JobCreationFailed] as number[]).includes(s)
    ? to(S.Deviation) : refused(),
  [ItemEvent.ObstacleSubmitted]: (s) => ([S.Rejected, S.Unknown, S.NoReply, S.NotificationFailed, S.SmsApiFailed, S.JobCreationFailed] as number[]).includes(s)
    ? to(S.Obstacle) : refused(),
  // Dragging: only Scheduled or NotificationFailed; Notified items cannot be re-timed (cancel instead).
  [ItemEvent.Move]: (s) => ([S.Scheduled, S.NotificationFailed] as number[]).includes(s) ? to(s) : refused(),
  [ItemEvent.Relay]: (s) => ([S.Scheduled, S.NotificationFailed] as number[]).includes(s) ? to(s) : refused(),
  // Delete is offered only for Scheduled or Cancelled items.
  [ItemEvent.Delete]: (s) => ([S.Scheduled, S.Cancelled] as number[]).includes(s) ? to(null) : refused('Scheduling.FailedToDeleteSelectedItem'),
};

describe('the schedule item status table (spec 2 §4)', () => {
  it('has a row for each of the 14 statuses and nothing else', () => {
    expect(ALL).toHaveLength(14);
    expect(Object.keys(STATUS_RULES).map(Number).sort((a, b) => a - b)).toEqual([...ALL].sort((a, b) => a - b));
  });

  for (const event of Object.values(ItemEvent)) {
    it(`walks "${event}" from every status`, () => {
      for (const s of ALL) expect(transition({ status: s }, event), `${name(s)} on ${event}`).toEqual(EXPECTED[event](s));
    });
  }

  it('a NotificationFailed item cancelled for invalid information is not notified again; other reasons are', () => {
    expect(transition({ status: S.NotificationFailed, cancellationTypeId: CancellationReason.InvalidInformation }, ItemEvent.Notify)).toEqual(refused());
    expect(isNotifiable({ status: S.NotificationFailed, cancellationTypeId: CancellationReason.InvalidInformation })).toBe(false);
    for (const reason of Object.values(CancellationReason).filter((r) => r !== CancellationReason.InvalidInformation)) {
      expect(isNotifiable({ status: S.NotificationFailed, cancellationTypeId: reason })).toBe(true);
    }
    // Only NotificationFailed carries that exception (Scheduled and SmsApiFailed are eligible as they are).
    expect(isNotifiable({ status: S.SmsApiFailed, cancellationTypeId: CancellationReason.InvalidInformation })).toBe(true);
  });

  it('colours the cards as the spec groups them', () => {
    const groups: Record<string, number[]> = {
      white: [S.Scheduled],
      green: [S.Confirmed, S.JobCreated, S.Obstacle, S.Deviation],
      orange: [S.NoReply, S.Unknown, S.Rejected],
      grey: [S.Notified, S.NotificationInProgress],
      red: [S.JobCreationFailed, S.NotificationFailed, S.SmsApiFailed],
      cancelled: [S.Cancelled],
    };
    for (const [colour, statuses] of Object.entries(groups)) for (const s of statuses) expect(rulesOf(s).colour, name(s)).toBe(colour);
    expect(Object.values(groups).flat().sort((a, b) => a - b)).toEqual([...ALL].sort((a, b) => a - b));
  });

  it('offers cancel, notes, the SMS log and the markers as the spec says', () => {
    for (const s of ALL) {
      const r = rulesOf(s);
      expect(r.cancelOffered, `cancel offered, ${name(s)}`).toBe(!([S.JobCreationFailed, S.Confirmed, S.JobCreated] as number[]).includes(s));
      expect(r.noteAddable, `note added, ${name(s)}`).toBe(!([S.Confirmed, S.JobCreated, S.Cancelled, S.Rejected] as number[]).includes(s));
      expect(r.noteReadOnly, `note read-only, ${name(s)}`).toBe(([S.JobCreated, S.JobCreationFailed, S.Confirmed, S.Rejected] as number[]).includes(s));
      expect(r.smsLogHidden, `SMS log hidden, ${name(s)}`).toBe(s === S.NotificationInProgress);
      expect(r.confirmable, `manually agreed, ${name(s)}`).toBe(([S.Notified, S.NoReply, S.Unknown] as number[]).includes(s));
      expect(r.marker, `marker, ${name(s)}`).toBe(s === S.Cancelled ? 'cancelled' : s === S.Obstacle ? 'obstacle' : null);
      expect(holdsPoint(s), `holds its point, ${name(s)}`).toBe(s !== S.Cancelled);
      expect(isMovable(s)).toBe(transition({ status: s }, ItemEvent.Move).kind === 'to');
      expect(isDeletable(s)).toBe(transition({ status: s }, ItemEvent.Delete).kind === 'to');
    }
  });

  it('holds time unless cancelled or cancelled for invalid information (spec 2 §4 free slots)', () => {
    for (const s of ALL) {
      expect(occupiesTime({ status: s })).toBe(s !== S.Cancelled);
      expect(occupiesTime({ status: s, cancellationTypeId: CancellationReason.InvalidInformation })).toBe(false);
    }
  });

  it('a status number outside the spec allows nothing', () => {
    for (const event of Object.values(ItemEvent)) expect(transition({ status: 99 }, event).kind, event).not.toBe('to');
    expect(isMovable(null)).toBe(false);
    expect(isDeletable(undefined)).toBe(false);
  });

  it('every error key a refusal names has a text in nb and en', async () => {
    const keys = new Set<string>();
    for (const event of Object.values(ItemEvent)) for (const s of [...ALL, 99]) {
      const t = transition({ status: s }, event);
      if (t.kind === 'refused') keys.add(t.errorKey);
    }
    for (const lang of ['nb', 'en']) {
      const texts = (await import(`../../src/i18n/${lang}/planning.json`)).default as { Scheduling: Record<string, string> };
      for (const key of keys) expect(texts.Scheduling[key.replace('Scheduling.', '')], `${lang} ${key}`).toBeTruthy();
    }
  });
});
