/**
 * Cancelling schedule items, with the optional SMS to the owners, and the template reads of the
 * cancellation dialog (spec 2 §3, §4 Cancel, §5, §7, §9; the request, its rules and its answer:
 * src/domain/schemas/cancellation.ts). The status moves through applyItemEvent (the status table):
 * the items the cancel skips are the table's, not this module's.
 */
import { NotificationTemplateType, renderTemplate, type MergeValues } from '../../../src/domain/settings/company';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import type { CancelRequest, CancelResult, ItemTemplate, SmsSampleTemplate } from '../../../src/domain/schemas/cancellation';
import type { ContactInformation } from '../../../src/domain/schemas/contactInformation';
import type { NotificationTemplate } from '../../../src/domain/schemas/templates';
import { CANCEL_SMS_MAX_SEGMENTS, cancellationMergeValues, cancelSmsProblem } from '../../../src/domain/sms/cancellation';
import { noticeMergeValues } from '../../../src/domain/sms/notice';
import { contactPhoneE164 } from '../../../src/domain/validation';
import type { UserContext } from '../../auth/context';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { DbOrTx, Work } from '../../db/tx';
import { userActor } from '../../http/actor';
import { KeyedConflict, notFound, RuleError } from '../../http/errors';
import { findItems, lockSchedule, toScheduleItem, type ItemRow } from '../../repositories/scheduling';
import { companyMergeValues, companySmsSender } from '../companySettings';
import { queueSms } from '../smsQueue';
import { templateByKey, templateInUse } from '../templates';
import { command } from '../command';
import { applyItemEvent } from './itemEvents';

const SMS_FIELD = 'body/smsTemplateContent';

