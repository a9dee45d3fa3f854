/** Sending one queued command and settling the answer in the replica. */
import type { ApiErrorBody, Job } from '../../domain/api';
import { commandDef, type CommandRequest, type OutboxEntry } from '../commands';
import { mediaCommands } from '../commands/media';
import { db } from '../db';
import { setUploadProgress, uploadProgressWatched } from '../status';
import { ApiError, apiFetch } from '../transport';
import { sendBundled } from './bundle';
import { fetchServerJobs, handOnVersion, keptCopy, rebase, writeServerJobs } from './replica';
import type { ReplayStop } from './types';
import { replayWrite } from './writes';

export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'failed' }
  | { kind: 'gone' }
  | { kind: 'stop'; stop: Exclude<ReplayStop, null>; retryAfter: number | null };

function isRetryable(e: ApiError): boolean {
  return e.network || e.status === 401 || e.status === 408 || e.status === 429 || e.status >= 500;
}

function stopFor(e: unknown): SendOutcome {
  if (!(e instanceof ApiError)) return { kind: 'stop', stop: 'retry', retryAfter: null };
  return { kind: 'stop', stop: e.network ? 'offline' : e.status === 401 ? 'auth' : 'retry', retryAfter: e.retryAfter };
}

/**
 * Writes a change to an entry only if it is still the same attempt (not discarded or retried
 * meanwhile). In the caller's transaction (a replayWrite).
 */
async function updateIfSame(entry: OutboxEntry, change: (current: OutboxEntry) => OutboxEntry): Promise<boolean> {
  const cur = await db.outbox.get(entry.seq!);
  if (!cur || cur.key !== entry.key) return false;
  await db.outbox.put(change(cur));
  return true;
}

type Start =
  | { kind: 'gone' }
  /** A chained edit whose version nobody settled yet: the server's is fetched first. */
  | { kind: 'version'; key: string; jobId: string }
  | { kind: 'ready'; entry: OutboxEntry; request: CommandRequest }
  /** The device cannot build the request (a photo's file is gone): no retry will help. */
  | { kind: 'unbuildable'; entry: OutboxEntry; message: string };

/**
 * The start of an attempt, in one write: the entry as it is now, still pending (else it was
 * cancelled or discarded since it was read: nothing is sent); a chained edit's expectedVersion
 * fixed once, before its first send (stored with the attempt, so every later attempt with the
 * same Idempotency-Key carries exactly the same body); the attempt counted, which shows the entry
 * as being sent (a retryable failure sets lastError again); and its request built, a photo's
 * picture read from the replica once, in the same transaction.
 * `fetched`: the server's version of the job, when a first call asked for it (undefined: 403/404,
 * the send itself will fail and correct the replica).
 */
async function startAttempt(seq: number, fetched?: { key: string; version: number | undefined }): Promise<Start> {
  const fresh = await db.outbox.get(seq);
  if (!fresh || fresh.status !== 'pending' || (fetched && fresh.key !== fetched.key)) return { kind: 'gone' };
  const def = commandDef(fresh);
  const jobId = def.versionedJobId();
  let entry = fresh;
  if (fresh.chained && jobId !== null) {
    if (fresh.resolvedVersion === undefined && !fetched) return { kind: 'version', key: fresh.key, jobId };
    entry = { ...def.withExpectedVersion(fresh.resolvedVersion ?? fetched?.version), chained: false, resolvedVersion: undefined };
  }
  const started: OutboxEntry = { ...entry, attempts: fresh.attempts + 1, lastError: undefined };
  await db.outbox.put(started);
  try {
    return { kind: 'ready', entry: started, request: await commandDef(started).request() };
  } catch (e) {
    return { kind: 'unbuildable', entry: started, message: e instanceof Error ? e.message : String(e) };
  }
}

async function markSent(entry: OutboxEntry, response: unknown): Promise<void> {
  const def = commandDef(entry);
  const ids = def.jobIds();
  const serverJobs = def.answerJobs(response);
  await replayWrite(async () => {
    const touched = [...new Set([...ids, ...serverJobs.map((j) => j.jobId)])];
    // One read of the index per job (getAll, no cursor): anyOf().distinct() walked a cursor, an
    // entry at a time, over a job's queue after every answer. The entry itself is among its jobs'
    // (read alone only when it is not).
    const perJob = await Promise.all(touched.map((jobId) => db.outbox.where('jobIds').equals(jobId).toArray()));
    const read = new Map(perJob.flat().map((e) => [e.seq!, e]));
    const cur = read.get(entry.seq!) ?? await db.outbox.get(entry.seq!);
    if (!cur || cur.key !== entry.key) return;
    await db.outbox.delete(entry.seq!);
    await def.settle(response);
    const queued = [...read.values()].filter((e) => e.seq !== entry.seq && e.userId === entry.userId && e.status === 'pending');
    // The next edit of each of its jobs was made on top of this one: it expects the version this
    // produced. A command that leaves its jobs' versions as they were (a photo's upload) hands
    // nothing on: the next edit still expects what the edit before it produced (handing on
    // "unknown" made it ask the server for the job first, a round trip after every photo).
    if (def.changesJobVersions()) {
      for (const jobId of ids) {
        await handOnVersion(entry.userId, jobId, entry.seq!, serverJobs.find((j) => j.jobId === jobId)?.version, false, queued);
      }
    }
    // A job with more of this user's commands queued keeps the device's row (what the server had,
    // with every queued command applied) until the last of them is answered; the pull after the
    // replay brings the rest. Writing the server's row and applying the rest again after each
    // answer made a job's n queued commands cost n² applies in the end-of-day sync.
    const stillQueued = new Set(queued.flatMap((e) => e.jobIds ?? []));
    const settled = serverJobs.filter((j) => !stillQueued.has(j.jobId));
    if (settled.length) await writeServerJobs(entry.actor, new Map(settled.map((j) => [j.jobId, j])));
  });
}

