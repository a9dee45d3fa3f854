/** One replayer at a time across the page and the service worker. */
import { OUTBOX_LOCK } from './types';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

let localChain: Promise<unknown> = Promise.resolve();

export async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks.request(OUTBOX_LOCK, fn);
  // No Web Locks (Node, old browsers): serialise within this context, the only one there is.
  const run = localChain.then(fn, fn);
  localChain = run.catch(() => undefined);
  return run;
}
