/**
 * Pull sync (server → replica) and the page's sync schedule. No React here; sync.ts adds the hooks.
 */
import type { ChangeFeed, Plumber } from '../domain/api';
import { Role, UserStatus } from '../domain/enums';
import { db, META } from './db';
import { getAccessToken, getRequestIdentity, getSession, onAccessToken } from './identity';
import { applyTables, cancelScheduledReplay, onReplayed, rebase, requestReplay } from './replay';
import { refreshPropertyMeters } from './propertyMeters';
import { refreshMySchedule } from './mySchedule';
import { getReplayState, setWorkerReplayState, subscribeReplayState } from './status';
import { ApiError, apiFetch } from './transport';
import { isUnreachable, onReachability } from './reachability';
import { pageMessage, type WorkerTokenMessage } from './workerMessages';

export const PULL_INTERVAL_MS = 60_000;
/** Waits between pulls while the server does not answer (the last repeats). */
const PROBE_MS = [2_000, 5_000, 10_000];
/** A hub event often comes in bursts (one per job of a batch): pull once for them. */
const REQUEST_PULL_DEBOUNCE_MS = 500;
/** Guards against a server that keeps saying hasMore. */
const MAX_PAGES_PER_PULL = 1000;

/** Lists fetched into db.lookups, by their API path under /api (spec 1 §7, spec 3). */
export const LOOKUP_LISTS = [
  'JobTypes',
  'TaskStatus',
  'JobStatus',
  'watermetermodels',
  'watermeterplacements',
  'WaterMeterReadingTypes',
  'MaxConstructionLength',
  'BackflowProtectionTypes',
  'Deviation',
  'CancellationType',
] as const;
/** Spec 3 §3: admins also load the setting types (availability, holiday, workday, application). */
export const ADMIN_LOOKUP_LISTS = ['AvailabilityType', 'HoliDayType', 'WorkDayType', 'ApplicationSetting'] as const;
export type LookupListName = (typeof LOOKUP_LISTS)[number] | (typeof ADMIN_LOOKUP_LISTS)[number];

// ---------------------------------------------------------------- errors the UI shows

export type DataErrorEvent =
  | { kind: 'lookup'; list: string; error: ApiError }
  | { kind: 'plumbers'; error: ApiError }
  | { kind: 'pull'; error: ApiError };

const errorListeners = new Set<(e: DataErrorEvent) => void>();

/** Failures the user should hear about (reference data per spec 1 §8: an error toast, 404 silent). */
export function onDataError(listener: (e: DataErrorEvent) => void): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

function emit(e: DataErrorEvent): void {
  for (const l of errorListeners) l(e);
}

function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(e instanceof Error ? e.message : String(e), 0);
}

// ---------------------------------------------------------------- owner of the replica

/**
 * The replica belongs to one user. When another user signs in, their view must not show the
 * previous user's jobs: jobs, lookups, plumbers, their planned items and the cursor are cleared. The outbox is kept:
 * each entry names its user and is replayed only with that user's token.
 * Returns true when the replica was cleared.
 */
export async function claimReplica(userId: string): Promise<boolean> {
  // Most starts find the replica theirs: a read, not a write lock on five stores ahead of the
  // first screen's queries (the check is repeated under the lock when it is not).
  if ((await db.meta.get(META.ownerUserId))?.value === userId) return false;
  return db.transaction('rw', [db.jobs, db.lookups, db.plumbers, db.mySchedule, db.meta, db.outbox], async () => {
    const owner = (await db.meta.get(META.ownerUserId))?.value;
    if (owner === userId) return false;
    await Promise.all([db.jobs.clear(), db.lookups.clear(), db.plumbers.clear(), db.mySchedule.clear()]);
    await db.meta.bulkDelete([META.cursor, META.lastSyncAt]);
    await db.meta.put({ key: META.ownerUserId, value: userId });
    // This user's own changes from an earlier session show at once, before the first pull.
    await rebase(userId, null);
    return true;
  });
}

// ---------------------------------------------------------------- pull

type Feed = ChangeFeed & { hasMore?: boolean };

async function pullOnce(): Promise<void> {
  const identity = getRequestIdentity();
  if (!identity) return;
  for (let page = 0; page < MAX_PAGES_PER_PULL; page++) {
    const since = (await db.meta.get(META.cursor))?.value as string | undefined;
    const feed = await apiFetch<Feed>(`/api/sync/changes${since ? `?since=${encodeURIComponent(since)}` : ''}`);
    const written = await db.transaction('rw', [...applyTables(), db.meta], async () => {
      // Another tab wrote a page meanwhile, or another user signed in: this answer is stale.
      if ((await db.meta.get(META.cursor))?.value !== since) return false;
      if ((await db.meta.get(META.ownerUserId))?.value !== identity.userId) return false;
      if (feed.reset) await db.jobs.clear();
      if (feed.deletedJobIds.length) await db.jobs.bulkDelete(feed.deletedJobIds);
      if (feed.jobs.length) await db.jobs.bulkPut(feed.jobs);
      // The server's rows replaced our optimistic ones: put the still-unsent changes back on top.
      await rebase(identity.userId, feed.reset ? null : [...feed.jobs.map((j) => j.jobId), ...feed.deletedJobIds]);
      await db.meta.put({ key: META.cursor, value: feed.cursor });
      if (!feed.hasMore) await db.meta.put({ key: META.lastSyncAt, value: new Date().toISOString() });
      return true;
    });
    if (written && !feed.hasMore) return;
    if (!written && (await db.meta.get(META.ownerUserId))?.value !== identity.userId) return;
  }
}

