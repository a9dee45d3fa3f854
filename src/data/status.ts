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
