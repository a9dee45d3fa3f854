/**
 * Plans that hold (DESIGN.md "Scheduling"): the database itself refuses two items of one plumber on the
 * same minutes; the planning week's facts (GET /api/Schedule/planningWeek) across New Year; a submit is
 * accepted exactly as far as the batch's layout run dry allows and the batch then lays every item; a
 * batch that finds the time taken since the submit names and deletes what it cannot lay (never an
 * item without a time); only active plumbers are planned for; a point in a live item is 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { addDays, isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { availableFrom, planFit, type WeekFacts } from '../../src/domain/scheduling/freeWeek';
import { planStart, type DayMinute } from '../../src/domain/scheduling/hours';
import type { LayoutItem } from '../../src/domain/scheduling/layout';
import { DEFAULT_TRAVEL, haversineKm, travelMinutes } from '../../src/domain/scheduling/routeOrder';
import { meterPoints, scheduleBatchJobs, scheduleItems, schedules } from '../../server/db/schema';
import { runScheduleBatch } from '../../server/services/scheduling/batch';
import { weekFacts } from '../../server/services/scheduling/week';
import { startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, submitBody, weekAhead } from './schedule-fixtures';

let demo: Demo;
let ola: number;
let companyId: string;

// Starting PostgreSQL, migrating and seeding the demo data can be slow on a loaded machine.
const SLOW_HOOK_MS = 240_000;

beforeAll(async () => {
  demo = await startDemo();
  ola = await registrationOf(demo, 'ola');
  ({ companyId } = await companyOf(demo, 'kari'));
}, SLOW_HOOK_MS);
afterAll(async () => { await demo?.close(); }, SLOW_HOOK_MS);

const db = () => demo.t.database.db;
type Sched = { id: number; year: number; weekNo: number; assigneeId: number };

async function newSchedule(ahead: number): Promise<Sched> {
  const res = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...weekAhead(ahead) });
  expect(res.status).toBe(201);
  return res.body as Sched;
}

/** `n` of the company's points, each with an address of its own (addPoints repeats "Testveien 1 …"). */
async function namedPoints(n: number, tag: string): Promise<{ ids: number[]; address: Map<number, string> }> {
  const ids = await addPoints(demo, 'kari', n);
  await db().update(meterPoints).set({ address: sql`${tag} || ' ' || ${meterPoints.id} || ', 1337 Sandvika'` }).where(inArray(meterPoints.id, ids));
  const rows = await db().select({ id: meterPoints.id, address: meterPoints.address }).from(meterPoints).where(inArray(meterPoints.id, ids));
  return { ids, address: new Map(rows.map((r) => [r.id, r.address])) };
}

const facts = (s: { year: number; weekNo: number }) => weekFacts(db(), companyId, ola, s.year, s.weekNo);
const hours = (n: number): LayoutItem[] => Array.from({ length: n }, (_, i) => ({ id: -(i + 1), duration: 60 }));

/** The most items of 60 minutes the dry run lays into these weeks from `start`. */
function mostThatFit(weeks: WeekFacts[], start: DayMinute): number {
  let n = 0;
  while (planFit(weeks, hours(n + 1), start, new Set()).rest.length === 0) n++;
  return n;
}

const batchRow = async (id: string) => (await db().select().from(scheduleBatchJobs).where(eq(scheduleBatchJobs.id, id)))[0];
const itemsOfBatch = (id: string) => db().select().from(scheduleItems).where(eq(scheduleItems.batchJobId, id));
const unlaidIn = async (scheduleIds: number[]) => db().$count(scheduleItems, and(inArray(scheduleItems.scheduleId, scheduleIds), isNull(scheduleItems.startTime)));

