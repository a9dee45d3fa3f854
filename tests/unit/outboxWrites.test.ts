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
  it('asked for in the same task go together in one transaction, in the order asked, each seeing the ones before', async () => {
    const ran: string[] = [];
    const all = ['first', 'second', 'third', 'fourth'].map((name) => replayWrite(async () => {
      ran.push(name);
      const before = ((await valueOf('a')) as number | undefined) ?? 0;
      await put('a', before + 1);
      return { tx: txOf(), before };
    }));
    const done = await Promise.all(all);
    expect(ran).toEqual(['first', 'second', 'third', 'fourth']);
    expect(new Set(done.map((d) => d.tx)).size).toBe(1);
    expect(done.map((d) => d.before)).toEqual([0, 1, 2, 3]);
    expect(await valueOf('a')).toBe(4);
  });

  it('asked for once one has started go together in the next transaction, in the order asked', async () => {
    const ran: string[] = [];
    const first = replayWrite(async () => {
      ran.push('first');
      await put('b', 1);
      return txOf();
    });
    // Watched from outside the transaction (a promise settled inside it would carry its zone here).
    while (!ran.includes('first')) await new Promise((r) => setTimeout(r, 0));
    const rest = ['second', 'third', 'fourth'].map(() => replayWrite(async () => {
      const before = (await valueOf('b')) as number;
      await put('b', before + 1);
      return { tx: txOf(), before };
    }));
    const [firstTx, ...others] = await Promise.all([first, ...rest]);
    expect(others.map((o) => o.tx)).toEqual([others[0].tx, others[0].tx, others[0].tx]);
    expect(others[0].tx).not.toBe(firstTx);
    expect(others.map((o) => o.before)).toEqual([1, 2, 3]);
    expect(await valueOf('b')).toBe(4);
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
