/** Shared set-up of the schedule tests: meter points of a company, a week to come, a submit payload. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addDays, isoWeek, osloDay } from '../../src/domain/time/oslo';
import type { SchedulerRequest } from '../../src/domain/schemas/scheduling';
import { meterPoints, users } from '../../server/db/schema';
import { EMAILS, type Demo, type Person } from './jobs-fixtures';

/** The ISO week `ahead` weeks from now. */
export function weekAhead(ahead: number): { year: number; weekNo: number } {
  const w = isoWeek(addDays(osloDay(new Date()), 7 * ahead));
  return { year: w.year, weekNo: w.week };
}

export async function companyOf(demo: Demo, p: Person): Promise<{ companyId: string; customerId: string }> {
  const { rows } = await demo.t.database.db.execute<{ company_id: string; customer_id: string }>(sql`
    select u.company_id, c.customer_id from users u join companies c on c.id = u.company_id where u.email = ${EMAILS[p]}`);
  return { companyId: rows[0].company_id, customerId: rows[0].customer_id };
}

let nextExternal = 9_000_000;

/** `n` meter points of the person's company around Sandvika, scattered (a seeded walk), type Replacement. */
export async function addPoints(demo: Demo, p: Person, n: number, type = 2): Promise<number[]> {
  const { companyId, customerId } = await companyOf(demo, p);
  let s = nextExternal;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const rows = Array.from({ length: n }, (_, i) => ({
    customerId, companyId, externalId: ++nextExternal, waterMeterId: 700_000 + nextExternal, agreementNo: `AG-${nextExternal}`, assignmentType: type,
    lat: 59.88 + rnd() * 0.06, lng: 10.45 + rnd() * 0.12, address: `Testveien ${i + 1}, 1337 Sandvika`, street: 'Testveien',
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    ids.push(...(await demo.t.database.db.insert(meterPoints).values(rows.slice(i, i + 500)).returning({ id: meterPoints.id })).map((r) => r.id));
  }
  return ids;
}

export async function registrationOf(demo: Demo, p: Person): Promise<number> {
  const [u] = await demo.t.database.db.select({ r: users.registrationId }).from(users).where(eq(users.email, EMAILS[p]));
  return u.r;
}

/** A submit of these points, each `duration` minutes, in the schedule's week. */
export function submitBody(
  schedule: { id: number; year: number; weekNo: number; assigneeId: number }, pointIds: number[], duration: number, extra: Partial<SchedulerRequest> = {},
): SchedulerRequest {
  return {
    batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: schedule.weekNo, year: schedule.year, assigneeId: schedule.assigneeId,
    scheduleItems: pointIds.map((id, i) => ({ id: 0, assignmentType: 2, waterMeterPointId: id, duration, sequenceNumber: i + 1, isScheduled: false })),
    scheduledItems: [],
    assignmentSummary: { numberOfDaysPlanned: 1, numberOfHoursPlanned: (pointIds.length * duration) / 60, numberOfWeeksPlanned: 1 },
    plumberAvailabilityData: [{ weekNo: schedule.weekNo, date: '2030-01-01', availabilityType: 1, startTime: '07:00', endTime: '15:00' }],
    isPossibleToScheduleNextWeek: false,
    ...extra,
  };
}
