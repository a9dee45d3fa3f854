/**
 * Issue 15 §6: "A batch survives a server restart". A second process's workers (batch-worker-child.ts,
 * the composition root on the same database) take a batch and are killed with SIGKILL in the middle
 * of laying it out; the batch is then laid exactly once by the workers of this process after
 * pg-boss's expiry, with nothing of the killed run left behind.
 *
 * The layout is held at a known point by row locks on the submitted items, taken as soon as the submit
 * has answered: the run reads the items and the plumber's week as the submit did, and waits when it
 * writes the items' times, so the kill lands while the run's transaction is open.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scheduleBatchJobs, scheduleItems } from '../../server/db/schema';
import { startWorkers, type Workers } from '../../server/workers';
import { startDemo, type Demo } from './jobs-fixtures';
import { addPoints, registrationOf, submitBody, weekAhead } from './schedule-fixtures';

const SLOW_HOOK_MS = 240_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-batch-kill-'));
let demo: Demo;
let child: ChildProcess | undefined;
let workers: Workers | undefined;
let locker: pg.Client | undefined;

beforeAll(async () => {
  demo = await startDemo({ dataDir });
}, SLOW_HOOK_MS);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await locker?.end().catch(() => {});
  await workers?.stop();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, SLOW_HOOK_MS);

/** The other process's workers, started and ready. */
async function startChild(url: string): Promise<ChildProcess> {
  const c = spawn(process.execPath, ['--import', 'tsx', 'tests/server/batch-worker-child.ts'], {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PUBLIC_URL: demo.t.baseUrl, BATCH_EXPIRE_SECONDS: '3' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker process did not start: ${out}`)), 60_000);
    const take = (d: Buffer) => {
      out += d;
      if (out.includes('workers ready')) { clearTimeout(timer); resolve(); }
    };
    c.stdout!.on('data', take);
    c.stderr!.on('data', take);
    c.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the worker process ended (${code}): ${out}`)); });
  });
  return c;
}

it('a worker process killed while laying out a batch: the batch is laid once, by another process, after the job expires', async () => {
  const url = (demo.t.database.pool.options as { connectionString: string }).connectionString;
  const db = demo.t.database.db;
  const ola = await registrationOf(demo, 'ola');
  child = await startChild(url);

  const schedule = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...weekAhead(3) })).body as { id: number; year: number; weekNo: number; assigneeId: number };
  const body = submitBody(schedule, await addPoints(demo, 'kari', 10), 60);

  // Hold the layout: the run waits on these row locks inside its transaction, when it writes the times.
  locker = new pg.Client({ connectionString: url });
  await locker.connect();
  expect((await demo.api('kari', 'POST', '/api/Scheduler', body)).status).toBe(202);
  await locker.query('begin');
  const held = await locker.query('select id from schedule_items where batch_job_id = $1 for update', [body.batchJobId]);
  expect(held.rowCount).toBe(10);

  const batch = async () => (await db.select().from(scheduleBatchJobs).where(eq(scheduleBatchJobs.id, body.batchJobId)))[0];
  const waiting = async () => (await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%update%schedule_items%'`)).rows[0].n;
  await expect.poll(async () => (await batch()).status, { timeout: 20_000, interval: 100 }).toBe('Started');
  await expect.poll(waiting, { timeout: 20_000, interval: 100 }).toBe(1);

  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  await locker.query('rollback');
  await locker.end();
  locker = undefined;

  // The killed run committed nothing of its layout.
  await expect.poll(waiting, { timeout: 10_000, interval: 100 }).toBe(0);
  const itemsOf = () => db.select().from(scheduleItems).where(eq(scheduleItems.batchJobId, body.batchJobId));
  expect((await itemsOf()).filter((i) => i.startTime !== null)).toHaveLength(0);
  expect((await batch()).status).toBe('Started');

  // This process's workers take the expired job and lay the batch.
  workers = await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
  await expect.poll(async () => (await batch()).status, { timeout: 60_000, interval: 250 }).toBe('Completed');
  expect((await batch()).result).toMatchObject({ itemsScheduled: 10, itemsNotPlaced: 0 });
  const items = await itemsOf();
  expect(items).toHaveLength(10);
  expect(items.every((i) => i.isScheduled && i.startTime && i.scheduleId === schedule.id)).toBe(true);
  expect(items.map((i) => i.sequenceNumber).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  const starts = items.map((i) => i.startTime!.getTime());
  expect(new Set(starts).size).toBe(10);
  // One job, taken again after the kill (its retry count says so), now done.
  const job = (await db.execute<{ n: number; retries: number; state: string }>(sql`
    select count(*)::int as n, max(retry_count)::int as retries, max(state::text) as state from pgboss.job where id = ${body.batchJobId}::uuid`)).rows[0];
  expect(job).toMatchObject({ n: 1, state: 'completed' });
  expect(job.retries).toBeGreaterThanOrEqual(1);
}, 180_000);
