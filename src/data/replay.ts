/**
 * The outbox engine, shared by the page and the service worker (no React here; outbox.ts adds the
 * hook). enqueue() records a command and applies it to the replica in one transaction; replay sends
 * the signed-in user's commands, each with its Idempotency-Key, under a Web Lock so that page and
 * worker never replay at once: a few requests at a time, those sharing a job (or a task or photo)
 * one after another in seq order. The server stores each key with its first
 * answer, so a command whose answer was lost is re-sent and answered again without applying twice.
 */
import type { ApiErrorBody, Job } from '../domain/api';
import { canActOnJob } from '../domain/jobRules';
import { Backoff } from './backoff';
import {
  answerJobs, applyCommand, commandJobIds, commandRequest, commandSubject, createdIds, dependentEntries, expectedVersion, jobSubject, referencedIds,
  settleCommand, versionedJobId, withExpectedVersion, withMadeAt, type Command, type CommandActor, type OutboxEntry,
} from './commands';
import { db } from './db';
import { getRequestIdentity, getSession } from './identity';
import { newId } from './ids';
import { setLocalReplayState, setUploadProgress } from './status';
import { ApiError, apiFetch } from './transport';

export const OUTBOX_LOCK = 'meterwork-outbox';

/** The tables a command's apply reads and writes (the registry's contract, commands/types.ts). */
export const applyTables = () => [db.outbox, db.jobs, db.plumbers, db.lookups, db.photos];
export const OUTBOX_SYNC_TAG = 'outbox-replay';

/** Why a replay run stopped early; null when it went through the whole queue. */
export type ReplayStop = 'offline' | 'auth' | 'retry' | null;

export interface ReplayResult {
  sent: number;
  failed: number;
  stop: ReplayStop;
  /** Seconds the server asked to wait (Retry-After). */
  retryAfter: number | null;
}

const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;

// ---------------------------------------------------------------- the lock

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

let localChain: Promise<unknown> = Promise.resolve();

async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks.request(OUTBOX_LOCK, fn);
  // No Web Locks (Node, old browsers): serialise within this context, the only one there is.
  const run = localChain.then(fn, fn);
  localChain = run.catch(() => undefined);
  return run;
}

// ---------------------------------------------------------------- replica helpers

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
async function pendingForJob(userId: string, jobId: string): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('jobIds').equals(jobId).toArray();
  return rows.filter((e) => e.userId === userId && e.status === 'pending').sort((a, b) => a.seq! - b.seq!);
}

/** The server's view of these jobs: the job, or null when gone or not ours to see. */
async function fetchServerJobs(ids: string[], known: Job | undefined, strict: boolean): Promise<Map<string, Job | null>> {
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

async function writeServerJobs(actor: CommandActor, jobs: Map<string, Job | null>): Promise<void> {
  for (const [id, job] of jobs) {
    if (job && canActOnJob(actor, job)) await db.jobs.put(job);
    else await db.jobs.delete(id);
  }
}

// ---------------------------------------------------------------- enqueue

function actorFromSession(): CommandActor {
  const s = getSession();
  if (!s) throw new Error('enqueue needs a signed-in user');
  return { userId: s.userId, isAdmin: s.isAdmin, registrationId: s.registrationId, companyId: s.companyId };
}

/**
 * Records the command and applies it to the replica, atomically. Edits checked against the job's
 * version (updateJob, updateNote) get expectedVersion from the replica when the caller gave none;
 * when an earlier queued command of this user changes the same job, or the device has not yet
 * seen the server's version of a job it created, the version is instead the one the server holds
 * after this device's earlier changes, filled in at send time (chained).
 */
export interface EnqueueOptions {
  /** Written in the same transaction as the command (a photo's row, whose blob is no JSON). */
  alsoWrite?: () => Promise<unknown>;
}

export async function enqueueCommand(command: Command, opts: EnqueueOptions = {}): Promise<OutboxEntry> {
  const actor = actorFromSession();
  const now = new Date().toISOString();
  const entry = await db.transaction('rw', applyTables(), async () => {
    let cmd = withMadeAt(command, now);
    let chained = false;
    const jobId = versionedJobId(command);
    if (jobId !== null) {
      const given = expectedVersion(command);
      const earlier = (await pendingForJob(actor.userId, jobId)).length;
      const job = await db.jobs.get(jobId);
      // Version 0: the device has not seen the server's row yet (made here, answer not pulled).
      if (earlier > 0 || job?.version === 0 || given === 0) chained = true;
      else if (given === undefined && job) cmd = withExpectedVersion(command, job.version);
    }
    const named = commandJobIds(cmd)[0];
    const namedJob = named ? await db.jobs.get(named) : undefined;
    const subject = namedJob ? jobSubject(namedJob) : commandSubject(cmd);
    const e: OutboxEntry = {
      ...cmd,
      ...(subject ? { subject } : {}),
      key: newId(),
      status: 'pending',
      userId: actor.userId,
      actor,
      jobId: commandJobIds(cmd)[0] ?? null,
      jobIds: commandJobIds(cmd),
      createdAt: now,
      attempts: 0,
      ...(chained ? { chained: true } : {}),
    };
    await opts.alsoWrite?.();
    e.seq = await db.outbox.add(e);
    await applyCommand(e, now);
    return e;
  });
  registerBackgroundSync();
  void requestReplay();
  return entry;
}

// ---------------------------------------------------------------- sending one entry

type SendOutcome =
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
  const jobId = versionedJobId(entry);
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
  return { ...withExpectedVersion(entry, version), chained: false, resolvedVersion: undefined };
}

