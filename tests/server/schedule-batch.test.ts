/**
 * The schedule batch through the composition root (server/context.ts) and pg-boss: a submit laid out
 * and committed by a worker, the hub told with BatchJobId after the commit, a run that died after
 * Started finishing once, two worker processes running one batch once, and the admin's chosen start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { HubConnection } from '@microsoft/signalr';
import { NotificationType } from '../../src/domain/enums';
import { loadConfig } from '../../server/config';
import { createContext } from '../../server/context';
import { scheduleBatchJobs, scheduleItems } from '../../server/db/schema';
import { runScheduleBatch } from '../../server/services/scheduling/batch';
import { startWorkers, type Workers } from '../../server/workers';
import { listenHub, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, submitBody, weekAhead } from './schedule-fixtures';
import { addDays, isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { availableMinutes, freeFrom } from '../../src/domain/scheduling/hours';
import { weekFacts } from '../../server/services/scheduling/week';
import { workingWeek } from '../../src/domain/scheduling/freeWeek';

let demo: Demo;
const open: HubConnection[] = [];
const workers: Workers[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-batch-'));
let ola: number;

// Starting PostgreSQL, migrating and seeding the demo data took past the config's 60 s hook timeout
// once on a loaded machine; stopping workers, hub and PostgreSQL can be slow too.
const SLOW_HOOK_MS = 240_000;

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  ola = await registrationOf(demo, 'ola');
}, SLOW_HOOK_MS);
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(open.map((c) => c.stop()));
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, SLOW_HOOK_MS);

async function newSchedule(ahead: number) {
  const res = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...weekAhead(ahead) });
  return res.body as { id: number; year: number; weekNo: number; assigneeId: number };
}
const batchRow = async (id: string) => (await demo.t.database.db.select().from(scheduleBatchJobs).where(eq(scheduleBatchJobs.id, id)))[0];
const itemsOf = (batchJobId: string) => demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.batchJobId, batchJobId));

/** Laid items: none overlap, each within 06:00–18:00 of its day, at least the job interval apart. */
function expectSound(items: { startTime: Date | null; endTime: Date | null }[], intervalMinutes: number) {
  const laid = items.filter((i) => i.startTime).sort((a, b) => a.startTime!.getTime() - b.startTime!.getTime());
  for (let i = 1; i < laid.length; i++) {
    const gap = (laid[i].startTime!.getTime() - laid[i - 1].endTime!.getTime()) / 60_000;
    if (laid[i].startTime!.toDateString() === laid[i - 1].startTime!.toDateString()) expect(gap).toBeGreaterThanOrEqual(intervalMinutes);
  }
}

it('a submit is laid out by a worker and committed; the hub hears Started and Completed with BatchJobId after each commit', async () => {
  const kari = await listenHub(demo, 'kari', open);
  workers.push(await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5 }));
  const schedule = await newSchedule(3);
  const body = submitBody(schedule, await addPoints(demo, 'kari', 12), 60);
  expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
  await expect.poll(async () => (await batchRow(body.batchJobId)).status, { timeout: 20_000, interval: 200 }).toBe('Completed');
  const row = await batchRow(body.batchJobId);
  expect(row.result).toMatchObject({ itemsScheduled: 12, itemsNotPlaced: 0, weeksUsed: 1 });
  const r = row.result as { kilometres: number; kilometresInSelectionOrder: number };
  expect(r.kilometres).toBeLessThanOrEqual(r.kilometresInSelectionOrder);
  const items = await itemsOf(body.batchJobId);
  expect(items.every((i) => i.isScheduled && i.startTime && i.scheduleId === schedule.id)).toBe(true);
  expect(items.map((i) => i.sequenceNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  expectSound(items, 15);
  const batchEvents = () => kari.filter((e) => e.NotificationType === NotificationType.ScheduleBatch && e.BatchJobId === body.batchJobId);
  await expect.poll(() => batchEvents().length, { timeout: 5000 }).toBe(2);
  const state = await demo.api('kari', 'GET', `/api/ScheduleItemBatchJob?weekNumber=${schedule.weekNo}&year=${schedule.year}&scheduleId=${schedule.id}`);
  expect(state.body).toMatchObject({ status: 'Completed', result: { itemsScheduled: 12 } });
  // Running it again changes nothing.
  const before = JSON.stringify(await itemsOf(body.batchJobId));
  expect(await runScheduleBatch(demo.t.app.context, body.batchJobId)).toBe('Skipped');
  expect(JSON.stringify(await itemsOf(body.batchJobId))).toBe(before);
});

it('a batch whose run died after Started is laid once when it runs again', async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  const schedule = await newSchedule(4);
  const body = submitBody(schedule, await addPoints(demo, 'kari', 8), 60);
  expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
  // The crash: Started committed, nothing of the layout.
  await demo.t.database.db.update(scheduleBatchJobs).set({ status: 'Started', startedAt: new Date() }).where(eq(scheduleBatchJobs.id, body.batchJobId));
  const [a, b] = await Promise.all([runScheduleBatch(demo.t.app.context, body.batchJobId), runScheduleBatch(demo.t.app.context, body.batchJobId)]);
  expect([a, b].sort()).toEqual(['Completed', 'Skipped']);
  const items = await itemsOf(body.batchJobId);
  expect(items.filter((i) => i.isScheduled)).toHaveLength(8);
  expectSound(items, 15);
  expect((await batchRow(body.batchJobId)).result).toMatchObject({ itemsScheduled: 8 });
});

