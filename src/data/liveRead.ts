/**
 * Live reads (DESIGN.md "Live reads"): planning, calendar, settings, reports and the plumber screens
 * read the API directly while online. This is the one way to do that; no screen hand-writes loading,
 * retry or offline again.
 *
 * Decided: one small hook of ours rather than @tanstack/react-query. What the screens need is small
 * (load by key, abort on change, retry, refetch after a save, keep the last answer to show offline),
 * and react-query would add about 13 KB gzip to chunks that are otherwise a few KB.
 *
 * - Offline (the browser says so, or the request never reached the server) is its own status, not an
 *   error: the screen says it needs a connection and shows what was last loaded, if anything.
 * - The last answer per key is kept for this visit (in memory), so coming back to a screen shows it at
 *   once while a fresh copy loads, and offline shows it instead of nothing.
 * - `silent404`: spec 3 §8 says some reads treat 404 as "not configured" rather than an error.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSession } from './identity';
import { useOnline } from './online';
import { ApiError } from './transport';

export type LiveReadStatus = 'loading' | 'ready' | 'error' | 'offline' | 'missing';

export interface LiveRead<T> {
  status: LiveReadStatus;
  /** The last loaded answer for this key; kept while offline, refreshing, or after a failed refetch. */
  data: T | undefined;
  error: unknown;
  /** A fresh copy is loading while `data` (an older one) is shown. */
  refreshing: boolean;
  /** Loads again; resolves when that load has settled (successfully or not). */
  refetch: () => Promise<void>;
  /** Replaces the data with what a save answered, without a round trip. */
  mutate: (data: T) => void;
}

export interface LiveReadOptions {
  /** A 404 answer means "nothing configured": status 'missing', no error. */
  silent404?: boolean;
}

const kept = new Map<string, unknown>();
let keptFor: string | null = null;
/** Loads started before their screen asked (prefetchLiveRead), by key: the screen's first load takes them over. */
const started = new Map<string, { owner: string | null; answer: Promise<unknown>; settled?: { value: unknown } }>();

/** Keys a mounted screen is loading now (useLiveRead), by how many: a prefetch of one starts nothing. */
const screenLoads = new Map<string, number>();

/** The kept answers of the signed-in user: another user (or none) never sees the previous one's. */
function lastLoaded(): Map<string, unknown> {
  const owner = getSession()?.userId ?? null;
  if (owner !== keptFor) {
    kept.clear();
    keptFor = owner;
  }
  return kept;
}

/**
 * Starts reading `key` before the screen that shows it has mounted (a page that knows what it will ask
 * for while it still waits for something else): the first useLiveRead of that key takes the answer over
 * instead of asking again. A load nobody takes over is dropped after a minute.
 */
export function prefetchLiveRead<T>(key: readonly unknown[], load: () => Promise<T>, opts: { unlessKept?: boolean } = {}): void {
  const keyString = JSON.stringify(key);
  if (started.has(keyString) || screenLoads.has(keyString)) return;
  // `unlessKept`: a key read before shows its last answer at once and is read again once on screen;
  // reading it meanwhile would only compete with drawing that answer.
  if (opts.unlessKept && lastLoaded().has(keyString)) return;
  const answer = load();
  const entry: { owner: string | null; answer: Promise<unknown>; settled?: { value: unknown } } = { owner: getSession()?.userId ?? null, answer };
  // Its answer once in: the screen that mounts after it renders with it at once (takeSettled).
  answer.then((value) => { entry.settled = { value }; }, () => {});
  started.set(keyString, entry);
  setTimeout(() => { if (started.get(keyString)?.answer === answer) started.delete(keyString); }, 60_000);
}

/**
 * Settles when the prefetch of `key` now under way does (either way); null when none is, or its answer
 * is already in.
 */
export function prefetchPending(key: readonly unknown[]): Promise<void> | null {
  const s = started.get(JSON.stringify(key));
  if (!s || s.settled || s.owner !== (getSession()?.userId ?? null)) return null;
  return s.answer.then(() => undefined, () => undefined);
}

/**
 * Keeps `data` as the last answer of `key`, as if it had been read: a screen about to open with what
 * another screen just read (the same answer under another key) shows it at once and reads it again.
 */
export function seedLiveRead<T>(key: readonly unknown[], data: T): void {
  lastLoaded().set(JSON.stringify(key), data);
}

/** The prefetched load of `keyString` for the signed-in user, taken (once) by the screen's first load. */
function takeStarted<T>(keyString: string): Promise<T> | null {
  const s = started.get(keyString);
  if (!s) return null;
  started.delete(keyString);
  return s.owner === (getSession()?.userId ?? null) ? (s.answer as Promise<T>) : null;
}

