/**
 * The job list's live answers, kept outside React so that opening the list renders its cards at
 * once (DESIGN.md budgets: first screen within 100 ms of navigation). One Dexie live query per
 * filter, page count and viewer; the screen reads it with useSyncExternalStore. The list's current
 * filter (first page) stays live while the app runs, so the next visit finds its answer ready.
 */
import { JOB_LIST_PAGE_SIZE } from '../../domain/constants';
import { parseJobFilter, type JobListFilter } from '../../domain/jobs/list';
import type { Actor } from '../../domain/jobs/rules';
import { db } from '../../data/db';
import { getSession } from '../../data/session';
import { pacedLiveQuery, type PacedSubscription } from '../../data/pacedLiveQuery';
import { isIndexRange, keepUnchanged, queryJobListData, type JobListData } from './queries';

/** The filter is kept on the device (spec 1 §3 "Other store content: job filter"). */
const FILTER_KEY = 'meterwork.jobFilter';

export function loadJobFilter(): JobListFilter {
  try {
    return parseJobFilter(localStorage.getItem(FILTER_KEY));
  } catch {
    return parseJobFilter(null);
  }
}

export function saveJobFilter(filter: JobListFilter): void {
  try {
    localStorage.setItem(FILTER_KEY, JSON.stringify(filter));
  } catch {
    // Storage refused (private mode): the filter lasts for this visit only.
  }
}

/** An answer nobody shows nor keeps stops this long after it was last wanted. */
const IDLE_STOP_MS = 10_000;

/**
 * While the outbox is replayed (by this page or the service worker) the list is read again every
 * REPLAY_REFRESH_MS, not after every write (data/pacedLiveQuery.ts): an end-of-day replay writes the
 * outbox a few times a second, and reading the list and rendering its cards after each write cost
 * the page more than the replay. The header shows the replay's progress meanwhile; when it ends the
 * list is live again at once.
 */
export { REPLAY_REFRESH_MS } from '../../data/pacedLiveQuery';

export interface LiveJobList {
  readonly key: string;
  /** The first answer (or failure): what a list mounting before it waits for. */
  readonly first: Promise<JobListData>;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => JobListData | undefined;
  /** The failure of the last read, if it failed. */
  error: () => { error: unknown } | undefined;
}

interface Entry extends LiveJobList {
  listeners: Set<() => void>;
  /** Whether the first answer (or failure) has come. */
  settled: () => boolean;
  stop: () => void;
}

const entries = new Map<string, Entry>();
let keptKey: string | null = null;

function jobListKey(filter: JobListFilter, viewer: Actor, count: number): string {
  return JSON.stringify([filter.statusId, filter.jobTypeId, filter.address, filter.plumberId, viewer.isAdmin, viewer.registrationId, count]);
}

function stopWhenIdle(entry: Entry): void {
  setTimeout(() => {
    if (entry.listeners.size > 0 || entry.key === keptKey) return;
    // A render may be waiting for the first answer: it must come before the query stops.
    if (!entry.settled()) {
      stopWhenIdle(entry);
      return;
    }
    entry.stop();
    if (entries.get(entry.key) === entry) entries.delete(entry.key);
  }, IDLE_STOP_MS);
}

/** The live answer for this filter, count and viewer; started when nobody has it yet. */
export function liveJobList(filter: JobListFilter, viewer: Actor, count: number): LiveJobList {
  const key = jobListKey(filter, viewer, count);
  const existing = entries.get(key);
  if (existing) return existing;

  let data: JobListData | undefined;
  let failure: { error: unknown } | undefined;
  let settled = false;
  let resolveFirst!: (data: JobListData) => void;
  let rejectFirst!: (error: unknown) => void;
  const first = new Promise<JobListData>((resolve, reject) => {
    resolveFirst = resolve;
    rejectFirst = reject;
  });
  // An answer kept for later may fail with nobody waiting; a screen learns it through error().
  first.catch(() => undefined);
  let subscription: PacedSubscription | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    settled = true;
    for (const listener of listeners) listener();
  };
  const take = (next: JobListData) => {
    data = data ? keepUnchanged(data, next) : next;
    failure = undefined;
    resolveFirst(data);
    notify();
  };
  const fail = (error: unknown) => {
    failure = { error };
    rejectFirst(error);
    notify();
  };
  const read = () => queryJobListData(db, filter, viewer, count);
  /** Live, or on a timer while a replay runs (and live again after it). */
  const start = () => {
    subscription ??= pacedLiveQuery(read, take, fail);
  };
  const entry: Entry = {
    key,
    first,
    listeners,
    subscribe: (listener) => {
      listeners.add(listener);
      // Stopped while idle between a render and its commit: live (and findable) again.
      if (!subscription) {
        start();
        if (!entries.has(key)) entries.set(key, entry);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopWhenIdle(entry);
      };
    },
    getSnapshot: () => data,
    error: () => failure,
    settled: () => settled,
    stop: () => {
      subscription?.unsubscribe();
      subscription = null;
    },
  };
  start();
  entries.set(key, entry);
  // Started by a render that may never be shown: it must not run on for nobody.
  stopWhenIdle(entry);
  return entry;
}

/**
 * Keeps the first page of this filter live for the next visit to the list, when it is one index
 * range: a filter that checks rows (address, task outcomes, type) could read much of the replica
 * on every change to it, for a screen nobody is looking at.
 */
export function keepJobList(filter: JobListFilter, viewer: Actor): void {
  const before = keptKey ? entries.get(keptKey) : undefined;
  keptKey = isIndexRange(filter, viewer) ? (liveJobList(filter, viewer, JOB_LIST_PAGE_SIZE) as Entry).key : null;
  if (before && before.key !== keptKey) stopWhenIdle(before);
}

/** Settles with the kept page's first answer (or failure); at once when no page is kept. */
export function keptJobListAnswer(): Promise<void> {
  const kept = keptKey ? entries.get(keptKey) : undefined;
  return kept ? kept.first.then(() => undefined, () => undefined) : Promise.resolve();
}

/**
 * For the signed-in shell: keeps the list's stored filter live from the start, so the first visit
 * also finds its answer ready. Returns what lets it go (signing out); answers still shown stop
 * when their screen goes.
 */
export function keepJobListWarm(): () => void {
  const session = getSession();
  if (session) keepJobList(loadJobFilter(), { isAdmin: session.isAdmin, registrationId: session.registrationId });
  return () => {
    const kept = keptKey ? entries.get(keptKey) : undefined;
    keptKey = null;
    if (kept) stopWhenIdle(kept);
  };
}
