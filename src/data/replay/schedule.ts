/** When replay runs: now on request, again later with backoff, and through Background Sync. */
import { Backoff } from '../backoff';
import { OUTBOX_SYNC_TAG, type ReplayResult } from './types';

const BACKOFF_FIRST_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;

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

let loaded: Promise<typeof import('./run')> | null = null;
/**
 * The replay's code, loaded once (one module, one run at a time in this context). The page loads it
 * after its first screen (main.tsx), so a sync later waits for no download.
 */
export const replayCode = () => (loaded ??= import('./run').catch((e: unknown) => {
  // Not loaded (a chunk missing after an update): the next request tries again.
  loaded = null;
  throw e;
}));

/** Replays now and, when stopped by the network or the server, again later with backoff. */
export async function requestReplay(): Promise<ReplayResult> {
  if (retryTimer) {
    clearTimeout(retryTimer);
    retryTimer = null;
  }
  let r: ReplayResult;
  try {
    // The replay's code comes when there is something to send, not with the first screen (the
    // shell's budget); the service worker precaches it, so it loads offline too.
    r = await (await replayCode()).runReplay();
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
