/**
 * Database handles as the layers above see them, the transaction-scoped advisory lock, and what a
 * unit of work changed (services/unitOfWork.ts publishes it after the commit).
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './index';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * The node-postgres connection under a drizzle handle: a transaction's own client, or the pool
 * (drizzle's node-postgres session keeps either as `session.client`). For what drizzle's statements
 * cannot say: pg-boss's SQL, and a query streamed row by row.
 */
export function pgClientOf(db: DbOrTx): pg.Pool | pg.PoolClient {
  return (db as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
}

/**
 * Independent reads: side by side on the pool, one after another on a transaction's one connection
 * (a query sent to a client still busy with one is queued by pg 8 with a deprecation warning, and
 * refused by pg 9).
 */
export async function sideBySide<T extends readonly unknown[]>(db: DbOrTx, reads: { [K in keyof T]: () => Promise<T[K]> | T[K] }): Promise<T> {
  if (pgClientOf(db) instanceof pg.Pool) return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as unknown as T;
}

/** Holds a transaction-scoped lock on `key` until the transaction ends; a second holder waits. */
export async function advisoryLock(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(advisoryLockSql(key));
}

/** The statement advisoryLock sends, for a caller that takes the lock as part of a statement of its own. */
export function advisoryLockSql(key: string): SQL {
  return sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

/**
 * advisoryLock within a unit of work: a lock the work already holds (taken before, or together with
 * the unit of work's first statement) is not asked for again. The lock is the same either way: held
 * from its first taking until the transaction ends.
 */
export async function lockInWork(w: Work, key: string): Promise<void> {
  if (w.held.has(key)) return;
  await advisoryLock(w.tx, key);
  w.held.add(key);
}

/**
 * What a unit of work may change that devices and open screens hold: their jobs, the images of those
 * jobs, a plumber's week (schedules, their items, availability and unavailable slots), who has a
 * plumber's week open in the calendar (presence; heard by admins only), the company's settings,
 * configuration and SMS templates (settings), the facts of every plumber's week (workingHours:
 * working hours and holidays), a user of the company (users), or an SMS of the company on its way
 * (messages: queued, handed over, delivered, failed; heard by admins only).
 */
export type ChangeKind = 'jobs' | 'media' | 'schedules' | 'presence' | 'settings' | 'workingHours' | 'users' | 'messages';

/** The companies whose devices must hear of a unit of work once it has committed, and what changed. */
export class ChangeLog {
  private readonly byCompany = new Map<string, { kinds: Set<ChangeKind>; batches: Set<string> }>();

  private of(companyId: string) {
    let entry = this.byCompany.get(companyId);
    if (!entry) this.byCompany.set(companyId, (entry = { kinds: new Set(), batches: new Set() }));
    return entry;
  }

  note(companyId: string, kind: ChangeKind): void {
    this.of(companyId).kinds.add(kind);
  }

  /** A schedule batch's state changed (Started, Completed, Failed): told by its id (ScheduleBatch). */
  noteBatch(companyId: string, batchJobId: string): void {
    this.of(companyId).batches.add(batchJobId);
  }

  list(): ChangedCompany[] {
    return [...this.byCompany].map(([companyId, { kinds, batches }]) => ({ companyId, kinds: [...kinds], batches: [...batches] }));
  }
}

/** What one company's devices and open screens are told after a commit. */
export interface ChangedCompany {
  companyId: string;
  kinds: ChangeKind[];
  /** Batches whose state changed. */
  batches?: string[];
}

/** A transaction together with the record of what it changes: what every writing service takes. */
export interface Work {
  tx: Tx;
  changes: ChangeLog;
  /** The advisory locks (their keys) this transaction holds: lockInWork takes each once. */
  held: Set<string>;
  /** Background jobs sent on this transaction (server/queue): a job exists only if the work commits. */
  queue: QueueOnTx;
  /** The server's public origin (config.publicUrl), for links in messages; null when the caller has no configuration. */
  publicUrl: string | null;
}

/** How a job is sent (pg-boss's send options that the server uses). */
export interface JobOptions {
  /** The job's id: a second send of the same id while the job lives is a no-op. */
  id?: string;
  /** Not before this instant (or this many seconds from now). */
  startAfter?: Date | number;
  /** At most one job of this key waiting at a time. */
  singletonKey?: string;
  retryLimit?: number;
  retryDelay?: number;
  expireInSeconds?: number;
}

/** A queue's sender bound to one transaction; false when the queue is not made yet (its area's sweep sends it later). */
export interface QueueOnTx {
  send(name: string, data: object, opts?: JobOptions): Promise<boolean>;
}
