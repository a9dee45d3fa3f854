/**
 * Schedules and POST /api/Scheduler (spec 2 §4–§7): who may, another company's never visible, the
 * submit's rules (InvalidSchedulingRequest, MaxAssignmentSelected, points), a repeat being the same
 * batch, item updates and deletes that renumber what remains, heard by the plumber's device as
 * SchedulesChanged after the commit (a refused one tells nothing).
 */
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NotificationType } from '../../src/domain/enums';
import { scheduleBatchJobs, scheduleItems, schedules } from '../../server/db/schema';
import { FORBIDDEN, listenHub, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, submitBody, weekAhead } from './schedule-fixtures';

let demo: Demo;
let ola: number;
const week = weekAhead(3);
type Sched = { id: number; year: number; weekNo: number; assigneeId: number; scheduleItems: { id: number; sequenceNumber: number; status: number }[] };
let sched: Sched;

beforeAll(async () => {
  demo = await startDemo();
  ola = await registrationOf(demo, 'ola');
});
const hubs: HubConnection[] = [];
afterAll(async () => {
  await Promise.all(hubs.map((c) => c.stop()));
  await demo?.close();
});
const changedCount = (heard: { NotificationType: string }[]) => heard.filter((n) => n.NotificationType === NotificationType.SchedulesChanged).length;

describe('schedules', () => {
  it('GET /api/Schedule is 404 until the schedule is created; POST creates it once', async () => {
    const q = `/api/Schedule?assigneeId=${ola}&weekNo=${week.weekNo}&year=${week.year}&scheduleStartTime=06:00&ScheduleEndTime=18:00`;
    expect((await demo.api('kari', 'GET', q)).status).toBe(404);
    const made = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...week });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ assigneeId: ola, ...week, status: 1, scheduleItems: [], batchJobId: null });
    expect(made.body.assigneeName).toBeTruthy();
    const again = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...week });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
    sched = made.body;
    expect((await demo.api('kari', 'GET', q)).body.id).toBe(sched.id);
    // The spec writes both cases.
    expect((await demo.api('kari', 'GET', `/api/schedule/${sched.id}?detailedResponse=false`)).body.id).toBe(sched.id);
    const list = await demo.api('kari', 'GET', `/api/schedule/plumber/${ola}`);
    expect(list.body).toEqual([expect.objectContaining({ id: sched.id, itemCount: 0 })]);
  });

  it('a plumber gets 403, an admin without agreement 403, everywhere', async () => {
    for (const who of ['ola', 'lars'] as const) {
      expect((await demo.api(who, 'GET', `/api/Schedule/${sched.id}`)).body.message).toBe(FORBIDDEN);
      expect((await demo.api(who, 'POST', '/api/Schedule', { assigneeId: ola, ...week })).status).toBe(403);
      expect((await demo.api(who, 'POST', '/api/Scheduler', submitBody(sched, [1], 60))).status).toBe(403);
      expect((await demo.api(who, 'DELETE', '/api/ScheduleItem', [1])).status).toBe(403);
      expect((await demo.api(who, 'GET', `/api/ScheduleItemBatchJob?weekNumber=${week.weekNo}&year=${week.year}&scheduleId=${sched.id}`)).status).toBe(403);
    }
  });

  it('another company\'s schedules, plumbers and points are not there (404)', async () => {
    const b = await companyOf(demo, 'nora');
    const nora = await registrationOf(demo, 'nora');
    const [other] = await demo.t.database.db.insert(schedules).values({ companyId: b.companyId, assigneeId: nora, ...week }).returning();
    expect((await demo.api('kari', 'GET', `/api/Schedule/${other.id}`)).status).toBe(404);
    expect((await demo.api('kari', 'GET', `/api/Schedule?assigneeId=${nora}&weekNo=${week.weekNo}&year=${week.year}`)).status).toBe(404);
    expect((await demo.api('kari', 'GET', `/api/schedule/plumber/${nora}`)).status).toBe(404);
    expect((await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: nora, ...week })).status).toBe(404);
    expect((await demo.api('kari', 'PUT', `/api/schedule/${other.id}`, { status: 4 })).status).toBe(404);
    expect((await demo.api('kari', 'POST', `/api/schedule/${other.id}/activate`)).status).toBe(404);
    const theirPoints = await addPoints(demo, 'nora', 1);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', submitBody(sched, theirPoints, 60))).status).toBe(404);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', submitBody({ ...other, assigneeId: nora }, theirPoints, 60))).status).toBe(404);
  });
});

