/**
 * Plans that hold across two server processes on one PostgreSQL (DESIGN.md "Scheduling": the plumber's
 * time is locked by whichever path writes it, in whichever process, and an overlap is impossible in the
 * database). Each process has its own workers; batches of one plumber for neighbouring weeks are
 * submitted at the same moment through the two processes and laid by whichever worker takes them; item
 * moves into the same slot race through both processes. Nothing overlaps and nothing is left without a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { planFit, type WeekFacts } from '../../src/domain/scheduling/freeWeek';
import { planStart, type DayMinute } from '../../src/domain/scheduling/hours';
import type { LayoutItem } from '../../src/domain/scheduling/layout';
import { scheduleBatchJobs, scheduleItems } from '../../server/db/schema';
import { weekFacts } from '../../server/services/scheduling/week';
import { startWorkers, type Workers } from '../../server/workers';
import type { AppContext } from '../../server/context';
import { startTestApp, type TestApp } from '../helpers/app';
import { startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, submitBody, weekAhead } from './schedule-fixtures';

let demo: Demo;
/** The second server process, on the demo's database. */
let b: TestApp;
let kari: string;
let ola: number;
let companyId: string;
const workers: Workers[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-plans-'));

const SLOW_HOOK_MS = 240_000;

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  // One public address for both, as behind a load balancer: a token of one is good at the other.
  b = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
  kari = await demo.token('kari');
  ola = await registrationOf(demo, 'ola');
  ({ companyId } = await companyOf(demo, 'kari'));
  trackBatches(demo.t.app.context, 'A');
  trackBatches(b.app.context, 'B');
  // Each process runs its own workers, as two deployed servers do.
  workers.push(await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5 }));
  workers.push(await startWorkers(b.app.context, { pollingIntervalSeconds: 0.5 }));
}, SLOW_HOOK_MS);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await b?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, SLOW_HOOK_MS);

/** Which process's workers ran each batch (their log line 'schedule batch done' names it). */
const ranBy = new Map<string, 'A' | 'B'>();
function trackBatches(ctx: AppContext, name: 'A' | 'B') {
  const info = ctx.log.info.bind(ctx.log);
  ctx.log.info = ((obj: unknown, ...rest: unknown[]) => {
    const id = (obj as { batchJobId?: unknown } | null)?.batchJobId;
    if (typeof id === 'string') ranBy.set(id, name);
    return (info as (...args: unknown[]) => void)(obj, ...rest);
  }) as typeof ctx.log.info;
}

const db = () => demo.t.database.db;
const processes = () => [demo.t, b] as const;
type Sched = { id: number; year: number; weekNo: number; assigneeId: number };

const hours = (n: number): LayoutItem[] => Array.from({ length: n }, (_, i) => ({ id: -(i + 1), duration: 60 }));
/** The most items of 60 minutes the dry run lays into the week from `start`. */
function mostThatFit(week: WeekFacts, start: DayMinute): number {
  let n = 0;
  while (planFit([week], hours(n + 1), start, new Set()).rest.length === 0) n++;
  return n;
}

