/**
 * A property owner's SMS reply (spec 2 §4 Replies), from whichever door it came in: the provider's
 * signed callback (routes/smsProvider.ts) or the embedded gateway's demo phone (routes/demoPhone.ts).
 *
 * The reply is recorded once per provider message (a callback repeated by the provider applies once)
 * and matched to the item it answers: among the items whose latest notice or reminder went to the
 * owner's number and that still wait for an answer, the one whose reply code the text names (an owner
 * with several open notices is asked to add the code, src/domain/sms/reply.ts replyCodeOf), else the
 * only one. What the text says (readReply) moves it: yes → Confirmed (and its job is asked for,
 * scheduling/followUps.ts), no → Rejected (which keeps the owner's time off the calendar: the blacklist
 * reads Rejected items), anything else → Unknown for an admin to read. A reply to an item still
 * NotificationInProgress proves the notice arrived: it is Notified first.
 *
 * An owner with several open notices who names no code: the newest is set Unknown ('ambiguous'), so an
 * admin reads it rather than booking a time on a guess. A reply to an item that no longer waits (already
 * agreed, cancelled) is kept in its log ('noted'); one from a number no notice went to is kept as
 * 'unmatched'. Phone numbers and texts are never logged.
 */
import { ItemEvent, type ItemEventName } from '../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import { readReply, replyCodeOf, type ReplyAnswer } from '../../src/domain/sms/reply';
import type { SmsReplyOutcome } from '../db/schema';
import { advisoryLock, type Tx, type Work } from '../db/tx';
import { systemActor } from '../http/actor';
import { RuleError } from '../http/errors';
import { findItems, type ItemRow } from '../repositories/scheduling';
import { companyCustomerId, insertReply, noticesToNumber, type NoticeToNumber } from '../repositories/sms';
import { applyItemEvent } from './scheduling/itemEvents';
import { inUnitOfWork, type UnitOfWorkDeps } from './unitOfWork';

export interface InboundSms {
  /** The provider's id of the message: a reply is applied once per id. */
  providerMessageId: string;
  /** The owner's number, E.164. */
  from: string;
  /** Our number it was sent to. */
  to: string;
  text: string;
  receivedAt?: Date;
}

export interface ReplyOutcome {
  /** The provider's message was recorded before: nothing was applied again. */
  duplicate: boolean;
  answer: ReplyAnswer;
  outcome: SmsReplyOutcome;
  scheduleItemId: number | null;
}

/** The statuses of an item that waits for its owner's answer. */
export const AWAITING_ANSWER: readonly number[] = [S.NotificationInProgress, S.Notified, S.NoReply, S.Unknown];
const AWAITING = AWAITING_ANSWER;
/** How far back a notice is looked for (an owner answering a notice of two months ago answers nothing open). */
const REPLY_LOOKBACK_MS = 60 * 86_400_000;
const E164 = /^\+[1-9][0-9]{6,14}$/;
export const REPLY_TEXT_MAX = 1600;
export const PROVIDER_ID_MAX = 100;

/** The notice a reply answers, and what it will do with it. */
export function matchReply(notices: NoticeToNumber[], code: string | null): { target: NoticeToNumber | null; outcome: SmsReplyOutcome } {
  const open = notices.filter((n) => AWAITING.includes(n.status));
  const coded = code ? open.filter((n) => replyCodeOf(n.scheduleItemId) === code) : [];
  if (coded.length === 1) return { target: coded[0], outcome: 'applied' };
  // Two of the owner's open items with one code (four digits: 1 in 9,000): the code cannot tell them apart.
  if (coded.length > 1) return { target: coded[0], outcome: 'ambiguous' };
  if (open.length === 1) return { target: open[0], outcome: 'applied' };
  if (open.length > 1) return { target: open[0], outcome: 'ambiguous' };
  if (notices.length) return { target: notices[0], outcome: 'noted' };
  return { target: null, outcome: 'unmatched' };
}

