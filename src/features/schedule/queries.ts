/** Replica reads of My schedule. */
import type { Job } from '../../domain/api';
import { osloDayRange } from '../../domain/time/oslo';
import type { MeterworkDb } from '../../data/db';

/** The user's own jobs scheduled on an Oslo day (YYYY-MM-DD), by time. */
export async function queryScheduleDay(db: MeterworkDb, registrationId: number, day: string): Promise<Job[]> {
  const { start, end } = osloDayRange(day);
  const rows = await db.jobs
    .where('scheduledDate')
    .between(start.toISOString(), end.toISOString(), true, false)
    .filter((j) => j.assignedToId === registrationId)
    .toArray();
  // Dates written elsewhere may lack milliseconds; the index range is the coarse cut, this the exact one.
  return rows
    .filter((j) => {
      const at = new Date(j.scheduledDate as string).getTime();
      return at >= start.getTime() && at < end.getTime();
    })
    .sort((a, b) => new Date(a.scheduledDate as string).getTime() - new Date(b.scheduledDate as string).getTime());
}
