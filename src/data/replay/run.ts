/** One replay run: the queue sent a few requests at a time, each job's in order. */
import { commandDef, type OutboxEntry } from '../commands';
import { db } from '../db';
import { getRequestIdentity } from '../identity';
import { setLocalReplayState } from '../status';
import { withOutboxLock } from './lock';
import { withBatchedSignals } from './signals';
import { sendEntry, sentInBundles, type SendOutcome } from './send';
import { BUNDLE_MAX_REQUESTS } from '../../domain/constants';
import type { ReplayResult, ReplayStop } from './types';

/**
 * Requests under way at once. Each waits on the server (its checks, a photo's bytes on the line);
 * with a few at once the line and the server are never idle between commands. Below the browser's
 * six connections per host, so a pull and the hub still get through.
 */
export const REPLAY_WINDOW = 4;
/**
 * Commands sent in bundles (bundle.ts) under way at once: two bundles' worth, so one is on the line
 * while the answers of the other are written.
 */
export const REPLAY_BUNDLE_WINDOW = 2 * BUNDLE_MAX_REQUESTS;
/**
 * Entries read ahead of the oldest unsent one, to find commands that need not wait for it; read
 * again when fewer than half are left, so that a window's worth starts in one go.
 */
const LOOKAHEAD = 2 * REPLAY_BUNDLE_WINDOW;

async function pendingCount(userId: string): Promise<number> {
  return db.outbox.where('[userId+status]').equals([userId, 'pending']).count();
}

/**
 * What a command must not overtake, nor be overtaken on: its jobs, and the tasks and photos it
 * creates or uses. Commands sharing none of these touch nothing the other one does, so their order
 * on the server does not matter; those sharing one go in queue order, the later only after the
 * earlier's answer was settled (its version, its failure blocking what depends on it).
 */
function entitiesOf(entry: OutboxEntry): Set<string> {
  const def = commandDef(entry);
  return new Set([...def.referenced(), ...def.creates()]);
}

/** Whether `entities` meets the ones gathered so far (a command with none meets every other). */
const meets = (entities: Set<string>, gathered: { ids: Set<string>; all: boolean; any: boolean }) =>
  gathered.any && (gathered.all || entities.size === 0 || [...entities].some((id) => gathered.ids.has(id)));

const gather = (into: { ids: Set<string>; all: boolean; any: boolean }, entities: Set<string>) => {
  into.any = true;
  if (entities.size === 0) into.all = true;
  for (const id of entities) into.ids.add(id);
};