async function markSent(entry: OutboxEntry, response: unknown): Promise<void> {
  const ids = commandJobIds(entry);
  const serverJobs = answerJobs(entry, response);
  await db.transaction('rw', applyTables(), async () => {
    const cur = await db.outbox.get(entry.seq!);
    if (!cur || cur.key !== entry.key) return;
    await db.outbox.delete(entry.seq!);
    await settleCommand(entry, response);
    // The next edits of this job were made on top of this one: they expect the version it produced.
    const successors = (await db.outbox.where('jobIds').anyOf(ids).distinct().toArray())
      .filter((e) => e.userId === entry.userId && e.seq! > entry.seq! && e.status === 'pending' && e.chained === true);
    for (const s of successors) {
      await db.outbox.put({ ...s, resolvedVersion: serverJobs.find((j) => j.jobId === versionedJobId(s))?.version });
    }
    if (serverJobs.length) {
      await writeServerJobs(entry.actor, new Map(serverJobs.map((j) => [j.jobId, j])));
      await rebase(entry.userId, serverJobs.map((j) => j.jobId));
    }
  });
}

async function markFailed(entry: OutboxEntry, err: ApiError): Promise<void> {
  const body = typeof err.body === 'object' && err.body !== null ? (err.body as Partial<ApiErrorBody>) : null;
  const current = err.status === 409 && body?.current ? body.current : undefined;
  const corrections = await fetchServerJobs(commandJobIds(entry), current, false);
  await db.transaction('rw', applyTables(), async () => {
    // A job the server no longer lets this user see leaves the device: the entry keeps the device's copy.
    const gone = [...corrections].filter(([, job]) => job === null).map(([id]) => id)[0];
    const kept = gone ? (await db.jobs.get(gone)) ?? (await keptCopy(entry.userId, gone)) : undefined;
    const ok = await updateIfSame(entry, (cur) => ({
      ...cur,
      ...(kept ? { kept } : {}),
      status: 'failed',
      error: { status: err.status, message: err.message, ...(body?.errorKey ? { errorKey: body.errorKey } : {}), ...(current ? { current } : {}) },
      lastError: undefined,
    }));
    if (!ok) return;
    await writeServerJobs(entry.actor, corrections);
    await rebase(entry.userId, corrections.keys());
  });
}

/** The platform knows it has no network: a request could not leave the device. */
const platformOffline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;

/** The copy of a job that an earlier refused command of this user kept (commands/index.ts OutboxEntry.kept). */
export async function keptCopy(userId: string, jobId: string): Promise<Job | undefined> {
  const refused = await db.outbox.where('jobIds').equals(jobId).toArray();
  return refused.find((e) => e.userId === userId && e.status === 'failed' && e.kept)?.kept;
}