/** Pairs of ola's items that hold their time and overlap. */
async function overlappingPairs(): Promise<number> {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from schedule_items a join schedule_items b
      on a.company_id = b.company_id and a.assignee_id = b.assignee_id and a.id < b.id
     and tstzrange(a.start_time, a.end_time) && tstzrange(b.start_time, b.end_time)
    where a.assignee_id = ${ola} and a.start_time is not null and b.start_time is not null
      and a.status <> 7 and coalesce(a.cancellation_type_id, 0) <> 7 and b.status <> 7 and coalesce(b.cancellation_type_id, 0) <> 7`);
  return rows[0].n;
}

interface BatchResult {
  itemsScheduled: number;
  itemsNotPlaced: number;
  weeksUsed: number;
  days: { date: string; items: number; kilometres: number; travelMinutes: number }[];
  notPlaced: { waterMeterPointId: number; address: string; reason: string }[];
}

describe('the database holds the plumber\'s time', () => {
  it('refuses two overlapping items of one plumber at commit (23P01); two plumbers, a cancelled item, touching times are fine', async () => {
    const per = await registrationOf(demo, 'per');
    const week = { year: 2027, weekNo: 40 };
    const [olaWeek] = await db().insert(schedules).values({ companyId, assigneeId: ola, ...week }).returning();
    const [perWeek] = await db().insert(schedules).values({ companyId, assigneeId: per, ...week }).returning();
    const points = await addPoints(demo, 'kari', 8);
    const monday = isoWeekDates(week.year, week.weekNo)[0];
    const at = (minute: number) => osloInstant(monday, minute).toISOString();
    const client = await demo.t.database.pool.connect();
    const insert = (scheduleId: number, point: number, from: number, to: number, status = 1, cancellation: number | null = null, assignee = 0) => client.query(
      `insert into schedule_items (schedule_id, company_id, assignee_id, meter_point_id, object_type, address, duration, start_time, end_time, status, cancellation_type_id, is_scheduled)
       values ($1, $2, $3, $4, 2, 'Testveien', $5, $6, $7, $8, $9, true) returning id, assignee_id`,
      [scheduleId, companyId, assignee, point, to - from, at(from), at(to), status, cancellation]);
    /** Runs the statements in one transaction; the error code of its commit, or null when it committed. */
    const inOne = async (work: () => Promise<unknown>): Promise<string | null> => {
      await client.query('begin');
      try {
        await work();
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
      try {
        await client.query('commit');
        return null;
      } catch (err) {
        return (err as { code?: string }).code ?? 'unknown';
      }
    };
    const countOn = async (ids: number[]) => db().$count(scheduleItems, inArray(scheduleItems.meterPointId, ids));
    try {
      // Each statement passes (the constraint is deferred); the commit does not, and nothing of it stays.
      expect(await inOne(async () => {
        await insert(olaWeek.id, points[0], 540, 600);
        await insert(olaWeek.id, points[1], 570, 630);
      })).toBe('23P01');
      expect(await countOn([points[0], points[1]])).toBe(0);

      // The same minutes for two plumbers; the item's plumber is its schedule's, whatever the writer says.
      let perItem: { assignee_id: number } | undefined;
      expect(await inOne(async () => {
        await insert(olaWeek.id, points[0], 540, 600);
        perItem = (await insert(perWeek.id, points[1], 540, 600, 1, null, ola)).rows[0];
      })).toBeNull();
      expect(perItem!.assignee_id).toBe(per);

      // Over ola's 09:00–10:00: a Cancelled item, one cancelled for invalid information, one just after.
      expect(await inOne(async () => {
        await insert(olaWeek.id, points[2], 570, 630, 7);
        await insert(olaWeek.id, points[3], 540, 600, 4, 7);
        await insert(olaWeek.id, points[4], 600, 660);
      })).toBeNull();
      expect(await countOn(points.slice(0, 5))).toBe(5);

      // A cancelled item taken back claims its minutes again: refused while they are held.
      expect(await inOne(() => client.query('update schedule_items set status = 1 where meter_point_id = $1', [points[2]]))).toBe('23P01');
      // Moving ola's item onto another of ola's in another statement of the same transaction is refused too.
      expect(await inOne(() => client.query(`update schedule_items set start_time = $2, end_time = $3 where meter_point_id = $1`, [points[4], at(560), at(620)]))).toBe('23P01');
      // Two items swapping places in one transaction is fine: the check is at commit.
      expect(await inOne(async () => {
        await client.query(`update schedule_items set start_time = $2, end_time = $3 where meter_point_id = $1`, [points[0], at(600), at(660)]);
        await client.query(`update schedule_items set start_time = $2, end_time = $3 where meter_point_id = $1`, [points[4], at(540), at(600)]);
      })).toBeNull();
    } finally {
      client.release();
    }
    expect(await overlappingPairs()).toBe(0);
  });
});

describe('GET /api/Schedule/planningWeek', () => {
  it('answers week 53 of 2026 with New Year\'s holidays of both years; a plumber 403, another company\'s plumber 404', async () => {
    const res = await demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=53&year=2026`);
    expect(res.status).toBe(200);
    const week = res.body as WeekFacts;
    expect(week.dates).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(week.holidays.map((h) => h.date)).toEqual(expect.arrayContaining(['2026-12-31', '2027-01-01']));
    // Monday–Wednesday 8 h each, New Year's Eve from 12:00 to 15:30, New Year's Day nothing (Ola's short Friday included).
    expect(availableFrom(week, { date: '2026-12-28', minute: 0 })).toBe(3 * 480 + 210);
    expect(availableFrom(week, { date: '2026-12-28', minute: 0 })).toBe(1650);
    expect(week.hasHours).toBe(true);
    expect(week.intervalMinutes).toBe(15);
    // The page's facts are those the server composes.
    expect(week).toEqual(JSON.parse(JSON.stringify(await facts({ year: 2026, weekNo: 53 }))));

    expect((await demo.api('ola', 'GET', `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=53&year=2026`)).status).toBe(403);
    const nora = await registrationOf(demo, 'nora');
    expect((await demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${nora}&weekNo=53&year=2026`)).status).toBe(404);
  });

  it('answers a schedule\'s own week by its id (the edit route): the same facts; a plumber 403; another company\'s or no schedule 404', async () => {
    // A week no other test of this file plans in (they take 2–11 and 20 on weeks ahead).
    const sched = await newSchedule(15);
    const byId = await demo.api('kari', 'GET', `/api/Schedule/${sched.id}/planningWeek`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual((await demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=${sched.weekNo}&year=${sched.year}`)).body);
    expect((byId.body as WeekFacts).dates[0]).toBe(isoWeekDates(sched.year, sched.weekNo)[0]);
    expect((await demo.api('ola', 'GET', `/api/Schedule/${sched.id}/planningWeek`)).status).toBe(403);
    expect((await demo.api('kari', 'GET', '/api/Schedule/2147483647/planningWeek')).status).toBe(404);
    // Another company's admin with an agreement would see 404; Bekkestua's has none (spec 3 §1): 403.
    expect((await demo.api('lars', 'GET', `/api/Schedule/${sched.id}/planningWeek`)).status).toBe(403);
  });
});

