/** Sending one queued command and settling the answer in the replica. */
import type { ApiErrorBody, Job } from '../../domain/api';
import { commandDef, type OutboxEntry } from '../commands';
import { db } from '../db';
import { setUploadProgress } from '../status';
import { ApiError, apiFetch } from '../transport';
import { applyTables, fetchServerJobs, keptCopy, rebase, writeServerJobs } from './replica';
import type { ReplayStop } from './types';

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

/** Writes a change to an entry only if it is still the same attempt (not discarded or retried meanwhile). */
async function updateIfSame(entry: OutboxEntry, change: (current: OutboxEntry) => OutboxEntry): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const cur = await db.outbox.get(entry.seq!);
    if (!cur || cur.key !== entry.key) return false;
    await db.outbox.put(change(cur));
    return true;
  });
}

/**
 * A chained edit's expectedVersion is fixed once, before its first send (stored with the attempt),
 * so every later attempt with the same Idempotency-Key carries exactly the same body.
 */
async function freezeVersion(entry: OutboxEntry): Promise<OutboxEntry | SendOutcome> {
  const jobId = commandDef(entry).versionedJobId();
  if (!entry.chained || jobId === null) return entry;
  let version = entry.resolvedVersion;
  if (version === undefined) {
    try {
      version = (await apiFetch<Job>(`/api/jobs/${encodeURIComponent(jobId)}`)).version;
    } catch (e) {
      if (!(e instanceof ApiError) || isRetryable(e)) return stopFor(e);
      // 403/404: the send itself will fail and correct the replica.
    }
  }
  return { ...commandDef(entry).withExpectedVersion(version), chained: false, resolvedVersion: undefined };
}

async function markSent(entry: OutboxEntry, response: unknown): Promise<void> {
  const def = commandDef(entry);
  const ids = def.jobIds();
  const serverJobs = def.answerJobs(response);
  await db.transaction('rw', applyTables(), async () => {
    const cur = await db.outbox.get(entry.seq!);
    if (!cur || cur.key !== entry.key) return;
    await db.outbox.delete(entry.seq!);
    await def.settle(response);
    const touched = [...new Set([...ids, ...serverJobs.map((j) => j.jobId)])];
    const queued = touched.length === 0 ? [] : (await db.outbox.where('jobIds').anyOf(touched).distinct().toArray())
      .filter((e) => e.userId === entry.userId && e.status === 'pending');
    // The next edits of this job were made on top of this one: they expect the version it produced.
    const successors = queued.filter((e) => e.seq! > entry.seq! && e.chained === true && (e.jobIds ?? []).some((id) => ids.includes(id)));
    for (const s of successors) {
      await db.outbox.put({ ...s, resolvedVersion: serverJobs.find((j) => j.jobId === commandDef(s).versionedJobId())?.version });
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
  await db.transaction('rw', applyTables(), async () => {
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
    await writeServerJobs(entry.actor, corrections);
    await rebase(entry.userId, corrections.keys());
  });
}

/** The platform knows it has no network: a request could not leave the device. */
const platformOffline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;

export async function sendEntry(queued: OutboxEntry): Promise<SendOutcome> {
  // Not counted as an attempt: `attempts` 0 means no request of it ever left the device, so it may
  // still be cancelled (a photo deleted before its upload, photos/store.ts).
  if (platformOffline()) return { kind: 'stop', stop: 'offline', retryAfter: null };
  const fresh = await db.outbox.get(queued.seq!);
  if (!fresh || fresh.status !== 'pending') return { kind: 'gone' };
  const ready = await freezeVersion(fresh);
  if ('kind' in ready) return ready;
  const entry = ready;
  // While this attempt runs the entry shows as being sent; a retryable failure sets lastError again.
  // Cancelled or discarded since it was read: nothing is sent. One write with the frozen version:
  // each write wakes every screen that watches the outbox.
  const frozen = entry !== fresh;
  if (!(await updateIfSame(entry, (cur) => ({ ...(frozen ? entry : cur), attempts: cur.attempts + 1, lastError: undefined })))) return { kind: 'gone' };
  let request;
  try {
    request = await commandDef(entry).request();
  } catch (e) {
    // The device cannot build the request (a photo's file is gone): no retry will help.
    await markFailed(entry, new ApiError(e instanceof Error ? e.message : String(e), 400));
    return { kind: 'failed' };
  }
  let response: unknown;
  try {
    const body = 'form' in request ? request.form : request.json;
    const onUploadProgress = 'form' in request ? (f: number) => setUploadProgress(entry.key, f) : undefined;
    try {
      response = await apiFetch<unknown>(request.path, { method: request.method, body, idempotencyKey: entry.key, onUploadProgress });
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
    await updateIfSame(entry, (cur) => ({ ...cur, lastError: { status, message, at: new Date().toISOString() } }));
    return stopFor(e);
  }
  await markSent(entry, response);
  return { kind: 'sent' };
}
