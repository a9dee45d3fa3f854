/**
 * Background jobs through one port (DESIGN.md "workers/"): pg-boss on the server's own PostgreSQL.
 *
 * Sending (`Queue`, in the composition root as `ctx.queue`, and in every unit of work as `w.queue`):
 * a job is written on the caller's transaction (pg-boss's `db` option runs its insert there), so it
 * exists exactly when the work that sent it commits. The sender never opens a connection of its own.
 * A job sent with an `id` is sent once: sending it again while it lives is a no-op (pg-boss's insert
 * does nothing on a known id), which is how a message or a batch keeps one job whatever the retries.
 * A queue is made by the runner when the workers start; a send before that (a server whose workers
 * never started) answers false, and the area's sweep sends it once they do.
 *
 * Working (`startQueueRunner`): one pg-boss instance per process, with its own small pool, taking the
 * queues that workers/*.ts declare: each queue's options, its cron (Oslo time) and its handler.
 * A job is taken by one process only, whatever the number of processes; a job a process was running
 * when it died is taken again after its expiry.
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { pgClientOf, type DbOrTx, type JobOptions, type QueueOnTx } from '../db/tx';
import { OSLO_TIME_ZONE } from '../../src/domain/time/oslo';

export type { JobOptions, QueueOnTx };

export interface Queue {
  /** Sends a job on `db` (a transaction: the job exists if it commits). False when the queue is not made yet. */
  send(db: DbOrTx, name: string, data: object, opts?: JobOptions): Promise<boolean>;
  /** pg-boss's state of the job ('created', 'active', 'completed', 'failed', …), or null when it has none. */
  jobState(db: DbOrTx, name: string, id: string): Promise<string | null>;
  /** The sender bound to one transaction, as a unit of work hands it to its work. */
  on(db: DbOrTx): QueueOnTx;
}

/** Used only to build the job's insert; it never opens a connection of its own. */
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('the queue sends only on a given transaction')) } });

/** Whether the runner has made the queue `name` yet (a server whose workers never started has none). */
async function queueReady(db: DbOrTx, name: string): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`select to_regclass('pgboss.queue') is not null as ok`);
  if (!rows[0]?.ok) return false;
  const queue = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.queue where name = ${name}`);
  return queue.rows[0].n > 0;
}

export const pgBossQueue: Queue = {
  async send(db, name, data, opts = {}) {
    if (!(await queueReady(db, name))) return false;
    // pg-boss's statements use one $n in several places, which drizzle's cannot say: they run on the connection itself.
    const client = pgClientOf(db);
    const executeSql = (text: string, values: unknown[]) => client.query(text, values);
    const { id, startAfter, singletonKey, retryLimit, retryDelay, expireInSeconds } = opts;
    await sender.send(name, data, {
      ...(id === undefined ? {} : { id }),
      ...(startAfter === undefined ? {} : { startAfter }),
      ...(singletonKey === undefined ? {} : { singletonKey }),
      ...(retryLimit === undefined ? {} : { retryLimit }),
      ...(retryDelay === undefined ? {} : { retryDelay }),
      ...(expireInSeconds === undefined ? {} : { expireInSeconds }),
      db: { executeSql },
    });
    return true;
  },
  async jobState(db, name, id) {
    if (!(await queueReady(db, name))) return null;
    const { rows } = await db.execute<{ state: string }>(sql`select state::text from pgboss.job where name = ${name} and id = ${id}::uuid`);
    return rows[0]?.state ?? null;
  },
  on(db) {
    return { send: (name, data, opts) => pgBossQueue.send(db, name, data, opts) };
  },
};

/** One queue a worker module declares: how pg-boss keeps its jobs, when it is scheduled, and its work. */
export interface QueueDeclaration<T extends object = object> {
  name: string;
  options: Omit<PgBoss.Queue, 'name'>;
  /** A cron line in Oslo time: pg-boss sends one job per slot however many processes schedule it. */
  cron?: string;
  /** How often an idle worker looks for a job (pg-boss's shortest is half a second). */
  pollingIntervalSeconds: number;
  /**
   * How many jobs one look takes (default 1), and how many of them run at once (default 1). pg-boss
   * waits its polling interval after every look, whatever it found: a queue that must drain hundreds of
   * jobs quickly (a week's notices) takes them in batches. Each job of a batch still succeeds or fails
   * (and is retried) on its own.
   */
  batchSize?: number;
  concurrency?: number;
  work(data: T, jobId: string): Promise<unknown>;
  /** Runs once the queue is made and worked (e.g. a sweep sending what was written before it existed). */
  started?(): Promise<unknown>;
}

export interface QueueRunner {
  boss: PgBoss;
  stop(): Promise<void>;
}

export interface RunnerOptions {
  connectionString: string | undefined;
  log: Logger;
  /** How often pg-boss looks for expired jobs (one process per interval does it, whatever their number). */
  maintenanceIntervalSeconds: number;
}

/**
 * Runs a batch's jobs, at most `q.concurrency` at once, each completed or failed on its own (pg-boss
 * then completes only jobs still active, so a failed one keeps its retry).
 */
async function runBatch(boss: PgBoss, q: QueueDeclaration, jobs: PgBoss.Job<object>[]): Promise<void> {
  if (jobs.length === 1) {
    await q.work(jobs[0].data, jobs[0].id);
    return;
  }
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < jobs.length; i = next++) {
      const job = jobs[i];
      try {
        const output = await q.work(job.data, job.id);
        await boss.complete(q.name, job.id, output && typeof output === 'object' ? output : { value: output });
      } catch (err) {
        await boss.fail(q.name, job.id, { message: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(q.concurrency ?? 1, jobs.length)) }, lane));
}

/** Starts this process's worker on `queues` (each queue's options applied anew, so a changed expiry reaches new jobs). */
export async function startQueueRunner(opts: RunnerOptions, queues: QueueDeclaration[]): Promise<QueueRunner> {
  const boss = new PgBoss({
    connectionString: opts.connectionString, max: 3, application_name: 'meterwork-workers', maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds,
  });
  let stopping = false;
  // While stopping, a connection cut by PostgreSQL's own shutdown (Ctrl-C reaches it too) is expected.
  boss.on('error', (err) => { if (!stopping) opts.log.error({ err }, 'background work: pg-boss error'); });
  await boss.start();
  for (const q of queues) {
    const options = { name: q.name, ...q.options };
    await boss.createQueue(q.name, options);
    // createQueue leaves an existing queue as it was: changed options reach jobs sent from now on.
    await boss.updateQueue(q.name, options);
    if (q.cron) await boss.schedule(q.name, q.cron, {}, { tz: OSLO_TIME_ZONE });
    await boss.work<object>(q.name, { pollingIntervalSeconds: q.pollingIntervalSeconds, batchSize: q.batchSize ?? 1 }, (jobs) => runBatch(boss, q, jobs));
  }
  for (const q of queues) await q.started?.();
  return {
    boss,
    stop: () => {
      stopping = true;
      return boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