describe("the company's drive settings", () => {
  it('are settings an admin saves (RoadFactor, TravelSpeed), checked, and the travel model of the planning week', async () => {
    const week = `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=10&year=2027`;
    expect((await demo.api('kari', 'GET', week)).body.travel).toEqual(DEFAULT_TRAVEL);
    for (const [settingTypeId, value] of [[11, '3.5'], [11, '1,4'], [12, '200'], [12, '4']] as const) {
      const refused = await demo.api('kari', 'POST', '/api/Setting', { groupId: companyId, settingList: [{ settingTypeId, value }] });
      expect(refused.status, `${settingTypeId} ${value}`).toBe(400);
      expect(refused.body.errorKey).toBe('InvalidInput');
    }
    const saved = await demo.api('kari', 'POST', '/api/Setting', { groupId: companyId, settingList: [{ settingTypeId: 11, value: '1.8' }, { settingTypeId: 12, value: '25' }] });
    expect(saved.status).toBe(201);
    try {
      const facts = (await demo.api('kari', 'GET', week)).body as WeekFacts;
      expect(facts.travel).toEqual({ roadFactor: 1.8, speedKmh: 25 });
      // The dry run lays two stops 11 km apart as far apart as that drive takes.
      const stops = [{ id: -1, duration: 60, lat: 59.9, lng: 10.7 }, { id: -2, duration: 60, lat: 59.9, lng: 10.9 }];
      const laid = planFit([facts], stops, { date: facts.dates[0], minute: 0 }, new Set(), { keepSelectionOrder: true }).placed;
      expect(laid[1].from - laid[0].to).toBe(travelMinutes(haversineKm(stops[0], stops[1]), { roadFactor: 1.8, speedKmh: 25 }));
      // A plumber may not change them.
      expect((await demo.api('ola', 'POST', '/api/Setting', { groupId: companyId, settingList: [{ settingTypeId: 12, value: '90' }] })).status).toBe(403);
    } finally {
      // The answer lists all the company's settings: only the two saved here go.
      const mine = (saved.body as { id: number; settingTypeId: number }[]).filter((r) => r.settingTypeId === 11 || r.settingTypeId === 12);
      expect(mine).toHaveLength(2);
      expect((await demo.api('kari', 'DELETE', '/api/Setting', mine.map((r) => r.id))).status).toBe(200);
    }
    expect((await demo.api('kari', 'GET', week)).body.travel).toEqual(DEFAULT_TRAVEL);
  });
});

