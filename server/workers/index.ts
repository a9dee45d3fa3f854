/**
 * Background work (DESIGN.md "workers/"): pg-boss on the server's own PostgreSQL, started from the
 * composition root (context.ts) by main.ts. Jobs run through the same services and unit of work as
 * the routes. A job is taken by one process only, whatever the number of server processes, and a
 * job a process was running when it died is taken again after its expiry.
 *
 * Jobs:
 * - daily-cleanup (services/cleanup.ts), at 03:30 Oslo time. The schedule is stored in the
 *   database, and pg-boss sends one job per slot however many processes schedule it.
 * - schedule-batch (services/scheduling/batch.ts): one job per POST /api/Scheduler, sent in the
 *   submit's own transaction with the batch's id. A process that dies mid-batch leaves the job
 *   active; pg-boss takes it again after its expiry (60 s, looked for every 15 s) and the run lays
 *   the batch anew (tests/server/schedule-batch-kill.test.ts kills a worker process mid-batch).
 * - schedule-batch-sweep, every minute: batches whose job was never sent (submitted before any
 *   worker had made the queue) are sent; ones pg-boss gave up on are marked Failed.
 */
import PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import { dailyCleanup } from '../services/cleanup';
import { runScheduleBatch, SCHEDULE_BATCH_QUEUE, sweepScheduleBatches } from '../services/scheduling/batch';
import { OSLO_TIME_ZONE } from '../../src/domain/time/oslo';

export const CLEANUP_QUEUE = 'daily-cleanup';
const CLEANUP_CRON = '30 3 * * *';
export { SCHEDULE_BATCH_QUEUE };
export const SCHEDULE_SWEEP_QUEUE = 'schedule-batch-sweep';

export interface Workers {
  boss: PgBoss;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** How often an idle worker looks for a job (pg-boss's default is 2 s). */
  pollingIntervalSeconds?: number;
  /** How long a batch job may run before pg-boss takes it as dead and runs it again. */
  batchExpireInSeconds?: number;
  /** How often pg-boss looks for expired jobs (one process per interval does it, whatever their number). */
  maintenanceIntervalSeconds?: number;
}

/**
 * A batch that died with its process is run again within expiry + maintenance interval: 60 s + 15 s.
 * A batch of hundreds of items takes a second or two, so 60 s is a dead process, not a slow one; and
 * a slow one taken again meanwhile is still laid once (batch.ts holds the batch row's lock).
 */
const BATCH_EXPIRE_SECONDS = 60;
const MAINTENANCE_INTERVAL_SECONDS = 15;

export async function startWorkers(ctx: AppContext, opts: WorkerOptions = {}): Promise<Workers> {
  const connectionString = (ctx.database.pool.options as { connectionString?: string }).connectionString;
  const boss = new PgBoss({
    connectionString, max: 3, application_name: 'meterwork-workers', maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
  });
  let stopping = false;
  // While stopping, a connection cut by PostgreSQL's own shutdown (Ctrl-C reaches it too) is expected.
  boss.on('error', (err) => { if (!stopping) ctx.log.error({ err }, 'background work: pg-boss error'); });
  await boss.start();

  await boss.createQueue(CLEANUP_QUEUE, { name: CLEANUP_QUEUE, policy: 'singleton', retryLimit: 2, expireInSeconds: 3600 });
  await boss.schedule(CLEANUP_QUEUE, CLEANUP_CRON, {}, { tz: OSLO_TIME_ZONE });
  await boss.work(CLEANUP_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30 }, async () => {
    const result = await dailyCleanup(ctx);
    ctx.log.info({ result }, 'daily clean-up done');
    return result;
  });

  const batchQueue = { name: SCHEDULE_BATCH_QUEUE, retryLimit: 3, retryDelay: 5, expireInSeconds: opts.batchExpireInSeconds ?? BATCH_EXPIRE_SECONDS };
  await boss.createQueue(SCHEDULE_BATCH_QUEUE, batchQueue);
  // createQueue leaves an existing queue as it was: a changed expiry reaches jobs sent from now on.
  await boss.updateQueue(SCHEDULE_BATCH_QUEUE, batchQueue);
  // An admin watches the batch: look for one every half second (pg-boss's shortest), not every 2 s.
  await boss.work<{ batchJobId: string }>(SCHEDULE_BATCH_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 0.5 }, async ([job]) => {
    const outcome = await runScheduleBatch(ctx, job.data.batchJobId);
    ctx.log.info({ batchJobId: job.data.batchJobId, outcome }, 'schedule batch done');
    return { outcome };
  });
  await boss.createQueue(SCHEDULE_SWEEP_QUEUE, { name: SCHEDULE_SWEEP_QUEUE, policy: 'singleton', retryLimit: 0, expireInSeconds: 300 });
  await boss.schedule(SCHEDULE_SWEEP_QUEUE, '* * * * *', {}, { tz: OSLO_TIME_ZONE });
  await boss.work(SCHEDULE_SWEEP_QUEUE, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30 }, () => sweepScheduleBatches(ctx));
  // Batches submitted while no worker had made the queue are sent now, not a minute from now.
  await sweepScheduleBatches(ctx, 0);

  return {
    boss,
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