const EVENT_OF: Record<ReplyAnswer, ItemEventName> = { yes: ItemEvent.OwnerConfirmed, no: ItemEvent.OwnerRejected, unknown: ItemEvent.OwnerUnclear };

/** Records and applies an owner's reply (see the module comment). */
export async function receiveReply(deps: UnitOfWorkDeps, msg: InboundSms): Promise<ReplyOutcome> {
  if (!E164.test(msg.from)) throw new RuleError('from', 'must be an E.164 phone number');
  if (!msg.providerMessageId || msg.providerMessageId.length > PROVIDER_ID_MAX) throw new RuleError('providerMessageId', `must be 1 to ${PROVIDER_ID_MAX} characters`);
  const text = msg.text.slice(0, REPLY_TEXT_MAX);
  const read = readReply(text);
  const receivedAt = msg.receivedAt ?? new Date();

  return inUnitOfWork(deps, async (w): Promise<ReplyOutcome> => {
    // One owner's replies take turns: the second sees what the first did.
    await advisoryLock(w.tx, `sms-reply:${msg.from}`);
    const notices = await noticesToNumber(w.tx, msg.from, new Date(receivedAt.getTime() - REPLY_LOOKBACK_MS));
    const { target, outcome } = matchReply(notices, read.code);
    const row = await insertReply(w.tx, {
      providerMessageId: msg.providerMessageId, fromNumber: msg.from, toNumber: msg.to.slice(0, 40), text, answer: read.answer, outcome,
      companyId: target?.companyId ?? null, scheduleItemId: target?.scheduleItemId ?? null, inReplyTo: target?.messageId ?? null, receivedAt,
    });
    if (!row) return { duplicate: true, answer: read.answer, outcome, scheduleItemId: target?.scheduleItemId ?? null };
    if (!target) return { duplicate: false, answer: read.answer, outcome, scheduleItemId: null };

    w.changes.note(target.companyId, 'messages');
    if (outcome === 'applied' || outcome === 'ambiguous') {
      const [item] = await findItems(w.tx, target.companyId, [target.scheduleItemId]);
      await applyOwnerAnswer(w, item, outcome === 'ambiguous' ? 'unknown' : read.answer, 'the owner replied by SMS');
    }
    return { duplicate: false, answer: read.answer, outcome, scheduleItemId: target.scheduleItemId };
  });
}

/**
 * An owner's answer to an item waiting for one, by SMS or by the answer link (ownerAnswer.ts), in the
 * caller's unit of work (which holds the owner's and the item's turn): an answer before the delivery
 * report proves the notice arrived, so NotificationInProgress is Notified first; then yes → Confirmed
 * (its job is asked for by applyItemEvent's follow-ups, scheduling/followUps.ts), no → Rejected,
 * unknown → Unknown (an item already Unknown stays so: the admin reads both answers).
 */
export async function applyOwnerAnswer(w: Work, item: Pick<ItemRow, 'id' | 'companyId' | 'status'>, answer: ReplyAnswer, reason: string): Promise<void> {
  const actor = systemActor(item.companyId, await companyCustomerId(w.tx, item.companyId), reason);
  if (item.status === S.NotificationInProgress) await applyItemEvent(w, actor, [item.id], ItemEvent.NoticeSent);
  if (answer === 'unknown' && item.status === S.Unknown) return;
  await applyItemEvent(w, actor, [item.id], EVENT_OF[answer]);
}

/**
 * Whether a notice to `number` about item `itemId` must name its reply code: the owner has another
 * item waiting for an answer (`alsoSending`: items notified in the same send).
 */
export async function needsReplyCode(tx: Tx, number: string, itemId: number, alsoSending: readonly number[] = [], now = new Date()): Promise<boolean> {
  if (alsoSending.some((id) => id !== itemId)) return true;
  const open = (await noticesToNumber(tx, number, new Date(now.getTime() - REPLY_LOOKBACK_MS))).filter((n) => AWAITING.includes(n.status));
  return open.some((n) => n.scheduleItemId !== itemId);
}
