import 'fake-indexeddb/auto';
import Dexie, { liveQuery } from 'dexie';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { REPLAY_SIGNAL_MS, withBatchedSignals } from '../../src/data/replay/signals';

class SignalDb extends Dexie {
  items!: Dexie.Table<{ id: number; n: number }, number>;
  other!: Dexie.Table<{ id: number }, number>;
  constructor() {
    super('replay-signals-test');
    this.version(1).stores({ items: 'id', other: 'id' });
  }
}
const db = new SignalDb();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A live count of the rows of `items`, with every value it delivered and how often it read. */
function watchItems() {
  const seen: number[] = [];
  let reads = 0;
  const sub = liveQuery(async () => {
    reads += 1;
    return db.items.count();
  }).subscribe({ next: (v) => seen.push(v) });
  return { seen, reads: () => reads, stop: () => sub.unsubscribe() };
}

async function settle(predicate: () => boolean, ms = 2000) {
  const until = Date.now() + ms;
  while (!predicate() && Date.now() < until) await sleep(5);
}

beforeEach(async () => {
  await db.items.clear();
  await db.other.clear();
});

afterAll(() => db.close());

describe('change signals while a replay runs', () => {
  it('outside a replay, every committed write reaches the live query at once', async () => {
    const w = watchItems();
    await settle(() => w.seen.length === 1);
    for (let i = 1; i <= 5; i++) {
      await db.items.put({ id: i, n: i });
      await settle(() => w.seen[w.seen.length - 1] === i, 500);
      expect(w.seen[w.seen.length - 1]).toBe(i);
    }
    w.stop();
  });

  it('during a replay, 40 writes in their own transactions wake the live query a few times, and its last value is the last state', async () => {
    const w = watchItems();
    await settle(() => w.seen.length === 1);
    const readsBefore = w.reads();
    const started = Date.now();
    await withBatchedSignals(async () => {
      for (let i = 1; i <= 40; i++) {
        await db.transaction('rw', db.items, () => db.items.put({ id: i, n: i }));
        await sleep(5);
      }
    });
    const elapsed = Date.now() - started;
    await settle(() => w.seen[w.seen.length - 1] === 40);
    expect(w.seen[w.seen.length - 1]).toBe(40);
    // One read per held interval (and one as the replay ends), not one per write.
    const reads = w.reads() - readsBefore;
    expect(reads).toBeLessThanOrEqual(Math.ceil(elapsed / REPLAY_SIGNAL_MS) + 2);
    expect(reads).toBeLessThan(40 / 2);
    w.stop();
  });

  it('held signals go out within the interval while the replay still runs (progress is not frozen)', async () => {
    const w = watchItems();
    await settle(() => w.seen.length === 1);
    let seenDuring = 0;
    await withBatchedSignals(async () => {
      await db.items.put({ id: 1, n: 1 });
      await sleep(REPLAY_SIGNAL_MS * 3);
      seenDuring = w.seen[w.seen.length - 1];
    });
    expect(seenDuring).toBe(1);
    w.stop();
  });

  it('a write to another table during a replay does not wake a query that does not read it, and the merged signal still names every table', async () => {
    const w = watchItems();
    const others: number[] = [];
    const sub = liveQuery(() => db.other.count()).subscribe({ next: (v) => others.push(v) });
    await settle(() => w.seen.length === 1 && others.length === 1);
    const readsBefore = w.reads();
    await withBatchedSignals(async () => {
      await db.other.put({ id: 1 });
      await db.items.put({ id: 7, n: 7 });
      await db.other.put({ id: 2 });
    });
    await settle(() => others[others.length - 1] === 2 && w.seen[w.seen.length - 1] === 1);
    expect(others[others.length - 1]).toBe(2);
    expect(w.seen[w.seen.length - 1]).toBe(1);
    expect(w.reads() - readsBefore).toBe(1);
    sub.unsubscribe();
    w.stop();
  });

  it('a replay that throws still lets its held signals go', async () => {
    const w = watchItems();
    await settle(() => w.seen.length === 1);
    await expect(withBatchedSignals(async () => {
      await db.items.put({ id: 1, n: 1 });
      throw new Error('stopped');
    })).rejects.toThrow('stopped');
    await settle(() => w.seen[w.seen.length - 1] === 1, 100);
    expect(w.seen[w.seen.length - 1]).toBe(1);
    w.stop();
  });

  it('live queries subscribed and unsubscribed during a hold keep working after it', async () => {
    await withBatchedSignals(async () => {
      const a = watchItems();
      await settle(() => a.seen.length === 1);
      a.stop();
    });
    const w = watchItems();
    await settle(() => w.seen.length === 1);
    await db.items.put({ id: 3, n: 3 });
    await settle(() => w.seen[w.seen.length - 1] === 1, 500);
    expect(w.seen[w.seen.length - 1]).toBe(1);
    w.stop();
  });
});
