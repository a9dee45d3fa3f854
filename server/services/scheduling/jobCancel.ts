/**
 * Cancelling the schedule items of automatically created jobs, with the optional SMS to the owners
 * (spec 1 §3 "Delete jobs payload", §4 "Automatically created jobs open a cancellation dialog (with
 * optional SMS) instead of a delete confirmation"; the request's rules: DeleteJobsBody in
 * src/domain/schemas/jobs.ts). DELETE /api/Jobs calls it in its own unit of work, under the company's
 * jobs lock and before the jobs are deleted, so the item, the job and the SMS commit together or not
 * at all, and a replay with the same Idempotency-Key is answered from the stored answer (one SMS).
 *
 * Who may: an admin of a company whose agreement is in force (spec 2 §6, as the calendar's cancel; a
 * plumber, even on a job of their own, is 403: the item is the admin's). The status moves through
 * applyItemEvent (JobCancelled: JobCreated or JobCreationFailed → Cancelled with the reason); the
 * item's follow-ups (reminders, the confirmation 24 hours before) read its status when they run and
 * send nothing for a Cancelled one. The cancelled item joins the blacklist (GET /api/ScheduleBlacklist
 * reads Cancelled and Rejected items), as a calendar cancel does: the owner was told the visit of that
 * day is off, so no drop books them again that day.
 */
import { CancellationReason } from '../../../src/domain/enums';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import type { DeleteJobsRequest, DeletedJobs } from '../../../src/domain/schemas/jobs';
import type { ContactInformation } from '../../../src/domain/schemas/contactInformation';
import { NotificationTemplateType, renderTemplate } from '../../../src/domain/settings/company';
import { CANCEL_SMS_MAX_SEGMENTS, cancellationMergeValues, cancelSmsProblem } from '../../../src/domain/sms/cancellation';
import { contactPhoneE164 } from '../../../src/domain/validation';
import type { UserContext } from '../../auth/context';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { Work } from '../../db/tx';
import { userActor } from '../../http/actor';
import { HttpError, RuleError } from '../../http/errors';
import { findItems, type ItemRow } from '../../repositories/scheduling';
import { companyMergeValues, companySmsSender } from '../companySettings';
import { queueSms } from '../smsQueue';
import { templateFor } from './cancel';
import { applyItemEvent } from './itemEvents';

/** A job's task tied to a schedule item. */
export interface TiedItem {
  jobId: string;
  scheduleItemId: number;
}

export type JobCancelOutcome = Required<Omit<DeletedJobs, 'deletedJobIds'>>;

type Cancellation = Pick<DeleteJobsRequest, 'cancellationTypeId' | 'sendSms' | 'hasMergeFields' | 'templateKey' | 'customText' | 'timeWindowExtensions'>;

const REASONS: readonly number[] = Object.values(CancellationReason);

/** The text to render per item, and whether its tokens are filled (a template's always are). */
async function smsSource(w: Work, user: UserContext, companyId: string, body: Cancellation): Promise<{ text: string; field: string; fill: boolean }> {
  if (body.customText != null) {
    if (cancelSmsProblem(body.customText) === 'Empty') throw new RuleError('body/customText', 'is required when an SMS is sent', 'Scheduling.CancelSmsEmpty');
    return { text: body.customText, field: 'body/customText', fill: body.hasMergeFields === true };
  }
  if (!body.templateKey) throw new RuleError('body/customText', 'or templateKey is required when an SMS is sent', 'Scheduling.CancelSmsEmpty');
  const template = await templateFor(w.tx, user, companyId, body.templateKey).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) throw new RuleError('body/templateKey', 'is not a template of your company');
    throw err;
  });
  if (template.notificationTypeId !== NotificationTemplateType.Cancellation) throw new RuleError('body/templateKey', 'must name a cancellation template');
  return { text: template.text, field: 'body/templateKey', fill: true };
}

/**
 * Cancels the items `tied` names (the live tasks of automatically created jobs being deleted) with the
 * body's reason, and queues the SMS the body asks for. Throws (and so writes nothing) when the caller
 * may not, the reason is missing, a text is missing or too long, or an item cannot be cancelled.
 */
export async function cancelTiedItems(w: Work, user: UserContext, tied: readonly TiedItem[], body: Cancellation): Promise<JobCancelOutcome> {
  const companyId = requireAdminWithAgreement(user);
  const reason = body.cancellationTypeId;
  if (reason === undefined || !REASONS.includes(reason)) {
    throw new RuleError('body/cancellationTypeId', 'is required to cancel an automatically created job: its schedule item is cancelled with the reason');
  }
  const source = body.sendSms ? await smsSource(w, user, companyId, body) : null;

  const ids = [...new Set(tied.map((t) => t.scheduleItemId))].sort((a, b) => a - b);
  const { changed, skipped } = await applyItemEvent(w, userActor(user), ids, ItemEvent.JobCancelled, { cancellationTypeId: reason });
  const outcome: JobCancelOutcome = { cancelledScheduleItemIds: changed.map((c) => c.id).sort((a, b) => a - b), smsQueued: 0, notTexted: [] };
  if (!source) return outcome;

  const items = new Map((await findItems(w.tx, companyId, ids)).map((r) => [r.id, r]));
  const jobOf = new Map(tied.map((t) => [t.scheduleItemId, t.jobId]));
  const notTexted = (item: ItemRow, why: 'NoMobile' | 'NotCancelled') =>
    outcome.notTexted.push({ jobId: jobOf.get(item.id)!, scheduleItemId: item.id, address: item.address, reason: why });
  for (const id of skipped) notTexted(items.get(id)!, 'NotCancelled');

  const company = await companyMergeValues(w.tx, companyId);
  const sender = await companySmsSender(w.tx, companyId);
  for (const id of outcome.cancelledScheduleItemIds) {
    const item = items.get(id)!;
    const text = source.fill
      ? renderTemplate(source.text, {
        ...cancellationMergeValues(item.startTime, item.endTime, item.address, body.timeWindowExtensions ?? 0),
        CompanyName: company.companyName, CompanyPhone: company.companyTelephone,
      })
      : source.text;
    const problem = cancelSmsProblem(text);
    if (problem === 'TooLong') throw new RuleError(source.field, `must fit in ${CANCEL_SMS_MAX_SEGMENTS} SMS (the message to item ${id} does not)`, 'Scheduling.CancelSmsTooLong');
    if (problem === 'Empty') throw new RuleError(source.field, `makes an empty message for item ${id}`, 'Scheduling.CancelSmsEmpty');
    const contact = item.contactInformation as ContactInformation | null;
    const to = contact?.mobileNo ? contactPhoneE164(contact.mobileNo) : null;
    if (!to) {
      notTexted(item, 'NoMobile');
      continue;
    }
    await queueSms(w, { companyId, to, text, sender, createdBy: user.userId, kind: 'cancellation', scheduleItemId: id });
    outcome.smsQueued++;
  }
  return outcome;
}
