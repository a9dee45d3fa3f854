/**
 * The follow-up jobs of a schedule item as they run (asked for by scheduling/followUps.ts, worked by
 * workers/owners.ts): a reminder, the reply deadline and the confirmation before an agreed time. Each
 * reads the item again in its own unit of work and does nothing when the step no longer applies: the
 * item was answered, cancelled or moved to another time, or a newer notice was sent after the step
 * was asked for. A message goes through the SMS outbox (queueSms) in the same unit of work, so a job
 * run twice (two processes, a crash after the commit) finds it was done: the message's job id is the
 * step's, and a step already sent leaves a message row the second run sees.
 */
import { NotificationTemplateType, renderTemplate } from '../../../src/domain/settings/company';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus as S } from '../../../src/domain/scheduling/enums';
import { withReplyCode } from '../../../src/domain/sms/followUps';
import { noticeMergeValues } from '../../../src/domain/sms/notice';
import { replyCodeOf } from '../../../src/domain/sms/reply';
import type { SmsKind } from '../../db/schema';
import { advisoryLock, type Work } from '../../db/tx';
import { systemActor } from '../../http/actor';
import { findItems, type ItemRow } from '../../repositories/scheduling';
import { companyCustomerId, latestNoticeOf, smsOfItemSince } from '../../repositories/sms';
import { exampleTemplate } from '../../repositories/templates';
import { companyMergeValues, companySmsSender } from '../companySettings';
import { withItemAnswerLink } from '../ownerAnswer';
import { needsReplyCode } from '../smsReplies';
import { queueSms } from '../smsQueue';
import { inUnitOfWork, type UnitOfWorkDeps } from '../unitOfWork';
import type { FollowUpJob } from './followUps';
import { applyItemEvent } from './itemEvents';

export type FollowUpOutcome = 'sent' | 'moved' | 'stale' | 'done' | 'no-template';

/** The item of a follow-up when it still applies: same start, and no notice sent after the step was asked for. */
async function stillDue(w: Work, job: FollowUpJob, statuses: readonly number[]): Promise<ItemRow | null> {
  await advisoryLock(w.tx, `follow-up:${job.itemId}`);
  const [item] = await findItems(w.tx, job.companyId, [job.itemId]);
  if (!item || !statuses.includes(item.status)) return null;
  if ((item.startTime?.toISOString() ?? null) !== job.start) return null;
  const notice = await latestNoticeOf(w.tx, item.id);
  if (notice && notice.createdAt.getTime() > Date.parse(job.asked) + 1000) return null;
  return item;
}

/** Queues the company's template of `type` for the item to the number its notice went to. */
async function sendItemSms(w: Work, item: ItemRow, type: number, kind: SmsKind, withCode: boolean): Promise<FollowUpOutcome> {
  const notice = await latestNoticeOf(w.tx, item.id);
  if (!notice) return 'stale';
  const template = await exampleTemplate(w.tx, item.companyId, type);
  if (!template) return 'no-template';
  const company = await companyMergeValues(w.tx, item.companyId);
  let text = renderTemplate(template.text, {
    ...noticeMergeValues(item.startTime, item.endTime, item.address), CompanyName: company.companyName, CompanyPhone: company.companyTelephone,
  });
  if (withCode && (await needsReplyCode(w.tx, notice.toNumber, item.id))) text = withReplyCode(text, replyCodeOf(item.id));
  // A reminder carries the answer link as the notice does (services/ownerAnswer.ts).
  if (kind === 'reminder') text = await withItemAnswerLink(w, item, text);
  await queueSms(w, {
    companyId: item.companyId, to: notice.toNumber, text, sender: await companySmsSender(w.tx, item.companyId),
    createdBy: notice.createdBy, kind, scheduleItemId: item.id,
  });
  return 'sent';
}

/** A reminder (job.n of the notice's reminders) to an owner who has not answered. */
export async function sendReminder(deps: UnitOfWorkDeps, job: FollowUpJob): Promise<FollowUpOutcome> {
  return inUnitOfWork(deps, async (w) => {
    const item = await stillDue(w, job, [S.Notified]);
    if (!item) return 'stale';
    const sent = await smsOfItemSince(w.tx, item.id, 'reminder', new Date(job.asked));
    if (sent >= (job.n ?? 1)) return 'done';
    return sendItemSms(w, item, NotificationTemplateType.Reminder, 'reminder', true);
  });
}

/** The reply deadline: an item still Notified becomes NoReply (and its job is asked for under NoReplyAutoJobCreation). */
export async function replyDeadlinePassed(deps: UnitOfWorkDeps, job: FollowUpJob): Promise<FollowUpOutcome> {
  return inUnitOfWork(deps, async (w) => {
    const item = await stillDue(w, job, [S.Notified]);
    if (!item) return 'stale';
    const actor = systemActor(job.companyId, await companyCustomerId(w.tx, job.companyId), 'no answer by the reply deadline');
    await applyItemEvent(w, actor, [item.id], ItemEvent.NoReplyInTime);
    return 'moved';
  });
}

/** The confirmation 24 hours before an agreed time. */
export async function sendConfirmation(deps: UnitOfWorkDeps, job: FollowUpJob): Promise<FollowUpOutcome> {
  return inUnitOfWork(deps, async (w) => {
    const item = await stillDue(w, job, [S.Confirmed, S.JobCreated]);
    if (!item) return 'stale';
    if ((await smsOfItemSince(w.tx, item.id, 'confirmation', new Date(job.asked))) > 0) return 'done';
    return sendItemSms(w, item, NotificationTemplateType.Confirmation, 'confirmation', false);
  });
}
