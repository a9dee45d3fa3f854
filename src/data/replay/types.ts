/** What a replay run reports, and the names page and worker share. */
export const OUTBOX_LOCK = 'meterwork-outbox';
export const OUTBOX_SYNC_TAG = 'outbox-replay';

/** Why a replay run stopped early; null when it went through the whole queue. */
export type ReplayStop = 'offline' | 'auth' | 'retry' | null;

export interface ReplayResult {
  sent: number;
  failed: number;
  stop: ReplayStop;
  /** Seconds the server asked to wait (Retry-After). */
  retryAfter: number | null;
}