describe("the company's base", () => {
  it('is a pair of settings (both or neither, checked), the base of the planning week, and each day of the dry run starts and ends there', async () => {
    const week = `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=10&year=2027`;
    expect((await demo.api('kari', 'GET', week)).body.base ?? null).toBeNull();
    for (const list of [[{ settingTypeId: 13, value: '59.9' }], [{ settingTypeId: 13, value: '80' }, { settingTypeId: 14, value: '10.5' }], [{ settingTypeId: 13, value: '59,9' }, { settingTypeId: 14, value: '10.5' }]]) {
      const refused = await demo.api('kari', 'POST', '/api/Setting', { groupId: companyId, settingList: list });
      expect(refused.status, JSON.stringify(list)).toBe(400);
      expect(refused.body.errorKey).toBe('InvalidInput');
    }
    const saved = await demo.api('kari', 'POST', '/api/Setting', { groupId: companyId, settingList: [{ settingTypeId: 13, value: '59.98' }, { settingTypeId: 14, value: '10.52' }] });
    expect(saved.status).toBe(201);
    const mine = (saved.body as { id: number; settingTypeId: number }[]).filter((r) => r.settingTypeId === 13 || r.settingTypeId === 14);
    try {
      // Deleting one coordinate alone would leave half a base: refused, and nothing is deleted.
      expect((await demo.api('kari', 'DELETE', '/api/Setting', [mine[0].id])).status).toBe(400);
      const facts = (await demo.api('kari', 'GET', week)).body as WeekFacts;
      expect(facts.base).toEqual({ lat: 59.98, lng: 10.52 });
      const stop = { id: -1, duration: 60, lat: 59.89, lng: 10.52 };
      const laid = planFit([facts], [stop], { date: facts.dates[0], minute: 0 }, new Set()).placed;
      const monday = facts.days[0].hours.startTime!;
      const drive = travelMinutes(haversineKm(facts.base!, stop));
      expect(drive).toBeGreaterThan(15);
      expect(laid[0].from).toBe(Number(monday.slice(0, 2)) * 60 + Number(monday.slice(3, 5)) + drive);
    } finally {
      expect((await demo.api('kari', 'DELETE', '/api/Setting', mine.map((r) => r.id))).status).toBe(200);
    }
    expect((await demo.api('kari', 'GET', week)).body.base ?? null).toBeNull();
  });
});

