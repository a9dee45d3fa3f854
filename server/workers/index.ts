/**
 * Background work (DESIGN.md "workers/"): the queues each area declares (one module per area), run by
 * this process's queue runner (server/queue) on the server's own PostgreSQL, started from the
 * composition root (context.ts) by main.ts. Jobs run through the same services and unit of work as
 * the routes. A job is taken by one process only, whatever the number of server processes, and a job
 * a process was running when it died is taken again after its expiry.
 *
 * - cleanup.ts: the daily clean-up at 03:30 Oslo time;
 * - scheduleBatch.ts: the schedule batches and their sweep;
 * - sms.ts: the SMS outbox (hand-over, delivery reports, sweep);
 * - owners.ts: what follows a notice and an agreement (the plumber's job, reminders, reply deadline, confirmation).
 */
import type PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import { startQueueRunner } from '../queue';
import { cleanupQueues, CLEANUP_QUEUE } from './cleanup';
import { scheduleBatchQueues, SCHEDULE_BATCH_QUEUE, SCHEDULE_SWEEP_QUEUE } from './scheduleBatch';
import { smsQueues, SMS_DELIVER_QUEUE } from './sms';
import { ownerQueues } from './owners';

export { CLEANUP_QUEUE, SCHEDULE_BATCH_QUEUE, SCHEDULE_SWEEP_QUEUE, SMS_DELIVER_QUEUE };

export interface Workers {
  boss: PgBoss;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** How often an idle worker looks for a job (each queue has its own default). */
  pollingIntervalSeconds?: number;
  /** How long a batch job may run before pg-boss takes it as dead and runs it again. */
  batchExpireInSeconds?: number;
  /** How often pg-boss looks for expired jobs (one process per interval does it, whatever their number). */
  maintenanceIntervalSeconds?: number;
  /** The first wait before a failed SMS hand-over is tried again (it doubles each time). */
  smsRetryDelaySeconds?: number;
}

const MAINTENANCE_INTERVAL_SECONDS = 15;

export async function startWorkers(ctx: AppContext, opts: WorkerOptions = {}): Promise<Workers> {
  return startQueueRunner({
    connectionString: (ctx.database.pool.options as { connectionString?: string }).connectionString,
    log: ctx.log,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? MAINTENANCE_INTERVAL_SECONDS,
  }, [...cleanupQueues(ctx, opts), ...scheduleBatchQueues(ctx, opts), ...smsQueues(ctx, opts), ...ownerQueues(ctx, opts)]);
}