async function sendEntry(queued: OutboxEntry): Promise<SendOutcome> {
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
    request = await commandRequest(entry);
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

// ---------------------------------------------------------------- the replay run

/**
 * Requests under way at once. Each waits on the server (its checks, a photo's bytes on the line);
 * with a few at once the line and the server are never idle between commands. Below the browser's
 * six connections per host, so a pull and the hub still get through.
 */
export const REPLAY_WINDOW = 4;
/** Entries read ahead of the oldest unsent one, to find commands that need not wait for it. */
const LOOKAHEAD = 50;

async function pendingCount(userId: string): Promise<number> {
  return db.outbox.where('[userId+status]').equals([userId, 'pending']).count();
}

/**
 * What a command must not overtake, nor be overtaken on: its jobs, and the tasks and photos it
 * creates or uses. Commands sharing none of these touch nothing the other one does, so their order
 * on the server does not matter; those sharing one go in queue order, the later only after the
 * earlier's answer was settled (its version, its failure blocking what depends on it).
 */
function entitiesOf(entry: OutboxEntry): Set<string> {
  return new Set([...referencedIds(entry), ...createdIds(entry)]);
}

const shares = (a: Set<string>, b: Set<string>) => a.size === 0 || b.size === 0 || [...a].some((id) => b.has(id));

async function replayOnce(): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failed: 0, stop: null, retryAfter: null };
  const identity = getRequestIdentity();
  if (!identity) return { ...result, stop: 'auth' };
  const userId = identity.userId;
  // Ids created by commands that failed or wait behind a failure: commands using them must wait too.
  const blocked = new Set<string>();
  let lastSeq = 0;
  let exhausted = false;
  let done = 0;
  let total = await pendingCount(userId);
  if (total === 0) return result;
  /** Read, not yet sent, in queue order. */
  const waiting: { entry: OutboxEntry; entities: Set<string> }[] = [];
  const inFlight = new Map<number, { entities: Set<string>; settled: Promise<void> }>();
  // Set by the first request stopped (offline, 401, the server's retry) or thrown: nothing more starts.
  const halt: { stop?: { stop: Exclude<ReplayStop, null>; retryAfter: number | null }; thrown?: { error: unknown } } = {};
  setLocalReplayState({ replaying: true, done, total });

  const settle = (entry: OutboxEntry, outcome: SendOutcome) => {
    if (outcome.kind === 'stop') {
      halt.stop ??= { stop: outcome.stop, retryAfter: outcome.retryAfter };
      return;
    }
    if (outcome.kind === 'gone') return;
    done += 1;
    if (outcome.kind === 'sent') result.sent += 1;
    else {
      result.failed += 1;
      for (const id of createdIds(entry)) blocked.add(id);
    }
    total = Math.max(total, done);
    setLocalReplayState({ replaying: true, done, total });
  };

  try {
    for (;;) {
      if (!exhausted && waiting.length < LOOKAHEAD && !halt.stop && !halt.thrown) {
        const batch = await db.outbox.where('seq').above(lastSeq).filter((e) => e.userId === userId).limit(LOOKAHEAD).toArray();
        if (batch.length === 0) exhausted = true;
        for (const entry of batch) {
          lastSeq = entry.seq!;
          waiting.push({ entry, entities: entitiesOf(entry) });
        }
        // Commands queued meanwhile join this run: the total grows with them.
        if (batch.length) total = Math.max(total, done + (await pendingCount(userId)));
      }
      if (halt.stop || halt.thrown || (exhausted && waiting.length === 0)) {
        if (inFlight.size === 0) break;
        await Promise.race([...inFlight.values()].map((f) => f.settled));
        continue;
      }
      // The oldest entry that shares nothing with a request under way nor with an older waiting one.
      const at = inFlight.size >= REPLAY_WINDOW ? -1 : waiting.findIndex((w, i) =>
        ![...inFlight.values()].some((f) => shares(f.entities, w.entities)) && !waiting.slice(0, i).some((o) => shares(o.entities, w.entities)));
      if (at === -1) {
        // A full window, or everything read waits on a request under way (the oldest never waits on an older one).
        if (inFlight.size === 0) throw new Error('outbox replay: nothing to send and nothing under way');
        await Promise.race([...inFlight.values()].map((f) => f.settled));
        continue;
      }
      const [{ entry, entities }] = waiting.splice(at, 1);
      // Everything older it depends on has been settled: its failure (or wait) is known.
      const waits = entry.status === 'failed' || referencedIds(entry).some((id) => blocked.has(id));
      if (waits) {
        for (const id of createdIds(entry)) blocked.add(id);
        continue;
      }
      const seq = entry.seq!;
      const settled = sendEntry(entry).then(
        (outcome) => settle(entry, outcome),
        (error: unknown) => { halt.thrown ??= { error }; },
      ).finally(() => inFlight.delete(seq));
      inFlight.set(seq, { entities, settled });
    }
    if (halt.thrown) throw halt.thrown.error;
    return halt.stop ? { ...result, ...halt.stop } : result;
  } finally {
    setLocalReplayState({ replaying: false, done: 0, total: 0 });
  }
}

let running: Promise<ReplayResult> | null = null;
let rerun = false;

/**
 * One replay run in this context (calls while one runs join it, and it goes round once more to
 * pick up what was queued meanwhile). The service worker's sync handler awaits this directly.
 */
