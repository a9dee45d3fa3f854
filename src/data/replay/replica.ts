/** The replica's side of replay: re-applying queued commands, and the server's copies of jobs. */
import type { Job } from '../../domain/api';
import { canActOnJob } from '../../domain/jobs/rules';
import { applyCommand, commandDef, type CommandActor, type OutboxEntry } from '../commands';
import { db } from '../db';
import { ApiError, apiFetch } from '../transport';

/** The tables a command's apply reads and writes (the registry's contract, commands/types.ts). */
export const applyTables = () => [db.outbox, db.jobs, db.plumbers, db.lookups, db.photos];

/**
 * Re-applies the user's pending commands (in seq order) touching these jobs, or all of them, on
 * top of what the replica holds now. Needs a transaction over applyTables().
 */
export async function rebase(userId: string, jobIds: Iterable<string> | null): Promise<void> {
  const only = jobIds ? [...new Set(jobIds)] : null;
  if (only && only.length === 0) return;
  const candidates = only
    ? await db.outbox.where('jobIds').anyOf(only).distinct().toArray()
    : await db.outbox.where('[userId+status]').equals([userId, 'pending']).toArray();
  const pending = candidates.filter((e) => e.userId === userId && e.status === 'pending').sort((a, b) => a.seq! - b.seq!);
  for (const e of pending) await applyCommand(e);
}

/** The user's pending commands touching this job, oldest first. */
export async function pendingForJob(userId: string, jobId: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('jobIds').equals(jobId).toArray();
  return rows.filter((e) => e.userId === userId && e.status === 'pending').sort((a, b) => a.seq! - b.seq!);
}

/**
 * Hands a job's version on along its chain of queued edits: the nearest pending chained edit of
 * this job after `afterSeq` takes it (`onlyIfUnset`: unless it holds one already). Only the nearest:
 * the ones after it take the version its own answer produces (or, when it is refused or dropped,
 * the one it expected, handed on the same way); writing it into every later edit made a job's n
 * queued edits cost n² writes in the end-of-day sync. `pending`: the user's pending entries of the
 * job when the caller has read them already. Needs a transaction over applyTables().
 */
export async function handOnVersion(
  userId: string, jobId: string, afterSeq: number, version: number | undefined, onlyIfUnset: boolean, pending?: OutboxEntry[],
): Promise<void> {
  const next = (pending ?? await pendingForJob(userId, jobId))
    .filter((e) => e.seq! > afterSeq && e.chained === true && commandDef(e).versionedJobId() === jobId)
    .reduce<OutboxEntry | undefined>((first, e) => (!first || e.seq! < first.seq! ? e : first), undefined);
  if (!next || (onlyIfUnset && next.resolvedVersion !== undefined)) return;
  await db.outbox.put({ ...next, resolvedVersion: version });
}

/** The server's view of these jobs: the job, or null when gone or not ours to see. */
export async function fetchServerJobs(ids: string[], known: Job | undefined, strict: boolean): Promise<Map<string, Job | null>> {
  const out = new Map<string, Job | null>();
  for (const id of ids) {
    if (known && known.jobId === id) {
      out.set(id, known);
      continue;
    }
    try {
      out.set(id, await apiFetch<Job>(`/api/jobs/${encodeURIComponent(id)}`));
    } catch (e) {
      if (e instanceof ApiError && (e.status === 404 || e.status === 403)) out.set(id, null);
      else if (strict) throw e;
      // Not strict: leave the row; the next pull corrects it.
    }
  }
  return out;
}

export async function writeServerJobs(actor: CommandActor, jobs: Map<string, Job | null>): Promise<void> {
  for (const [id, job] of jobs) {
    if (job && canActOnJob(actor, job)) await db.jobs.put(job);
    else await db.jobs.delete(id);
  }
}

/** The copy of a job that an earlier refused command of this user kept (commands/index.ts OutboxEntry.kept). */
export async function keptCopy(userId: string, jobId: string): Promise<Job | undefined> {
  const refused = await db.outbox.where('jobIds').equals(jobId).toArray();
  return refused.find((e) => e.userId === userId && e.status === 'failed' && e.kept)?.kept;
}
