/**
 * Every message between the page and the service worker, both ways, in one place, with the checks
 * each side applies to what it receives (pure, unit-tested). A message that fails its check is
 * ignored: anything can post to a worker.
 */
import type { ReplayState } from './status';

/** Page → worker: the current credentials (null token: signed out). */
export interface WorkerTokenMessage {
  type: 'token';
  token: string | null;
  customerId: string;
  userId: string;
}

/** Page → worker: take control now (workbox-window sends it for an update). */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

export type WorkerMessage = SkipWaitingMessage | WorkerTokenMessage;

/** Worker → page: the worker's replay progress. */
export interface WorkerReplayMessage {
  type: 'replay-status';
  state: ReplayState;
}

export type PageMessage = WorkerReplayMessage;

/** The credentials the worker keeps (from the last token message). */
export interface WorkerCredentials {
  token: string;
  customerId: string;
  userId: string;
}

/** What the page may post to the worker, checked. */
export function workerMessage(data: unknown): WorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.type === 'SKIP_WAITING') return { type: 'SKIP_WAITING' };
  if (m.type !== 'token') return null;
  if (m.token !== null && typeof m.token !== 'string') return null;
  if (typeof m.customerId !== 'string' || typeof m.userId !== 'string') return null;
  return { type: 'token', token: m.token, customerId: m.customerId, userId: m.userId };
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** What the worker may post to the page, checked. */
export function pageMessage(data: unknown): PageMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.type !== 'replay-status' || typeof m.state !== 'object' || m.state === null) return null;
  const s = m.state as Record<string, unknown>;
  if (typeof s.replaying !== 'boolean' || !isCount(s.done) || !isCount(s.total)) return null;
  return { type: 'replay-status', state: { replaying: s.replaying, done: s.done, total: s.total } };
}

/** A JWT whose exp has passed (with 30 s to spare) is not worth sending: the server answers 401. */
export function isTokenExpired(token: string, now: number): boolean {
  const part = token.split('.')[1];
  if (!part) return false;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && exp * 1000 <= now + 30_000;
  } catch {
    return false;
  }
}
