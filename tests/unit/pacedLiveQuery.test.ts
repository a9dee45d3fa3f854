/** data/pacedLiveQuery.ts: live reads, paced while a replay runs (the header's counts, the job list). */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { pacedLiveQuery, REPLAY_REFRESH_MS } from '../../src/data/pacedLiveQuery';
import { setLocalReplayState, setWorkerReplayState } from '../../src/data/status';

const IDLE = { replaying: false, done: 0, total: 0 };
afterEach(async () => {
  setLocalReplayState(IDLE);
  setWorkerReplayState(IDLE);
  await db.meta.clear();
});

describe('pacedLiveQuery', () => {
  it('reads after every change while idle, at most every REPLAY_REFRESH_MS during a replay (the worker\'s too), and live again after it', async () => {
    const seen: number[] = [];
    let reads = 0;
    const sub = pacedLiveQuery(async () => {
      reads += 1;
      return db.meta.count();
    }, (n) => seen.push(n), (e) => { throw e; });
    try {
      await expect.poll(() => seen.at(-1)).toBe(0);
      await db.meta.put({ key: 'a', value: 1 });
      await expect.poll(() => seen.at(-1)).toBe(1);

      setWorkerReplayState({ replaying: true, done: 0, total: 30 });
      const before = reads;
      const t0 = Date.now();
      for (let i = 0; i < 30; i++) await db.meta.put({ key: `r${i}`, value: i });
      await expect.poll(() => seen.at(-1), { timeout: 4 * REPLAY_REFRESH_MS }).toBe(31);
      // One read as the replay started, then one per REPLAY_REFRESH_MS: not one per write (30).
      expect(reads - before).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - t0) / REPLAY_REFRESH_MS));

      setWorkerReplayState(IDLE);
      await db.meta.put({ key: 'after', value: 0 });
      await expect.poll(() => seen.at(-1), { timeout: REPLAY_REFRESH_MS - 100 }).toBe(32);
    } finally {
      sub.unsubscribe();
    }
    const last = reads;
    await db.meta.put({ key: 'gone', value: 0 });
    await new Promise((r) => setTimeout(r, 100));
    expect(reads).toBe(last);
  });
});
