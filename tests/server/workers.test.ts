/**
 * Background work through the composition root (server/context.ts): pg-boss on the same PostgreSQL,
 * the daily clean-up, a job taken once however many processes run, and a write made by a worker
 * through the unit of work reaching the devices after its commit (real hub client, real server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID, createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HubConnection } from '@microsoft/signalr';
import type { PlumberNotification } from '../../src/domain/api';
import { NotificationType } from '../../src/domain/enums';
import { loadConfig } from '../../server/config';
import { createContext } from '../../server/context';
import { idempotencyKeys, mediaAssets, smsMessages, twilioMessages, users } from '../../server/db/schema';
import { lockCompanyJobs, writeJob } from '../../server/repositories/jobs';
import { dailyCleanup, GRACE_MS } from '../../server/services/cleanup';
import { inUnitOfWork } from '../../server/services/unitOfWork';
import { CLEANUP_QUEUE, startWorkers, type Workers } from '../../server/workers';
import { listenHub, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
const open: HubConnection[] = [];
const workers: Workers[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-workers-'));

beforeAll(async () => { demo = await startDemo({ dataDir }); });
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(open.map((c) => c.stop()));
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const listen = (p: Person) => listenHub(demo, p, open);

const of = (events: PlumberNotification[], type: string) => events.filter((e) => e.NotificationType === type);
const hours = (h: number) => new Date(Date.now() - h * 3600_000);

/** A job of Ola's company, with its first task and the company. */
async function olaJob() {
  const { rows } = await demo.t.database.db.execute<{ id: string; task_id: string; company_id: string; customer_id: string; matrikkelenhet_id: number }>(sql`
    select j.id, t.id as task_id, j.company_id, j.customer_id, j.matrikkelenhet_id from jobs j join tasks t on t.job_id = j.id
    join users u on u.company_id = j.company_id where u.email = 'ola.hansen@sandvika-ror.no' and j.deleted_at is null order by j.ref_nr limit 1`);
  return rows[0];
}

async function mediaRow(key: { assetId: string; sha: string }, updatedAt: Date) {
  const job = await olaJob();
  await demo.t.database.db.insert(mediaAssets).values({
    id: key.assetId, customerId: job.customer_id, companyId: job.company_id, jobId: job.id, taskId: job.task_id, moduleId: '1',
    matrikkelenhetId: job.matrikkelenhet_id, objectId: `1_${job.task_id}`, customProps: {}, fileName: 'a.jpg', contentType: 'image/jpeg',
    sizeBytes: 3, width: 1, height: 1, sha256: key.sha, storageKey: `${key.assetId}/${key.sha}.jpg`, createdBy: 'test', createdAt: updatedAt, updatedAt,
  });
}

function newKey() {
  const assetId = randomUUID();
  const sha = createHash('sha256').update(assetId).digest('hex');
  return { assetId, sha, key: `${assetId}/${sha}.jpg`, file: path.join(dataDir, 'media', assetId.slice(0, 2), assetId, `${sha}.jpg`) };
}

async function putFile(k: ReturnType<typeof newKey>, age: Date) {
  await demo.t.app.context.media.put(k.key, Buffer.from('abc'));
  fs.utimesSync(k.file, age, age);
}

