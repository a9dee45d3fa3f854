/** Replica reads of My schedule and Schedule history. */
import type { Job } from '../../domain/api';
import { addDays, osloDay, osloStartOfDay } from '../../domain/time/oslo';
import type { MeterworkDb } from '../../data/db';

/** The user's own jobs scheduled on Oslo days `from`…`to` (inclusive), by time, each with its Oslo day. */
export async function queryJobsBetween(db: MeterworkDb, registrationId: number, from: string, to: string): Promise<{ day: string; job: Job }[]> {
  const start = osloStartOfDay(from);
  const end = osloStartOfDay(addDays(to, 1));
  const rows = await db.jobs
    .where('scheduledDate')
    .between(start.toISOString(), end.toISOString(), true, false)
    .filter((j) => j.assignedToId === registrationId)
    .toArray();
  // Dates written elsewhere may lack milliseconds; the index range is the coarse cut, this the exact one.
  return rows
    .map((job) => ({ job, at: new Date(job.scheduledDate as string) }))
    .filter(({ at }) => at >= start && at < end)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ job, at }) => ({ day: osloDay(at), job }));
}

/** The user's own jobs scheduled on an Oslo day (YYYY-MM-DD), by time. */
export async function queryScheduleDay(db: MeterworkDb, registrationId: number, day: string): Promise<Job[]> {
  return (await queryJobsBetween(db, registrationId, day, day)).map(({ job }) => job);
}
