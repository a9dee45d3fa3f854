import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { replayWrite } from '../../src/data/replay/writes';

beforeEach(async () => {
  await db.lookups.clear();
});

/** The transaction a write runs in. */
const txOf = () => Dexie.currentTransaction;
/** A row of a table the replay writes (applyTables), holding one value. */
const put = (list: string, value: unknown) => db.lookups.put({ list, items: [value], fetchedAt: '' });
const valueOf = async (list: string) => (await db.lookups.get(list))?.items[0];

describe("the replay's writes", () => {
  it('asked for while one commits go together in the next transaction, in the order asked, each seeing the ones before', async () => {
    const ran: string[] = [];
    const first = replayWrite(async () => {
      ran.push('first');
      await put('a', 1);
      return txOf();
    });
    const rest = ['second', 'third', 'fourth'].map((name, i) => replayWrite(async () => {
      ran.push(name);
      const before = (await valueOf('a')) as number;
      await put('a', before + 1);
      return { tx: txOf(), before, i };
    }));
    const [firstTx, ...others] = await Promise.all([first, ...rest]);
    expect(ran).toEqual(['first', 'second', 'third', 'fourth']);
    // The first went alone (nothing was under way); the three asked for meanwhile shared the next.
    expect(others.map((o) => o.tx)).toEqual([others[0].tx, others[0].tx, others[0].tx]);
    expect(others[0].tx).not.toBe(firstTx);
    expect(others.map((o) => o.before)).toEqual([1, 2, 3]);
    expect(await valueOf('a')).toBe(4);
  });

  it('resolve only once their transaction has committed', async () => {
    await replayWrite(async () => put('c', 'written'));
    // Read in a transaction of its own: what a reload would find.
    expect(await db.transaction('r', db.lookups, () => valueOf('c'))).toBe('written');
  });

  it('a write that fails, fails alone: the others of its transaction are written, its own change is not', async () => {
    const blocker = replayWrite(async () => put('first', 1));
    const before = replayWrite(async () => put('before', 1));
    const failing = replayWrite(async () => {
      await put('failing', 1);
      throw new Error('refused');
    });
    const after = replayWrite(async () => put('after', 1));
    await expect(failing).rejects.toThrow('refused');
    await Promise.all([blocker, before, after]);
    expect((await db.lookups.toArray()).map((m) => m.list).sort()).toEqual(['after', 'before', 'first']);
  });
});