describe('capacity is the layout', () => {
  it('a plan filling the week to the dry run\'s last minute is accepted and laid whole; one more item is refused, naming it', async () => {
    const schedule = await newSchedule(2);
    const dates = isoWeekDates(schedule.year, schedule.weekNo);
    // Tuesday 10:00 of that week.
    const start = { date: dates[1], minute: 600 };
    const startAt = osloInstant(start.date, start.minute);
    const week = await facts(schedule);
    const n = mostThatFit([week], start);
    expect(n).toBeGreaterThan(10);
    expect(planFit([week], hours(n + 1), start, new Set()).rest).toHaveLength(1);
    const { ids, address } = await namedPoints(n + 2, 'Fyllveien');
    const opts = { selectedItemStartDateTime: startAt.toISOString() };

    const over = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(schedule, ids.slice(0, n + 1), 60, opts));
    expect(over.status).toBe(400);
    expect(over.body.errorKey).toBe('Scheduling.MaxAssignmentSelected');
    expect(over.body.message).toContain(`1 of ${n + 1} items do not fit`);
    // Exactly one of the plan's addresses is named (which one the route order leaves out).
    expect(ids.slice(0, n + 1).filter((id) => (over.body.message as string).includes(address.get(id)!))).toHaveLength(1);
    expect(await db().$count(scheduleItems, eq(scheduleItems.scheduleId, schedule.id))).toBe(0);

    const body = submitBody(schedule, ids.slice(0, n), 60, opts);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
    expect(await runScheduleBatch(demo.t.app.context, body.batchJobId)).toBe('Completed');
    const result = (await batchRow(body.batchJobId)).result as unknown as BatchResult;
    expect(result).toMatchObject({ itemsScheduled: n, itemsNotPlaced: 0, notPlaced: [], weeksUsed: 1 });
    expect(result.days.reduce((sum, d) => sum + d.items, 0)).toBe(n);
    const items = await itemsOfBatch(body.batchJobId);
    expect(items).toHaveLength(n);
    for (const i of items) {
      expect(i.scheduleId).toBe(schedule.id);
      expect(i.isScheduled).toBe(true);
      expect(i.startTime!.getTime()).toBeGreaterThanOrEqual(startAt.getTime());
      expect(dates).toContain(i.scheduledDate);
    }
    // Laid on exactly the minutes the dry run found (the route order only changes which item takes which).
    const dry = planFit([week], hours(n), start, new Set()).placed.map((p) => osloInstant(p.date, p.from).toISOString()).sort();
    expect(items.map((i) => i.startTime!.toISOString()).sort()).toEqual(dry);
    expect(await overlappingPairs()).toBe(0);

    // The week is full from the start on: one more item is refused and named.
    const after = await facts(schedule);
    expect(after.laid).toHaveLength(n);
    expect(mostThatFit([after], planStart(new Date(), startAt.toISOString()))).toBe(0);
    const more = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(schedule, [ids[n + 1]], 60, opts));
    expect(more.status).toBe(400);
    expect(more.body.errorKey).toBe('Scheduling.MaxAssignmentSelected');
    expect(more.body.message).toContain(`1 of 1 items do not fit in week ${schedule.weekNo} of ${schedule.year}`);
    expect(more.body.message).toContain(address.get(ids[n + 1])!);
    expect(await db().$count(scheduleItems, eq(scheduleItems.meterPointId, ids[n + 1]))).toBe(0);
  });
});

