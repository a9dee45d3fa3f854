/**
 * While this context replays, the replica's change signals go out together, at most every
 * REPLAY_SIGNAL_MS, instead of one per committed transaction.
 *
 * Dexie tells every live query of this context, and every other context through a
 * BroadcastChannel, after each committed write: in an end-of-day replay that is two transactions
 * per command, and each signal made every open page run its live queries again (the counts in the
 * header, the menu, the lists), so the pages read the replica some thousand times during a replay
 * of 500 commands, more than the replay's own work. The replay's writes are what the screens show
 * only as progress; half a second later is soon enough. The parts of the held signals are
 * merged, so every live query still learns of every range that changed (nothing is missed, only
 * batched), and the last ones go out as the replay ends.
 */
import Dexie, { type ObservabilitySet } from 'dexie';

export const REPLAY_SIGNAL_MS = 500;

/**
 * Dexie's storagemutated event, taken over: its own implementation rebuilds `fire` from the
 * subscriber list on every subscribe and unsubscribe (each live query subscribes), so a wrapped
 * `fire` would not last. The subscribers it had (the BroadcastChannel to other contexts, the DOM
 * event) are kept, in order, and called as Dexie calls them.
 */
interface MutationEvent {
  subscribers: ((parts: ObservabilitySet) => unknown)[];
  fire: (parts: ObservabilitySet) => void;
  subscribe: (fn: (parts: ObservabilitySet) => unknown) => void;
  unsubscribe: (fn: (parts: ObservabilitySet) => unknown) => void;
}
const event = Dexie.on.storagemutated as unknown as MutationEvent;
let subscribers = event.subscribers;
let holding = 0;
let held: ObservabilitySet | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function fireNow(parts: ObservabilitySet): void {
  for (const fn of subscribers) fn(parts);
}

function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const parts = held;
  held = null;
  if (parts) fireNow(parts);
}

// Dexie reads its `subscribers` list only in the subscribe and unsubscribe replaced here.
event.subscribe = (fn) => {
  if (!subscribers.includes(fn)) subscribers = [...subscribers, fn];
};
event.unsubscribe = (fn) => {
  subscribers = subscribers.filter((s) => s !== fn);
};
event.fire = (parts) => {
  if (holding === 0) {
    fireNow(parts);
    return;
  }
  held = Dexie.extendObservabilitySet(held ?? {}, parts);
  timer ??= setTimeout(flush, REPLAY_SIGNAL_MS);
};

/**
 * Runs `fn` with this context's change signals batched; they go out when it ends (also when it
 * throws). Nested and overlapping calls share one hold.
 */
export async function withBatchedSignals<T>(fn: () => Promise<T>): Promise<T> {
  holding += 1;
  try {
    return await fn();
  } finally {
    holding -= 1;
    if (holding === 0) flush();
  }
}
