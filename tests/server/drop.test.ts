/**
 * The calendar's writes on one card (spec 2 §4, §5, §7): POST /api/Scheduler/singleitem (a drop),
 * GET /api/ScheduleBlacklist and PUT /api/scheduleitem/{id} (a note), on a real PostgreSQL; every drop
 * rule, the hub's notice, who may, and two server processes on one database dropping into one slot
 * (one wins, the other is told why, nothing overlaps).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { AvailabilityType, ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { NotificationType } from '../../src/domain/enums';
import { plumberAvailability, scheduleItems, schedules } from '../../server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { FORBIDDEN, listenHub, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let b: TestApp;
let ola: number;
let companyId: string;
const hubs: HubConnection[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-drop-'));
const week = weekAhead(2);
const dates = isoWeekDates(week.year, week.weekNo);
const h = (hh: number, mm = 0) => hh * 60 + mm;
type Item = { id: number; status: number; startTime: string | null; endTime: string | null; scheduledDate: string | null; notes: string | null; address: string };
let sched: { id: number; year: number; weekNo: number; assigneeId: number };

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  b = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
  ola = await registrationOf(demo, 'ola');
  ({ companyId } = await companyOf(demo, 'kari'));
  sched = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...week })).body;
}, 240_000);
afterAll(async () => {
  await Promise.all(hubs.map((c) => c.stop()));
  await b?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const dropBody = (s: typeof sched, listed: { id?: number; pointId?: number; duration?: number }, date: string, minute: number) => ({
  batchJobId: randomUUID(), scheduleId: s.id, weekNo: s.weekNo, year: s.year, assigneeId: s.assigneeId,
  scheduleItems: [{ id: listed.id ?? 0, assignmentType: 2, waterMeterPointId: listed.pointId ?? 1, duration: listed.duration ?? 60, sequenceNumber: 0, isScheduled: false }],
  plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(date, minute).toISOString(), scheduleStartTime: '06:00', scheduleEndTime: '18:00',
});
const drop = (listed: Parameters<typeof dropBody>[1], date: string, minute: number, s = sched) =>
  demo.api('kari', 'POST', '/api/Scheduler/singleitem', dropBody(s, listed, date, minute));
const setStatus = (id: number, status: number) => demo.t.database.db.update(scheduleItems).set({ status }).where(eq(scheduleItems.id, id));

describe('POST /api/Scheduler/singleitem', () => {
  let first: Item;

  it('lays a point from the map where it is dropped, for its duration, and the hub tells the company', async () => {
    const heard = await listenHub(demo, 'kari', hubs);
    const [p] = await addPoints(demo, 'kari', 1);
    const res = await drop({ pointId: p }, dates[0], h(8));
    expect(res.status).toBe(200);
    first = res.body;
    // The demo company's Replacement takes 60 minutes (its default duration).
    expect(first).toMatchObject({ scheduledDate: dates[0], startTime: '08:00', endTime: '09:00', isScheduled: true, status: ScheduleItemStatus.Scheduled });
    await expect.poll(() => heard.some((n) => n.NotificationType === NotificationType.SchedulesChanged), { timeout: 5000 }).toBe(true);
    // The same point again in this week: the spec's text.
    const again = await drop({ pointId: p }, dates[1], h(8));
    expect(again.status).toBe(409);
    expect(again.body.errorKey).toBe('Scheduling.AlreadyExists');
    expect(again.body.message).toMatch(/^Error : Already Exists/);
  });

  it('moves a laid card to a free time, and refuses each rule with its key', async () => {
    const moved = await drop({ id: first.id }, dates[1], h(12));
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: first.id, scheduledDate: dates[1], startTime: '12:00', endTime: '13:00' });

    const [p2] = await addPoints(demo, 'kari', 1);
    const second = (await drop({ pointId: p2 }, dates[1], h(9))).body as Item;
    // Right before the card at 12:00 (the two are apart; the drive or interval between them must fit).
    const tight = await drop({ id: second.id }, dates[1], h(11));
    expect(tight.status).toBe(409);
    expect(tight.body.errorKey).toBe('Scheduling.NotEnoughSlotSpace');
    // Across lunch (11:30–12:00 in the demo hours) on another day.
    expect((await drop({ id: second.id }, dates[2], h(11))).body.errorKey).toBe('Scheduling.NotEnoughSlotSpace');
    // Outside the week and outside 06:00–18:00.
    expect((await drop({ id: second.id }, isoWeekDates(week.year, week.weekNo)[6], h(8))).body.errorKey).toBe('Scheduling.NotEnoughSlotSpace');
    expect((await drop({ id: second.id }, dates[2], h(17, 30))).status).toBe(409);

    // An absence: a start on it is DropToSkipDate.
    await demo.t.database.db.insert(plumberAvailability).values({
      companyId, registrationId: ola, date: dates[3], availabilityTypeId: AvailabilityType.Absent, startTime: '07:00', endTime: '15:30',
    });
    const skip = await drop({ id: second.id }, dates[3], h(8));
    expect(skip.status).toBe(409);
    expect(skip.body.errorKey).toBe('Scheduling.DropToSkipDate');

    // Notified cards do not move (cancel instead).
    await setStatus(second.id, ScheduleItemStatus.Notified);
    expect((await drop({ id: second.id }, dates[4], h(8))).body.errorKey).toBe('Scheduling.StatusNotAllowed');
    await setStatus(second.id, ScheduleItemStatus.NotificationFailed);
    expect((await drop({ id: second.id }, dates[4], h(8))).status).toBe(200);

    // Nothing refused was written: the card is where the last accepted drop put it.
    const [row] = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.id, second.id));
    expect(row.startTime?.toISOString()).toBe(osloInstant(dates[4], h(8)).toISOString());
  });

  it('the calendar’s duration override: a point and a moved card take its minutes, judged at that length; other values are refused', async () => {
    const [p] = await addPoints(demo, 'kari', 1);
    const body = (listed: Parameters<typeof dropBody>[1], minute: number, durationOverride: unknown) =>
      ({ ...dropBody(sched, listed, dates[0], minute), durationOverride });
    const laid = await demo.api('kari', 'POST', '/api/Scheduler/singleitem', body({ pointId: p }, h(8), 30));
    expect(laid.status, JSON.stringify(laid.body)).toBe(200);
    expect(laid.body).toMatchObject({ startTime: '08:00', endTime: '08:30', duration: 30 });
    // Dropped where it lies with 90: only its length changes.
    const longer = await demo.api('kari', 'POST', '/api/Scheduler/singleitem', body({ id: laid.body.id }, h(8), 90));
    expect(longer.body).toMatchObject({ id: laid.body.id, startTime: '08:00', endTime: '09:30', duration: 90 });
    // Moved later without an override (null, as the dropdown's empty choice), it keeps its 90 minutes.
    const kept = await demo.api('kari', 'POST', '/api/Scheduler/singleitem', body({ id: laid.body.id }, h(13), null));
    expect(kept.body).toMatchObject({ startTime: '13:00', endTime: '14:30' });
    // 90 minutes from 10:30 run into lunch (11:30–12:00): refused at that length, and nothing changed.
    const tooLong = await demo.api('kari', 'POST', '/api/Scheduler/singleitem', body({ id: laid.body.id }, h(10, 30), 90));
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.errorKey).toBe('Scheduling.NotEnoughSlotSpace');
    // Not one of 15 … 90: a 400 naming the field.
    const odd = await demo.api('kari', 'POST', '/api/Scheduler/singleitem', body({ id: laid.body.id }, h(13), 50));
    expect(odd.status).toBe(400);
    expect(odd.body.field).toBe('body/durationOverride');
    // A Notified card keeps its length and place (cancel instead).
    await setStatus(laid.body.id, ScheduleItemStatus.Notified);
    expect((await demo.api('kari', 'POST', '/api/Scheduler/singleitem', body({ id: laid.body.id }, h(13), 15))).body.errorKey).toBe('Scheduling.StatusNotAllowed');
    const [row] = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.id, laid.body.id));
    expect([row.startTime?.toISOString(), row.endTime?.toISOString(), row.durationOverride]).toEqual([
      osloInstant(dates[0], h(13)).toISOString(), osloInstant(dates[0], h(14, 30)).toISOString(), 90]);
    await demo.t.database.db.delete(scheduleItems).where(eq(scheduleItems.id, laid.body.id));
  });

  it('moves a card from another of the plumber’s weeks only when no batch is laying that week out, and renumbers it', async () => {
    const next = weekAhead(5);
    const other = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...next })).body as typeof sched;
    const nextDates = isoWeekDates(next.year, next.weekNo);
    const [pa, pb] = await addPoints(demo, 'kari', 2);
    const a = (await drop({ pointId: pa }, nextDates[0], h(8), other)).body as Item;
    const b2 = (await drop({ pointId: pb }, nextDates[0], h(10), other)).body as Item;
    const { rows: [user] } = await demo.t.database.db.execute<{ id: string }>(sql`select id from users limit 1`);
    const batchId = randomUUID();
    await demo.t.database.db.execute(sql`insert into schedule_batch_jobs (id, company_id, schedule_id, status, request, created_by)
      values (${batchId}, ${companyId}, ${other.id}, 'Started', '{}'::jsonb, ${user.id})`);
    const refused = await drop({ id: a.id }, dates[2], h(9, 30));
    expect(refused.status).toBe(409);
    expect(refused.body.errorKey).toBe('Scheduling.BatchRunning');
    await demo.t.database.db.execute(sql`update schedule_batch_jobs set status = 'Completed' where id = ${batchId}`);
    const moved = await drop({ id: a.id }, dates[2], h(9, 30));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const rows = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.scheduleId, other.id));
    expect(rows.map((r) => [r.id, r.sequenceNumber])).toEqual([[b2.id, 1]]);
    const [mine] = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.id, a.id));
    expect(mine.scheduleId).toBe(sched.id);
  });

  it('refuses a time in the past with the modal’s key (400 naming the field)', async () => {
    const past = weekAhead(-1);
    const s = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...past })).body;
    const [p] = await addPoints(demo, 'kari', 1);
    const res = await drop({ pointId: p }, isoWeekDates(past.year, past.weekNo)[0], h(8), s);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorKey: 'Scheduling.InvalidScheduledDateInThePastMessage', field: 'body/selectedItemStartDateTime' });
  });

  it('the blacklist: a time called off at the address blocks a drop ending that day, not another day', async () => {
    const [p] = await addPoints(demo, 'kari', 1);
    const laid = (await drop({ pointId: p }, dates[2], h(13))).body as Item;
    await setStatus(laid.id, ScheduleItemStatus.Cancelled);
    const list = await demo.api('kari', 'GET', `/api/ScheduleBlacklist/?adress=${encodeURIComponent(laid.address)}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ scheduleItemId: laid.id, notificationTimeEnd: osloInstant(dates[2], h(14)).toISOString() })]);
    // Another utility's id asked for hears nothing.
    expect((await demo.api('kari', 'GET', `/api/ScheduleBlacklist?customerId=someone-else&adress=${encodeURIComponent(laid.address)}`)).body).toEqual([]);

    const [q] = await addPoints(demo, 'kari', 1); // same street address ('Testveien 1')
    const blocked = await drop({ pointId: q }, dates[2], h(7));
    expect(blocked.status).toBe(409);
    expect(blocked.body.errorKey).toBe('Scheduling.Blacklisted');
    expect((await drop({ pointId: q }, dates[1], h(14))).status).toBe(200);
  });

  it('a plumber is refused every call; another company’s schedule and items are not there', async () => {
    const [p] = await addPoints(demo, 'kari', 1);
    // A plumber, and an admin whose company has no agreement in force (spec 3 §1), are refused.
    for (const who of ['ola', 'lars'] as const) {
      expect((await demo.api(who, 'POST', '/api/Scheduler/singleitem', dropBody(sched, { pointId: p }, dates[4], h(7)))).body.message).toBe(FORBIDDEN);
      expect((await demo.api(who, 'GET', '/api/ScheduleBlacklist?adress=x')).body.message).toBe(FORBIDDEN);
      expect((await demo.api(who, 'PUT', `/api/scheduleitem/${first.id}`, { id: first.id, notes: 'x', status: 1 })).body.message).toBe(FORBIDDEN);
    }
    // Another company's schedule, item and point are not there for Kari.
    const other = await companyOf(demo, 'nora');
    const nora = await registrationOf(demo, 'nora');
    const w = weekAhead(4);
    const [theirSchedule] = await demo.t.database.db.insert(schedules).values({ companyId: other.companyId, assigneeId: nora, ...w }).returning();
    const [theirPoint] = await addPoints(demo, 'nora', 1);
    expect((await drop({ pointId: p }, isoWeekDates(w.year, w.weekNo)[1], h(8), { ...theirSchedule, assigneeId: nora })).status).toBe(404);
    expect((await drop({ pointId: theirPoint }, dates[4], h(7))).status).toBe(404);
    const [theirItem] = await demo.t.database.db.insert(scheduleItems).values({
      scheduleId: theirSchedule.id, companyId: other.companyId, meterPointId: theirPoint, objectType: 2, address: 'Deres vei 1', duration: 60,
    }).returning();
    expect((await drop({ id: theirItem.id }, dates[4], h(7))).status).toBe(404);
    expect((await demo.api('kari', 'PUT', `/api/scheduleitem/${theirItem.id}`, { id: theirItem.id, notes: 'x', status: 1 })).status).toBe(404);
  });
});

describe('PUT /api/scheduleitem/{id} (the note)', () => {
  it('saves a note by the status rules, and refuses one on a changed or a closed status', async () => {
    const [p] = await addPoints(demo, 'kari', 1);
    const item = (await drop({ pointId: p }, dates[0], h(13))).body as Item;
    const heard = await listenHub(demo, 'kari', hubs);
    const saved = await demo.api('kari', 'PUT', `/api/scheduleitem/${item.id}`, { id: item.id, notes: 'Ring på forhånd – hund', status: ScheduleItemStatus.Scheduled });
    expect(saved.status).toBe(200);
    expect(saved.body.notes).toBe('Ring på forhånd – hund');
    await expect.poll(() => heard.some((n) => n.NotificationType === NotificationType.SchedulesChanged), { timeout: 5000 }).toBe(true);
    // The status the admin saw is no longer the item's: reload first.
    await setStatus(item.id, ScheduleItemStatus.Notified);
    const stale = await demo.api('kari', 'PUT', `/api/scheduleitem/${item.id}`, { id: item.id, notes: 'x', status: ScheduleItemStatus.Scheduled });
    expect(stale.status).toBe(409);
    expect(stale.body.errorKey).toBe('Scheduling.StatusChanged');
    // Confirmed notes are read-only.
    await setStatus(item.id, ScheduleItemStatus.Confirmed);
    const closed = await demo.api('kari', 'PUT', `/api/scheduleitem/${item.id}`, { id: item.id, notes: 'x', status: ScheduleItemStatus.Confirmed });
    expect(closed.status).toBe(409);
    expect(closed.body.errorKey).toBe('Scheduling.StatusNotAllowed');
    // Path and body must name the same item; the note is bounded.
    expect((await demo.api('kari', 'PUT', `/api/scheduleitem/${item.id}`, { id: item.id + 1, notes: 'x', status: 5 })).body.field).toBe('body/id');
    expect((await demo.api('kari', 'PUT', `/api/scheduleitem/${item.id}`, { id: item.id, notes: 'x'.repeat(2001), status: 5 })).status).toBe(400);
    const [row] = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.id, item.id));
    expect(row.notes).toBe('Ring på forhånd – hund');
  });
});

describe('two server processes, one slot', () => {
  it('20 rounds of two admins dropping two cards into the same slot through two processes: one wins, the other is told why; 0 overlaps', async () => {
    const w = weekAhead(3);
    const s = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...w })).body;
    const wd = isoWeekDates(w.year, w.weekNo);
    const points = await addPoints(demo, 'kari', 40);
    const tokenA = await demo.token('kari');
    // Monday to Thursday (the demo's Ola ends at 13:00 on Fridays), five hours apart enough for any drive between the points.
    const slots = wd.slice(0, 4).flatMap((d) => [h(7), h(8, 30), h(10), h(12), h(14)].map((m) => [d, m] as const));
    const outcomes: number[][] = [];
    for (let round = 0; round < 20; round++) {
      const [d, m] = slots[round];
      const [x, y] = [points[2 * round], points[2 * round + 1]];
      const results = await Promise.all([
        demo.t.api(tokenA, 'POST', '/api/Scheduler/singleitem', dropBody(s, { pointId: x }, d, m)),
        b.api(tokenA, 'POST', '/api/Scheduler/singleitem', dropBody(s, { pointId: y }, d, m)),
      ]);
      outcomes.push(results.map((r) => r.status).sort());
      const loser = results.find((r) => r.status !== 200);
      expect(loser?.body.errorKey).toBe('Scheduling.NotEnoughSlotSpace');
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => [200, 409]));
    const { rows } = await demo.t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from schedule_items a join schedule_items b on a.assignee_id = b.assignee_id and a.id < b.id
      where a.company_id = ${companyId} and a.status <> 7 and b.status <> 7 and a.start_time < b.end_time and b.start_time < a.end_time`);
    expect(rows[0].n).toBe(0);
    const laid = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.scheduleId, s.id));
    expect(laid).toHaveLength(20);
  }, 120_000);
});

describe('GET /api/Schedule/mine (the plumber’s own planned items)', () => {
  it('answers the caller’s own laid items in the range, never another plumber’s, and bounds the range', async () => {
    const mine = await demo.api('ola', 'GET', `/api/Schedule/mine?from=${dates[0]}&to=${dates[6]}`);
    expect(mine.status).toBe(200);
    const items = mine.body.items as { id: number; status: number; scheduledDate: string; weekNo: number; scheduleStartDateTime: string }[];
    const laid = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.scheduleId, sched.id));
    const holding = laid.filter((x) => x.startTime && x.status !== ScheduleItemStatus.Cancelled).map((x) => x.id).sort((a, c) => a - c);
    expect(items.map((i) => i.id).sort((a, c) => a - c)).toEqual(holding);
    expect(holding.length).toBeGreaterThan(3);
    // Cancelled items hold no time and are not shown.
    expect(laid.some((x) => x.status === ScheduleItemStatus.Cancelled)).toBe(true);
    expect(items.every((i) => i.status !== ScheduleItemStatus.Cancelled && i.weekNo === week.weekNo && dates.includes(i.scheduledDate))).toBe(true);
    expect(items.map((i) => i.scheduleStartDateTime)).toEqual([...items.map((i) => i.scheduleStartDateTime)].sort());
    // Per is a plumber of the same company with nothing planned; Nora is another company's.
    expect((await demo.api('per', 'GET', `/api/Schedule/mine?from=${dates[0]}&to=${dates[6]}`)).body.items).toEqual([]);
    expect((await demo.api('nora', 'GET', `/api/Schedule/mine?from=${dates[0]}&to=${dates[6]}`)).body.items).toEqual([]);
    // Without a range: four weeks back to twelve ahead holds this week and the next weeks' (the race's 20 in
    // week +3, and the one card left in week +5 by the move across weeks).
    const all = (await demo.api('ola', 'GET', '/api/Schedule/mine')).body.items as { id: number }[];
    expect(all.map((i) => i.id)).toEqual(expect.arrayContaining(items.map((i) => i.id)));
    expect(all.length).toBe(items.length + 21);
    expect((await demo.api('ola', 'GET', `/api/Schedule/mine?from=${dates[6]}&to=${dates[0]}`)).body.field).toBe('querystring/to');
    expect((await demo.api('ola', 'GET', '/api/Schedule/mine?from=2027-01-01&to=2027-12-31')).status).toBe(400);
    const bad = await demo.api('ola', 'GET', '/api/Schedule/mine?from=2027-02-30');
    expect(bad.body, JSON.stringify(bad.body)).toMatchObject({ statusCode: 400, field: 'querystring/from' });
  });
});