export function runReplay(): Promise<ReplayResult> {
  if (running) {
    rerun = true;
    return running;
  }
  running = (async () => {
    const total: ReplayResult = { sent: 0, failed: 0, stop: null, retryAfter: null };
    do {
      rerun = false;
      const r = await withOutboxLock(replayOnce);
      total.sent += r.sent;
      total.failed += r.failed;
      total.stop = r.stop;
      total.retryAfter = r.retryAfter;
    } while (rerun && total.stop === null);
    return total;
  })().finally(() => {
    running = null;
  });
  return running;
}

// ---------------------------------------------------------------- retries with backoff

const retryBackoff = new Backoff({ firstMs: BACKOFF_FIRST_MS, maxMs: BACKOFF_MAX_MS });
// Back online: the next failure starts the schedule over ('online' replays at once, pull.ts).
globalThis.addEventListener?.('online', () => retryBackoff.reset());
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** Callers that joined one run share its result: schedule from it once. */
let scheduledFrom: ReplayResult | null = null;
const replayListeners = new Set<(r: ReplayResult) => void>();

/** Told after every replay run requested through requestReplay (the page pulls after one). */
export function onReplayed(listener: (r: ReplayResult) => void): () => void {
  replayListeners.add(listener);
  return () => replayListeners.delete(listener);
}

/** Returns false when this result was already handled (a caller that joined the same run). */
function scheduleRetry(r: ReplayResult): boolean {
  if (r === scheduledFrom) return false;
  scheduledFrom = r;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (r.stop === null) {
    retryBackoff.reset();
    return true;
  }
  // A 401 waits for a fresh token: the page asks again when it hands one over.
  if (r.stop === 'auth') return true;
  const backoff = retryBackoff.next();
  const delay = r.retryAfter !== null ? Math.min(BACKOFF_MAX_MS, r.retryAfter * 1000) : backoff;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void requestReplay();
  }, delay);
  registerBackgroundSync();
  return true;
}

/** Replays now and, when stopped by the network or the server, again later with backoff. */
export async function requestReplay(): Promise<ReplayResult> {
  if (retryTimer) {
    clearTimeout(retryTimer);
    retryTimer = null;
  }
  let r: ReplayResult;
  try {
    r = await runReplay();
  } catch (e) {
    console.error('outbox replay failed', e);
    r = { sent: 0, failed: 0, stop: 'retry', retryAfter: null };
  }
  if (scheduleRetry(r)) for (const l of replayListeners) l(r);
  return r;
}

/** Stops the retry timer (sign-out, tests). */
export function cancelScheduledReplay(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryBackoff.reset();
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker for a replay when connectivity returns. */
export function registerBackgroundSync(): void {
  const container = (globalThis as { navigator?: { serviceWorker?: { controller?: unknown; ready: Promise<SyncRegistration> } } })
    .navigator?.serviceWorker;
  // Only with a controlling worker: `ready` never settles on a page without one.
  if (!container?.controller) return;
  container.ready.then((reg) => reg.sync?.register(OUTBOX_SYNC_TAG)).catch(() => undefined);
}

// ---------------------------------------------------------------- the user's decisions on failures

/**
 * Sends a failed command again, with a new Idempotency-Key (its 4xx means the server did not
 * apply it). After a 409 this is "re-apply mine": it now expects the server's current version.
 */
export async function retryCommand(seq: number): Promise<void> {
  await db.transaction('rw', applyTables(), async () => {
    const e = await db.outbox.get(seq);
    if (!e || e.status !== 'failed') return;
    let next: OutboxEntry = { ...e, status: 'pending', key: newId(), error: undefined, lastError: undefined, chained: undefined, resolvedVersion: undefined };
    const jobId = versionedJobId(next);
    if (e.error?.status === 409 && jobId !== null) {
      next = withExpectedVersion(next, e.error.current?.version ?? (await db.jobs.get(jobId))?.version);
    }
    await db.outbox.put(next);
    // Later queued edits of the same job were made on top of this one: they take the version this
    // retry produces, not the one they were queued with (else "Use mine" is followed by a second 409).
    if (jobId !== null) {
      for (const later of await pendingForJob(e.userId, jobId)) {
        if (later.seq! > e.seq! && versionedJobId(later) !== null) await db.outbox.put({ ...later, chained: true, resolvedVersion: undefined });
      }
    }
    await rebase(e.userId, commandJobIds(next));
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
  const jobIds = [...new Set(gone.flatMap(commandJobIds))];
  const server = await fetchServerJobs(jobIds, undefined, true);
  await db.transaction('rw', applyTables(), async () => {
    await db.outbox.bulkDelete(gone.map((g) => g.seq!));
    await writeServerJobs(e.actor, server);
    await rebase(e.userId, jobIds);
  });
}
