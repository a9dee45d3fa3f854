/**
 * The SMS outbox (services/sms.ts): 'sms-deliver' hands each queued message to the gateway, one job
 * per message; 'sms-report' records what the gateway reports of it, and asks a pending report again
 * later; the sweep, every minute, sends the job of a message recorded before any worker had made the
 * queue (or handed over without its report job) and fails one the queue gave up on.
 */
import type { AppContext } from '../context';
import type { QueueDeclaration } from '../queue';
import { deliverSms, reportSms, SMS_DELIVER_QUEUE, SMS_REPORT_QUEUE, sweepSms } from '../services/sms';

export { SMS_DELIVER_QUEUE, SMS_REPORT_QUEUE };
export const SMS_SWEEP_QUEUE = 'sms-sweep';

export function smsQueues(ctx: AppContext, opts: { pollingIntervalSeconds?: number; smsRetryDelaySeconds?: number }): QueueDeclaration[] {
  return [{
    name: SMS_DELIVER_QUEUE,
    // A provider that cannot be reached is tried again after 30 s, 60 s, 120 s, … (pg-boss's backoff), 8 times.
    options: { retryLimit: 8, retryDelay: opts.smsRetryDelaySeconds ?? 30, retryBackoff: true, expireInSeconds: 120 },
    // pg-boss's shortest look interval: a notice leaves within half a second of its commit.
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5,
    // A week's notices (hundreds at once) are handed over in one look, several at a time: pg-boss waits
    // its polling interval between looks, so four looks of 50 cost four seconds.
    batchSize: 200,
    concurrency: 10,
    work: (data) => deliverSms(ctx, (data as { messageId: string }).messageId, undefined, { reportLater: true }),
  }, {
    name: SMS_REPORT_QUEUE,
    options: { retryLimit: 3, retryDelay: 30, expireInSeconds: 120 },
    // Right after a week's hand-overs, a report for each: taken together.
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1,
    batchSize: 200,
    concurrency: 4,
    work: (data) => {
      const { messageId, tries } = data as { messageId: string; tries: number };
      return reportSms(ctx, messageId, tries);
    },
  }, {
    name: SMS_SWEEP_QUEUE,
    options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30,
    work: () => sweepSms(ctx),
    started: () => sweepSms(ctx, 0),
  }];
}