let pulling: Promise<void> | null = null;
let pullAgain = false;

/** Brings the replica up to date from the change feed (joins a pull already running). */
export function pullChanges(): Promise<void> {
  if (pulling) {
    pullAgain = true;
    return pulling;
  }
  pulling = (async () => {
    do {
      pullAgain = false;
      await pullOnce();
    } while (pullAgain);
  })().finally(() => {
    pulling = null;
  });
  return pulling;
}

let requestTimer: ReturnType<typeof setTimeout> | null = null;

/** A hub event came during a replay: one pull when it ends. */
let pullAfterReplay = false;
subscribeReplayState(() => {
  if (!pullAfterReplay || getReplayState().replaying) return;
  pullAfterReplay = false;
  requestPull();
});

/**
 * A pull soon (the hub said something changed). Not while this page or the worker replays: the
 * hub then mostly tells of the replay's own commands, and each pull wrote the server's rows of
 * the jobs being sent and applied their queued commands on top again, every half second of an
 * end-of-day replay. One pull after it brings everything, anyone else's changes too.
 */
export function requestPull(): void {
  if (requestTimer) return;
  requestTimer = setTimeout(() => {
    requestTimer = null;
    if (getReplayState().replaying) {
      pullAfterReplay = true;
      return;
    }
    void quietPull();
  }, REQUEST_PULL_DEBOUNCE_MS);
}

/** Scheduled pulls: offline and auth failures are normal there and not shown. */
async function quietPull(): Promise<void> {
  try {
    await pullChanges();
  } catch (e) {
    const err = toApiError(e);
    if (!err.network && err.status !== 401) emit({ kind: 'pull', error: err });
  }
}

/** The planned items' refresh: offline and auth failures are normal and not shown; others are emitted like a pull's. */
async function quietScheduleRefresh(): Promise<void> {
  try {
    await refreshMySchedule();
  } catch (e) {
    const err = toApiError(e);
    if (!err.network && err.status !== 401) emit({ kind: 'pull', error: err });
  }
}

/** The hub said a week changed: refresh the planned items soon (bursts of notices give one refresh). */
let scheduleTimer: ReturnType<typeof setTimeout> | null = null;
export function requestScheduleRefresh(): void {
  if (scheduleTimer) return;
  scheduleTimer = setTimeout(() => {
    scheduleTimer = null;
    void quietScheduleRefresh();
  }, REQUEST_PULL_DEBOUNCE_MS);
}

// ---------------------------------------------------------------- lookups and plumbers

/** Fills db.lookups from the reference lists. 404, offline and 401 are silent; other failures are emitted. */
export async function refreshLookups(): Promise<void> {
  const lists: readonly LookupListName[] = getSession()?.isAdmin ? [...LOOKUP_LISTS, ...ADMIN_LOOKUP_LISTS] : LOOKUP_LISTS;
  await Promise.all(
    lists.map(async (list) => {
      try {
        const items = await apiFetch<unknown>(`/api/${list}`);
        await db.lookups.put({ list, items: Array.isArray(items) ? items : [], fetchedAt: new Date().toISOString() });
      } catch (e) {
        const err = toApiError(e);
        // 404 is silent (spec 3 §8). Offline is normal here: the status shows it, the device's copy stays.
        if (err.status === 404 || err.network || err.status === 401) return;
        emit({ kind: 'lookup', list, error: err });
      }
    }),
  );
}

function isAssignablePlumber(p: Plumber): boolean {
  return p.userStatus === UserStatus.Activated && p.roleId === Role.Plumber;
}

/** Admins: the active plumbers, kept on the device so the assignee dropdown works offline. */
export async function refreshPlumbers(): Promise<void> {
  try {
    const list = await apiFetch<Plumber[]>(`/api/Users?userStatus=${UserStatus.Activated}&RoleId=${Role.Plumber}`);
    const ids = new Set(list.map((p) => p.id));
    await db.transaction('rw', db.plumbers, async () => {
      const stale = await db.plumbers.filter((p) => isAssignablePlumber(p) && !ids.has(p.id)).primaryKeys();
      await db.plumbers.bulkDelete(stale);
      await db.plumbers.bulkPut(list);
    });
  } catch (e) {
    const err = toApiError(e);
    if (!err.network && err.status !== 401) emit({ kind: 'plumbers', error: err });
  }
}

// ---------------------------------------------------------------- the page's schedule

