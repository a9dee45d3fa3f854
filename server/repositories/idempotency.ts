/** Stored answers of idempotent mutations (services/unitOfWork.ts), under (user, key). */
import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/tx';
import { idempotencyKeys } from '../db/schema';

export type StoredAnswer = typeof idempotencyKeys.$inferSelect;

export async function findAnswer(tx: Tx, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [stored] = await tx.select().from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
  return stored;
}

export async function storeAnswer(tx: Tx, answer: Omit<StoredAnswer, 'createdAt'>): Promise<void> {
  await tx.insert(idempotencyKeys).values(answer);
}

/** Removes answers stored before `before`; returns how many. */
export async function deleteAnswersBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return gone.length;
}
