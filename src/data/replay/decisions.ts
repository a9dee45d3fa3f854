/** The plumber's decisions on a refused command: send it again, or drop it. */
import { commandDef, dependentEntries, type OutboxEntry } from '../commands';
import { db } from '../db';
import { newId } from '../ids';
import { applyTables, fetchServerJobs, handOnVersion, pendingForJob, rebase, writeServerJobs } from './replica';
import { registerBackgroundSync, requestReplay } from './schedule';

/**
 * Sends a failed command again, with a new Idempotency-Key (its 4xx means the server did not
 * apply it). After a 409 this is "re-apply mine": it now expects the server's current version.
 */
export async function retryCommand(seq: number): Promise<void> {
  await db.transaction('rw', applyTables(), async () => {
    const e = await db.outbox.get(seq);
    if (!e || e.status !== 'failed') return;
    let next: OutboxEntry = { ...e, status: 'pending', key: newId(), error: undefined, lastError: undefined, chained: undefined, resolvedVersion: undefined };
    const jobId = commandDef(next).versionedJobId();
    if (e.error?.status === 409 && jobId !== null) {
      next = commandDef(next).withExpectedVersion(e.error.current?.version ?? (await db.jobs.get(jobId))?.version);
    }
    await db.outbox.put(next);
    // Later queued edits of the same job were made on top of this one: they take the version this
    // retry produces, not the one they were queued with (else "Use mine" is followed by a second 409).
    if (jobId !== null) {
      for (const later of await pendingForJob(e.userId, jobId)) {
        if (later.seq! > e.seq! && commandDef(later).versionedJobId() !== null) await db.outbox.put({ ...later, chained: true, resolvedVersion: undefined });
      }
    }
    await rebase(e.userId, commandDef(next).jobIds());
  });
  registerBackgroundSync();
  void requestReplay();
}

/**
 * Drops a command (and the queued commands that depend on what it would have created) and puts
 * the server's version of the touched jobs back in the replica. Needs the server: offline it
 * throws the transport's error and keeps everything.
 */
export async function discardCommand(seq: number): Promise<void> {
  const e = await db.outbox.get(seq);
  if (!e) return;
  const all = await db.outbox.where('userId').equals(e.userId).toArray();
  const gone = [e, ...dependentEntries(e, all)];
  const jobIds = [...new Set(gone.flatMap((g) => commandDef(g).jobIds()))];
  const server = await fetchServerJobs(jobIds, undefined, true);
  await db.transaction('rw', applyTables(), async () => {
    await db.outbox.bulkDelete(gone.map((g) => g.seq!));
    // A dropped edit holding its job's version hands it on to the next one (replica.ts handOnVersion).
    for (const g of gone) {
      const jobId = commandDef(g).versionedJobId();
      if (g.status === 'pending' && g.chained === true && g.resolvedVersion !== undefined && jobId !== null) {
        await handOnVersion(g.userId, jobId, g.seq!, g.resolvedVersion, true);
      }
    }
    await writeServerJobs(e.actor, server);
    await rebase(e.userId, jobIds);
  });
}