async function markFailed(entry: OutboxEntry, err: ApiError): Promise<void> {
  const body = typeof err.body === 'object' && err.body !== null ? (err.body as Partial<ApiErrorBody>) : null;
  const current = err.status === 409 && body?.current ? body.current : undefined;
  const corrections = await fetchServerJobs(commandDef(entry).jobIds(), current, false);
  await replayWrite(async () => {
    // A job the server no longer lets this user see leaves the device: the entry keeps the device's copy.
    const gone = [...corrections].filter(([, job]) => job === null).map(([id]) => id)[0];
    const kept = gone ? (await db.jobs.get(gone)) ?? (await keptCopy(entry.userId, gone)) : undefined;
    const ok = await updateIfSame(entry, (cur) => ({
      ...cur,
      ...(kept ? { kept } : {}),
      status: 'failed',
      // With the field a 400 names (src/domain/errorField.ts), for the sync panel to show.
      error: { status: err.status, message: err.message, errorKey: body?.errorKey, field: body?.field, current },
      lastError: undefined,
    }));
    if (!ok) return;
    // The next edit of its job was made on top of this one too: it expects what this one expected.
    const jobId = commandDef(entry).versionedJobId();
    if (jobId !== null) await handOnVersion(entry.userId, jobId, entry.seq!, commandDef(entry).expectedVersion(), true);
    await writeServerJobs(entry.actor, corrections);
    await rebase(entry.userId, corrections.keys());
  });
}

/**
 * Which commands go in bundles with others (bundle.ts): all but the media calls, which go alone (an
 * upload's bytes, and a 404 there meaning "no media", spec 1 §8).
 */
export const sentInBundles = (entry: OutboxEntry) => !(entry.type in mediaCommands);

/** The platform knows it has no network: a request could not leave the device. */
const platformOffline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;

/**
 * Sends one queued command and settles its answer. `onAnswered` is called when the server has
 * accepted it, before the answer is written to the replica: the request no longer occupies the
 * line, so the replay may start another one (whose start then shares this answer's transaction).
 */
export async function sendEntry(queued: OutboxEntry, onAnswered?: () => void): Promise<SendOutcome> {
  // Not counted as an attempt: `attempts` 0 means no request of it ever left the device, so it may
  // still be cancelled (a photo deleted before its upload, photos/store.ts).
  if (platformOffline()) return { kind: 'stop', stop: 'offline', retryAfter: null };
  let start = await replayWrite(() => startAttempt(queued.seq!));
  if (start.kind === 'version') {
    const { key, jobId } = start;
    let version: number | undefined;
    try {
      version = (await apiFetch<Job>(`/api/jobs/${encodeURIComponent(jobId)}`)).version;
    } catch (e) {
      if (!(e instanceof ApiError) || isRetryable(e)) return stopFor(e);
      // 403/404: the send itself will fail and correct the replica.
    }
    start = await replayWrite(() => startAttempt(queued.seq!, { key, version }));
  }
  if (start.kind === 'gone' || start.kind === 'version') return { kind: 'gone' };
  if (start.kind === 'unbuildable') {
    await markFailed(start.entry, new ApiError(start.message, 400));
    return { kind: 'failed' };
  }
  const { entry, request } = start;
  let response: unknown;
  try {
    const body = 'form' in request ? request.form : request.json;
    // Measured (an XMLHttpRequest instead of fetch) only while a screen shows it: an end-of-day
    // sync from the job list has nobody to show it to.
    const onUploadProgress = 'form' in request && uploadProgressWatched() ? (f: number) => setUploadProgress(entry.key, f) : undefined;
    try {
      response = 'json' in request && sentInBundles(entry)
        ? await sendBundled<unknown>(request.path, request.method, request.json, entry.key)
        : await apiFetch<unknown>(request.path, { method: request.method, body, idempotencyKey: entry.key, onUploadProgress });
    } finally {
      if (onUploadProgress) setUploadProgress(entry.key, null);
    }
  } catch (e) {
    if (e instanceof ApiError && !isRetryable(e)) {
      await markFailed(entry, e);
      return { kind: 'failed' };
    }
    const status = e instanceof ApiError ? e.status : 0;
    const message = e instanceof Error ? e.message : String(e);
    await replayWrite(() => updateIfSame(entry, (cur) => ({ ...cur, lastError: { status, message, at: new Date().toISOString() } })));
    return stopFor(e);
  }
  onAnswered?.();
  await markSent(entry, response);
  return { kind: 'sent' };
}
