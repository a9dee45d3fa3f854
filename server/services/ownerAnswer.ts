/**
 * A property owner answers a notice by its link as well as by SMS (spec 2 §4 Replies). Each notice and
 * reminder carries `{public URL}/a/{token}` (src/domain/sms/answerLink.ts; `answerLinkFor`), whose
 * token (security/ownerLink.ts) names the schedule item and expires at the appointment's start. No
 * sign-in: the token is checked (routes/ownerAnswer.ts) before anything is read, and what the page is
 * shown is only what the notice itself said: the day and time range in Oslo time, the address, the
 * company's name and phone, and where the item stands (open, confirmed, rejected, cancelled, other).
 *
 * The answer moves the item as an SMS reply does (services/smsReplies.ts receiveReply): an item still
 * NotificationInProgress is Notified first, then yes → OwnerConfirmed (its job is asked for by
 * applyItemEvent's follow-ups), no → OwnerRejected ("asks for another time"). It applies once,
 * whichever comes first: the work takes the lock an SMS reply from the owner's number takes
 * (`sms-reply:{number}`, the number the item's notice went to) and then the item's follow-up lock (as
 * the reminders and the reply deadline do: followUpWork.ts), and reads the item again under them; an
 * item no longer awaiting an answer (AWAITING_ANSWER: answered by SMS, by the link, or by the office)
 * is not moved, and the page says what was agreed.
 *
 * The answer is kept in the SMS log (sms_replies, shown by the Contact and SMS log page) as "JA
 * (lenke)" or "NEI (lenke)" from the owner's number, to 'link', with provider message id
 * `link:{itemId}:{notice id}`: one per notice, so a second click (or a click after the item was
 * answered another way, kept as 'noted') records nothing more.
 */
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import type { OwnerAnswerResult, OwnerAnswerState, OwnerAppointment } from '../../src/domain/schemas/ownerAnswer';
import { answerLinkUrl, withAnswerLink } from '../../src/domain/sms/answerLink';
import { noticeMergeValues } from '../../src/domain/sms/notice';
import { advisoryLock, type DbOrTx, type Work } from '../db/tx';
import { itemOfAnswerLink } from '../repositories/ownerAnswer';
import type { ItemRow } from '../repositories/scheduling';
import { insertReply, latestNoticeOf } from '../repositories/sms';
import { ownerAnswerToken } from '../security/ownerLink';
import { companyMergeValues } from './companySettings';
import { applyOwnerAnswer, AWAITING_ANSWER } from './smsReplies';
import { inUnitOfWork, type UnitOfWorkDeps } from './unitOfWork';

export type OwnerAnswer = 'yes' | 'no';

const AGREED: readonly number[] = [S.Confirmed, S.JobCreated, S.JobCreationFailed, S.Deviation, S.Obstacle];

/** Where an item stands, as its owner's page says it. */
export function ownerAnswerState(status: number): OwnerAnswerState {
  if (AWAITING_ANSWER.includes(status)) return 'open';
  if (AGREED.includes(status)) return 'confirmed';
  if (status === S.Rejected) return 'rejected';
  if (status === S.Cancelled) return 'cancelled';
  return 'other';
}

async function appointmentOf(db: DbOrTx, item: ItemRow): Promise<OwnerAppointment> {
  const { Date: date, TimeRange: timeRange, MeterAddress: address } = noticeMergeValues(item.startTime, item.endTime, item.address);
  const company = await companyMergeValues(db, item.companyId);
  return { date, timeRange, address, companyName: company.companyName, companyPhone: company.companyTelephone, state: ownerAnswerState(item.status) };
}

/** The appointment a verified token names, or null when the item is gone. */
export async function ownerAppointment(db: DbOrTx, itemId: number): Promise<OwnerAppointment | null> {
  const item = await itemOfAnswerLink(db, itemId);
  return item ? appointmentOf(db, item) : null;
}

/** Applies the owner's answer to item `itemId` (a verified token's), once; null when the item is gone. */
export async function answerByLink(deps: UnitOfWorkDeps, itemId: number, answer: OwnerAnswer, receivedAt = new Date()): Promise<OwnerAnswerResult | null> {
  return inUnitOfWork(deps, async (w): Promise<OwnerAnswerResult | null> => {
    const notice = await latestNoticeOf(w.tx, itemId);
    // The same turn an SMS reply from this owner takes, then the item's own (see the module comment).
    if (notice) await advisoryLock(w.tx, `sms-reply:${notice.toNumber}`);
    await advisoryLock(w.tx, `follow-up:${itemId}`);
    const item = await itemOfAnswerLink(w.tx, itemId);
    if (!item) return null;
    const open = !!notice && AWAITING_ANSWER.includes(item.status);
    if (notice) {
      const row = await insertReply(w.tx, {
        providerMessageId: `link:${itemId}:${notice.id}`, fromNumber: notice.toNumber, toNumber: 'link', text: answer === 'yes' ? 'JA (lenke)' : 'NEI (lenke)',
        answer, outcome: open ? 'applied' : 'noted', companyId: item.companyId, scheduleItemId: item.id, inReplyTo: notice.id, receivedAt,
      });
      if (row) w.changes.note(item.companyId, 'messages');
    }
    if (!open) return { applied: false, appointment: await appointmentOf(w.tx, item) };

    await applyOwnerAnswer(w, item, answer, 'the owner answered by the link');
    const after = await itemOfAnswerLink(w.tx, itemId);
    return { applied: true, appointment: await appointmentOf(w.tx, after ?? item) };
  });
}

/**
 * `text` with the answer link of `item` as its last line (the notice's and the reminders'). The link
 * needs the server's public URL (the unit of work's, from the configuration) and a start to expire at.
 */
export async function withItemAnswerLink(w: Work, item: Pick<ItemRow, 'id' | 'startTime'>, text: string): Promise<string> {
  if (!w.publicUrl) throw new Error('an owner\'s answer link needs the server\'s public URL (config.publicUrl)');
  if (!item.startTime) throw new Error(`item ${item.id} has no time to answer`);
  return withAnswerLink(text, answerLinkUrl(w.publicUrl, await ownerAnswerToken(w.tx, item.id, item.startTime)));
}
