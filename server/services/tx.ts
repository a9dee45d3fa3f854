/** Database handles for services, and the per-company write lock that keeps the change feed gap-free. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Every transaction that writes a company's jobs or tombstones takes this lock before it reads or
 * writes them, and holds it to commit. So within a company change_seq values commit in increasing
 * order, and a feed reader that has seen sequence S has seen every committed row of that company at
 * or below S (see services/sync.ts). Code outside these services that writes jobs must do the same.
 */
export async function lockCompany(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`company:${companyId}`}, 0))`);
}
