/**
 * Budget (DESIGN.md): an outbox of 500 queued commands with 100 photos replays exactly once, in
 * order, in under 30 s on loopback.
 * The device's real outbox (enqueue, runReplay) runs in Node on a Dexie replica in fake-indexeddb,
 * signed in as the demo admin through the real OIDC flow, against the whole server in its own
 * thread on an embedded PostgreSQL with the demo data. Queued offline: 100 photo uploads (1920×1440
 * JPEGs of about 400 KB, each with its own bytes) on open tasks of the admin's company, 360 note
 * edits on open jobs, 20 new jobs and a task added to each. Then online, runReplay until the
 * outbox is empty, timed. Checked afterwards: each command reached the server once, each job's in
 * queue order (the requests sent, and the server's idempotency_keys by time), the server holds the 100
 * photos with the hashes the device made, the last note queued per job, and the new jobs with
 * their added tasks. Run alone: `npx tsx bench/run.ts outbox`.
 */
import 'fake-indexeddb/auto';
import { sessionFromClaims } from '../src/features/auth/claims';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { loadConfig } from '../server/config';
import { connect, migrateDb, type Database } from '../server/db/index';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/db/embedded';
import { idempotencyKeys, jobs as jobsTable, mediaAssets, tasks as tasksTable } from '../server/db/schema';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemoData } from '../server/db/seed';
import { db } from '../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../src/data/identity';
import { newId } from '../src/data/ids';
import { enqueue } from '../src/data/outbox';
import { metadataFrom } from '../src/data/photos/processing';
import type { StoredPhoto } from '../src/data/photos/types';
import { cancelScheduledReplay } from '../src/data/replay';
import { runReplay } from '../src/data/replay/run';
import { claimReplica, pullChanges, refreshLookups } from '../src/data/sync';
import { configureTransport } from '../src/data/transport';
import type { CreateJobRequest, Job } from '../src/domain/api';
import { JobStatus, JobType, Role } from '../src/domain/enums';
import { isTaskFinished, liveTasks } from '../src/domain/jobs/rules';
import { signInWithPassword, tokenClaims } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/freePort';
import { jobsOutOfOrder } from '../tests/helpers/replayOrder';
import { noisyPixels } from './photo';
import { startServerThread } from './serverThread';

export const OUTBOX_BUDGET_S = 30;

export interface OutboxBench {
  commands: number;
  byType: Record<string, number>;
  photos: number;
  photoBytesAvg: number;
  queueMs: number;
  replaySeconds: number;
  commandsPerSecond: number;
  replayRounds: number;
  /** What was checked after the replay, each with its outcome. */
  checks: { name: string; ok: boolean; detail: string }[];
  /** The machine's 1-minute load average when the replay ended, and its CPUs: other work skews the figures. */
  loadAverage: number;
  cpus: number;
  withinBudget: boolean;
}

/** The app's own session from the token's claims (src/features/auth/claims.ts). */
function sessionFrom(token: string): Session {
  const session = sessionFromClaims(tokenClaims(token));
  if (!session) throw new Error('the token lacks the claims of a session');
  return session;
}

/** 1920×1440 JPEGs of about 400 KB at quality 80, as the photo worker stores them; every one has its own bytes. */
async function photoFiles(count: number): Promise<{ bytes: Buffer; thumb: Buffer }[]> {
  const width = 1920;
  const height = 1440;
  const base = noisyPixels(width, height, 0.12, 7);
  const thumb = await sharp(base, { raw: { width, height, channels: 3 } }).resize(240).jpeg({ quality: 70 }).toBuffer();
  const out: { bytes: Buffer; thumb: Buffer }[] = [];
  for (let p = 0; p < count; p++) {
    const raw = Buffer.from(base);
    // A band of its own in each picture: distinct files, the same size.
    const top = (p * 37) % (height - 48);
    for (let i = top * width * 3; i < (top + 48) * width * 3; i++) raw[i] = (raw[i] + p * 11 + (i % 7) * 3) & 255;
    const bytes = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
    out.push({ bytes, thumb });
  }
  return out;
}

