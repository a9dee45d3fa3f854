/**
 * Live plumber-registration state shared by the menu badge and the plumber list. The app feeds it
 * from the hub (publishRegistration); the list and the 'new' count refresh when it moves, so
 * both update without a reload. Kept light: the app imports this into the shell.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchNewPlumbersCount } from './api/fetchNewPlumbersCount';

export interface PlumberNotices {
  /** Registration messages received since the admin last opened My plumbers. */
  unseen: number;
  /** Moves on every registration message: lists reload. */
  registrations: number;
  /** Moves on every status change made here: the 'new' count reloads. */
  changes: number;
}

let notices: PlumberNotices = { unseen: 0, registrations: 0, changes: 0 };
const listeners = new Set<() => void>();

function update(next: PlumberNotices): void {
  notices = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPlumberNotices(): PlumberNotices {
  return notices;
}

/** A 'plumber notification' of type Registration for this admin's company arrived. */
export function publishRegistration(): void {
  update({ ...notices, unseen: notices.unseen + 1, registrations: notices.registrations + 1 });
}

/**
 * A status was changed here (approve, reject, …): the 'new' count reloads. The list keeps its local
 * update (spec 1 §4) instead of reloading.
 */
export function plumberStatusChanged(): void {
  update({ ...notices, changes: notices.changes + 1 });
}

export function markRegistrationsSeen(): void {
  if (notices.unseen !== 0) update({ ...notices, unseen: 0 });
}

export function usePlumberNotices(): PlumberNotices {
  return useSyncExternalStore(subscribe, getPlumberNotices, getPlumberNotices);
}

/** The 'new' badge count; null until known. Keeps the last known count when a refresh fails (offline). */
export function useNewPlumbersCount(enabled: boolean): number | null {
  const { registrations, changes } = usePlumberNotices();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchNewPlumbersCount(controller.signal).then(setCount, () => undefined);
    return () => controller.abort();
  }, [enabled, registrations, changes]);
  return enabled ? count : null;
}
