/**
 * The assignment list's kept answers and turns (server/services/assignments/listCache.ts): written
 * once for everyone asking at once, kept while the fingerprint stands, bounded per user and per
 * process, and the bytes kept bounded.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors';
import { cachedList, clearListCache, freshRead, LIST_LIMITS, listCacheState, listEncodingOf } from '../../server/services/assignments/listCache';

const DEFAULTS = { ...LIST_LIMITS };

/** A list writer whose writings wait until released, counting how many started. */
function gatedReader(text: (n: number) => string = (n) => `[${n}]`) {
  let started = 0;
  const gates: (() => void)[] = [];
  const read = (fingerprint: string) => async () => {
    const n = ++started;
    await new Promise<void>((resolve) => gates.push(resolve));
    return { fingerprint, body: Readable.from([text(n)]) };
  };
  return { read, started: () => started, releaseAll: () => gates.splice(0).forEach((g) => g()), releaseOne: () => gates.shift()?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => clearListCache());
afterEach(() => Object.assign(LIST_LIMITS, DEFAULTS));

describe('listEncodingOf', () => {
  it('takes brotli before gzip, honours q=0 and *, and falls back to none', () => {
    expect(listEncodingOf('gzip, deflate, br')).toBe('br');
    expect(listEncodingOf('gzip')).toBe('gzip');
    expect(listEncodingOf('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(listEncodingOf('*')).toBe('br');
    expect(listEncodingOf('*, br;q=0')).toBe('gzip');
    expect(listEncodingOf(undefined)).toBe('identity');
    expect(listEncodingOf('deflate')).toBe('identity');
  });
});

describe('cachedList', () => {
  it('writes a list once for every request that asks while it is being written, and keeps it', async () => {
    const r = gatedReader();
    const asks = Array.from({ length: 10 }, (_, i) => cachedList('k', 'identity', `user ${i}`, async () => 'f1', r.read('f1')));
    await tick();
    expect(r.started()).toBe(1);
    r.releaseAll();
    const answers = await Promise.all(asks);
    expect(new Set(answers.map((a) => a.toString()))).toEqual(new Set(['[1]']));
    // Kept: the next ask with the same fingerprint writes nothing.
    expect((await cachedList('k', 'identity', 'user 0', async () => 'f1', r.read('f1'))).toString()).toBe('[1]');
    expect(r.started()).toBe(1);
    expect(listCacheState()).toMatchObject({ keptLists: 1, writing: 0, running: 0, waiting: 0 });
  });

  it('writes again when the fingerprint has moved, and keeps each encoding apart', async () => {
    let n = 0;
    const read = (fingerprint: string) => async () => ({ fingerprint, body: Readable.from([`{"n":${++n}}`]) });
    expect((await cachedList('k', 'identity', 'u', async () => 'f1', read('f1'))).toString()).toBe('{"n":1}');
    expect((await cachedList('k', 'identity', 'u', async () => 'f2', read('f2'))).toString()).toBe('{"n":2}');
    const br = await cachedList('k', 'br', 'u', async () => 'f2', read('f2'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe('{"n":3}');
    const gz = await cachedList('k', 'gzip', 'u', async () => 'f2', read('f2'));
    expect(zlib.gunzipSync(gz).toString()).toBe('{"n":4}');
    expect((await cachedList('k', 'identity', 'u', async () => 'f2', read('f2'))).toString()).toBe('{"n":2}');
    expect(n).toBe(4);
  });

  it('writes at most writingPerProcess lists at once; the rest wait their turn without failing', async () => {
    LIST_LIMITS.writingPerProcess = 2;
    const r = gatedReader();
    const asks = [1, 2, 3, 4, 5].map((i) => cachedList(`k${i}`, 'identity', `user ${i}`, async () => 'f', r.read('f')));
    await tick();
    expect(r.started()).toBe(2);
    expect(listCacheState()).toMatchObject({ running: 2, waiting: 3 });
    r.releaseOne();
    await tick();
    expect(r.started()).toBe(3);
    for (let i = 0; i < 5; i++) {
      r.releaseAll();
      await tick();
    }
    expect((await Promise.all(asks)).length).toBe(5);
    expect(listCacheState()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses a user past perUser lists loading, and the process past waitingPerProcess, with 429 and a time to retry', async () => {
    Object.assign(LIST_LIMITS, { writingPerProcess: 1, waitingPerProcess: 2, perUser: 2 });
    const r = gatedReader();
    const mine = [cachedList('a', 'identity', 'me', async () => 'f', r.read('f')), cachedList('b', 'identity', 'me', async () => 'f', r.read('f'))];
    const third = cachedList('c', 'identity', 'me', async () => 'f', r.read('f'));
    await expect(third).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 5 });
    await expect(third).rejects.toBeInstanceOf(HttpError);
    // The same list again joins the writing under way: no place taken, no refusal.
    const same = cachedList('a', 'identity', 'me', async () => 'f', r.read('f'));
    // One running (a), one waiting (b), one more waiting (other's x): the queue is full.
    const other = cachedList('x', 'identity', 'other', async () => 'f', r.read('f'));
    await tick();
    await expect(cachedList('y', 'identity', 'third', async () => 'f', r.read('f'))).rejects.toMatchObject({ statusCode: 429 });
    for (let i = 0; i < 4; i++) {
      r.releaseAll();
      await tick();
    }
    await Promise.all([...mine, same, other]);
    expect(r.started()).toBe(3);
    expect(listCacheState()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('gives the turn back when a writing fails, and keeps nothing of it', async () => {
    Object.assign(LIST_LIMITS, { writingPerProcess: 1, perUser: 1 });
    const failing = async () => ({ fingerprint: 'f', body: Readable.from((async function* () { yield '[1'; throw new Error('connection lost'); })()) });
    await expect(cachedList('k', 'br', 'me', async () => 'f', failing)).rejects.toThrow('connection lost');
    expect(listCacheState()).toMatchObject({ keptLists: 0, running: 0, waiting: 0, writing: 0 });
    const ok = async () => ({ fingerprint: 'f', body: Readable.from(['[1]']) });
    expect(zlib.brotliDecompressSync(await cachedList('k', 'br', 'me', async () => 'f', ok)).toString()).toBe('[1]');
  });

  it('keeps at most cacheBytes, giving up the least recently used first', async () => {
    LIST_LIMITS.cacheBytes = 250;
    const read = (key: string) => async () => ({ fingerprint: 'f', body: Readable.from([key.repeat(100)]) });
    for (const key of ['a', 'b']) await cachedList(key, 'identity', 'u', async () => 'f', read(key));
    // 'a' used again, so 'b' is the least recently used when 'c' comes.
    await cachedList('a', 'identity', 'u', async () => 'f', read('a'));
    await cachedList('c', 'identity', 'u', async () => 'f', read('c'));
    expect(listCacheState()).toMatchObject({ keptLists: 2, keptBytes: 200 });
    let wrote = 0;
    await cachedList('a', 'identity', 'u', async () => 'f', async () => ({ fingerprint: 'f', body: Readable.from([String(++wrote)]) }));
    expect(wrote).toBe(0);
    await cachedList('b', 'identity', 'u', async () => 'f', async () => ({ fingerprint: 'f', body: Readable.from([String(++wrote)]) }));
    expect(wrote).toBe(1);
  });
});

describe('freshRead', () => {
  it('runs at most two reads for any number of askers, and answers each from a read started after it asked', async () => {
    let started = 0;
    const gates: ((v: string) => void)[] = [];
    const read = () => {
      started++;
      return new Promise<string>((resolve) => gates.push(resolve));
    };
    const first = freshRead('c', read);
    const later = [1, 2, 3, 4, 5].map(() => freshRead('c', read));
    expect(started).toBe(1);
    gates[0]('v1');
    expect(await first).toBe('v1');
    await tick();
    // The askers who came while the first read ran share the second, started after they asked.
    expect(started).toBe(2);
    gates[1]('v2');
    expect(await Promise.all(later)).toEqual(['v2', 'v2', 'v2', 'v2', 'v2']);
    // Nothing running: the next asker starts a read of its own.
    const next = freshRead('c', read);
    expect(started).toBe(3);
    gates[2]('v3');
    expect(await next).toBe('v3');
  });

  it('keeps keys apart, and a failed read fails only its askers', async () => {
    let n = 0;
    const failing = freshRead('a', async () => { throw new Error('gone'); });
    const other = freshRead('b', async () => `b${++n}`);
    await expect(failing).rejects.toThrow('gone');
    expect(await other).toBe('b1');
    expect(await freshRead('a', async () => 'a again')).toBe('a again');
  });
});