/** ola's items that hold their time and overlap another's (`gap` minutes around each counting as taken). */
async function pairsCloserThan(gap: number): Promise<number> {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from schedule_items a join schedule_items b
      on a.company_id = b.company_id and a.assignee_id = b.assignee_id and a.id < b.id
     and tstzrange(a.start_time - make_interval(mins => ${gap}), a.end_time + make_interval(mins => ${gap})) && tstzrange(b.start_time, b.end_time)
    where a.assignee_id = ${ola} and a.start_time is not null and b.start_time is not null
      and a.status <> 7 and coalesce(a.cancellation_type_id, 0) <> 7 and b.status <> 7 and coalesce(b.cancellation_type_id, 0) <> 7`);
  return rows[0].n;
}
const unlaidOfOla = () => db().$count(scheduleItems, sql`${scheduleItems.assigneeId} = ${ola} and ${scheduleItems.startTime} is null`);

interface BatchResult {
  itemsScheduled: number;
  itemsNotPlaced: number;
  weeksUsed: number;
  notPlaced: { waterMeterPointId: number; address: string; reason: string }[];
}

it('20 rounds of two batches for neighbouring weeks of one plumber, submitted at once through two processes: no overlap, no item without a time', async () => {
  const log: string[] = [];
  const totals = { laid: 0, notPlaced: 0, aFirst: 0, bFirst: 0, bRefused: 0, inFlightTogether: 0, inTwoProcesses: 0 };
  for (let round = 0; round < 20; round++) {
    // Weeks W and W+1, with a week to spare before the next round's W.
    const ahead = 2 + 3 * round;
    const [w, next] = await Promise.all([ahead, ahead + 1].map(async (x, i) => {
      const res = await processes()[i].api(kari, 'POST', '/api/Schedule', { assigneeId: ola, ...weekAhead(x) });
      expect(res.status).toBe(201);
      return res.body as Sched;
    }));
    const start = planStart(new Date());
    const capW = mostThatFit(await weekFacts(db(), companyId, ola, w.year, w.weekNo), start);
    const capNext = mostThatFit(await weekFacts(db(), companyId, ola, next.year, next.weekNo), start);
    expect(capNext).toBeGreaterThan(12);
    // A: week W and 12 items more, allowed to go on; B: the next week less 6 slots. Each fits alone; not both in W+1.
    const spill = 12;
    const bodyA = submitBody(w, await addPoints(demo, 'kari', capW + spill), 60, { isPossibleToScheduleNextWeek: true });
    const bodyB = submitBody(next, await addPoints(demo, 'kari', capNext - 6), 60);
    const [resA, resB] = await Promise.all([demo.t.api(kari, 'POST', '/api/Scheduler', bodyA), b.api(kari, 'POST', '/api/Scheduler', bodyB)]);
    expect(resA.status).toBe(202);
    // B is refused only when A's batch was laid before B's check ran: then B does not fit, and is named so.
    if (resB.status !== 202) {
      expect(resB.status).toBe(400);
      expect(resB.body.errorKey).toBe('Scheduling.MaxAssignmentSelected');
      totals.bRefused++;
    }
    const batches = resB.status === 202 ? [bodyA.batchJobId, bodyB.batchJobId] : [bodyA.batchJobId];
    await expect.poll(async () => {
      const rows = await db().select().from(scheduleBatchJobs).where(inArray(scheduleBatchJobs.id, batches));
      return rows.every((r) => r.status === 'Completed' || r.status === 'Failed');
    }, { timeout: 20_000, interval: 100 }).toBe(true);
    const rows = await db().select().from(scheduleBatchJobs).where(inArray(scheduleBatchJobs.id, batches));
    const rowA = rows.find((r) => r.id === bodyA.batchJobId)!;
    const rowB = rows.find((r) => r.id === bodyB.batchJobId);
    expect(rows.map((r) => [r.status, r.error ?? null])).toEqual(rows.map(() => ['Completed', null]));

    const resultA = rowA.result as unknown as BatchResult;
    expect(resultA).toMatchObject({ itemsScheduled: capW + spill, itemsNotPlaced: 0 });
    totals.laid += resultA.itemsScheduled;
    if (rowB) {
      const resultB = rowB.result as unknown as BatchResult;
      totals.laid += resultB.itemsScheduled;
      totals.notPlaced += resultB.itemsNotPlaced;
      // The batches took the plumber's time one after the other: whichever was laid second found the
      // first's items in W+1 (A's spill, or B's), and laid around them.
      const aFirst = rowA.finishedAt!.getTime() < rowB.finishedAt!.getTime();
      if (rowA.startedAt! < rowB.finishedAt! && rowB.startedAt! < rowA.finishedAt!) totals.inFlightTogether++;
      if (ranBy.get(rowA.id) !== ranBy.get(rowB.id)) totals.inTwoProcesses++;
      if (aFirst) {
        totals.aFirst++;
        expect(resultA.weeksUsed).toBe(2);
        expect(resultB).toMatchObject({ itemsScheduled: capNext - spill, itemsNotPlaced: 6 });
        expect(resultB.notPlaced.map((n) => n.reason)).toEqual(Array(6).fill('NoTimeLeft'));
        // Six of B's points (the route order decides which), each named once.
        const submitted = bodyB.scheduleItems.map((i) => i.waterMeterPointId);
        expect(new Set(resultB.notPlaced.map((n) => n.waterMeterPointId)).size).toBe(6);
        expect(resultB.notPlaced.every((n) => submitted.includes(n.waterMeterPointId))).toBe(true);
        expect(await db().$count(scheduleItems, inArray(scheduleItems.meterPointId, resultB.notPlaced.map((n) => n.waterMeterPointId)))).toBe(0);
      } else {
        totals.bFirst++;
        expect(resultB).toMatchObject({ itemsScheduled: capNext - 6, itemsNotPlaced: 0 });
        expect(resultA.weeksUsed).toBe(3);
      }
      log.push(`round ${round} (weeks ${w.weekNo}/${next.weekNo} of ${w.year}/${next.year}): ${aFirst ? 'A' : 'B'} first, run by ${ranBy.get(rowA.id)}/${ranBy.get(rowB.id)}; A laid ${resultA.itemsScheduled}, B laid ${resultB.itemsScheduled}, B not placed ${resultB.itemsNotPlaced}`);
      const laidB = await db().select().from(scheduleItems).where(eq(scheduleItems.batchJobId, bodyB.batchJobId));
      expect(laidB).toHaveLength(resultB.itemsScheduled);
    } else {
      log.push(`round ${round}: B refused at submit (A laid first); A laid ${resultA.itemsScheduled}`);
    }
    const laidA = await db().select().from(scheduleItems).where(eq(scheduleItems.batchJobId, bodyA.batchJobId));
    expect(laidA).toHaveLength(resultA.itemsScheduled);
    expect(laidA.every((i) => i.startTime && i.endTime && i.isScheduled)).toBe(true);
    expect(await unlaidOfOla()).toBe(0);
  }
  console.log(`${log.join('\n')}\ntotals: ${JSON.stringify(totals)}`);

  expect(await pairsCloserThan(0)).toBe(0);
  expect(await unlaidOfOla()).toBe(0);
  // Laid by any batch, in either order, items stay the company's job interval (15 minutes) apart.
  expect(await pairsCloserThan(15 - 1)).toBe(0);
  expect(totals.laid).toBeGreaterThan(0);
  // Both processes' workers laid batches.
  expect(new Set(ranBy.values())).toEqual(new Set(['A', 'B']));
}, 90_000);

it('20 slots, each asked for by two items at once through the two processes: one item takes each slot, none overlap', async () => {
  const week = weekAhead(1);
  const res = await demo.t.api(kari, 'POST', '/api/Schedule', { assigneeId: ola, ...week });
  expect(res.status).toBe(201);
  const schedule = res.body as Sched;
  const dates = isoWeekDates(week.year, week.weekNo);
  const points = await addPoints(demo, 'kari', 40);
  // 40 items of 30 minutes laid back to back on Saturday and Sunday (06:00–16:00).
  const items = await db().insert(scheduleItems).values(points.map((p, i) => {
    const date = dates[5 + Math.floor(i / 20)];
    const from = 360 + (i % 20) * 30;
    return {
      scheduleId: schedule.id, companyId, meterPointId: p, objectType: 2, address: `Flytteveien ${i + 1}`, duration: 30,
      scheduledDate: date, startTime: osloInstant(date, from), endTime: osloInstant(date, from + 30), isScheduled: true, sequenceNumber: i + 1,
    };
  })).returning();
  expect(await pairsCloserThan(0)).toBe(0);

  // Slot k: Monday–Friday at 07:00, 08:00, 09:00, 10:00; item 2k asks for it through one process and
  // item 2k+1 through the other, at the same minute or (odd k) a quarter later, still overlapping.
  const slots = Array.from({ length: 20 }, (_, k) => ({ date: dates[Math.floor(k / 4)], minute: 420 + (k % 4) * 60 }));
  const moves = slots.flatMap((s, k) => [
    { k, item: items[2 * k], via: processes()[k % 2], at: osloInstant(s.date, s.minute) },
    { k, item: items[2 * k + 1], via: processes()[(k + 1) % 2], at: osloInstant(s.date, s.minute + (k % 2) * 15) },
  ]);
  const answers = await Promise.all(moves.map((m) => m.via.api(kari, 'PUT', `/api/schedule/${schedule.id}/scheduleitems`, [{ id: m.item.id, scheduleStartDateTime: m.at.toISOString() }])));

  const after = new Map((await db().select().from(scheduleItems).where(eq(scheduleItems.scheduleId, schedule.id))).map((i) => [i.id, i]));
  for (const k of slots.keys()) {
    const pair = moves.map((m, i) => ({ ...m, answer: answers[i] })).filter((m) => m.k === k);
    expect(pair.map((m) => m.answer.status).sort(), `slot ${k}`).toEqual([200, 409]);
    const won = pair.find((m) => m.answer.status === 200)!;
    const lost = pair.find((m) => m.answer.status === 409)!;
    expect(lost.answer.body.message).toContain('NotEnoughSlotSpace');
    expect(after.get(won.item.id)!.startTime!.toISOString()).toBe(won.at.toISOString());
    // The loser stays where it was.
    expect(after.get(lost.item.id)!.startTime!.toISOString()).toBe(lost.item.startTime!.toISOString());
  }
  expect(await pairsCloserThan(0)).toBe(0);
  expect(await unlaidOfOla()).toBe(0);
}, 60_000);
