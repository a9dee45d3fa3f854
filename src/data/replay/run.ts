/** One replay run: the queue sent a few requests at a time, each job's in order. */
import { commandDef, type OutboxEntry } from '../commands';
import { db } from '../db';
import { getRequestIdentity } from '../identity';
import { setLocalReplayState } from '../status';
import { withOutboxLock } from './lock';
import { withBatchedSignals } from './signals';
import { sendEntry, type SendOutcome } from './send';
import type { ReplayResult, ReplayStop } from './types';

/**
 * Requests under way at once. Each waits on the server (its checks, a photo's bytes on the line);
 * with a few at once the line and the server are never idle between commands. Below the browser's
 * six connections per host, so a pull and the hub still get through.
 */
export const REPLAY_WINDOW = 4;
/** Entries read ahead of the oldest unsent one, to find commands that need not wait for it. */
const LOOKAHEAD = 50;

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

const shares = (a: Set<string>, b: Set<string>) => a.size === 0 || b.size === 0 || [...a].some((id) => b.has(id));

async function replayOnce(): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failed: 0, stop: null, retryAfter: null };
  const identity = getRequestIdentity();
  if (!identity) return { ...result, stop: 'auth' };
  const userId = identity.userId;
  // Ids created by commands that failed or wait behind a failure: commands using them must wait too.
  const blocked = new Set<string>();
  let lastSeq = 0;
  let exhausted = false;
  let done = 0;
  let total = await pendingCount(userId);
  if (total === 0) return result;
  /** Read, not yet sent, in queue order. */
  const waiting: { entry: OutboxEntry; entities: Set<string> }[] = [];
  const inFlight = new Map<number, { entities: Set<string>; settled: Promise<void> }>();
  /** Of those, the ones whose request is still on the line (not yet accepted by the server). */
  const sending = new Set<number>();
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
      for (const id of commandDef(entry).creates()) blocked.add(id);
    }
    total = Math.max(total, done);
    setLocalReplayState({ replaying: true, done, total });
  };

  try {
    for (;;) {
      if (!exhausted && waiting.length < LOOKAHEAD && !halt.stop && !halt.thrown) {
        const batch = await db.outbox.where('seq').above(lastSeq).filter((e) => e.userId === userId).limit(LOOKAHEAD).toArray();
        if (batch.length === 0) exhausted = true;
        for (const entry of batch) {
          lastSeq = entry.seq!;
          waiting.push({ entry, entities: entitiesOf(entry) });
        }
        // Commands queued meanwhile join this run: the total grows with them.
        if (batch.length) total = Math.max(total, done + (await pendingCount(userId)));
      }
      if (halt.stop || halt.thrown || (exhausted && waiting.length === 0)) {
        if (inFlight.size === 0) break;
        await Promise.race([...inFlight.values()].map((f) => f.settled));
        continue;
      }
      // The oldest entry that shares nothing with a command under way (sent, or its answer being
      // written) nor with an older waiting one; at most REPLAY_WINDOW requests on the line.
      const at = sending.size >= REPLAY_WINDOW ? -1 : waiting.findIndex((w, i) =>
        ![...inFlight.values()].some((f) => shares(f.entities, w.entities)) && !waiting.slice(0, i).some((o) => shares(o.entities, w.entities)));
      if (at === -1) {
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
        for (const id of def.creates()) blocked.add(id);
        continue;
      }
      const seq = entry.seq!;
      sending.add(seq);
      const onAnswered = () => {
        sending.delete(seq);
        wakeUp?.();
      };
      const settled = sendEntry(entry, onAnswered).then(
        (outcome) => settle(entry, outcome),
        (error: unknown) => { halt.thrown ??= { error }; },
      ).finally(() => {
        sending.delete(seq);
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
