/**
 * The user's own planned schedule items on the device (db.mySchedule), from GET /api/Schedule/mine
 * (src/domain/schemas/mySchedule.ts): the server's answer for its range replaces what the device held
 * for that range, in one transaction, so an item the admin moved or cancelled is not left behind.
 * The sync refreshes it with every pull cycle and when the hub says a week changed (SchedulesChanged);
 * My schedule reads it, online or not. Another user's sign-in clears it (pull.ts claimReplica).
 */
import type { MySchedule, MyScheduleItem } from '../domain/schemas/mySchedule';
import { db, META } from './db';
import { getRequestIdentity } from './identity';
import { apiFetch } from './transport';

let running: Promise<void> | null = null;
let again = false;

async function refreshOnce(): Promise<void> {
  const identity = getRequestIdentity();
  if (!identity) return;
  const answer = await apiFetch<MySchedule>('/api/Schedule/mine');
  await db.transaction('rw', [db.mySchedule, db.meta], async () => {
    // Another user signed in meanwhile: this answer is not theirs.
    if ((await db.meta.get(META.ownerUserId))?.value !== identity.userId) return;
    await db.mySchedule.where('scheduledDate').between(answer.from, answer.to, true, true).delete();
    await db.mySchedule.bulkPut(answer.items);
  });
}

/** Brings the device's copy up to date (joins a refresh already running, and runs once more after it). */
export function refreshMySchedule(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await refreshOnce();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** The user's planned items of Oslo days `from`…`to` (inclusive), by start. */
export async function myScheduleBetween(from: string, to: string): Promise<MyScheduleItem[]> {
  const rows = await db.mySchedule.where('scheduledDate').between(from, to, true, true).toArray();
  return rows.sort((a, b) => a.scheduleStartDateTime.localeCompare(b.scheduleStartDateTime));
}
