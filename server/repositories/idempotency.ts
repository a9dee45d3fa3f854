/** Stored answers of idempotent mutations (services/unitOfWork.ts), under (user, key). */
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/tx';
import { idempotencyKeys } from '../db/schema';

export type StoredAnswer = typeof idempotencyKeys.$inferSelect;

export async function findAnswer(tx: Tx, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [stored] = await tx.select().from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
  return stored;
}

export type KeyClaim = Pick<StoredAnswer, 'userId' | 'key' | 'method' | 'path' | 'requestHash'>;

/**
 * Takes (user, key) for this transaction: true when it is ours, false when an answer is stored under
 * it. The row goes in at once (status 0 until storeAnswer), so the primary key makes a concurrent
 * request with the same key wait here until this transaction ends; it then finds the key free (this
 * one rolled back) or taken (read the answer with findAnswer: a statement of its own, so it sees the
 * commit it waited for). `lock`: an advisory lock taken in the same statement, before the claim.
 */
export async function claimKey(tx: Tx, claim: KeyClaim, lock?: SQL): Promise<boolean> {
  const row = sql`select ${claim.userId}::uuid, ${claim.key}, ${claim.method}, ${claim.path}, ${claim.requestHash}, 0`;
  const { rows } = await tx.execute(lock
    ? sql`with lock as (${lock}) insert into idempotency_keys (user_id, key, method, path, request_hash, status_code) ${row} from lock on conflict do nothing returning 1 as claimed`
    : sql`insert into idempotency_keys (user_id, key, method, path, request_hash, status_code) ${row} on conflict do nothing returning 1 as claimed`);
  return rows.length > 0;
}

/** The answer to the request whose key this transaction claimed. */
export async function storeAnswer(tx: Tx, userId: string, key: string, answer: Pick<StoredAnswer, 'statusCode' | 'response'>): Promise<void> {
  await tx.update(idempotencyKeys).set(answer).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Removes answers stored before `before`; returns how many. */
export async function deleteAnswersBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).returning({ key: idempotencyKeys.key });
  return gone.length;
}
