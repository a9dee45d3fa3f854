/**
 * Schedule history's past weeks on the device: whether the device holds a week (the ranges
 * src/data/mySchedule.ts marks held, for their owner), and the fetch of one it does not (kept there).
 * Here, not in data/, so the shell does not carry them.
 */
import { db, META } from '../../../data/db';
import { getRequestIdentity } from '../../../data/identity';
import { HELD_KEY, keepMySchedule, mergeRanges, type DayRange, type Held } from '../../../data/mySchedule';
import { apiFetch } from '../../../data/transport';
import type { MySchedule } from '../../../domain/schemas/mySchedule';

/** Whether `range` lies wholly inside the held ranges (merged). */
export function covers(held: readonly DayRange[], range: DayRange): boolean {
  return mergeRanges(held).some((r) => r.from <= range.from && r.to >= range.to);
}

/** Fetches the user's items of Oslo days `from`…`to` (a past week the sync does not keep) and keeps them on the device. */
export async function fetchMySchedule(from: string, to: string): Promise<void> {
  const identity = getRequestIdentity();
  if (!identity) return;
  await keepMySchedule(await apiFetch<MySchedule>(`/api/Schedule/mine?from=${from}&to=${to}`), identity.userId);
}

/** Whether the device holds the signed-in owner's answer for every day of `from`…`to` (live-query safe). */
export async function myScheduleHeld(from: string, to: string): Promise<boolean> {
  const [owner, held] = await Promise.all([db.meta.get(META.ownerUserId), db.meta.get(HELD_KEY)]);
  const value = held?.value as Held | undefined;
  return !!value && value.userId === owner?.value && covers(value.ranges, { from, to });
}
