/** What the page may post to the worker, checked (pure, unit-tested). */

export interface WorkerCredentials {
  token: string;
  customerId: string;
  userId: string;
}

export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'token'; token: string | null; customerId: string; userId: string };

export function workerMessage(data: unknown): WorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  if (m.type === 'SKIP_WAITING') return { type: 'SKIP_WAITING' };
  if (m.type !== 'token') return null;
  if (m.token !== null && typeof m.token !== 'string') return null;
  if (typeof m.customerId !== 'string' || typeof m.userId !== 'string') return null;
  return { type: 'token', token: m.token, customerId: m.customerId, userId: m.userId };
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