async function replayOnce(): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failed: 0, stop: null, retryAfter: null };
  const identity = getRequestIdentity();
  if (!identity) return { ...result, stop: 'auth' };
  const userId = identity.userId;
  // The jobs of commands that failed or wait behind a failure, and the ids they create: a later
  // command touching one of these waits too (a job's completion behind its report, the report behind
  // its refused photo), until the failure is retried or discarded.
  const blocked = new Set<string>();
  const holdBehind = (entry: OutboxEntry) => {
    const def = commandDef(entry);
    for (const id of [...def.jobIds(), ...def.creates()]) blocked.add(id);
  };
  let lastSeq = 0;
  let exhausted = false;
  let done = 0;
  // The pending commands now, and the newest entry they were counted up to.
  const [counted, countedUpTo] = await db.transaction('r', db.outbox, async () => [
    await pendingCount(userId), ((await db.outbox.orderBy('seq').lastKey()) as number | undefined) ?? 0,
  ] as const);
  let total = counted;
  if (total === 0) return result;
  /** Read, not yet sent, in queue order. */
  const waiting: { entry: OutboxEntry; entities: Set<string> }[] = [];
  const inFlight = new Map<number, { entities: Set<string>; settled: Promise<void> }>();
  /** Of those, the ones whose request is still on the line (not yet accepted by the server). */
  const sending = new Set<number>();
  /** Of those, the ones sent in bundles. */
  const bundled = new Set<number>();
  let wakeUp: (() => void) | null = null;
  /** Settles when a request under way was accepted (a slot on the line is free again). */
  const answered = () => new Promise<void>((resolve) => { wakeUp = resolve; });
  const nextEvent = () => Promise.race([...[...inFlight.values()].map((f) => f.settled), answered()]);
  // Set by the first request stopped (offline, 401, the server's retry) or thrown: nothing more starts.
  const halt: { stop?: { stop: Exclude<ReplayStop, null>; retryAfter: number | null }; thrown?: { error: unknown } } = {};
  setLocalReplayState({ replaying: true, done, total });

  const settle = (entry: OutboxEntry, outcome: SendOutcome) => {
    if (outcome.kind === 'stop') {
      halt.stop ??= { stop: outcome.stop, retryAfter: outcome.retryAfter };
      return;
    }
    if (outcome.kind === 'gone') return;
    done += 1;
    if (outcome.kind === 'sent') result.sent += 1;
    else {
      result.failed += 1;
      holdBehind(entry);
    }
    total = Math.max(total, done);
    setLocalReplayState({ replaying: true, done, total });
  };

  /** Whether the last round started a command: the next one starts more before reading ahead. */
  let started = false;
  const mayReadAhead = () => !exhausted && waiting.length < LOOKAHEAD / 2 && !halt.stop && !halt.thrown;
  try {
    for (;;) {
      // Commands that may start now all start in one go (their first writes share a transaction,
      // and their requests a bundle); reading ahead waits until none can.
      if (!started && mayReadAhead()) {
        // One getAll over the key range (a filter in the query would walk a cursor, an entry at a
        // time); another user's entries (rare: a device shared at the office) are skipped here.
        const read = await db.outbox.where('seq').above(lastSeq).limit(LOOKAHEAD).toArray();
        if (read.length === 0) exhausted = true;
        for (const entry of read) {
          lastSeq = entry.seq!;
          if (entry.userId !== userId) continue;
          waiting.push({ entry, entities: entitiesOf(entry) });
          // Commands queued meanwhile join this run: the total grows with them (no count of the
          // queue again, which walks the whole index range).
          if (entry.seq! > countedUpTo && entry.status === 'pending') total += 1;
        }
      }
      if (halt.stop || halt.thrown || (exhausted && waiting.length === 0)) {
        if (inFlight.size === 0) break;
        await Promise.race([...inFlight.values()].map((f) => f.settled));
        continue;
      }
      // The oldest entry that shares nothing with a command under way (sent, or its answer being
      // written) nor with an older waiting one; at most REPLAY_WINDOW requests sent alone on the
      // line, and REPLAY_BUNDLE_WINDOW commands sent in bundles.
      const lineFull = (w: OutboxEntry) => (sentInBundles(w) ? bundled.size >= REPLAY_BUNDLE_WINDOW : sending.size - bundled.size >= REPLAY_WINDOW);
      const underWay = { ids: new Set<string>(), all: false, any: false };
      for (const f of inFlight.values()) gather(underWay, f.entities);
      const older = { ids: new Set<string>(), all: false, any: false };
      let at = -1;
      for (let i = 0; i < waiting.length && !older.all; i++) {
        const w = waiting[i];
        if (!lineFull(w.entry) && !meets(w.entities, underWay) && !meets(w.entities, older)) {
          at = i;
          break;
        }
        gather(older, w.entities);
      }
      if (at === -1) {
        if (started && mayReadAhead()) {
          started = false;
          continue;
        }
        started = false;
        // A full window, or everything read waits on a request under way (the oldest never waits on an older one).
        if (inFlight.size === 0) throw new Error('outbox replay: nothing to send and nothing under way');
        await nextEvent();
        continue;
      }
      const [{ entry, entities }] = waiting.splice(at, 1);
      // Everything older it depends on has been settled: its failure (or wait) is known.
      const def = commandDef(entry);
      const waits = entry.status === 'failed' || def.referenced().some((id) => blocked.has(id));
      if (waits) {
        holdBehind(entry);
        continue;
      }
      started = true;
      const seq = entry.seq!;
      sending.add(seq);
      if (sentInBundles(entry)) bundled.add(seq);
      const onAnswered = () => {
        sending.delete(seq);
        bundled.delete(seq);
        wakeUp?.();
      };
      const settled = sendEntry(entry, onAnswered).then(
        (outcome) => settle(entry, outcome),
        (error: unknown) => { halt.thrown ??= { error }; },
      ).finally(() => {
        sending.delete(seq);
        bundled.delete(seq);
        inFlight.delete(seq);
      });
      inFlight.set(seq, { entities, settled });
    }
    if (halt.thrown) throw halt.thrown.error;
    return halt.stop ? { ...result, ...halt.stop } : result;
  } finally {
    setLocalReplayState({ replaying: false, done: 0, total: 0 });
  }
}

let running: Promise<ReplayResult> | null = null;
let rerun = false;

/**
 * One replay run in this context (calls while one runs join it, and it goes round once more to
 * pick up what was queued meanwhile). The service worker's sync handler awaits this directly.
 */
export function runReplay(): Promise<ReplayResult> {
  if (running) {
    rerun = true;
    return running;
  }
  running = (async () => {
    const total: ReplayResult = { sent: 0, failed: 0, stop: null, retryAfter: null };
    do {
      rerun = false;
      const r = await withOutboxLock(() => withBatchedSignals(replayOnce));
      total.sent += r.sent;
      total.failed += r.failed;
      total.stop = r.stop;
      total.retryAfter = r.retryAfter;
    } while (rerun && total.stop === null);
    return total;
  })().finally(() => {
    running = null;
  });
  return running;
}