it('two worker processes run one batch once; one queued before any worker ran is sent when they start', async () => {
  const schedule = await newSchedule(5);
  const body = submitBody(schedule, await addPoints(demo, 'kari', 6), 60, { keepSelectionOrder: true });
  expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
  const config = loadConfig({ logLevel: 'silent', dataDir, publicUrl: demo.t.baseUrl });
  workers.push(await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5 }));
  workers.push(await startWorkers(createContext(config, demo.t.database), { pollingIntervalSeconds: 0.5 }));
  await expect.poll(async () => (await batchRow(body.batchJobId)).status, { timeout: 20_000, interval: 200 }).toBe('Completed');
  const { rows } = await demo.t.database.db.execute<{ n: number }>(
    (await import('drizzle-orm')).sql`select count(*)::int as n from pgboss.job where id = ${body.batchJobId}::uuid`);
  expect(rows[0].n).toBe(1);
  const items = await itemsOf(body.batchJobId);
  expect(items.filter((i) => i.isScheduled)).toHaveLength(6);
  const r = (await batchRow(body.batchJobId)).result as { kilometres: number; kilometresInSelectionOrder: number };
  expect(r.kilometres).toBe(r.kilometresInSelectionOrder);
});

it('a batch with more than the week holds goes on into the next week when allowed', async () => {
  const schedule = await newSchedule(7);
  const body = submitBody(schedule, await addPoints(demo, 'kari', 45), 60, { isPossibleToScheduleNextWeek: true });
  expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
  await expect.poll(async () => (await batchRow(body.batchJobId)).status, { timeout: 20_000, interval: 200 }).toBe('Completed');
  const result = (await batchRow(body.batchJobId)).result as { itemsScheduled: number; weeksUsed: number };
  expect(result.itemsScheduled).toBe(45);
  expect(result.weeksUsed).toBeGreaterThanOrEqual(2);
  const items = await itemsOf(body.batchJobId);
  expect(new Set(items.map((i) => i.scheduleId)).size).toBe(result.weeksUsed);
});

it('lays nothing before the chosen start, checks the hours from the start on, and refuses a start outside the week', async () => {
  const schedule = await newSchedule(6);
  const dates = isoWeekDates(schedule.year, schedule.weekNo);
  const start = { date: dates[2], minute: 600 };
  const startIso = osloInstant(start.date, start.minute).toISOString();
  const { companyId } = await companyOf(demo, 'kari');
  const week = { free: workingWeek(await weekFacts(demo.t.database.db, companyId, ola, schedule.year, schedule.weekNo)) };
  const fromStart = availableMinutes(freeFrom(week.free, start));
  expect(fromStart).toBeLessThan(availableMinutes(week.free));

  // One hour more than the time from Wednesday 10:00 holds (though the whole week would take it): refused.
  const over = Math.floor(fromStart / 60) + 1;
  expect(over * 60).toBeLessThanOrEqual(availableMinutes(week.free));
  const refused = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(schedule, await addPoints(demo, 'kari', over), 60, { selectedItemStartDateTime: startIso }));
  expect(refused.status).toBe(400);
  expect(refused.body.errorKey).toBe('Scheduling.MaxAssignmentSelected');

  for (const outside of [osloInstant(addDays(dates[0], -1), 600), osloInstant(addDays(dates[6], 1), 600)]) {
    const res = await demo.api('kari', 'POST', '/api/Scheduler', submitBody(schedule, await addPoints(demo, 'kari', 1), 60, { selectedItemStartDateTime: outside.toISOString() }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorKey: 'Scheduling.InvalidSchedulingRequest', field: 'body/selectedItemStartDateTime' });
  }

  // What fits from the start is laid from the start on, none of it before.
  const count = Math.floor(fromStart / 60 / 2);
  const body = submitBody(schedule, await addPoints(demo, 'kari', count), 60, { selectedItemStartDateTime: startIso, scheduleStartTime: '10:00' });
  expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
  await expect.poll(async () => (await batchRow(body.batchJobId)).status, { timeout: 20_000, interval: 200 }).toBe('Completed');
  const items = await itemsOf(body.batchJobId);
  expect(items.filter((i) => i.startTime)).toHaveLength(count);
  expect(Math.min(...items.map((i) => i.startTime!.getTime()))).toBeGreaterThanOrEqual(Date.parse(startIso));
  expectSound(items, 15);

  // Planning more from Thursday 07:00 with the laid items sent again: those laid before Thursday stay
  // where they are (and their batch); the rest and the new one are laid from Thursday on.
  const thursday = osloInstant(dates[3], 420);
  const stay = items.filter((i) => i.startTime!.getTime() < thursday.getTime());
  expect(stay.length).toBeGreaterThan(0);
  expect(stay.length).toBeLessThan(items.length);
  const more = submitBody(schedule, await addPoints(demo, 'kari', 1), 60, {
    selectedItemStartDateTime: thursday.toISOString(),
    scheduledItems: items.map((i, n) => ({ id: i.id, assignmentType: 2, waterMeterPointId: i.meterPointId, duration: 60, sequenceNumber: n + 2, isScheduled: true })),
  });
  expect((await demo.api('kari', 'POST', '/api/Scheduler', more)).status).toBe(202);
  await expect.poll(async () => (await batchRow(more.batchJobId)).status, { timeout: 20_000, interval: 200 }).toBe('Completed');
  const relaid = await itemsOf(more.batchJobId);
  expect(relaid).toHaveLength(items.length - stay.length + 1);
  expect(relaid.every((i) => i.startTime && i.startTime.getTime() >= thursday.getTime())).toBe(true);
  const kept = await itemsOf(body.batchJobId);
  expect(kept.map((i) => [i.id, i.startTime?.toISOString()]).sort()).toEqual(stay.map((i) => [i.id, i.startTime?.toISOString()]).sort());
});
