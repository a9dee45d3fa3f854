/**
 * Schedule batches as kept, and their pg-boss job. The job is sent in the transaction that writes the
 * batch (pg-boss's `db` option runs its insert on our transaction), with the batch's id as the job's
 * id: the job exists exactly when the batch committed, and sending it again is a no-op while it lives.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { scheduleBatchJobs } from '../db/schema';
import { pgClientOf, type DbOrTx, type Tx } from '../db/tx';

export const SCHEDULE_BATCH_QUEUE = 'schedule-batch';

export type BatchRow = typeof scheduleBatchJobs.$inferSelect;
export type NewBatchRow = typeof scheduleBatchJobs.$inferInsert;

export async function findBatch(db: DbOrTx, id: string): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(scheduleBatchJobs).where(eq(scheduleBatchJobs.id, id)).limit(1);
  return row;
}

/** The batch row locked for the rest of the transaction: one run at a time, whatever the process. */
export async function lockBatch(tx: Tx, id: string): Promise<BatchRow | undefined> {
  const [row] = await tx.select().from(scheduleBatchJobs).where(eq(scheduleBatchJobs.id, id)).for('update');
  return row;
}

export async function insertBatch(tx: Tx, row: NewBatchRow): Promise<BatchRow | undefined> {
  const [made] = await tx.insert(scheduleBatchJobs).values(row).onConflictDoNothing().returning();
  return made;
}

export async function setBatch(tx: Tx, id: string, patch: Partial<NewBatchRow>): Promise<BatchRow> {
  const [row] = await tx.update(scheduleBatchJobs).set(patch).where(eq(scheduleBatchJobs.id, id)).returning();
  return row;
}

/** The schedule's newest batch. */
export async function latestBatchOf(db: DbOrTx, scheduleId: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(scheduleBatchJobs).where(eq(scheduleBatchJobs.scheduleId, scheduleId))
    .orderBy(desc(scheduleBatchJobs.createdAt)).limit(1);
  return row;
}

/** Batches of the schedule still waiting or running. */
export async function unfinishedBatchesOf(db: DbOrTx, scheduleId: number): Promise<BatchRow[]> {
  return db.select().from(scheduleBatchJobs)
    .where(and(eq(scheduleBatchJobs.scheduleId, scheduleId), inArray(scheduleBatchJobs.status, ['Queued', 'Started'])));
}

/** Unfinished batches written before `before` (the sweep's candidates). */
export async function unfinishedBatchesBefore(db: DbOrTx, before: Date): Promise<BatchRow[]> {
  return db.select().from(scheduleBatchJobs)
    .where(and(inArray(scheduleBatchJobs.status, ['Queued', 'Started']), lt(scheduleBatchJobs.createdAt, before)));
}

/** pg-boss's state of the batch's job, or null when it has none (never sent, or archived). */
export async function batchJobState(db: DbOrTx, id: string): Promise<string | null> {
  if (!(await queueReady(db))) return null;
  const { rows } = await db.execute<{ state: string }>(sql`select state::text from pgboss.job where name = ${SCHEDULE_BATCH_QUEUE} and id = ${id}::uuid`);
  return rows[0]?.state ?? null;
}


/** Used only to build the job's insert; it never opens a connection of its own. */
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('the batch sender runs only on a given transaction')) } });

/** Whether the workers have set up the batch queue yet (a server whose workers never started has none). */
async function queueReady(db: DbOrTx): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`select to_regclass('pgboss.queue') is not null as ok`);
  if (!rows[0]?.ok) return false;
  const queue = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.queue where name = ${SCHEDULE_BATCH_QUEUE}`);
  return queue.rows[0].n > 0;
}

/**
 * Sends the batch's job on `db` (the caller's transaction). False when the queue is not there yet:
 * the workers' sweep sends it once they start.
 */
export async function enqueueBatch(db: DbOrTx, id: string): Promise<boolean> {
  if (!(await queueReady(db))) return false;
  // pg-boss's statements use one $n in several places, which drizzle's cannot say: they run on the connection itself.
  const client = pgClientOf(db);
  const executeSql = (text: string, values: unknown[]) => client.query(text, values);
  await sender.send(SCHEDULE_BATCH_QUEUE, { batchJobId: id }, { id, db: { executeSql } });
  return true;
}