describe('no item without a time', () => {
  it('a batch whose time was taken since its submit names what it cannot lay (NoTimeLeft), deletes it and frees its points', async () => {
    const w = await newSchedule(5);
    const next = await newSchedule(6);
    const [capW, capNext] = [mostThatFit([await facts(w)], { date: isoWeekDates(w.year, w.weekNo)[0], minute: 0 }), mostThatFit([await facts(next)], { date: isoWeekDates(next.year, next.weekNo)[0], minute: 0 })];
    expect(capNext).toBeGreaterThan(10);

    // B: 8 items in the next week. A: this week full and all but 3 slots of the next. Both fit when submitted.
    const b = await namedPoints(8, 'Sentveien');
    const a = await namedPoints(capW + capNext - 3, 'Tidligveien');
    const bodyB = submitBody(next, b.ids, 60);
    const bodyA = submitBody(w, a.ids, 60, { isPossibleToScheduleNextWeek: true });
    expect((await demo.api('kari', 'POST', '/api/Scheduler', bodyB)).status).toBe(202);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', bodyA)).status).toBe(202);

    // A's batch runs first and takes the next week's time.
    expect(await runScheduleBatch(demo.t.app.context, bodyA.batchJobId)).toBe('Completed');
    expect((await batchRow(bodyA.batchJobId)).result).toMatchObject({ itemsScheduled: a.ids.length, itemsNotPlaced: 0, weeksUsed: 2 });
    const left = planFit([await facts(next)], hours(8), planStart(new Date()), new Set());
    expect(left.placed).toHaveLength(3);

    expect(await runScheduleBatch(demo.t.app.context, bodyB.batchJobId)).toBe('Completed');
    const result = (await batchRow(bodyB.batchJobId)).result as unknown as BatchResult;
    expect(result).toMatchObject({ itemsScheduled: 3, itemsNotPlaced: 5 });
    // Five of B's points found no time (which five, the route order decides): named with their addresses.
    const dropped = result.notPlaced.map((x) => x.waterMeterPointId);
    expect(new Set(dropped).size).toBe(5);
    expect(result.notPlaced).toEqual(dropped.map((id) => ({ waterMeterPointId: id, address: b.address.get(id), reason: 'NoTimeLeft' })));
    expect(dropped.every((id) => b.ids.includes(id))).toBe(true);
    expect(result.days.reduce((sum, d) => sum + d.items, 0)).toBe(3);
    const laid = await itemsOfBatch(bodyB.batchJobId);
    expect(laid.map((i) => i.meterPointId).sort()).toEqual(b.ids.filter((id) => !dropped.includes(id)).sort());
    expect(laid.every((i) => i.startTime && i.endTime && i.isScheduled)).toBe(true);
    expect(await db().$count(scheduleItems, inArray(scheduleItems.meterPointId, dropped))).toBe(0);
    expect(await unlaidIn([w.id, next.id])).toBe(0);
    expect(await overlappingPairs()).toBe(0);

    // Their points are free: planned again in a week with room, they are accepted and laid.
    const later = await newSchedule(9);
    const again = submitBody(later, dropped, 60);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', again)).status).toBe(202);
    expect(await runScheduleBatch(demo.t.app.context, again.batchJobId)).toBe('Completed');
    expect((await batchRow(again.batchJobId)).result).toMatchObject({ itemsScheduled: 5, itemsNotPlaced: 0 });
    expect(await unlaidIn([later.id])).toBe(0);
  });

  it('a batch that runs after its week has passed names every item OutsideWeek and leaves none behind', async () => {
    const schedule = await newSchedule(10);
    const p = await namedPoints(4, 'Senveien');
    const body = submitBody(schedule, p.ids, 60);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
    const dates = isoWeekDates(schedule.year, schedule.weekNo);
    // The run starts the Monday after the week (the queue was down all week).
    expect(await runScheduleBatch(demo.t.app.context, body.batchJobId, osloInstant(addDays(dates[6], 1), 7 * 60))).toBe('Completed');
    const result = (await batchRow(body.batchJobId)).result as unknown as BatchResult;
    expect(result).toMatchObject({ itemsScheduled: 0, itemsNotPlaced: 4 });
    expect(result.notPlaced).toEqual(p.ids.map((id) => ({ waterMeterPointId: id, address: p.address.get(id), reason: 'OutsideWeek' })));
    expect(await db().$count(scheduleItems, inArray(scheduleItems.meterPointId, p.ids))).toBe(0);
    expect(await unlaidIn([schedule.id])).toBe(0);
  });
});

