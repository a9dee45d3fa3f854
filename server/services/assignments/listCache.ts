/**
 * The assignment list is the heaviest read the server has (50,000 points: ~20 MB of JSON written by
 * PostgreSQL, ~300 ms of a database connection and a core, 2 MB compressed). Answered as it was, 50
 * tabs asking at once held every connection of the pool and every other request of the process waited
 * (sign-in too), and a reader that stopped reading kept its 16 MB. So here:
 *
 * - **Answered from memory while nothing it is read from has changed.** An answer is kept compressed,
 *   per list (company, utility, schedule, filter) and encoding, with the fingerprint of what it was read
 *   from (repositories/assignments.ts listFingerprint: the company's total in list_changes, which
 *   triggers add to on every write). Each request reads the fingerprint first (under a millisecond, one
 *   read shared by all who ask at once: freshRead); when it matches, the kept bytes are the answer. Any
 *   write, by any process or path, moves the fingerprint, so an answer is never older than what the
 *   asker could have read itself.
 * - **Written once however many ask.** Requests for the same list, encoding and fingerprint while it is
 *   being written wait for that one writing.
 * - **Bounded.** At most LIST_LIMITS.writingPerProcess lists are written at once (each in a worker
 *   thread at the lowest CPU priority, on a connection of its own whose backend is niced too when it
 *   runs on this machine: listWriter.ts; `npm run bench -- load` measured others' p99 lower with one
 *   than with two), at most waitingPerProcess wait for a turn, and one user has at most perUser
 *   lists written or waiting; past any of these, 429 with Retry-After. A waiting request holds no
 *   connection.
 * - **Kept bytes are bounded** by cacheBytes, the least recently used given up first.
 *
 * A reader that stops reading holds only a reference to the shared kept bytes; the route cuts it after
 * stallMs without progress. Tests change LIST_LIMITS.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { LARGE_JSON_COMPRESSION } from '../../http/compression';
import { TooManyError } from '../../http/errors';

export type ListEncoding = 'br' | 'gzip' | 'identity';

export const LIST_LIMITS = {
  writingPerProcess: 1,
  waitingPerProcess: 32,
  perUser: 3,
  cacheBytes: 96 * 1024 * 1024,
  stallMs: 30_000,
};

interface Kept { fingerprint: string; body: Buffer }

/** key + encoding → kept answer, in order of last use (a Map keeps insertion order). */
const kept = new Map<string, Kept>();
let keptBytes = 0;
/** key + encoding + fingerprint → the writing under way. */
const writing = new Map<string, Promise<Kept>>();
const perUser = new Map<string, number>();
let running = 0;
const queue: (() => void)[] = [];
/** Lists written by this process since it started (tests and the bench). */
let written = 0;

/** What the answers of this process cost now (for tests and the bench). */
export function listCacheState() {
  return { keptLists: kept.size, keptBytes, writing: writing.size, running, waiting: queue.length, written };
}

/** Forgets every kept answer (tests). */
export function clearListCache(): void {
  kept.clear();
  keptBytes = 0;
}

/** The best encoding the client takes: brotli, then gzip, else none (q=0 refuses one). */
export function listEncodingOf(acceptEncoding: string | undefined): ListEncoding {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return 'identity';
}

function remember(key: string, entry: Kept): void {
  const old = kept.get(key);
  if (old) {
    keptBytes -= old.body.length;
    kept.delete(key);
  }
  if (entry.body.length > LIST_LIMITS.cacheBytes) return;
  kept.set(key, entry);
  keptBytes += entry.body.length;
  for (const [k, v] of kept) {
    if (keptBytes <= LIST_LIMITS.cacheBytes) break;
    kept.delete(k);
    keptBytes -= v.body.length;
  }
}

/**
 * A turn to write a list, claimed now (429 when the user's or the process's places are taken): `ready`
 * resolves when the turn comes, `give` hands it back (once, however the writing ended).
 */
