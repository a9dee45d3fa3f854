/**
 * Sync as the app uses it: the engine (pull.ts) plus the hooks screens read.
 */
import { useRef, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, META } from './db';
import { useOnline } from './online';
import { useSession } from './session';
import { getReplayState, subscribeReplayState } from './status';
import { usePacedLiveQuery } from './pacedLiveQuery';

export {
  LOOKUP_LISTS, PULL_INTERVAL_MS, claimReplica, onDataError, pullChanges, refreshLookups, refreshPlumbers, requestPull, requestScheduleRefresh, startSync,
} from './pull';
export type { DataErrorEvent, LookupListName } from './pull';
export type { WorkerReplayMessage, WorkerTokenMessage } from './workerMessages';

/** Items of a reference list from the replica; undefined until it has been fetched once. */
export function useLookup<T>(list: string): T[] | undefined {
  return useLiveQuery(async () => (await db.lookups.get(list))?.items as T[] | undefined, [list]);
}

export interface SyncStatusValue {
  online: boolean;
  /** The user's commands waiting to be sent. */
  pending: number;
  /** The user's commands the server refused (shown with retry and discard). */
  failed: number;
  replaying: boolean;
  /** Progress of the replay run: commands handled of those queued. */
  progress: { done: number; total: number };
  /** ISO time of the last complete pull. */
  lastSyncAt: string | null;
}

const NO_COUNTS = { pending: 0, failed: 0 };

/**
 * The replay's progress as screens show it: its start and end at once, the count in between at
 * most every PROGRESS_MS. An end-of-day replay answers dozens of commands a second, and rendering
 * the header for each answer cost the page more than the answer itself.
 */
export const PROGRESS_MS = 250;
let shownReplay = getReplayState();
let progressTimer: ReturnType<typeof setTimeout> | null = null;
const progressListeners = new Set<() => void>();
const showReplay = () => {
  shownReplay = getReplayState();
  for (const l of progressListeners) l();
};
subscribeReplayState(() => {
  if (getReplayState().replaying !== shownReplay.replaying) {
    if (progressTimer) clearTimeout(progressTimer);
    progressTimer = null;
    showReplay();
    return;
  }
  progressTimer ??= setTimeout(() => {
    progressTimer = null;
    showReplay();
  }, PROGRESS_MS);
});
const subscribeShownReplay = (listener: () => void) => {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
};
const getShownReplay = () => shownReplay;

export function useSyncStatus(): SyncStatusValue {
  const online = useOnline();
  const replay = useSyncExternalStore(subscribeShownReplay, getShownReplay, getShownReplay);
  const userId = useSession()?.userId;
  const lastCounts = useRef(NO_COUNTS);
  // Paced during a replay: an index count walks its whole range, and the replay commits the outbox
  // a few times a second (the header shows the replay's progress meanwhile).
  const counts = usePacedLiveQuery(
    async () => {
      if (!userId) return NO_COUNTS;
      // Index counts in one transaction: they must not read the queue.
      const [pending, failed] = await db.transaction('r', db.outbox, () => Promise.all([
        db.outbox.where('[userId+status]').equals([userId, 'pending']).count(),
        db.outbox.where('[userId+status]').equals([userId, 'failed']).count(),
      ]));
      // The same counts as the same object: most of a replay's writes change none (an attempt
      // counted), and a new object rendered the header again for each.
      const last = lastCounts.current;
      if (last.pending !== pending || last.failed !== failed) lastCounts.current = { pending, failed };
      return lastCounts.current;
    },
    [userId],
    NO_COUNTS,
  );
  const lastSyncAt = useLiveQuery(async () => ((await db.meta.get(META.lastSyncAt))?.value as string | undefined) ?? null, [], null);
  return {
    online,
    pending: counts.pending,
    failed: counts.failed,
    replaying: replay.replaying,
    progress: { done: replay.done, total: replay.total },
    lastSyncAt,
  };
}