interface WorkerContainer {
  controller: { postMessage(message: unknown): void } | null;
  addEventListener(type: 'message' | 'controllerchange', listener: (ev: { data?: unknown }) => void): void;
  removeEventListener(type: 'message' | 'controllerchange', listener: (ev: { data?: unknown }) => void): void;
}

function workerContainer(): WorkerContainer | null {
  return (globalThis as { navigator?: { serviceWorker?: WorkerContainer } }).navigator?.serviceWorker ?? null;
}

function isOnline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine ?? true;
}

/**
 * Starts keeping the replica in sync for the signed-in user (call after setSession and
 * setAccessTokenProvider). Pulls on start, on 'online', on requestPull() and every 60 s; replays
 * the outbox on start and on 'online'; gives the service worker every access token it sees.
 * Returns the function that stops it all (call it on sign-out).
 */
export function startSync(): () => void {
  const session = getSession();
  if (!session) throw new Error('startSync needs a signed-in user');
  const { userId, customerId } = session;
  let stopped = false;
  let handedOver: string | null = null;
  const container = workerContainer();

  const handOver = (token: string | null, force = false) => {
    if (!container?.controller || (!force && token === handedOver)) return;
    handedOver = token;
    const message: WorkerTokenMessage = { type: 'token', token, customerId, userId };
    container.controller.postMessage(message);
  };
  // A replay stopped by 401 waits for a new token; the next one any request gets resumes it.
  let waitingForToken = false;
  let lastToken: string | null = null;
  const offToken = onAccessToken((token) => {
    const fresh = token !== lastToken;
    lastToken = token;
    handOver(token);
    if (waitingForToken && fresh) {
      waitingForToken = false;
      void requestReplay();
    }
  });

  // One at a time: the network's return is told by the browser's event and by the first answer.
  let syncing: Promise<void> | null = null;
  const syncNow = () => {
    syncing ??= syncOnce().finally(() => {
      syncing = null;
    });
    return syncing;
  };
  const syncOnce = async () => {
    if (stopped) return;
    await requestReplay();
    if (stopped || !isOnline()) return;
    await quietPull();
    // In the background: the reference lists and the first screens do not wait for it.
    if (!stopped) void refreshPropertyMeters().catch(() => undefined);
    if (!stopped) void quietScheduleRefresh();
  };

  const offReplayed = onReplayed((r) => {
    if (r.stop === 'auth') waitingForToken = true;
    // What we sent comes back with the server's numbers (refNr, version): fetch it.
    if (!stopped && (r.sent > 0 || r.failed > 0)) void quietPull();
  });

  const onMessage = (ev: { data?: unknown }) => {
    const data = pageMessage(ev.data);
    if (!data) return;
    setWorkerReplayState(data.state);
    if (!data.state.replaying) void quietPull();
  };
  // A new worker took over: it may not have the token yet.
  const onControllerChange = () => {
    void getAccessToken().then((t) => handOver(t, true)).catch(() => undefined);
  };
  container?.addEventListener('message', onMessage);
  container?.addEventListener('controllerchange', onControllerChange);

  const onOnline = () => void syncNow();
  globalThis.addEventListener?.('online', onOnline);
  // A request got no answer though the browser says online (reachability.ts): pull again soon, and
  // sooner the first times (a dropped second), until the server answers; then send what waits.
  let probe: ReturnType<typeof setTimeout> | null = null;
  let probes = 0;
  const probeSoon = () => {
    if (probe || stopped) return;
    probe = setTimeout(() => {
      probe = null;
      if (stopped || !isUnreachable()) return;
      probes++;
      if (isOnline()) void quietPull();
      probeSoon();
    }, PROBE_MS[Math.min(probes, PROBE_MS.length - 1)]);
  };
  const offReachability = onReachability(() => {
    if (isUnreachable()) {
      probeSoon();
      return;
    }
    const wasProbing = probe !== null;
    if (probe) clearTimeout(probe);
    probe = null;
    probes = 0;
    if (wasProbing && isOnline()) void syncNow();
  });
  const timer = setInterval(() => {
    if (!isOnline()) return;
    void quietPull();
    void quietScheduleRefresh();
  }, PULL_INTERVAL_MS);

  void (async () => {
    await claimReplica(userId);
    if (stopped) return;
    try {
      // The token listener hands it to the worker.
      await getAccessToken();
    } catch {
      // No token now (offline start): the worker gets one with the next request.
    }
    await syncNow();
    if (stopped || !isOnline()) return;
    await refreshLookups();
    if (session.isAdmin) await refreshPlumbers();
  })();

  return () => {
    stopped = true;
    cancelScheduledReplay();
    offToken();
    offReplayed();
    clearInterval(timer);
    if (probe) clearTimeout(probe);
    offReachability();
    globalThis.removeEventListener?.('online', onOnline);
    container?.removeEventListener('message', onMessage);
    container?.removeEventListener('controllerchange', onControllerChange);
    // Signed out: the worker must not replay with the old token.
    handOver(null, true);
  };
}