it('the daily clean-up removes old answers, files no row names, rows whose file is gone and half-written files, and nothing young', async () => {
  const ctx = demo.t.app.context;
  const ola = await listen('ola');
  const [user] = await ctx.db.select().from(users).limit(1);
  await ctx.db.insert(idempotencyKeys).values([
    { userId: user.id, key: 'old', method: 'POST', path: '/api/Jobs', requestHash: 'x', statusCode: 200, response: {}, createdAt: new Date(Date.now() - 61 * 86_400_000) },
    { userId: user.id, key: 'recent', method: 'POST', path: '/api/Jobs', requestHash: 'y', statusCode: 200, response: {}, createdAt: new Date(Date.now() - 20 * 86_400_000) },
  ]);
  const kept = newKey();          // an old row with its file: both stay
  await mediaRow(kept, hours(48));
  await putFile(kept, hours(48));
  const lostFile = newKey();      // an old row whose file is gone: the row goes, devices hear of it
  await mediaRow(lostFile, hours(48));
  const youngRow = newKey();      // a row written moments ago whose file is not there (yet): stays
  await mediaRow(youngRow, new Date());
  const orphan = newKey();        // an old file no row names: goes
  await putFile(orphan, hours(3));
  const inFlight = newKey();      // a file just written, its row not yet committed: stays
  await putFile(inFlight, new Date());
  const part = `${kept.file}.${randomUUID()}.part`;
  fs.writeFileSync(part, 'half');
  fs.utimesSync(part, hours(2), hours(2));

  // The Twilio adapter's rows: an old one of a delivered message and one of a message gone go; an old
  // one of a message still handed over, and a young one of a delivered message, stay.
  const message = async (status: 'delivered' | 'handed_over') => (await ctx.db.insert(smsMessages).values({
    companyId: user.companyId!, toNumber: '+4791234567', sender: 'Test', text: 'x', encoding: 'GSM-7', segments: 1, characters: 1,
    kind: 'notice', createdBy: user.id, status,
  }).returning({ id: smsMessages.id }))[0].id;
  const [settled, pending, young] = [await message('delivered'), await message('handed_over'), await message('delivered')];
  const old = new Date(Date.now() - 31 * 86_400_000);
  await ctx.db.insert(twilioMessages).values([
    { reference: settled, sid: `SM${'a'.repeat(32)}`, claimedAt: old }, { reference: pending, sid: `SM${'b'.repeat(32)}`, claimedAt: old },
    { reference: young, sid: `SM${'c'.repeat(32)}` }, { reference: randomUUID(), sid: `SM${'d'.repeat(32)}`, claimedAt: old },
  ]);

  const result = await dailyCleanup(ctx);
  expect(result).toMatchObject({ answers: 1, orphanFiles: 1, missingFiles: 1, unfinishedFiles: 1, twilioRows: 2 });
  expect((await ctx.db.select({ r: twilioMessages.reference }).from(twilioMessages)).map((r) => r.r).sort()).toEqual([pending, young].sort());

  const keys = (await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key);
  expect(keys).toContain('recent');
  expect(keys).not.toContain('old');
  const ids = new Set((await ctx.db.select({ id: mediaAssets.id }).from(mediaAssets)).map((r) => r.id));
  expect(ids.has(kept.assetId)).toBe(true);
  expect(ids.has(youngRow.assetId)).toBe(true);
  expect(ids.has(lostFile.assetId)).toBe(false);
  expect(fs.existsSync(kept.file)).toBe(true);
  expect(fs.existsSync(inFlight.file)).toBe(true);
  expect(fs.existsSync(orphan.file)).toBe(false);
  expect(fs.existsSync(part)).toBe(false);
  await expect.poll(() => of(ola, NotificationType.MediaChanged).length, { timeout: 5000 }).toBe(1);

  // A second run finds nothing more to do.
  expect(await dailyCleanup(ctx)).toEqual({ answers: 0, orphanFiles: 0, missingFiles: 0, unfinishedFiles: 0, twilioRows: 0 });
  expect(GRACE_MS).toBe(3600_000);
});

it('a clean-up job sent by two server processes runs once, in one of them', async () => {
  const config = loadConfig({ logLevel: 'silent', dataDir, publicUrl: demo.t.baseUrl });
  const a = await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5 });
  workers.push(a);
  const b = await startWorkers(createContext(config, demo.t.database), { pollingIntervalSeconds: 0.5 });
  workers.push(b);
  const slot = { singletonKey: 'test-day', singletonSeconds: 3600 };
  const sent = await Promise.all([a.boss.send(CLEANUP_QUEUE, {}, slot), b.boss.send(CLEANUP_QUEUE, {}, slot)]);
  expect(sent.filter((id) => id !== null)).toHaveLength(1);
  const id = sent.find((x) => x !== null)!;
  await expect.poll(async () => (await a.boss.getJobById(CLEANUP_QUEUE, id))?.state, { timeout: 20_000, interval: 250 }).toBe('completed');
  const { rows } = await demo.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${CLEANUP_QUEUE} and singleton_key = 'test-day'`);
  expect(rows[0].n).toBe(1);
  // Both processes stored the daily schedule; it is one schedule.
  const schedules = await demo.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.schedule where name = ${CLEANUP_QUEUE}`);
  expect(schedules.rows[0].n).toBe(1);
});

it('a job written by a worker through the unit of work reaches the devices after commit, and a rolled-back one never does', async () => {
  const ctx = demo.t.app.context;
  const ola = await listen('ola');
  const job = await olaJob();
  await expect(inUnitOfWork(ctx, async (w) => {
    await lockCompanyJobs(w, job.company_id);
    await writeJob(w.tx, job.id, { notes: 'rolled back' });
    throw new Error('the worker failed');
  })).rejects.toThrow('the worker failed');
  await new Promise((r) => setTimeout(r, 300));
  expect(of(ola, NotificationType.JobsChanged)).toHaveLength(0);

  await inUnitOfWork(ctx, async (w) => {
    await lockCompanyJobs(w, job.company_id);
    await writeJob(w.tx, job.id, { notes: 'written by a worker' });
  });
  await expect.poll(() => of(ola, NotificationType.JobsChanged).length, { timeout: 5000 }).toBe(1);
  const res = await demo.api('kari', 'GET', `/api/jobs/${job.id}`);
  expect((res.body as { notes: string }).notes).toBe('written by a worker');
});
