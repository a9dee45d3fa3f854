/**
 * A live query that, while the outbox is replayed (by this page or the service worker), reads again
 * every REPLAY_REFRESH_MS instead of after every write, and is live again when the replay ends. An
 * end-of-day replay commits the outbox a few times a second; re-reading after each commit (an index
 * count walks the whole range in IndexedDB) cost the device more than the replay's own reads.
 */
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { getReplayState, subscribeReplayState } from './status';

/** How often a paced query reads during a replay. */
export const REPLAY_REFRESH_MS = 1000;

export interface PacedSubscription {
  unsubscribe: () => void;
}

/**
 * Calls `next` with each answer of `read`: after every change to what it read while no replay
 * runs, every REPLAY_REFRESH_MS while one does. `fail` gets a failed read.
 */
export function pacedLiveQuery<T>(read: () => Promise<T>, next: (value: T) => void, fail: (error: unknown) => void): PacedSubscription {
  let current: { unsubscribe: () => void } | null = null;
  let paced: boolean | null = null;
  let stopped = false;
  const readEvery = () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const tick = async () => {
      try {
        const value = await read();
        if (!done) next(value);
      } catch (error) {
        if (!done) fail(error);
      }
      if (!done) timer = setTimeout(() => void tick(), REPLAY_REFRESH_MS);
    };
    void tick();
    return { unsubscribe: () => { done = true; clearTimeout(timer); } };
  };
  const start = () => {
    const replaying = getReplayState().replaying;
    if (stopped || paced === replaying) return;
    current?.unsubscribe();
    paced = replaying;
    current = replaying ? readEvery() : liveQuery(read).subscribe({ next, error: fail });
  };
  const offReplay = subscribeReplayState(start);
  start();
  return {
    unsubscribe: () => {
      stopped = true;
      offReplay();
      current?.unsubscribe();
    },
  };
}

/** useLiveQuery, paced during a replay (pacedLiveQuery). `deps` as useEffect's; a failed read throws in render. */
export function usePacedLiveQuery<T>(read: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  const [state, setState] = useState<{ value: T } | { error: unknown }>({ value: initial });
  useEffect(() => {
    // The same answer as the same state: a paced read that found nothing new renders nothing.
    const sub = pacedLiveQuery(read, (value) => setState((prev) => ('value' in prev && prev.value === value ? prev : { value })), (error) => setState({ error }));
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps stand for `read`, as with useLiveQuery
  }, deps);
  if ('error' in state) throw state.error;
  return state.value;
}