describe('POST /api/Scheduler', () => {
  it('refuses an incomplete request with Scheduling.InvalidSchedulingRequest', async () => {
    const [p] = await addPoints(demo, 'kari', 1);
    const cases: [string, Partial<Parameters<typeof submitBody>[3]>][] = [
      ['body/assigneeId', { assigneeId: 0 }], ['body/scheduleId', { scheduleId: 0 }], ['body/weekNo', { weekNo: 0 }], ['body/year', { year: 0 }],
      ['body/scheduleItems', { scheduleItems: [] }], ['body/assignmentSummary', { assignmentSummary: null }], ['body/plumberAvailabilityData', { plumberAvailabilityData: [] }],
    ];
    for (const [field, extra] of cases) {
      const res = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(sched, [p], 60, extra));
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ errorKey: 'Scheduling.InvalidSchedulingRequest', field });
    }
    const wrongWeek = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(sched, [p], 60, { weekNo: week.weekNo === 1 ? 2 : 1 }));
    expect(wrongWeek.body.errorKey).toBe('Scheduling.InvalidSchedulingRequest');
    const badDuration = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(sched, [p], 50));
    expect(badDuration.body.field).toBe('body/scheduleItems/0/duration');
    expect(await demo.t.database.db.select().from(scheduleItems)).toEqual([]);
  });

  it('refuses more hours than the week has unless the next week may be used (Scheduling.MaxAssignmentSelected)', async () => {
    const points = await addPoints(demo, 'kari', 60);
    const res = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(sched, points, 90));
    expect(res.status).toBe(400);
    expect(res.body.errorKey).toBe('Scheduling.MaxAssignmentSelected');
    expect(await demo.t.database.db.select().from(scheduleBatchJobs)).toEqual([]);
  });

  it('saves the items and a Queued batch; a repeat is the same batch; a point in a live item is 409', async () => {
    const points = await addPoints(demo, 'kari', 4);
    const body = submitBody(sched, points, 60);
    const res = await demo.api('kari', 'POST', '/api/Scheduler', body);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ batchJobId: body.batchJobId, scheduleId: sched.id, status: 'Queued' });
    const again = await demo.api('kari', 'POST', '/api/Scheduler', body);
    expect(again.status).toBe(202);
    expect(again.body.batchJobId).toBe(body.batchJobId);
    const items = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.scheduleId, sched.id));
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.batchJobId === body.batchJobId && i.duration === 60 && i.durationOverride === null)).toBe(true);
    const state = await demo.api('kari', 'GET', `/api/ScheduleItemBatchJob?weekNumber=${week.weekNo}&year=${week.year}&scheduleId=${sched.id}`);
    expect(state.body).toMatchObject({ batchJobId: body.batchJobId, status: 'Queued' });
    // While the batch waits, the schedule is not changed under it.
    expect((await demo.api('kari', 'DELETE', `/api/ScheduleItem/scheduleitemid/${items[0].id}`)).status).toBe(409);
    await demo.t.database.db.update(scheduleBatchJobs).set({ status: 'Completed' }).where(eq(scheduleBatchJobs.id, body.batchJobId));
    const taken = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(sched, [points[0]], 60));
    expect(taken.status).toBe(409);
  });
});