/**
 * The prefetched answer of `keyString` when it is already in (and the signed-in user's), taken (once):
 * the screen's first render shows it, instead of a loading render first and a render with it a task
 * later (a whole planning board drawn twice, issue 24 §5).
 */
function takeSettled<T>(keyString: string): { value: T } | null {
  const s = started.get(keyString);
  if (!s?.settled || s.owner !== (getSession()?.userId ?? null)) return null;
  started.delete(keyString);
  return s.settled as { value: T };
}

interface State<T> {
  key: string | null;
  status: LiveReadStatus;
  data: T | undefined;
  error: unknown;
  refreshing: boolean;
}

function isOffline(err: unknown): boolean {
  return err instanceof ApiError && err.network;
}

/** `key` names what is read (null: nothing to read yet); `load` is called when the key changes or on refetch. */
export function useLiveRead<T>(
  key: readonly unknown[] | null,
  load: (signal: AbortSignal) => Promise<T>,
  options: LiveReadOptions = {},
): LiveRead<T> {
  const online = useOnline();
  const keyString = key === null ? null : JSON.stringify(key);
  const loadRef = useRef(load);
  loadRef.current = load;
  const silent404 = options.silent404 ?? false;
  const [attempt, setAttempt] = useState(0);
  const settled = useRef<(() => void)[]>([]);
  /** The key whose prefetched answer the first render took: its first effect loads nothing more. */
  const tookSettled = useRef<string | null>(null);
  const [state, setState] = useState<State<T>>(() => {
    const taken = keyString === null ? null : takeSettled<T>(keyString);
    if (taken && keyString !== null) {
      lastLoaded().set(keyString, taken.value);
      tookSettled.current = keyString;
      return { key: keyString, status: 'ready', data: taken.value, error: null, refreshing: false };
    }
    return { key: keyString, status: 'loading', data: keyString === null ? undefined : (lastLoaded().get(keyString) as T | undefined), error: null, refreshing: false };
  });

  useEffect(() => {
    const release = () => { for (const done of settled.current.splice(0)) done(); };
    if (keyString === null) {
      setState({ key: null, status: 'loading', data: undefined, error: null, refreshing: false });
      release();
      return;
    }
    if (tookSettled.current === keyString) {
      // The first render showed the prefetched answer: it is the load of this mount.
      tookSettled.current = null;
      release();
      return;
    }
    const previous = lastLoaded().get(keyString) as T | undefined;
    if (!online) {
      setState({ key: keyString, status: 'offline', data: previous, error: null, refreshing: false });
      release();
      return;
    }
    setState((s) => {
      const data = s.key === keyString && s.data !== undefined ? s.data : previous;
      return { key: keyString, status: data === undefined ? 'loading' : 'ready', data, error: null, refreshing: data !== undefined };
    });
    const controller = new AbortController();
    const answer = takeStarted<T>(keyString) ?? loadRef.current(controller.signal);
    // While it loads, a prefetch of the same key (a parent's, in its effect after this one) reads nothing more.
    screenLoads.set(keyString, (screenLoads.get(keyString) ?? 0) + 1);
    const loaded = () => {
      const left = (screenLoads.get(keyString) ?? 1) - 1;
      if (left > 0) screenLoads.set(keyString, left);
      else screenLoads.delete(keyString);
    };
    answer.then(loaded, loaded);
    answer.then(
      (data) => {
        if (controller.signal.aborted) return;
        lastLoaded().set(keyString, data);
        setState({ key: keyString, status: 'ready', data, error: null, refreshing: false });
        release();
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status: LiveReadStatus = isOffline(error) ? 'offline'
          : silent404 && error instanceof ApiError && error.status === 404 ? 'missing' : 'error';
        if (status === 'missing') lastLoaded().delete(keyString);
        setState((s) => ({ key: keyString, status, data: status === 'missing' ? undefined : s.data, error: status === 'error' ? error : null, refreshing: false }));
        release();
      },
    );
    return () => controller.abort();
  }, [keyString, online, attempt, silent404]);

  const refetch = useCallback(() => new Promise<void>((resolve) => {
    settled.current.push(resolve);
    setAttempt((a) => a + 1);
  }), []);

  const mutate = useCallback((data: T) => {
    if (keyString !== null) lastLoaded().set(keyString, data);
    setState({ key: keyString, status: 'ready', data, error: null, refreshing: false });
  }, [keyString]);

  // A key change shows the new key's state from the first render, never the old key's data.
  const current = state.key === keyString ? state
    : { key: keyString, status: 'loading' as const, data: keyString === null ? undefined : (lastLoaded().get(keyString) as T | undefined), error: null, refreshing: false };
  return { status: current.status, data: current.data, error: current.error, refreshing: current.refreshing, refetch, mutate };
}
