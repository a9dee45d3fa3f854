/**
 * The plumber's schedule of a week: GET /api/Schedule?assigneeId&weekNo&year; a 404 means there is none
 * yet, so it is created (POST /api/Schedule) and used (spec 2 §7).
 */
import { useEffect, useRef } from 'react';
import { prefetchLiveRead, seedLiveRead, useLiveRead } from '../../../data/liveRead';
import { ApiError, apiFetch } from '../../../data/transport';
import type { Schedule } from '../../../domain/schemas/scheduling';

/** Which step failed: the page says "could not load" or "could not create" (spec 2 §8). */
export class ScheduleOpenError extends Error {
  constructor(readonly step: 'load' | 'create', readonly cause: unknown) {
    super(step === 'load' ? 'FailedToRetrieveSchedule' : 'CreatingScheduleFailed');
  }
}

/** `beforeCreate`: a week without a schedule is created only once this settles (a read ahead creates nothing until its week is shown). */
export async function openWeekSchedule(assigneeId: number, weekNo: number, year: number, signal?: AbortSignal, beforeCreate?: Promise<void>): Promise<Schedule> {
  const query = new URLSearchParams({ assigneeId: String(assigneeId), weekNo: String(weekNo), year: String(year) });
  try {
    return await apiFetch<Schedule>(`/api/Schedule?${query}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.network) throw err;
    if (!(err instanceof ApiError) || err.status !== 404) throw new ScheduleOpenError('load', err);
  }
  await beforeCreate;
  try {
    return await apiFetch<Schedule>('/api/Schedule', { method: 'POST', body: { assigneeId, weekNo, year }, signal });
  } catch (err) {
    throw err instanceof ApiError && err.network ? err : new ScheduleOpenError('create', err);
  }
}

/** GET /api/Schedule/{id}?detailedResponse=true: the schedule an edit route names. */
export function fetchSchedule(id: number, signal?: AbortSignal): Promise<Schedule> {
  return apiFetch<Schedule>(`/api/Schedule/${id}?detailedResponse=true`, { signal }).catch((err: unknown) => {
    throw err instanceof ApiError && err.network ? err : new ScheduleOpenError('load', err);
  });
}

export type ScheduleTarget = { scheduleId: number } | { assigneeId: number; weekNo: number; year: number };

const scheduleKey = (target: ScheduleTarget) => ['planningSchedule', 'scheduleId' in target
  ? { scheduleId: target.scheduleId } : { assigneeId: target.assigneeId, weekNo: target.weekNo, year: target.year }];

/**
 * Starts reading a plumber's week at the tap that asks for it (the calendar's previous, next, week and
 * plumber choices), before the screen that shows it has rendered: useSchedule of that week takes it over.
 * A week read before is shown from its last answer at once and read again once on screen, as before.
 */
export function prefetchWeekSchedule(assigneeId: number, weekNo: number, year: number): void {
  prefetchLiveRead(scheduleKey({ assigneeId, weekNo, year }), () => openWeekSchedule(assigneeId, weekNo, year), { unlessKept: true });
}

/**
 * The calendar's schedule of the week is the one the edit route reads by its id (the same detailed
 * answer, GET /api/Schedule and /api/Schedule/{id}?detailedResponse=true): kept under the id too, the
 * planning page opened from the calendar draws at once and reads it again behind.
 */
export function seedScheduleById(schedule: Schedule): void {
  seedLiveRead(scheduleKey({ scheduleId: schedule.id }), schedule);
}

/** Weeks read ahead (prefetchWeekScheduleAhead), by key: what lets their create go once shown. */
const readAhead = new Map<string, () => void>();

/**
 * Reads a plumber's week ahead, before anyone asks for it (the calendar's next week: an admin steps
 * through weeks), so that the tap on it finds the answer read or on its way (the tap's prefetchWeekSchedule and
 * useSchedule take it over). Only GET: a week without a schedule is created when it is shown
 * (useSchedule of the week), never by reading ahead. Nothing is read for a week read before (it draws
 * from its last answer). Answers the read started, if one did.
 */
export function prefetchWeekScheduleAhead(assigneeId: number, weekNo: number, year: number): Promise<Schedule> | null {
  const key = scheduleKey({ assigneeId, weekNo, year });
  const keyString = JSON.stringify(key);
  let started = null as Promise<Schedule> | null;
  prefetchLiveRead(key, () => {
    const shown = new Promise<void>((resolve) => { readAhead.set(keyString, resolve); });
    // Kept a little longer than prefetchLiveRead keeps the read for a taker (a minute): a week never shown creates nothing.
    setTimeout(() => readAhead.delete(keyString), 61_000);
    started = openWeekSchedule(assigneeId, weekNo, year, undefined, shown);
    return started;
  }, { unlessKept: true });
  return started;
}

/** Read again (refetch) after a submit or a delete; the last answer stays on screen meanwhile. */
export function useSchedule(target: ScheduleTarget | null, onRead?: (schedule: Schedule) => void) {
  const key = target ? scheduleKey(target) : null;
  const keyString = key && JSON.stringify(key);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;
  // The week is on screen: a read ahead of it (taken over below) may now create it.
  useEffect(() => {
    if (!keyString) return;
    readAhead.get(keyString)?.();
    readAhead.delete(keyString);
  }, [keyString]);
  const read = useLiveRead(key, (signal) => (
    'scheduleId' in target! ? fetchSchedule(target.scheduleId, signal) : openWeekSchedule(target!.assigneeId, target!.weekNo, target!.year, signal)
  ).then((schedule) => {
    // As soon as it is in, not after the render it causes: what the page reads next starts at once.
    onReadRef.current?.(schedule);
    return schedule;
  }));
  return read;
}