describe('items', () => {
  it('PUT scheduleitems moves an item within the week and the window, refuses the past and overlaps', async () => {
    const [item, other] = (await demo.api('kari', 'GET', `/api/Schedule/${sched.id}`)).body.scheduleItems as Sched['scheduleItems'];
    const { isoWeekDates, osloInstant } = await import('../../src/domain/time/oslo');
    const tuesday = isoWeekDates(week.year, week.weekNo)[1];
    const at = (m: number) => osloInstant(tuesday, m).toISOString();
    const heard = await listenHub(demo, 'ola', hubs);
    const moved = await demo.api('kari', 'PUT', `/api/schedule/${sched.id}/scheduleitems`, [{ id: item.id, scheduleStartDateTime: at(8 * 60), duration: 45 }]);
    expect(moved.status).toBe(200);
    expect(moved.body[0]).toMatchObject({ startTime: '08:00', endTime: '08:45', duration: 45, scheduledDate: tuesday, isScheduled: true });
    await expect.poll(() => changedCount(heard), { timeout: 5000 }).toBeGreaterThan(0);
    const clash = await demo.api('kari', 'PUT', `/api/schedule/${sched.id}/scheduleitems`, [{ id: other.id, scheduleStartDateTime: at(8 * 60 + 30) }]);
    expect(clash.status).toBe(409);
    const late = await demo.api('kari', 'PUT', `/api/schedule/${sched.id}/scheduleitems`, [{ id: other.id, scheduleStartDateTime: at(17 * 60 + 30) }]);
    expect(late.body.field).toBe('body/0/scheduleStartDateTime');
    const past = await demo.api('kari', 'PUT', `/api/schedule/${sched.id}/scheduleitems`, [{ id: other.id, scheduleStartDateTime: new Date(Date.now() - 86_400_000).toISOString() }]);
    expect(past.status).toBe(400);
    const activated = await demo.api('kari', 'POST', `/api/schedule/${sched.id}/activate`);
    expect(activated.body.status).toBe(2);
    expect((await demo.api('kari', 'PUT', `/api/schedule/${sched.id}`, { status: 5 })).status).toBe(400);
    expect((await demo.api('kari', 'PUT', `/api/schedule/${sched.id}`, { status: 1 })).body.status).toBe(1);
  });

  it('deleting renumbers what remains; only Scheduled or Cancelled items go', async () => {
    const before = ((await demo.api('kari', 'GET', `/api/Schedule/${sched.id}`)).body.scheduleItems as Sched['scheduleItems']);
    expect(before.map((i) => i.sequenceNumber)).toEqual([1, 2, 3, 4]);
    await demo.t.database.db.update(scheduleItems).set({ status: 3 }).where(eq(scheduleItems.id, before[3].id));
    const heard = await listenHub(demo, 'ola', hubs);
    const quiet = () => new Promise((r) => setTimeout(r, 400));
    // The notices of the changes above (a coalesced one may come 100 ms late) are past.
    await quiet();
    const base = changedCount(heard);
    expect((await demo.api('kari', 'DELETE', '/api/ScheduleItem', [before[3].id])).status).toBe(409);
    await quiet();
    expect(changedCount(heard)).toBe(base);
    const gone = await demo.api('kari', 'DELETE', `/api/ScheduleItem/scheduleitemid/${before[1].id}`);
    expect(gone.body).toEqual({ deletedIds: [before[1].id] });
    await expect.poll(() => changedCount(heard), { timeout: 5000 }).toBeGreaterThan(base);
    const after = ((await demo.api('kari', 'GET', `/api/Schedule/${sched.id}`)).body.scheduleItems as Sched['scheduleItems']);
    expect(after.map((i) => [i.id, i.sequenceNumber])).toEqual([[before[0].id, 1], [before[2].id, 2], [before[3].id, 3]]);
    expect((await demo.api('kari', 'DELETE', '/api/ScheduleItem', [before[0].id, 999_999])).status).toBe(404);
    expect((await demo.api('kari', 'DELETE', '/api/ScheduleItem', [before[0].id])).body.deletedIds).toEqual([before[0].id]);
    const last = ((await demo.api('kari', 'GET', `/api/Schedule/${sched.id}`)).body.scheduleItems as Sched['scheduleItems']);
    expect(last.map((i) => [i.id, i.sequenceNumber])).toEqual([[before[2].id, 1], [before[3].id, 2]]);
  });
});
