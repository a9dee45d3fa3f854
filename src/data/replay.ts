/**
 * The outbox engine, shared by the page and the service worker (no React here; outbox.ts adds the
 * hook). enqueue() records a command and applies it to the replica in one transaction; replay sends
 * the signed-in user's commands, each with its Idempotency-Key, under a Web Lock so that page and
 * worker never replay at once: a few requests at a time, those sharing a job (or a task or photo)
 * one after another in seq order. The server stores each key with its first
 * answer, so a command whose answer was lost is re-sent and answered again without applying twice.
 */
export { OUTBOX_LOCK, OUTBOX_SYNC_TAG, type ReplayResult, type ReplayStop } from './replay/types';
export { applyTables, keptCopy, rebase } from './replay/replica';
export { enqueueCommand, type EnqueueOptions } from './replay/enqueue';
export { cancelScheduledReplay, onReplayed, registerBackgroundSync, replayCode, requestReplay } from './replay/schedule';
export { discardCommand, retryCommand } from './replay/decisions';
