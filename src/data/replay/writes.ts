/**
 * The replay's writes to the replica, a transaction at a time: those asked for while one commits
 * go together in the next, in the order they were asked for. Each write used to be a transaction
 * of its own (an attempt counted, an answer settled), two a command: every commit woke every live
 * query of the open pages, and in an end-of-day replay of hundreds of commands those re-reads cost
 * more than the replay itself.
 */
import { db } from '../db';
import { applyTables } from './replica';

interface Write {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

let queue: Write[] = [];
let flushing = false;

/**
 * Runs `fn` as a task of its own, after the microtasks of this one: the writes those ask for (a
 * command answered here, the next one started by the replay loop in its promise continuations)
 * join the same transaction. A MessageChannel, not setTimeout: a hidden page's timers are
 * throttled to one a second, its messages are not.
 */
const channel = new MessageChannel();
const tasks: (() => void)[] = [];
channel.port1.onmessage = () => tasks.shift()?.();
// Node (tests, benchmarks): an open port must not keep the process alive.
(channel.port1 as { unref?: () => void }).unref?.();
export function afterThisTask(fn: () => void): void {
  tasks.push(fn);
  channel.port2.postMessage(0);
}

/**
 * Runs `write` in a transaction over applyTables(), with the writes asked for meanwhile; resolves
 * once that transaction has committed. `write` may only wait on the replica (no fetch, no timer):
 * the transaction would end under it.
 */
export function replayWrite<T>(write: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ run: write, resolve: resolve as (value: unknown) => void, reject });
    if (!flushing) {
      flushing = true;
      afterThisTask(() => void flush());
    }
  });
}

async function flush(): Promise<void> {
  try {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      let results: unknown[] | null = null;
      try {
        results = await db.transaction('rw', applyTables(), async () => {
          const out: unknown[] = [];
          // One after another: each sees what the ones before it wrote.
          for (const w of batch) out.push(await w.run());
          return out;
        });
      } catch {
        // A failed write takes its whole transaction down: each goes again on its own, so only its
        // own caller learns of its failure.
      }
      if (results) {
        batch.forEach((w, i) => w.resolve(results[i]));
        continue;
      }
      for (const w of batch) {
        try {
          w.resolve(await db.transaction('rw', applyTables(), w.run));
        } catch (e) {
          w.reject(e);
        }
      }
    }
  } finally {
    flushing = false;
  }
}
