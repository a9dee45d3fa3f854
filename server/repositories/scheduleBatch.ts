/** Schedule batches as kept (their background job is sent by services/scheduling/batch.ts through the queue). */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { scheduleBatchJobs } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

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
