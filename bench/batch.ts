/**
 * Budget (issue 15): a schedule batch of 200 items laid out and committed in < 2 s, from the answer of
 * POST /api/Scheduler to the batch Completed in the database. An embedded PostgreSQL with the demo data
 * (50,000 register points for the demo admin's company); the server runs in its own thread
 * (bench/serverThread.ts) and takes the submits over loopback; the batch runs in this thread through
 * the composition root (server/context.ts), as the worker runs it.
 *
 * - Service: after the 202 the batch is run by calling runScheduleBatch (no queue pick-up in the figure).
 * - Worker: pg-boss workers with the production options (idle polling every 2 s) take the job; the
 *   figure is the 202 to Completed seen in the database (polled every 10 ms), split into the pick-up
 *   (to startedAt) and the run (startedAt to finishedAt).
 * - Layout alone: the pure layOut with its route order over the same items and free weeks, and
 *   without the route order (keepSelectionOrder), in this process.
 * - Route order on demo points: selections laid out with and without keepSelectionOrder; kilometres
 *   per day from the laid items and the totals from the batch's result.
 *
 * The 200 items never fit one week (about 37 working hours): the submit lets the batch go on into the
 * next weeks (isPossibleToScheduleNextWeek) and weeksUsed is printed. Every run starts from the same
 * week three weeks ahead; what a run wrote (items, batch row, the schedules it made) is deleted before
 * the next. Run alone: `npx tsx bench/batch.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { createContext } from '../server/context';
import { connect, migrateDb } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemoData } from '../server/db/seed';
import { runScheduleBatch } from '../server/services/scheduling/batch';
import { companyJobTimes, nextWeek, weekFacts } from '../server/services/scheduling/week';
import { freeWeek } from '../src/domain/scheduling/freeWeek';
import { startWorkers } from '../server/workers';
import { addDays, isoWeek, osloDay, osloDayMinute } from '../src/domain/time/oslo';
import { WEEK_PICKER_WEEKS } from '../src/domain/scheduling/enums';
import type { FreeDay } from '../src/domain/scheduling/hours';
import { layOut, type LayoutItem } from '../src/domain/scheduling/layout';
import { pathKm } from '../src/domain/scheduling/routeOrder';
import type { SchedulerRequest } from '../src/domain/schemas/scheduling';
import { signInWithPassword } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/freePort';
import { startServerThread } from './serverThread';

type Point = { id: number; type: number; lat: number | null; lng: number | null };
interface Result { itemsScheduled: number; itemsNotPlaced: number; weeksUsed: number; kilometres: number; kilometresInSelectionOrder: number }
interface BatchRun { ms: number; pickupMs?: number; runMs?: number; result: Result }
interface Day { date: string; items: number; km: number; kmSelection: number }
interface RouteCase { name: string; points: number; days: Day[]; result: Result; resultKept: Result }
export interface BatchBench {
  items: number; budgetMs: number;
  service: BatchRun[]; worker: BatchRun[];
  layoutMs: number[]; layoutKeptMs: number[]; layoutWeeks: number;
  routes: RouteCase[]; withinBudget: boolean;
}

const ITEMS = 200;
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runBatchBench(opts: { runs?: number; workerRuns?: number } = {}): Promise<BatchBench> {
  const runs = opts.runs ?? 5;
  const workerRuns = opts.workerRuns ?? 5;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-batch-bench-'));
  const embedded = await startEmbeddedPostgres(dir, await freePort(), 'meterwork_batch_bench');
  const database = connect(embedded.url);
  const db = database.db;
  try {
    await migrateDb(db);
    await seedDemoData(db);
    await db.execute(sql`analyze`);
    const [who] = (await db.execute<{ company_id: string; plumber: number }>(sql`
      select a.company_id, p.registration_id as plumber from users a join users p on p.email = ${DEMO_SIGN_INS[1].email}
      where a.email = ${DEMO_SIGN_INS[0].email}`)).rows;
    const ctx = createContext(loadConfig({ logLevel: 'silent', dataDir: dir, databaseUrl: embedded.url, mediaS3: null }), database);
    const times = await companyJobTimes(db, who.company_id);

    const port = await freePort();
    const server = await startServerThread({ url: embedded.url, port, webDir: path.join(dir, 'no-web'), dataDir: dir });
    const base = `http://127.0.0.1:${port}`;
    let stopWorkers: (() => Promise<void>) | undefined;
    try {
      const signIn = await signInWithPassword(base, loadConfig().oidcClientId, DEMO_SIGN_INS[0].email, DEMO_PASSWORD);
      if (!signIn.ok) throw new Error(`sign-in failed with ${signIn.status}`);
      const token = signIn.tokens.access_token;
      const headers = {
        authorization: `Bearer ${token}`, 'content-type': 'application/json',
        'x-waapi-context': String(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).customer_id),
      };
      const api = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
        return text ? JSON.parse(text) : undefined;
      };

      const w = isoWeek(addDays(osloDay(new Date()), 21));
      const week = { year: w.year, weekNo: w.week };
      /** Creates the week's schedule and submits `points` in this order; answers the batch id once the 202 is in. */
      const submit = async (points: Point[], extra: Partial<SchedulerRequest> = {}) => {
        const schedule = await api('POST', '/api/Schedule', { assigneeId: who.plumber, ...week }) as { id: number };
        const body: SchedulerRequest = {
          batchJobId: randomUUID(), scheduleId: schedule.id, ...week, assigneeId: who.plumber,
          scheduleItems: points.map((p, i) => ({ id: 0, assignmentType: p.type, waterMeterPointId: p.id, duration: times.durationOf(p.type)!, sequenceNumber: i + 1, isScheduled: false })),
          scheduledItems: [],
          assignmentSummary: { numberOfDaysPlanned: 1, numberOfHoursPlanned: 1, numberOfWeeksPlanned: 1 },
          plumberAvailabilityData: [{ weekNo: week.weekNo, date: '2030-01-01', availabilityType: 1, startTime: '07:00', endTime: '15:00' }],
          isPossibleToScheduleNextWeek: true,
          ...extra,
        };
        const state = await api('POST', '/api/Scheduler', body) as { status: string };
        if (state.status !== 'Queued') throw new Error(`submit answered ${JSON.stringify(state)}`);
        return body.batchJobId;
      };
      const batchRow = async (id: string) => (await db.execute<{ status: string; result: Result; started_at: string | null; finished_at: string | null }>(sql`
        select status, result, started_at, finished_at from schedule_batch_jobs where id = ${id}`)).rows[0];
      const laid = async (id: string) => (await db.execute<{ scheduled_date: string; start_time: Date; latitude: number | null; longitude: number | null }>(sql`
        select scheduled_date, start_time, latitude, longitude from schedule_items where batch_job_id = ${id} and start_time is not null order by start_time`)).rows;
      /** Everything a run wrote goes, so the next starts from the same free weeks. */
      const clear = async (id: string) => {
        await db.execute(sql`delete from schedule_items where batch_job_id = ${id}`);
        await db.execute(sql`delete from schedule_batch_jobs where id = ${id}`);
        await db.execute(sql`delete from schedules s where s.assignee_id = ${who.plumber} and s.company_id = ${who.company_id}
          and not exists (select 1 from schedule_items i where i.schedule_id = s.id) and not exists (select 1 from schedule_batch_jobs b where b.schedule_id = s.id)`);
      };

      // 200 points of the company with coordinates, a different spread of them each run (as a polygon or filter picks them, by id).
      const all = (await db.execute<Point>(sql`
        select id, assignment_type as type, lat, lng from meter_points where company_id = ${who.company_id} and lat is not null order by id`)).rows;
      const pick = (run: number) => all.filter((_, i) => i % 97 === run % 97).slice(0, ITEMS);

      const service: BatchRun[] = [];
      for (let r = 0; r < runs + 1; r++) {
        const id = await submit(pick(r));
        const start = performance.now();
        const outcome = await runScheduleBatch(ctx, id);
        const ms = performance.now() - start;
        const row = await batchRow(id);
        if (outcome !== 'Completed' || row.status !== 'Completed') throw new Error(`batch ${outcome}, ${row.status}`);
        if (r > 0) service.push({ ms, result: row.result }); // the first run warms the caches
        await clear(id);
      }

      // The layout alone: the same free weeks the batch reads, the same items.
      const items: LayoutItem[] = pick(1).map((p) => ({ id: p.id, duration: times.durationOf(p.type)!, lat: p.lat, lng: p.lng }));
      const notBefore = osloDayMinute(new Date());
      const weeks: FreeDay[][] = [];
      for (let n = 0, at = week; n < WEEK_PICKER_WEEKS; n++, at = nextWeek(at.year, at.weekNo)) {
        weeks.push(freeWeek(await weekFacts(db, who.company_id, who.plumber, at.year, at.weekNo), { notBefore }));
      }
      const layoutMs: number[] = [];
      const layoutKeptMs: number[] = [];
      let layoutWeeks = 0;
      for (let r = 0; r < 21; r++) {
        let s = performance.now();
        layoutWeeks = layOut(weeks, items, { intervalMinutes: times.intervalMinutes }).weeksUsed;
        layoutMs.push(performance.now() - s);
        s = performance.now();
        layOut(weeks, items, { intervalMinutes: times.intervalMinutes, keepSelectionOrder: true });
        layoutKeptMs.push(performance.now() - s);
      }

      // Route order on demo points: the selection order is the table's (by address) or a random one.
      const area = (await db.execute<Point & { address: string }>(sql`
        select id, assignment_type as type, lat, lng, address from meter_points
        where company_id = ${who.company_id} and lat is not null and address like '%1337 Sandvika'
        order by (lat - 59.8895) ^ 2 + ((lng - 10.5225) * 0.5) ^ 2 limit 30`)).rows;
      const street = (await db.execute<{ street: string }>(sql`
        select street from meter_points where company_id = ${who.company_id} and lat is not null and address like '%1356 Bekkestua'
        group by street order by count(*) desc limit 1`)).rows[0].street;
      const ofStreet = (await db.execute<Point>(sql`
        select id, assignment_type as type, lat, lng from meter_points
        where company_id = ${who.company_id} and lat is not null and street = ${street} and address like '%1356 Bekkestua'
        order by address limit 30`)).rows;
      let seed = 15;
      const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const mixed = [...all].sort(() => rnd() - 0.5).slice(0, 40);
      const byAddress = [...area].sort((a, b) => a.address.localeCompare(b.address, 'nb'));
      const cases: [string, Point[]][] = [
        ['30 nearest Sandvika centre (1337), by address', byAddress],
        [`30 of ${street} (1356), by address`, ofStreet],
        ['40 random of the company, random order', mixed],
      ];
      const routes: RouteCase[] = [];
      for (const [name, points] of cases) {
        const runCase = async (keepSelectionOrder: boolean) => {
          const id = await submit(points, { keepSelectionOrder });
          if (await runScheduleBatch(ctx, id) !== 'Completed') throw new Error(`${name}: batch not completed`);
          const rows = await laid(id);
          const result = (await batchRow(id)).result;
          await clear(id);
          const days = new Map<string, { lat: number; lng: number }[]>();
          for (const r of rows) if (r.latitude !== null && r.longitude !== null) days.set(r.scheduled_date, [...(days.get(r.scheduled_date) ?? []), { lat: r.latitude, lng: r.longitude }]);
          return { result, days };
        };
        const ordered = await runCase(false);
        const kept = await runCase(true);
        const days: Day[] = [...ordered.days].map(([date, stops]) => ({ date, items: stops.length, km: pathKm(stops), kmSelection: pathKm(kept.days.get(date) ?? []) }));
        routes.push({ name, points: points.length, days, result: ordered.result, resultKept: kept.result });
      }

      // Through pg-boss, as production runs it: the workers' own options (idle polling every 2 s).
      const workers = await startWorkers(ctx);
      stopWorkers = () => workers.stop();
      const worker: BatchRun[] = [];
      for (let r = 0; r < workerRuns; r++) {
        const id = await submit(pick(10 + r));
        const start = Date.now();
        const t0 = performance.now();
        let row = await batchRow(id);
        while (row.status !== 'Completed' && row.status !== 'Failed') {
          if (performance.now() - t0 > 60_000) throw new Error('worker batch did not finish in 60 s');
          await sleep(10);
          row = await batchRow(id);
        }
        const ms = performance.now() - t0;
        if (row.status !== 'Completed') throw new Error(`worker batch ${row.status}`);
        worker.push({ ms, pickupMs: new Date(row.started_at!).getTime() - start, runMs: new Date(row.finished_at!).getTime() - new Date(row.started_at!).getTime(), result: row.result });
        await clear(id);
        await sleep(Math.random() * 2000); // submits land anywhere in the polling interval, as people's do
      }

      const budgetMs = 2000;
      return {
        items: ITEMS, budgetMs, service, worker, layoutMs, layoutKeptMs, layoutWeeks, routes,
        withinBudget: median(service.map((s) => s.ms)) < budgetMs,
      };
    } finally {
      await stopWorkers?.();
      await server.terminate();
    }
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatBatchBench(b: BatchBench): string {
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const verdict = (v: number) => (v < b.budgetMs ? 'within budget' : 'OVER BUDGET');
  const res = (r: Result) => `${r.itemsScheduled} laid, ${r.itemsNotPlaced} not, weeksUsed ${r.weeksUsed}`;
  const svc = median(b.service.map((s) => s.ms));
  const wrk = median(b.worker.map((s) => s.ms));
  const km = (v: number) => v.toFixed(1).padStart(6);
  const lines = [
    `Batch of ${b.items} items, 202 to Completed in the database, budget < ${ms(b.budgetMs)}`,
    `  service (runScheduleBatch after the 202), runs: ${b.service.map((s) => s.ms.toFixed(0)).join(', ')}; median ${ms(svc)}: ${verdict(svc)}`,
    `    ${res(b.service[0].result)}`,
    `  worker (pg-boss, polling 2 s), runs: ${b.worker.map((s) => s.ms.toFixed(0)).join(', ')}; median ${ms(wrk)}: ${verdict(wrk)}`,
    `    of which pick-up ${b.worker.map((s) => s.pickupMs).join(', ')} ms, run ${b.worker.map((s) => s.runMs).join(', ')} ms`,
    `  layout alone (layOut + route order, ${b.items} items, ${WEEK_PICKER_WEEKS} weeks offered, ${b.layoutWeeks} used): median ${median(b.layoutMs).toFixed(1)} ms; `
      + `in selection order ${median(b.layoutKeptMs).toFixed(1)} ms`,
    'Route order on demo points (straight-line km; ordered against selection order)',
  ];
  for (const r of b.routes) {
    const total = r.days.reduce((s, d) => s + d.km, 0);
    const totalSel = r.days.reduce((s, d) => s + d.kmSelection, 0);
    lines.push(`  ${r.name}: ${r.points} points, ${res(r.result)}`);
    for (const d of r.days) lines.push(`    ${d.date} ${String(d.items).padStart(2)} stops ${km(d.km)} km against ${km(d.kmSelection)} km, saved ${km(d.kmSelection - d.km)} km`);
    lines.push(`    total ${km(total)} km against ${km(totalSel)} km, saved ${km(totalSel - total)} km (${totalSel ? ((1 - total / totalSel) * 100).toFixed(0) : 0} %);`
      + ` result ${r.result.kilometres} / ${r.result.kilometresInSelectionOrder}, kept run ${r.resultKept.kilometres} / ${r.resultKept.kilometresInSelectionOrder}`);
  }
  lines.push(b.withinBudget ? 'within budget' : 'OVER BUDGET');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBatchBench().then((b) => {
    console.log(formatBatchBench(b));
    process.exit(b.withinBudget ? 0 : 1);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
