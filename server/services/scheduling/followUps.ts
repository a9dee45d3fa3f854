/**
 * What follows a move of a schedule item's status (spec 2 §4), asked for in the unit of work that made
 * the move, as queued jobs that run after its commit (workers/owners.ts works them, through
 * scheduling/followUpWork.ts and scheduling/itemJobs.ts):
 * - a notice delivered (Notified): its reminders and its reply deadline (src/domain/sms/followUps.ts);
 * - an agreed time (Confirmed by the owner or the admin): the plumber's job, and the confirmation 24
 *   hours before when the company sends it;
 * - a deadline passed (NoReply) under the company's NoReplyAutoJobCreation: the plumber's job.
 * Each job's id is made of the item, its version and the step, so asking twice makes one job; each job
 * checks the item again when it runs, so a reminder for an item answered, cancelled or re-notified
 * meanwhile sends nothing (a cancelled card's follow-ups are dropped by that check).
 */
import { confirmationAt, followUpSettings, noticeFollowUps, type FollowUpSettings } from '../../../src/domain/sms/followUps';
import { ItemEvent, type ItemEventName } from '../../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus as S } from '../../../src/domain/scheduling/enums';
import { SettingType } from '../../../src/domain/settings/company';
import type { DbOrTx, Work } from '../../db/tx';
import type { ItemRow } from '../../repositories/scheduling';
import { companySettingsOf } from '../../repositories/settings';

export const ITEM_JOB_QUEUE = 'schedule-item-job';
export const ITEM_REMINDER_QUEUE = 'schedule-item-reminder';
export const ITEM_DEADLINE_QUEUE = 'schedule-item-reply-deadline';
export const ITEM_CONFIRMATION_QUEUE = 'schedule-item-confirmation';

/**
 * The data of every follow-up job: the item, its company, its start when the step was asked for and
 * that moment (a notice sent after it makes a reminder or deadline of the earlier one stale).
 */
export interface FollowUpJob {
  itemId: number;
  companyId: string;
  start: string | null;
  asked: string;
  /** The reminder's number (1…9). */
  n?: number;
}

/** A uuid of an item's step: the item's id, its version and the step's number. */
export function followUpId(itemId: number, version: number, step: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, '0').slice(-width);
  return `${hex(itemId, 8)}-${hex(step, 4)}-4000-8000-${hex(version, 12)}`;
}

const STEP = { job: 1, deadline: 2, confirmation: 3, reminder: 10 } as const;

/** The company's follow-up settings. */
export async function companyFollowUps(db: DbOrTx, companyId: string): Promise<FollowUpSettings & { autoJobOnNoReply: boolean }> {
  const values = new Map((await companySettingsOf(db, companyId)).map((s) => [s.settingTypeId, s.value]));
  return { ...followUpSettings(values), autoJobOnNoReply: values.get(SettingType.NoReplyAutoJobCreation) === 'true' };
}

/** Asks for the plumber's job of an agreed item. */
export async function askItemJob(w: Work, item: Pick<ItemRow, 'id' | 'companyId' | 'version' | 'startTime'>): Promise<void> {
  const data: FollowUpJob = { itemId: item.id, companyId: item.companyId, start: item.startTime?.toISOString() ?? null, asked: new Date().toISOString() };
  await w.queue.send(ITEM_JOB_QUEUE, data, { id: followUpId(item.id, item.version, STEP.job) });
}

/** The follow-ups of `event` having moved `changed` (applyItemEvent calls it in the same unit of work). */
export async function followUpsOf(w: Work, companyId: string, event: ItemEventName, changed: readonly ItemRow[], now = new Date()): Promise<void> {
  if (!changed.length) return;
  const wanted = event === ItemEvent.NoticeSent || event === ItemEvent.OwnerConfirmed || event === ItemEvent.ConfirmManually
    || event === ItemEvent.NoReplyInTime;
  if (!wanted) return;
  const settings = await companyFollowUps(w.tx, companyId);
  for (const item of changed) {
    const { version } = item;
    const data = (n?: number): FollowUpJob => ({
      itemId: item.id, companyId, start: item.startTime?.toISOString() ?? null, asked: now.toISOString(), ...(n ? { n } : {}),
    });
    const start = item.startTime;
    if (event === ItemEvent.NoticeSent && item.status === S.Notified) {
      const plan = noticeFollowUps(now, start, settings);
      for (const [i, at] of plan.reminders.entries()) {
        await w.queue.send(ITEM_REMINDER_QUEUE, data(i + 1), { id: followUpId(item.id, version, STEP.reminder + i), startAfter: at });
      }
      await w.queue.send(ITEM_DEADLINE_QUEUE, data(), { id: followUpId(item.id, version, STEP.deadline), startAfter: plan.replyDeadline });
    }
    if (item.status === S.Confirmed) {
      await askItemJob(w, item);
      const at = confirmationAt(start, now, settings);
      if (at) await w.queue.send(ITEM_CONFIRMATION_QUEUE, data(), { id: followUpId(item.id, version, STEP.confirmation), startAfter: at });
    }
    if (item.status === S.NoReply && settings.autoJobOnNoReply) await askItemJob(w, item);
  }
}
