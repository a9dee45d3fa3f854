/**
 * Schedule batches (services/scheduling/batch.ts): one job per POST /api/Scheduler, sent in the
 * submit's own transaction with the batch's id. A process that dies mid-batch leaves the job active;
 * pg-boss takes it again after its expiry and the run lays the batch anew
 * (tests/server/schedule-batch-kill.test.ts kills a worker process mid-batch).
 * The sweep, every minute: batches whose job was never sent (submitted before any worker had made the
 * queue) are sent; ones pg-boss gave up on are marked Failed.
 */
import type { AppContext } from '../context';
import type { QueueDeclaration } from '../queue';
import { runScheduleBatch, SCHEDULE_BATCH_QUEUE, sweepScheduleBatches } from '../services/scheduling/batch';

export { SCHEDULE_BATCH_QUEUE };
export const SCHEDULE_SWEEP_QUEUE = 'schedule-batch-sweep';

/**
 * A batch that died with its process is run again within expiry + maintenance interval: 60 s + 15 s.
 * A batch of hundreds of items takes a second or two, so 60 s is a dead process, not a slow one; and
 * a slow one taken again meanwhile is still laid once (batch.ts holds the batch row's lock).
 */
const BATCH_EXPIRE_SECONDS = 60;

export function scheduleBatchQueues(ctx: AppContext, opts: { pollingIntervalSeconds?: number; batchExpireInSeconds?: number }): QueueDeclaration[] {
  return [{
    name: SCHEDULE_BATCH_QUEUE,
    options: { retryLimit: 3, retryDelay: 5, expireInSeconds: opts.batchExpireInSeconds ?? BATCH_EXPIRE_SECONDS },
    // An admin watches the batch: look for one every half second (pg-boss's shortest), not every 2 s.
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5,
    async work(data) {
      const { batchJobId } = data as { batchJobId: string };
      const outcome = await runScheduleBatch(ctx, batchJobId);
      ctx.log.info({ batchJobId, outcome }, 'schedule batch done');
      return { outcome };
    },
  }, {
    name: SCHEDULE_SWEEP_QUEUE,
    options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 },
    cron: '* * * * *',
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30,
    work: () => sweepScheduleBatches(ctx),
    // Batches submitted while no worker had made the queue are sent now, not a minute from now.
    started: () => sweepScheduleBatches(ctx, 0),
  }];
}