describe('who and what may be planned', () => {
  it('refuses a schedule for an admin, a pending, a deactivated or a rejected user (Scheduling.AssigneeNotPlannable); a year before 2000 is a 400', async () => {
    const week = weekAhead(11);
    for (const who of ['kari', 'sofie', 'magnus', 'jonas'] as const) {
      const res = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: await registrationOf(demo, who), ...week });
      expect(res.status, who).toBe(400);
      expect(res.body, who).toMatchObject({ errorKey: 'Scheduling.AssigneeNotPlannable', field: 'body/assigneeId' });
    }
    expect(await db().$count(schedules, and(eq(schedules.year, week.year), eq(schedules.weekNo, week.weekNo)))).toBe(0);

    // A schedule made before the rule (or before the user was deactivated) is not activated.
    const sofie = await registrationOf(demo, 'sofie');
    const [old] = await db().insert(schedules).values({ companyId, assigneeId: sofie, ...week }).returning();
    const activate = await demo.api('kari', 'POST', `/api/schedule/${old.id}/activate`);
    expect(activate.status).toBe(400);
    expect(activate.body.errorKey).toBe('Scheduling.AssigneeNotPlannable');

    const schedule = await newSchedule(11);
    const [p] = await addPoints(demo, 'kari', 1);
    const res = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(schedule, [p], 60, { year: 999 }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorKey: 'Scheduling.InvalidSchedulingRequest', field: 'body/year' });
    expect(await db().$count(scheduleItems, eq(scheduleItems.meterPointId, p))).toBe(0);
  });

  it('a point already in a live item is 409 Scheduling.PointTaken; a second submit while the batch waits is 409 Scheduling.BatchRunning', async () => {
    const first = await newSchedule(7);
    const second = await newSchedule(8);
    const p = await namedPoints(3, 'Dobbeltveien');
    const body = submitBody(first, p.ids, 60);
    expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);

    const taken = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(second, p.ids, 60));
    expect(taken.status).toBe(409);
    expect(taken.body.errorKey).toBe('Scheduling.PointTaken');
    expect(taken.body.message).toContain(p.address.get(p.ids[0])!);
    const running = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(first, (await namedPoints(1, 'Venteveien')).ids, 60));
    expect(running.status).toBe(409);
    expect(running.body.errorKey).toBe('Scheduling.BatchRunning');

    expect(await runScheduleBatch(demo.t.app.context, body.batchJobId)).toBe('Completed');
    for (const s of [first, second]) {
      const again = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(s, [p.ids[1]], 60));
      expect(again.status).toBe(409);
      expect(again.body.errorKey).toBe('Scheduling.PointTaken');
    }
    expect(await db().$count(scheduleItems, inArray(scheduleItems.meterPointId, p.ids))).toBe(3);
    expect(await db().$count(scheduleItems, eq(scheduleItems.scheduleId, second.id))).toBe(0);
  });

  it('two submits of the same points at once, for two plumbers (two plumbers\' time locks): one is accepted, the points are planned once', async () => {
    const per = await registrationOf(demo, 'per');
    for (let round = 0; round < 3; round++) {
      const week = weekAhead(20 + round);
      const forOla = await newSchedule(20 + round);
      const forPer = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: per, ...week })).body as Sched;
      const p = await namedPoints(3, 'Samtidigveien');
      const answers = await Promise.all([forOla, forPer].map((s) => demo.api('kari', 'POST', '/api/Scheduler', submitBody(s, p.ids, 60))));
      expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
      expect(answers.find((a) => a.status === 409)!.body.errorKey).toBe('Scheduling.PointTaken');
      const accepted = [forOla, forPer][answers.findIndex((a) => a.status === 202)];
      const items = await db().select().from(scheduleItems).where(inArray(scheduleItems.meterPointId, p.ids));
      expect(items).toHaveLength(3);
      expect(items.every((i) => i.scheduleId === accepted.id)).toBe(true);
      expect(await db().$count(scheduleBatchJobs, inArray(scheduleBatchJobs.scheduleId, [forOla.id, forPer.id]))).toBe(1);
    }
  });
});