function claimTurn(user: string): { ready: Promise<void>; give: () => void } {
  const mine = perUser.get(user) ?? 0;
  if (mine >= LIST_LIMITS.perUser) throw new TooManyError(`You already have ${mine} assignment lists loading; try again when they have arrived`, 5);
  if (running >= LIST_LIMITS.writingPerProcess && queue.length >= LIST_LIMITS.waitingPerProcess) {
    throw new TooManyError('Too many assignment lists are loading right now; try again in a few seconds', 5);
  }
  perUser.set(user, mine + 1);
  let ready = Promise.resolve();
  if (running >= LIST_LIMITS.writingPerProcess) ready = new Promise<void>((resolve) => queue.push(resolve));
  else running++;
  let given = false;
  const give = () => {
    if (given) return;
    given = true;
    const left = (perUser.get(user) ?? 1) - 1;
    if (left > 0) perUser.set(user, left);
    else perUser.delete(user);
    const next = queue.shift();
    // The turn passes straight to the next in line: `running` stays as it is.
    if (next) next();
    else running--;
  };
  return { ready, give };
}

function compressor(encoding: ListEncoding) {
  // The levels chosen from the bench for answers of many megabytes (server/http/compression.ts).
  if (encoding === 'br') return zlib.createBrotliCompress(LARGE_JSON_COMPRESSION.brotliOptions);
  if (encoding === 'gzip') return zlib.createGzip(LARGE_JSON_COMPRESSION.zlibOptions);
  return undefined;
}

/** The whole of `body`, compressed as asked, as one buffer. */
async function collect(body: Readable, encoding: ListEncoding): Promise<Buffer> {
  const parts: Buffer[] = [];
  const pack = compressor(encoding);
  if (!pack) {
    for await (const chunk of body) parts.push(Buffer.from(chunk as string));
    return Buffer.concat(parts);
  }
  pack.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = once(pack, 'end');
  try {
    for await (const chunk of body) {
      if (!pack.write(chunk)) await once(pack, 'drain');
    }
    pack.end();
    await done;
  } catch (err) {
    pack.destroy();
    throw err;
  }
  return Buffer.concat(parts);
}

interface Lane { running?: Promise<string>; queued?: Promise<string> }
const lanes = new Map<string, Lane>();

function runLane(key: string, lane: Lane, read: () => Promise<string>): Promise<string> {
  const run: Promise<string> = read().finally(() => {
    if (lane.running === run) lane.running = undefined;
    if (!lane.running && !lane.queued && lanes.get(key) === lane) lanes.delete(key);
  });
  lane.running = run;
  return run;
}

/**
 * `read()` (a fingerprint of `key`'s data) shared by everyone asking at once, yet never older than the
 * asking: a request that comes while a read is running waits for the next one, which starts when that
 * one ends and serves everyone who came meanwhile. So at most two reads per key run or wait at any
 * time, whatever the number of requests (20 tabs polling held 10 connections with the reads alone).
 */
export function freshRead(key: string, read: () => Promise<string>): Promise<string> {
  let lane = lanes.get(key);
  if (!lane) {
    lane = {};
    lanes.set(key, lane);
  }
  if (lane.queued) return lane.queued;
  if (!lane.running) return runLane(key, lane, read);
  const l = lane;
  const queued = l.running!.then(() => undefined, () => undefined).then(() => {
    l.queued = undefined;
    return runLane(key, l, read);
  });
  l.queued = queued;
  return queued;
}

/**
 * The list `key` in `encoding`: kept bytes when `fingerprint()` says nothing changed, else written
 * by `read()` (the list and the fingerprint it was read at, one snapshot; as a stream compressed here,
 * or already compressed in `encoding` by listWriter.ts) in a turn of `user`'s.
 */
export async function cachedList(
  key: string, encoding: ListEncoding, user: string,
  fingerprint: () => Promise<string>, read: () => Promise<{ fingerprint: string; body: Readable } | { fingerprint: string; compressed: Buffer }>,
): Promise<Buffer> {
  const at = `${key}\n${encoding}`;
  const now = await fingerprint();
  const hit = kept.get(at);
  if (hit && hit.fingerprint === now) {
    kept.delete(at);
    kept.set(at, hit);
    return hit.body;
  }
  const as = `${at}\n${now}`;
  const joined = writing.get(as);
  if (joined) return (await joined).body;

  const { ready, give } = claimTurn(user);
  const job = (async () => {
    try {
      await ready;
      const list = await read();
      const entry = { fingerprint: list.fingerprint, body: 'compressed' in list ? list.compressed : await collect(list.body, encoding) };
      remember(at, entry);
      written++;
      return entry;
    } finally {
      give();
    }
  })();
  writing.set(as, job);
  try {
    return (await job).body;
  } finally {
    if (writing.get(as) === job) writing.delete(as);
  }
}
