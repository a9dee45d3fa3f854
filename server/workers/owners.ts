/**
 * What follows a schedule item's notice and agreement (services/scheduling/followUps.ts asks for each
 * step in the unit of work that moved the item): the plumber's job of an agreed item, the reminders,
 * the reply deadline and the confirmation 24 hours before. Each job id is its step's, so a step is one
 * job however many processes ask; each step checks the item again when it runs.
 */
import type { AppContext } from '../context';
import type { QueueDeclaration } from '../queue';
import {
  ITEM_CONFIRMATION_QUEUE, ITEM_DEADLINE_QUEUE, ITEM_JOB_QUEUE, ITEM_REMINDER_QUEUE, type FollowUpJob,
} from '../services/scheduling/followUps';
import { replyDeadlinePassed, sendConfirmation, sendReminder } from '../services/scheduling/followUpWork';
import { createItemJob } from '../services/scheduling/itemJobs';

export { ITEM_CONFIRMATION_QUEUE, ITEM_DEADLINE_QUEUE, ITEM_JOB_QUEUE, ITEM_REMINDER_QUEUE };

export function ownerQueues(ctx: AppContext, opts: { pollingIntervalSeconds?: number }): QueueDeclaration[] {
  const step = (name: string, work: (job: FollowUpJob) => Promise<unknown>): QueueDeclaration => ({
    name,
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    // A week's reminders or jobs fall due together: taken in batches, a few at a time.
    batchSize: 20,
    concurrency: 4,
    work: (data) => work(data as FollowUpJob),
  });
  return [
    step(ITEM_JOB_QUEUE, (job) => createItemJob(ctx, job.companyId, job.itemId)),
    step(ITEM_REMINDER_QUEUE, (job) => sendReminder(ctx, job)),
    step(ITEM_DEADLINE_QUEUE, (job) => replyDeadlinePassed(ctx, job)),
    step(ITEM_CONFIRMATION_QUEUE, (job) => sendConfirmation(ctx, job)),
  ];
}
