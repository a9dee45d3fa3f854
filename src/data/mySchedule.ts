/**
 * The user's own planned schedule items on the device (db.mySchedule), from GET /api/Schedule/mine
 * (src/domain/schemas/mySchedule.ts): the server's answer for its range replaces what the device held
 * for that range, in one transaction, so an item the admin moved or cancelled is not left behind.
 * The sync refreshes it with every pull cycle and when the hub says a week changed (SchedulesChanged);
 * My schedule reads it, online or not. Another user's sign-in clears it (pull.ts claimReplica).
 *
 * The device also remembers which ranges it holds (meta HELD_KEY, with the user they belong to), so a
 * screen can tell "nothing was planned" from "this week was never fetched" (Schedule history offline).
 * A past week outside the sync's range is fetched on demand and kept (features/schedule/history/held.ts).
 */
import type { MySchedule, MyScheduleItem } from '../domain/schemas/mySchedule';
import { addDays } from '../domain/time/oslo';
import { db, META } from './db';
import { getRequestIdentity } from './identity';
import { apiFetch } from './transport';

/** Meta key of the Oslo-day ranges the device holds the answer for: { userId, ranges }. */
export const HELD_KEY = 'mySchedule.held';

export interface DayRange {
  from: string;
  to: string;
}

export interface Held {
  userId: string;
  ranges: DayRange[];
}

/** Ranges joined where they overlap or touch, in order. */
export function mergeRanges(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  const out: DayRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= addDays(last.to, 1)) {
      if (r.to > last.to) last.to = r.to;
    } else {
      out.push({ ...r });
    }
  }
  return out;
}

/** Writes the server's answer for its range, and marks the range held; nothing if another user signed in. */
export async function keepMySchedule(answer: MySchedule, userId: string): Promise<void> {
  await db.transaction('rw', [db.mySchedule, db.meta], async () => {
    // Another user signed in meanwhile: this answer is not theirs.
    if ((await db.meta.get(META.ownerUserId))?.value !== userId) return;
    await db.mySchedule.where('scheduledDate').between(answer.from, answer.to, true, true).delete();
    await db.mySchedule.bulkPut(answer.items);
    const held = (await db.meta.get(HELD_KEY))?.value as Held | undefined;
    const ranges = held?.userId === userId ? held.ranges : [];
    await db.meta.put({ key: HELD_KEY, value: { userId, ranges: mergeRanges([...ranges, { from: answer.from, to: answer.to }]) } satisfies Held });
  });
}

let running: Promise<void> | null = null;
let again = false;

async function refreshOnce(): Promise<void> {
  const identity = getRequestIdentity();
  if (!identity) return;
  await keepMySchedule(await apiFetch<MySchedule>('/api/Schedule/mine'), identity.userId);
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
