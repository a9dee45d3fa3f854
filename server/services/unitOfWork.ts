/**
 * The unit of work every write runs in, from a route or from a worker alike (DESIGN.md "Server"):
 * one transaction; the idempotency key when the caller has one (DESIGN.md "Outbox"); the record of
 * what changed, handed to the work explicitly (`Work.changes`); and, after the commit, the caller's
 * own after-commit step and the change notifications. It knows nothing of HTTP: routes/mutation.ts
 * turns a request into its idempotency key and its result into an answer.
 *
 * Idempotency: the result {status, body} is stored under (user, key) in the same transaction. A
 * repeat of the key by the same user gets the stored result and changes nothing; the same key on a
 * different request is 422. The key's row is claimed by the transaction's first statement, so a
 * concurrent duplicate waits on it (the primary key) for the first and then reads its stored result.
 * A failed work (it throws) rolls back and stores nothing, so retrying a key whose first attempt
 * failed runs the work again.
 *
 * Round trips: a work that starts by taking a known advisory lock (a job mutation: its company's)
 * names it as `lockFirst`; the claim statement takes it before the claim, and the work's own
 * lockInWork does not ask again. Every statement after the lock still sees what the previous holder
 * committed (READ COMMITTED: each statement its own snapshot).
 */
import type { Db } from '../db/index';
import { advisoryLockSql, ChangeLog, type Work } from '../db/tx';
import type { HubPublisher } from '../hub/publisher';
import type { Queue } from '../queue';
import { HttpError } from '../http/errors';
import { claimKey, findAnswer, storeAnswer } from '../repositories/idempotency';

/** The work a caller hands to inUnitOfWork or runIdempotent; routes and workers take the type from here. */
export type { Work };

export interface MutationResult {
  status: number;
  body: unknown;
}

/** What makes a mutation idempotent: who asked, their key, and what they asked (its hash). */
export interface IdempotencyKey {
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/** The parts of the composition root (context.ts) a unit of work needs. */
export interface UnitOfWorkDeps {
  db: Db;
  publisher: HubPublisher;
  /** Background jobs (server/queue): the work sends them on its transaction. */
  queue: Queue;
  /** The configuration (context.ts): its public URL becomes the work's (links in owners' messages). */
  config?: { publicUrl: string };
}

export interface UnitOfWorkOptions {
  /** Runs once the transaction has committed, before the notifications (e.g. removing replaced files). */
  afterCommit?: () => Promise<void>;
  /** An advisory lock (its key) the work takes first: taken with the idempotency claim, in one statement. */
  lockFirst?: string;
}

/** Runs `work` in one transaction; publishes what it changed after the commit. */
export async function inUnitOfWork<T>(deps: UnitOfWorkDeps, work: (w: Work) => Promise<T>, opts: UnitOfWorkOptions = {}): Promise<T> {
  const changes = new ChangeLog();
  const result = await deps.db.transaction((tx) => work({ tx, changes, held: new Set(), queue: deps.queue.on(tx), publicUrl: deps.config?.publicUrl ?? null }));
  await opts.afterCommit?.();
  await deps.publisher.publishChanges(changes.list());
  return result;
}

/**
 * A mutation with an optional idempotency key: its result, and whether it was a replay of a stored
 * one (a replay changed nothing, so it publishes nothing and runs no after-commit step).
 */
export async function runIdempotent(
  deps: UnitOfWorkDeps, idem: IdempotencyKey | null, work: (w: Work) => Promise<MutationResult>, opts: UnitOfWorkOptions = {},
): Promise<MutationResult & { replayed: boolean }> {
  if (!idem) return { ...(await inUnitOfWork(deps, work, opts)), replayed: false };
  let replayed = false;
  const { lockFirst } = opts;
  const result = await inUnitOfWork(deps, async (w) => {
    const claimed = await claimKey(w.tx, idem, lockFirst === undefined ? undefined : advisoryLockSql(lockFirst));
    if (lockFirst !== undefined) w.held.add(lockFirst);
    if (!claimed) {
      const stored = await findAnswer(w.tx, idem.userId, idem.key);
      if (!stored) throw new Error(`Idempotency-Key "${idem.key}" neither claimed nor stored`);
      if (stored.requestHash !== idem.requestHash) {
        throw new HttpError(422, `Idempotency-Key "${idem.key}" was already used for a different request (${stored.method} ${stored.path})`);
      }
      replayed = true;
      return { status: stored.statusCode, body: stored.response };
    }
    const out = await work(w);
    await storeAnswer(w.tx, idem.userId, idem.key, { statusCode: out.status, response: out.body as Record<string, unknown> });
    return out;
  }, { afterCommit: async () => { if (!replayed) await opts.afterCommit?.(); } });
  return { ...result, replayed };
}
