/**
 * Replay progress of this context (page or service worker), readable without React. The worker
 * posts its progress to the pages, which merge it in with setWorkerReplayState.
 */
export interface ReplayState {
  replaying: boolean;
  /** Commands sent in the current run, and how many were queued when it started. */
  done: number;
  total: number;
}

const IDLE: ReplayState = { replaying: false, done: 0, total: 0 };
let local: ReplayState = IDLE;
let worker: ReplayState = IDLE;
let merged: ReplayState = IDLE;
const listeners = new Set<() => void>();

function publish(): void {
  merged = local.replaying ? local : worker.replaying ? worker : IDLE;
  for (const l of listeners) l();
}

export function setLocalReplayState(state: ReplayState): void {
  local = state;
  publish();
}

export function getLocalReplayState(): ReplayState {
  return local;
}

export function setWorkerReplayState(state: ReplayState): void {
  worker = state;
  publish();
}

export function getReplayState(): ReplayState {
  return merged;
}

export function subscribeReplayState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---------------------------------------------------------------- upload progress

/** Share sent (0–1) of the uploads under way in this page, by the command's Idempotency-Key. */
const uploads = new Map<string, number>();
let uploadsSnapshot: ReadonlyMap<string, number> = new Map();
const uploadListeners = new Set<() => void>();

export function setUploadProgress(key: string, fraction: number | null): void {
  if (fraction === null) uploads.delete(key);
  else uploads.set(key, Math.max(0, Math.min(1, fraction)));
  uploadsSnapshot = new Map(uploads);
  for (const l of uploadListeners) l();
}

export function getUploadProgress(): ReadonlyMap<string, number> {
  return uploadsSnapshot;
}

/** Whether a screen shows upload progress now (a task's photo strip): only then is it worth measuring. */
export function uploadProgressWatched(): boolean {
  return uploadListeners.size > 0;
}

export function subscribeUploadProgress(listener: () => void): () => void {
  uploadListeners.add(listener);
  return () => uploadListeners.delete(listener);
}
