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
  noteChange(tx, companyId, 'jobs');
}

/**
 * Writes of a company's settings, working hours and holidays take this lock first: each checks what
 * exists before it inserts, and two concurrent saves must not both pass that check (the second would
 * hit a unique index and fail with 500 instead of getting the 409 or the result it should).
 */
export async function lockCompanySettings(tx: Tx, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`settings:${companyId}`}, 0))`);
}

/** What a transaction changed, so the company's devices hear of it once it has committed. */
export type ChangeKind = 'jobs' | 'media';
const changes = new WeakMap<Tx, Map<string, Set<ChangeKind>>>();

/**
 * Records that `tx` changes a company's jobs (every writer of jobs takes lockCompany, which notes it)
 * or media. services/idempotency.ts publishes the notes after the commit; a rolled-back transaction
 * publishes nothing.
 */
export function noteChange(tx: Tx, companyId: string, kind: ChangeKind): void {
  let byCompany = changes.get(tx);
  if (!byCompany) changes.set(tx, (byCompany = new Map()));
  let kinds = byCompany.get(companyId);
  if (!kinds) byCompany.set(companyId, (kinds = new Set()));
  kinds.add(kind);
}

export function changesOf(tx: Tx): { companyId: string; kinds: ChangeKind[] }[] {
  return [...(changes.get(tx) ?? new Map<string, Set<ChangeKind>>())].map(([companyId, kinds]) => ({ companyId, kinds: [...kinds] }));
}