/** A new job on a property the admin's company already works at (as the new-job page offline). */
function createFor(site: Job, admin: Session, n: number): CreateJobRequest & { jobId: string } {
  const first = site.jobTasks[0];
  return {
    jobId: newId(), roleId: Role.Plumber, refNo: 0, title: `Ny vannmåler ${n}`, jobTypeId: JobType.Install, jobType: 'Install',
    matrikkelDetails: site.matrikkel, subscriberText: site.subscriberText, scheduledDate: null, dueDate: null,
    assignedToId: admin.registrationId, assigneeName: admin.name, createdBy: admin.email, status: JobStatus.New,
    description: 'Lagt inn i kjelleren uten dekning', severity: 2,
    taskRequest: {
      taskId: newId(), isActive: true, taskNo: 1, jobType: 'Install', taskOrder: 0, statusId: 1, description: null,
      externalRefId: null, externalRefText: null,
      subscriberDetails: first?.subscriberDetails ?? { addressId: site.matrikkel.addressId, addressText: site.subscriberText, location: null, coordinateSource: 'Property' },
    },
  };
}

export async function benchOutbox(opts: { rounds?: number } = {}): Promise<OutboxBench> {
  // One round: a new job, 17 notes and 5 photos on existing jobs, a task on the new job, its note.
  const rounds = opts.rounds ?? 20;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-bench-outbox-'));
  // As root, PostgreSQL runs as the OS user postgres: it must reach its folder inside this one.
  fs.chmodSync(dir, 0o755);
  let embedded: EmbeddedDatabase | null = null;
  let database: Database | null = null;
  const realFetch = globalThis.fetch;
  try {
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort(), 'meterwork_bench_outbox');
    database = connect(embedded.url);
    await migrateDb(database.db);
    await seedDemoData(database.db);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startServerThread({ url: embedded.url, port, webDir: path.join(dir, 'no-web'), dataDir: path.join(dir, 'data') });
    try {
      const signIn = await signInWithPassword(baseUrl, loadConfig().oidcClientId, DEMO_SIGN_INS[0].email, DEMO_PASSWORD);
      if (!signIn.ok) throw new Error(`sign-in of ${DEMO_SIGN_INS[0].email} failed with ${signIn.status}`);
      const token = signIn.tokens.access_token;
      const admin = sessionFrom(token);
      if (!admin.isAdmin || !admin.companyId) throw new Error(`${admin.email} is no company admin`);

      const goOffline = () => configureTransport({ baseUrl: 'http://127.0.0.1:1' });
      const goOnline = () => configureTransport({ baseUrl });
      goOnline();
      setSession(admin);
      setAccessTokenProvider(async () => token);
      await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear(), db.photos.clear()]);
      await claimReplica(admin.userId);
      await pullChanges();
      await refreshLookups();

      const open = (await db.jobs.toArray())
        .filter((j) => (j.statusId === JobStatus.New || j.statusId === JobStatus.InProgress) && liveTasks(j).length > 0)
        .sort((a, b) => a.refNr - b.refNr);
      const photoTasks = open.flatMap((j) => liveTasks(j).filter((t) => !isTaskFinished(t)).map((t) => ({ job: j, task: t })));
      if (open.length < 20 || photoTasks.length < 10) throw new Error(`the demo data has too few open jobs (${open.length}) or tasks (${photoTasks.length})`);

      const files = await photoFiles(rounds * 5);
      const { rows: keysBefore } = await database.pool.query<{ key: string }>('select key from idempotency_keys where user_id = $1', [admin.userId]);

      const lastNote = new Map<string, string>();
      const photos: StoredPhoto[] = [];
      const created: { jobId: string; taskId: string; addedTaskId: string }[] = [];
      const byType: Record<string, number> = {};
      const count = (type: string) => { byType[type] = (byType[type] ?? 0) + 1; };
      let noteNo = 0;
      const note = async (job: Job) => {
        const notes = `Notat ${++noteNo}: nøkkel hos naboen i nr. ${noteNo % 40}`;
        await enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes, status: job.statusId, severity: job.severityId } });
        lastNote.set(job.jobId, notes);
        count('updateNote');
      };
      const photo = async () => {
        const { job, task } = photoTasks[photos.length % photoTasks.length];
        const file = files[photos.length];
        const p: StoredPhoto = {
          assetId: newId(), jobId: job.jobId, taskId: task.taskId, matrikkelenhetsId: job.matrikkel.matrikkelenhetId,
          imageType: 'deviation', meterKind: 'deviation', meterNumber: null, fileName: `IMG_${4000 + photos.length}.jpg`,
          blob: new Blob([new Uint8Array(file.bytes)], { type: 'image/jpeg' }), thumb: new Blob([new Uint8Array(file.thumb)], { type: 'image/jpeg' }),
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          metadata: metadataFrom(null, { width: 1920, height: 1440, bytes: file.bytes.length }),
          createdAt: new Date().toISOString(), state: 'local',
        };
        photos.push(p);
        await enqueue({ type: 'uploadPhoto', body: {
          assetId: p.assetId, jobId: p.jobId, taskId: p.taskId, matrikkelenhetsId: p.matrikkelenhetsId, fileName: p.fileName,
          customProps: { meterNumber: null, taskId: p.taskId, waterMeterType: p.meterKind, imageType: p.imageType }, metadata: p.metadata,
        } }, { alsoWrite: () => db.photos.put(p) });
        count('uploadPhoto');
      };

      // ---- offline: queue everything
      goOffline();
      const queueStart = performance.now();
      let nextJob = 0;
      for (let r = 0; r < rounds; r++) {
        const job = createFor(open[r % open.length], admin, r);
        await enqueue({ type: 'createJob', body: job });
        count('createJob');
        for (let i = 0; i < 17; i++) {
          await note(open[nextJob++ % open.length]);
          if (i % 4 === 3 || i === 16) await photo();
        }
        const addedTaskId = newId();
        await enqueue({ type: 'addTask', body: { jobId: job.jobId, taskId: addedTaskId, description: 'Ekstra måler i boden' } });
        count('addTask');
        created.push({ jobId: job.jobId, taskId: job.taskRequest.taskId, addedTaskId });
        const local = await db.jobs.get(job.jobId);
        if (!local) throw new Error('a queued new job is not in the replica');
        await note(local);
      }
      // Let the replays each enqueue started (all offline) end, then stop their retry timers.
      await runReplay();
      await new Promise((r) => setImmediate(r));
      cancelScheduledReplay();
      const queueMs = performance.now() - queueStart;
      const queued = await db.outbox.orderBy('seq').toArray();
      if (queued.some((e) => e.status !== 'pending')) throw new Error('a command failed while offline');

      // ---- online: replay, timed
      const sent: { method: string; key: string | null }[] = [];
      globalThis.fetch = async (input, init = {}) => {
        if (init.method && init.method !== 'GET') sent.push({ method: init.method, key: new Headers(init.headers).get('idempotency-key') });
        return realFetch(input, init);
      };
      goOnline();
      const t0 = performance.now();
      let replayRounds = 0;
      let failed = 0;
      while ((await db.outbox.count()) > 0 && replayRounds < 20) {
        replayRounds++;
        const r = await runReplay();
        failed += r.failed;
        if (r.failed > 0) break;
        if (r.stop !== null) await new Promise((res) => setTimeout(res, Math.min(2000, (r.retryAfter ?? 0.2) * 1000)));
      }
      const replaySeconds = (performance.now() - t0) / 1000;
      const loadAverage = os.loadavg()[0];
      globalThis.fetch = realFetch;
      cancelScheduledReplay();

      // ---- exactly once, in order
      const checks: OutboxBench['checks'] = [];
      const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
      const left = await db.outbox.toArray();
      check('outbox empty, nothing failed', left.length === 0 && failed === 0, `${left.length} left, ${failed} failed, ${replayRounds} runReplay call(s)`);

      const queuedKeys = queued.map((e) => e.key);
      const sentKeys = sent.map((s) => s.key);
      const sentOrder = jobsOutOfOrder(sentKeys, queued);
      check('requests sent once each, each job\'s in queue order', sentKeys.length === queuedKeys.length && new Set(sentKeys).size === sentKeys.length
        && sentOrder.length === 0, `${sentKeys.length} mutating requests for ${queuedKeys.length} commands, ${sentOrder.length} jobs out of order`);

      const before = new Set(keysBefore.map((k) => k.key));
      const serverKeys = (await database.db.select({ key: idempotencyKeys.key, createdAt: idempotencyKeys.createdAt, statusCode: idempotencyKeys.statusCode })
        .from(idempotencyKeys).where(eq(idempotencyKeys.userId, admin.userId)))
        .filter((k) => !before.has(k.key))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const serverKeySet = new Set(serverKeys.map((k) => k.key));
      const sameSet = serverKeys.length === queuedKeys.length && serverKeySet.size === queuedKeys.length && queuedKeys.every((k) => serverKeySet.has(k));
      check('idempotency_keys = queued keys (count and set)', sameSet, `${serverKeys.length} new rows for ${queuedKeys.length} queued keys`);
      // created_at is each request's transaction start: a job's commands are sent one after another,
      // so per job it increases (a tie at ms resolution would leave the order unknown, not wrong).
      const serverOrder = jobsOutOfOrder(serverKeys.map((k) => k.key), queued);
      const distinctTimes = new Set(serverKeys.map((k) => k.createdAt.getTime())).size;
      check('idempotency_keys of each job in queue order (by created_at)', serverOrder.length === 0 || distinctTimes < serverKeys.length,
        serverOrder.length === 0 ? 'same order' : distinctTimes < serverKeys.length ? 'timestamps tie at ms resolution; order taken from the requests' : `${serverOrder.length} jobs out of order`);
      const errors = serverKeys.filter((k) => k.statusCode >= 300);
      check('every stored answer a success', errors.length === 0, errors.length ? `${errors.length} with status ${[...new Set(errors.map((e) => e.statusCode))].join(', ')}` : 'all 2xx');

      const assets = await database.db.select({ id: mediaAssets.id, sha256: mediaAssets.sha256 }).from(mediaAssets)
        .where(inArray(mediaAssets.id, photos.map((p) => p.assetId)));
      const hashOf = new Map(assets.map((a) => [a.id, a.sha256]));
      const photosOk = assets.length === photos.length && photos.every((p) => hashOf.get(p.assetId) === p.sha256);
      check('media_assets: the 100 photos with the device\'s sha256', photosOk, `${assets.length} rows, ${photos.filter((p) => hashOf.get(p.assetId) === p.sha256).length} hashes equal`);
      const confirmed = (await db.photos.toArray()).filter((p) => photos.some((q) => q.assetId === p.assetId) && p.state === 'sent' && p.blob === null).length;
      check('device let go of each confirmed photo', confirmed === photos.length, `${confirmed} of ${photos.length} sent, blob dropped`);

      const noteRows = await database.db.select({ id: jobsTable.id, notes: jobsTable.notes }).from(jobsTable).where(inArray(jobsTable.id, [...lastNote.keys()]));
      const notesOk = noteRows.length === lastNote.size && noteRows.every((r) => r.notes === lastNote.get(r.id));
      check('server notes = last note queued per job', notesOk, `${noteRows.filter((r) => r.notes === lastNote.get(r.id)).length} of ${lastNote.size} jobs`);

      const taskRows = await database.db.select({ id: tasksTable.id }).from(tasksTable)
        .where(and(inArray(tasksTable.id, created.flatMap((c) => [c.taskId, c.addedTaskId])), eq(tasksTable.isDeleted, false)));
      check('new jobs with their first and added tasks', taskRows.length === created.length * 2, `${taskRows.length} of ${created.length * 2} tasks`);

      const commands = queued.length;
      return {
        commands, byType, photos: photos.length, photoBytesAvg: files.reduce((s, f) => s + f.bytes.length, 0) / files.length,
        queueMs, replaySeconds, commandsPerSecond: commands / replaySeconds, replayRounds, checks, loadAverage, cpus: os.cpus().length,
        withinBudget: replaySeconds < OUTBOX_BUDGET_S && checks.every((c) => c.ok),
      };
    } finally {
      globalThis.fetch = realFetch;
      cancelScheduledReplay();
      setAccessTokenProvider(null);
      setSession(null);
      await server.terminate();
    }
  } finally {
    await database?.close();
    await embedded?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatOutboxBench(b: OutboxBench): string {
  const types = Object.entries(b.byType).map(([t, n]) => `${n} ${t}`).join(', ');
  return [
    `Outbox replay on loopback: ${b.commands} queued commands (${types}), photos ${(b.photoBytesAvg / 1024).toFixed(0)} KB on average, budget < ${OUTBOX_BUDGET_S} s, exactly once, in order`,
    `  queued offline in ${(b.queueMs / 1000).toFixed(1)} s (not part of the budget)`,
    ...b.checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
    `  replay ${b.replaySeconds.toFixed(1)} s, ${b.commandsPerSecond.toFixed(1)} commands/s (load average ${b.loadAverage.toFixed(1)} on ${b.cpus} CPUs): ${
      b.replaySeconds < OUTBOX_BUDGET_S ? 'within budget' : 'OVER BUDGET'}${b.checks.every((c) => c.ok) ? '' : ' (but a check FAILED)'}`,
  ].join('\n');
}