/** PUT /api/ScheduleItem/CancelledScheduleItem/. */
export async function cancelItems(w: Work, user: UserContext, body: CancelRequest): Promise<CancelResult> {
  const companyId = requireAdminWithAgreement(user);
  const text = body.isSendingSms ? body.smsTemplateContent ?? '' : null;
  if (text !== null && cancelSmsProblem(text) === 'Empty') {
    throw new RuleError(SMS_FIELD, 'is required when an SMS is sent', 'Scheduling.CancelSmsEmpty');
  }
  const named = new Map<number, CancelRequest['scheduleItems'][number]>();
  for (const it of body.scheduleItems) {
    const before = named.get(it.Id);
    if (before && (before.Status !== it.Status || before.CancellationTypeId !== it.CancellationTypeId)) {
      throw new RuleError('body/scheduleItems', `names item ${it.Id} twice, differently`);
    }
    named.set(it.Id, it);
  }
  const ids = [...named.keys()].sort((a, b) => a - b);

  const found = await findItems(w.tx, companyId, ids);
  const missing = ids.find((id) => !found.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(`Schedule item ${missing}`);
  const foreign = found.find((r) => r.assigneeId !== body.assigneeId);
  if (foreign) throw new RuleError('body/scheduleItems', `names item ${foreign.id}, which is not in a schedule of plumber ${body.assigneeId}`);

  // The items' schedules are locked (in id order, as every writer locks them) before the statuses are compared.
  for (const scheduleId of [...new Set(found.map((r) => r.scheduleId))].sort((a, b) => a - b)) await lockSchedule(w.tx, companyId, scheduleId);
  const items = (await findItems(w.tx, companyId, ids)).sort((a, b) => a.id - b.id);
  const stale = items.find((r) => r.status !== named.get(r.id)!.Status);
  if (stale) {
    throw new KeyedConflict(`Schedule item ${stale.id} is in status ${stale.status} now, not ${named.get(stale.id)!.Status}: reload the week`, 'Scheduling.StatusChanged');
  }

  // The messages are made before anything is written: one too long refuses the whole cancel.
  const messages = new Map<number, string>();
  if (text !== null) {
    const company = await companyMergeValues(w.tx, companyId);
    for (const item of items) {
      const message = renderTemplate(text, {
        ...cancellationMergeValues(item.startTime, item.endTime, item.address, body.timeWindowExtensions ?? 0),
        CompanyName: company.companyName, CompanyPhone: company.companyTelephone,
      });
      if (cancelSmsProblem(message)) throw new RuleError(SMS_FIELD, `must fit in ${CANCEL_SMS_MAX_SEGMENTS} SMS (the message to item ${item.id} does not)`, 'Scheduling.CancelSmsTooLong');
      messages.set(item.id, message);
    }
  }

  // One event per reason: each group's items get their own reason written.
  const byReason = new Map<number, number[]>();
  for (const item of items) {
    const reason = named.get(item.id)!.CancellationTypeId;
    byReason.set(reason, [...(byReason.get(reason) ?? []), item.id]);
  }
  const cancelled = new Set<number>();
  for (const [cancellationTypeId, group] of byReason) {
    const { changed } = await applyItemEvent(w, userActor(user), group, ItemEvent.Cancel, { cancellationTypeId });
    for (const c of changed) cancelled.add(c.id);
  }

  const notTexted: CancelResult['notTexted'] = [];
  let smsQueued = 0;
  if (text !== null && cancelled.size) {
    const sender = await companySmsSender(w.tx, companyId);
    for (const item of items.filter((i) => cancelled.has(i.id))) {
      const contact = item.contactInformation as ContactInformation | null;
      const to = contact?.mobileNo ? contactPhoneE164(contact.mobileNo) : null;
      if (!to) {
        notTexted.push({ id: item.id, address: item.address });
        continue;
      }
      await queueSms(w, { companyId, to, text: messages.get(item.id)!, sender, createdBy: user.userId, kind: 'cancellation', scheduleItemId: item.id });
      smsQueued++;
    }
  }
  const after = (await findItems(w.tx, companyId, ids)).sort((a, b) => a.id - b.id);
  return {
    isUpdated: cancelled.size > 0,
    isDeleted: false,
    scheduleItems: after.map(toScheduleItem),
    skipped: items.filter((i) => !cancelled.has(i.id)).map((i) => ({ id: i.id, address: i.address, status: i.status })),
    notTexted,
    smsQueued,
  };
}

/** The company's item, or 404. */
async function companyItem(db: DbOrTx, companyId: string, id: number): Promise<ItemRow> {
  const [item] = await findItems(db, companyId, [id]);
  if (!item) throw notFound(`Schedule item ${id}`);
  return item;
}

/** The template `key` names: a sample's key stands for the one the company uses of its type. */
export async function templateFor(db: DbOrTx, user: UserContext, companyId: string, key: string): Promise<NotificationTemplate> {
  const named = await templateByKey(db, user, key);
  if (!named.isSampleTemplate) return named;
  return (await templateInUse(db, companyId, named.notificationTypeId)) ?? named;
}

/** GET /api/Sms/template/{key}?scheduleItemId=: the template rendered for the item. */
export async function smsTemplateForItem(db: DbOrTx, user: UserContext, key: string, itemId: number): Promise<SmsSampleTemplate> {
  const companyId = requireAdminWithAgreement(user);
  const item = await companyItem(db, companyId, itemId);
  const template = await templateFor(db, user, companyId, key);
  const own = template.notificationTypeId === NotificationTemplateType.Cancellation
    ? cancellationMergeValues(item.startTime, item.endTime, item.address, 0)
    : noticeMergeValues(item.startTime, item.endTime, item.address);
  const values: MergeValues = { ...own, CompanyName: template.companyName, CompanyPhone: template.companyTelephone };
  return {
    key: template.key, notificationTypeId: template.notificationTypeId,
    mergeFields: template.mergeFields.map((f) => ({ ...f, value: values[f.name as keyof MergeValues] ?? '' })),
    text: renderTemplate(template.text, values), templateText: template.text,
    companyName: template.companyName, companyTelephone: template.companyTelephone,
  };
}

/** GET /api/ScheduleItem/{id}/templateKey/{key}: the template and the item. */
export async function itemTemplate(db: DbOrTx, user: UserContext, itemId: number, key: string): Promise<ItemTemplate> {
  const companyId = requireAdminWithAgreement(user);
  const item = await companyItem(db, companyId, itemId);
  return { notificationTemplateDto: await templateFor(db, user, companyId, key), scheduledItemDto: toScheduleItem(item) };
}

// --- the route's command (services/command.ts) ------------------------------------------------------
/** PUT /api/ScheduleItem/CancelledScheduleItem/: 200. */
export const cancelItemsCommand = command({ status: 200, run: cancelItems });
