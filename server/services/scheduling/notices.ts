/**
 * Send notice (spec 2 §4; the request, its rules and its answer: src/domain/schemas/notices.ts): the
 * admin's Notify moves the items to NotificationInProgress (applyItemEvent, the status table) and each
 * item's notice is queued in the same transaction to its contact's mobile (the SMS outbox). What the
 * operator makes of each message moves its item on (noticeMoved, called by the outbox's worker).
 */
import { NotificationTemplateType, renderTemplate } from '../../../src/domain/settings/company';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus } from '../../../src/domain/scheduling/enums';
import type { ContactInformation } from '../../../src/domain/schemas/contactInformation';
import type { ManualConfirmationRequest, NotificationRequest, NotificationResult } from '../../../src/domain/schemas/notices';
import type { ScheduleItem } from '../../../src/domain/schemas/scheduling';
import { withReplyCode } from '../../../src/domain/sms/followUps';
import { noticeMergeValues } from '../../../src/domain/sms/notice';
import { replyCodeOf } from '../../../src/domain/sms/reply';
import { contactPhoneE164 } from '../../../src/domain/validation';
import type { UserContext } from '../../auth/context';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { Work } from '../../db/tx';
import { systemActor, userActor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { findItems, findSchedule, toScheduleItem, updateItem } from '../../repositories/scheduling';
import { exampleTemplate, visibleTemplateByKey } from '../../repositories/templates';
import { companyMergeValues, companySmsSender } from '../companySettings';
import { queueSms } from '../smsQueue';
import { withItemAnswerLink } from '../ownerAnswer';
import { needsReplyCode } from '../smsReplies';
import { command } from '../command';
import { applyItemEvent } from './itemEvents';

/** POST /api/Schedule/SendNotification. */
export async function sendNotices(w: Work, user: UserContext, body: NotificationRequest): Promise<NotificationResult> {
  const companyId = requireAdminWithAgreement(user);
  const schedule = await findSchedule(w.tx, companyId, body.scheduleId);
  if (!schedule) throw notFound(`Schedule ${body.scheduleId}`);
  if (schedule.assigneeId !== body.assigneeId || schedule.weekNo !== body.weekNo || schedule.year !== body.year) {
    throw badRequest('body/scheduleId', `is the schedule of plumber ${schedule.assigneeId} in week ${schedule.weekNo} of ${schedule.year}, not the one named`);
  }
  const template = await visibleTemplateByKey(w.tx, companyId, body.notificationTemplateKey);
  if (!template) throw notFound(`Template '${body.notificationTemplateKey}'`);
  if (template.notificationTypeId !== NotificationTemplateType.AppointmentNotice) {
    throw badRequest('body/notificationTemplateKey', 'must name an appointment notice template');
  }
  const ids = [...new Set(body.scheduleItemIds)];
  const outside = (await findItems(w.tx, companyId, ids)).find((i) => i.scheduleId !== schedule.id);
  if (outside) throw badRequest('body/scheduleItemIds', `names item ${outside.id}, which is not in schedule ${schedule.id}`);

  // All or nothing: an item not eligible any more refuses the whole send (the week is read again).
  const { changed } = await applyItemEvent(w, userActor(user), ids, ItemEvent.Notify);
  const company = await companyMergeValues(w.tx, companyId);
  const sender = await companySmsSender(w.tx, companyId);
  const rows = await findItems(w.tx, companyId, changed.map((i) => i.id));
  const noMobile: number[] = [];
  const numberOf = (item: (typeof rows)[number]) => {
    const contact = item.contactInformation as ContactInformation | null;
    return contact?.mobileNo ? contactPhoneE164(contact.mobileNo) : null;
  };
  for (const item of rows.sort((a, b) => a.id - b.id)) {
    const to = numberOf(item);
    if (!to) {
      noMobile.push(item.id);
      continue;
    }
    let text = renderTemplate(template.text, { ...noticeMergeValues(item.startTime, item.endTime, item.address), CompanyName: company.companyName, CompanyPhone: company.companyTelephone });
    // An owner with another item waiting for an answer is asked to name this one's code.
    const sameNumber = rows.filter((r) => numberOf(r) === to).map((r) => r.id);
    if (await needsReplyCode(w.tx, to, item.id, sameNumber)) text = withReplyCode(text, replyCodeOf(item.id));
    // The owner may answer by the link too (services/ownerAnswer.ts).
    text = await withItemAnswerLink(w, item, text);
    await queueSms(w, { companyId, to, text, sender, createdBy: user.userId, kind: 'notice', scheduleItemId: item.id });
  }
  if (noMobile.length) await applyItemEvent(w, systemActor(companyId, user.customerId, 'no contact mobile for the notice'), noMobile, ItemEvent.NoticeFailed);
  const after = await findItems(w.tx, companyId, ids);
  return { scheduleItems: after.sort((a, b) => a.id - b.id).map(toScheduleItem), noMobileItemIds: noMobile };
}

/**
 * A notice's message moved on (the outbox's worker, in the unit of work that moved it): delivered →
 * Notified; refused by the SMS service → SmsApiFailed; failed at the operator → NotificationFailed.
 * Only an item still NotificationInProgress moves (one cancelled meanwhile stays as it is).
 */
export async function noticeMoved(
  w: Work, message: { companyId: string; scheduleItemId: number | null; status: string }, customerId: string, refusedByService: boolean,
): Promise<void> {
  if (message.scheduleItemId === null) return;
  const event = message.status === 'delivered' ? ItemEvent.NoticeSent
    : message.status === 'failed' ? (refusedByService ? ItemEvent.SmsApiFailed : ItemEvent.NoticeFailed) : null;
  if (!event) return;
  const [item] = await findItems(w.tx, message.companyId, [message.scheduleItemId]);
  if (!item || item.status !== ScheduleItemStatus.NotificationInProgress) return;
  await applyItemEvent(w, systemActor(message.companyId, customerId, 'the notice\'s SMS moved on'), [item.id], event);
}

/** PUT /api/ScheduleItemManagement/{id} (rules: src/domain/schemas/notices.ts ManualConfirmationRequestSchema). */
export async function confirmManually(w: Work, user: UserContext, id: number, body: ManualConfirmationRequest): Promise<ScheduleItem> {
  const companyId = requireAdminWithAgreement(user);
  const to = body.sendAcknowledgementMessage ? contactPhoneE164(body.MobileNumber ?? '') : null;
  if (body.sendAcknowledgementMessage && !to) {
    throw badRequest('body/MobileNumber', 'must be 8 digits starting 1-9, or 0047 or + followed by 8 to 10 digits starting 1-9, to send the acknowledgement');
  }
  await applyItemEvent(w, userActor(user), [id], ItemEvent.ConfirmManually);
  if (body.UpdatedScheduleItem.notes !== undefined) {
    const notes = body.UpdatedScheduleItem.notes?.trim() ? body.UpdatedScheduleItem.notes : null;
    await updateItem(w.tx, id, { notes });
  }
  const [item] = await findItems(w.tx, companyId, [id]);
  if (to) {
    const template = await exampleTemplate(w.tx, companyId, NotificationTemplateType.Confirmation);
    if (!template) throw notFound('Confirmation template');
    const company = await companyMergeValues(w.tx, companyId);
    const text = renderTemplate(template.text, {
      ...noticeMergeValues(item.startTime, item.endTime, item.address), CompanyName: company.companyName, CompanyPhone: company.companyTelephone,
    });
    await queueSms(w, { companyId, to, text, sender: await companySmsSender(w.tx, companyId), createdBy: user.userId, kind: 'acknowledgement', scheduleItemId: id });
  }
  return toScheduleItem(item);
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
/** POST /api/Schedule/SendNotification: 200. */
export const sendNoticesCommand = command({ status: 200, run: sendNotices });
/** PUT /api/ScheduleItemManagement/{id}: 200 with the item. */
export const confirmManuallyCommand = command({
  status: 200, run: (w, user, { id, body }: { id: number; body: ManualConfirmationRequest }) => confirmManually(w, user, id, body),
});
