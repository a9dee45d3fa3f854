/**
 * The device's outbox against the real server on real PostgreSQL: commands queued offline in a
 * Dexie replica (fake-indexeddb) replay in order, exactly once, also when an answer is lost after
 * the server applied the change, when two replayers start together, and when the server refuses
 * one of them.
 */
import 'fake-indexeddb/auto';
import { sessionFromClaims } from '../../src/features/auth/claims';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { newId } from '../../src/data/ids';
import { metadataFrom } from '../../src/data/photos/processing';
import { photoSendState } from '../../src/data/photos/store';
import type { StoredPhoto } from '../../src/data/photos/types';
import { discardCommand, enqueue, retryCommand } from '../../src/data/outbox';
import { cancelScheduledReplay } from '../../src/data/replay';
import { getLocalReplayState, subscribeReplayState } from '../../src/data/status';
import { runReplay } from '../../src/data/replay/run';
import { claimReplica, pullChanges, refreshLookups } from '../../src/data/sync';
import { configureTransport } from '../../src/data/transport';
import { COMMAND_TYPES, type Command, type CommandOf, type CommandType } from '../../src/data/commands';
import type { CreateJobRequest, Job } from '../../src/domain/api';
import { JobStatus, JobType, Role, TaskStatus } from '../../src/domain/enums';
import { buildCompleteJobRequest, buildNoteRequest, buildUpdateJobRequest } from '../../src/domain/jobs/form';
import { isTaskFinished, liveTasks } from '../../src/domain/jobs/rules';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemoData } from '../../server/db/seed';
import { startTestApp, tokenClaims, type TestApp } from '../helpers/app';
import { jobsOutOfOrder } from '../helpers/replayOrder';

let t: TestApp;
let plumberToken = '';
let adminToken = '';
let plumber: Session;
const realFetch = globalThis.fetch;
/** Set to make the next matching request reach the server but lose its answer on the way back. */
let loseAnswer: ((url: string, init: RequestInit) => boolean) | null = null;
/** The picture the next photo upload carries instead of the device's (bytes changed on the way). */
let swapUpload: Buffer | null = null;
const mutations: { method: string; key: string | null }[] = [];
/** Paths the device read (GET) from the server. */
const reads: string[] = [];
/** Runs (once) before the next request leaves the device: a plumber's change made during a replay. */
let beforeNextRequest: (() => Promise<void>) | null = null;

/** The app's own session from the token's claims (src/features/auth/claims.ts). */
function sessionFrom(token: string): Session {
  const session = sessionFromClaims(tokenClaims(token));
  if (!session) throw new Error('the token lacks the claims of a session');
  return session;
}

const goOffline = () => configureTransport({ baseUrl: 'http://127.0.0.1:1' });
const goOnline = () => configureTransport({ baseUrl: t.baseUrl });

beforeAll(async () => {
  t = await startTestApp({ seed: async (d) => { await seedDemoData(d, undefined, { registerSize: 300 }); } });
  const [, ola] = DEMO_SIGN_INS;
  plumberToken = await t.login(ola.email, DEMO_PASSWORD);
  adminToken = await t.login(DEMO_SIGN_INS[0].email, DEMO_PASSWORD);
  plumber = sessionFrom(plumberToken);
  globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    const before = beforeNextRequest;
    beforeNextRequest = null;
    await before?.();
    // A bundle's commands (POST /api/bundle) as the server runs them, one by one.
    const commands = url.endsWith('/api/bundle')
      ? (JSON.parse(String(init.body)) as { requests: { method: string; path: string; idempotencyKey: string }[] }).requests
        .map((r) => ({ url: new URL(r.path, url).href, init: { method: r.method }, key: r.idempotencyKey }))
      : [{ url, init, key: new Headers(init.headers).get('idempotency-key') }];
    for (const c of commands) {
      if (c.init.method && c.init.method !== 'GET') mutations.push({ method: c.init.method, key: c.key });
      else reads.push(new URL(c.url).pathname);
    }
    if (swapUpload && init.method === 'POST' && url.endsWith('/api/media') && init.body instanceof FormData) {
      // Other bytes arrive than the device sent (changed on the way): the rest of the form as sent.
      const form = new FormData();
      for (const [k, v] of init.body) {
        if (k === 'mediafile') form.set(k, new Blob([new Uint8Array(swapUpload)], { type: 'image/jpeg' }), (v as File).name);
        else form.set(k, v);
      }
      swapUpload = null;
      init = { ...init, body: form };
    }
    const res = await realFetch(input, init);
    if (loseAnswer && commands.some((c) => loseAnswer!(c.url, c.init))) {
      loseAnswer = null;
      await res.text();
      throw new TypeError('fetch failed');
    }
    return res;
  };
}, 120_000);

afterAll(async () => {
  cancelScheduledReplay();
  globalThis.fetch = realFetch;
  await t?.close();
});

beforeEach(async () => {
  cancelScheduledReplay();
  mutations.length = 0;
  reads.length = 0;
  goOnline();
  setSession(plumber);
  setAccessTokenProvider(async () => plumberToken);
  await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear(), db.photos.clear()]);
  await claimReplica(plumber.userId);
  await pullChanges();
});

async function serverJob(jobId: string): Promise<{ status: number; body: Job }> {
  return t.api(adminToken, 'GET', `/api/jobs/${jobId}`);
}

/** A create payload for a property the plumber already has a job on (as the new-job page offline). */
async function createFor(site: Job, over: Partial<CreateJobRequest> = {}): Promise<CreateJobRequest & { jobId: string }> {
  const first = site.jobTasks[0];
  return {
    jobId: newId(), roleId: Role.Plumber, refNo: 0, title: 'Ny vannmåler', jobTypeId: JobType.Install, jobType: 'Install',
    matrikkelDetails: site.matrikkel, subscriberText: site.subscriberText, scheduledDate: null, dueDate: null,
    assignedToId: plumber.registrationId, assigneeName: plumber.name, createdBy: plumber.email, status: JobStatus.New,
    description: 'Lagt inn i kjelleren uten dekning', severity: 2,
    taskRequest: {
      taskId: newId(), isActive: true, taskNo: 1, jobType: 'Install', taskOrder: 0, statusId: 1, description: null,
      externalRefId: null, externalRefText: null,
      subscriberDetails: first?.subscriberDetails ?? { addressId: site.matrikkel.addressId, addressText: site.subscriberText, location: null, coordinateSource: 'Property' },
    },
    ...over,
  };
}

async function aJobOfMine(): Promise<Job> {
  const jobs = await db.jobs.toArray();
  const job = jobs.find((j) => j.statusId === JobStatus.New && j.assignedToId === plumber.registrationId && j.jobTasks.length > 0);
  if (!job) throw new Error('the demo data gives the plumber no new job');
  return job;
}

/** A real JPEG (made with sharp) stored on the device as the photo form stores one. */
async function storedPhoto(site: Job, taskId: string, seed: string): Promise<StoredPhoto> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: seed === 'sign' ? '#c33' : '#36c' } }).jpeg({ quality: 80 }).toBuffer();
  const photo: StoredPhoto = {
    assetId: newId(), jobId: site.jobId, taskId, matrikkelenhetsId: site.matrikkel.matrikkelenhetId, imageType: 'deviation', meterKind: 'deviation',
    meterNumber: null, fileName: `${seed}.jpg`, blob: new Blob([bytes], { type: 'image/jpeg' }), thumb: new Blob([bytes], { type: 'image/jpeg' }),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    metadata: metadataFrom(null, { width: 64, height: 48, bytes: bytes.length }), createdAt: new Date().toISOString(), state: 'local',
  };
  await db.photos.put(photo);
  return photo;
}

async function storedKeys(): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where user_id = ${plumber.userId}`);
  return rows[0].n;
}

describe('outbox replay against the server', () => {
  it('offline changes reach the server once each, in order, though an answer was lost', async () => {
    expect(await db.jobs.count()).toBeGreaterThan(0);
    const existing = await aJobOfMine();
    const keysBefore = await storedKeys();

    goOffline();
    const created = await createFor(existing);
    const addedTaskId = newId();
    await enqueue({ type: 'createJob', body: created });
    await enqueue({ type: 'updateNote', body: { jobId: created.jobId, notes: 'Første notat', status: JobStatus.New, severity: 2 } });
    await enqueue({ type: 'addTask', body: { jobId: created.jobId, taskId: addedTaskId } });
    await enqueue({ type: 'updateNote', body: { jobId: created.jobId, notes: 'Andre notat', status: JobStatus.New, severity: 2 } });
    await enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes: 'Nøkkel i postkassen', status: existing.statusId, severity: existing.severityId } });
    const doomed = await createFor(existing);
    await enqueue({ type: 'createJob', body: doomed });
    await enqueue({ type: 'deleteJobs', body: { jobList: [{ jobId: doomed.jobId, autoCreated: false, statusId: JobStatus.New, jobTasks: [{ taskId: doomed.taskRequest.taskId }] }] } });
    await runReplay();
    cancelScheduledReplay();

    // The replica shows it all at once, before the server knows.
    expect(await db.outbox.count()).toBe(7);
    const local = await db.jobs.get(created.jobId);
    expect(local).toMatchObject({ notes: 'Andre notat', refNr: 0 });
    expect(local!.jobTasks.map((x) => x.taskId)).toEqual([created.taskRequest.taskId, addedTaskId]);
    expect(await db.jobs.get(doomed.jobId)).toBeUndefined();
    expect((await serverJob(created.jobId)).status).toBe(404);

    const queued = await db.outbox.orderBy('seq').toArray();
    const queuedKeys = queued.map((e) => e.key);
    // Back online: the add-task reaches the server, which applies it, but the answer is lost.
    goOnline();
    mutations.length = 0;
    loseAnswer = (url, init) => init.method === 'POST' && url.endsWith('/api/Tasks');
    const first = await runReplay();
    expect(first.stop).toBe('offline');
    // The create and first note of the new job went before the add-task; the other jobs' commands
    // may have gone alongside. The add-task and the note behind it on its job are still queued.
    expect(first.sent).toBeGreaterThanOrEqual(2);
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left).toHaveLength(7 - first.sent);
    expect(left.slice(0, 2).map((e) => e.type)).toEqual(['addTask', 'updateNote']);

    const second = await runReplay();
    expect(second).toMatchObject({ stop: null, failed: 0, sent: 7 - first.sent });
    expect(await db.outbox.count()).toBe(0);

    // Each job's commands in queue order; the add-task twice with one key (the resend), every other command once.
    const sentKeys = mutations.map((m) => m.key);
    expect(jobsOutOfOrder(sentKeys, queued)).toEqual([]);
    expect(new Set(sentKeys)).toEqual(new Set(queuedKeys));
    expect(sentKeys).toHaveLength(queuedKeys.length + 1);
    expect(sentKeys.filter((k) => k === queued[2].key)).toHaveLength(2);
    expect(await storedKeys()).toBe(keysBefore + 7);

    const server = (await serverJob(created.jobId)).body;
    expect(server.notes).toBe('Andre notat');
    expect(server.jobTasks.filter((x) => !x.isDeleted).map((x) => x.taskId).sort()).toEqual([created.taskRequest.taskId, addedTaskId].sort());
    // create = 1, then note, task and note: one version step each, so nothing was applied twice.
    expect(server.version).toBe(4);
    expect((await serverJob(existing.jobId)).body.notes).toBe('Nøkkel i postkassen');
    expect((await serverJob(doomed.jobId)).status).toBe(404);

    // The pull after replay brings the server's numbers; the replica matches the server.
    await pullChanges();
    const pulled = await db.jobs.get(created.jobId);
    expect(pulled!.refNr).toBeGreaterThan(0);
    expect(pulled).toMatchObject({ notes: 'Andre notat', version: 4 });
  });

  it('commands queued while a long replay runs join it, and the progress total grows with them', async () => {
    const existing = await aJobOfMine();
    const note = (n: string) => enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes: n, status: existing.statusId, severity: existing.severityId } });
    goOffline();
    // More than the replay reads ahead at once: it reads the queue again while it sends.
    for (let i = 1; i <= 110; i++) await note(`Notat ${i}`);
    await runReplay();
    cancelScheduledReplay();
    goOnline();
    mutations.length = 0;
    let largestTotal = 0;
    /** How many were done when the total first showed all 112 (the two late ones counted as soon as read). */
    let doneWhenAllCounted: number | null = null;
    const off = subscribeReplayState(() => {
      const { done, total } = getLocalReplayState();
      largestTotal = Math.max(largestTotal, total);
      if (total === 112) doneWhenAllCounted ??= done;
    });
    beforeNextRequest = async () => { await note('Lagt til under synkroniseringen'); await note('Og en til'); };
    try {
      expect(await runReplay()).toMatchObject({ failed: 0, stop: null });
    } finally {
      off();
    }
    cancelScheduledReplay();
    expect(largestTotal).toBe(112);
    expect(doneWhenAllCounted).not.toBeNull();
    expect(doneWhenAllCounted!).toBeLessThan(112);
    expect(mutations).toHaveLength(112);
    expect(await db.outbox.count()).toBe(0);
    expect((await serverJob(existing.jobId)).body).toMatchObject({ notes: 'Og en til', version: existing.version + 112 });
  });

  it('two replayers at once send each command once', async () => {
    const existing = await aJobOfMine();
    goOffline();
    const notes = ['én', 'to', 'tre', 'fire', 'fem'];
    for (const n of notes) await enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes: n, status: existing.statusId, severity: existing.severityId } });
    await runReplay();
    cancelScheduledReplay();
    goOnline();
    mutations.length = 0;
    const before = (await serverJob(existing.jobId)).body.version;
    await Promise.all([runReplay(), runReplay()]);
    expect(mutations).toHaveLength(notes.length);
    const server = (await serverJob(existing.jobId)).body;
    expect(server.notes).toBe('fem');
    expect(server.version).toBe(before + notes.length);
  });

  it('the page and the service worker (two copies of the code, one database) take turns through the Web Lock', async () => {
    const existing = await aJobOfMine();
    goOffline();
    const notes = ['a', 'b', 'c', 'd'];
    for (const n of notes) await enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes: n, status: existing.statusId, severity: existing.severityId } });
    await runReplay();
    cancelScheduledReplay();
    goOnline();

    // Node has no navigator.locks: an exclusive, queued lock like the browser's (Web Locks API).
    const queues = new Map<string, Promise<unknown>>();
    const locks = {
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        const run = (queues.get(name) ?? Promise.resolve()).then(callback, callback);
        queues.set(name, run.catch(() => undefined));
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks, onLine: true });
    try {
      // The worker's own module instances: its own replay state, token and identity, same IndexedDB.
      vi.resetModules();
      const worker = {
        identity: await import('../../src/data/identity'),
        transport: await import('../../src/data/transport'),
        replay: await import('../../src/data/replay/run'),
      };
      worker.transport.configureTransport({ baseUrl: t.baseUrl });
      worker.identity.setWorkerIdentity({ userId: plumber.userId, customerId: plumber.customerId });
      worker.identity.setAccessTokenProvider(async () => plumberToken);
      expect(worker.replay.runReplay).not.toBe(runReplay);

      mutations.length = 0;
      const before = (await serverJob(existing.jobId)).body.version;
      const [page, sw] = await Promise.all([runReplay(), worker.replay.runReplay()]);
      expect(page.sent + sw.sent).toBe(notes.length);
      expect(mutations).toHaveLength(notes.length);
      expect(new Set(mutations.map((m) => m.key)).size).toBe(notes.length);
      const server = (await serverJob(existing.jobId)).body;
      expect(server).toMatchObject({ notes: 'd', version: before + notes.length });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a refused create is failed with the server reason; what depends on it waits; the rest goes on', async () => {
    const existing = await aJobOfMine();
    goOffline();
    const bad = await createFor(existing, { matrikkelDetails: { ...existing.matrikkel, matrikkelenhetId: 999_999_999 } });
    await enqueue({ type: 'createJob', body: bad });
    await enqueue({ type: 'updateNote', body: { jobId: bad.jobId, notes: 'venter', status: JobStatus.New, severity: 2 } });
    await enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes: 'går igjennom', status: existing.statusId, severity: existing.severityId } });
    await runReplay();
    cancelScheduledReplay();
    goOnline();

    const r = await runReplay();
    expect(r).toMatchObject({ sent: 1, failed: 1, stop: null });
    const [failed, waiting] = await db.outbox.orderBy('seq').toArray();
    // The refusal keeps the field the server named, for the sync panel to show beside the reason.
    expect(failed).toMatchObject({ type: 'createJob', status: 'failed', error: { status: 400, field: 'body/matrikkelDetails/matrikkelenhetId' } });
    expect(failed.error!.message).toContain('body/matrikkelDetails/matrikkelenhetId');
    expect(waiting).toMatchObject({ type: 'updateNote', status: 'pending' });
    expect(await db.jobs.get(bad.jobId)).toBeUndefined();
    expect((await serverJob(existing.jobId)).body.notes).toBe('går igjennom');

    await discardCommand(failed.seq!);
    expect(await db.outbox.count()).toBe(0);
  });

  it('409: the server version is kept beside mine, and "use mine" applies it once', async () => {
    const existing = await aJobOfMine();
    goOffline();
    await enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes: 'Rørleggerens notat', status: existing.statusId, severity: existing.severityId } });
    await runReplay();
    cancelScheduledReplay();
    const office = await t.api(adminToken, 'PUT', '/api/Jobs', { jobId: existing.jobId, notes: 'Kontorets notat', status: existing.statusId, severity: existing.severityId });
    expect(office.status).toBe(200);
    goOnline();

    expect((await runReplay()).failed).toBe(1);
    const [failed] = await db.outbox.toArray();
    expect(failed.error).toMatchObject({ status: 409, current: { notes: 'Kontorets notat' } });
    expect((await db.jobs.get(existing.jobId))!.notes).toBe('Kontorets notat');

    await retryCommand(failed.seq!);
    expect((await db.jobs.get(existing.jobId))!.notes).toBe('Rørleggerens notat');
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    const server = (await serverJob(existing.jobId)).body;
    expect(server).toMatchObject({ notes: 'Rørleggerens notat', version: office.body.version + 1 });
  });
});

describe('the command registry against the real routes', () => {
  /** One sample per command kind: a kind added to the registry without one here fails to compile. */
  type Samples = { [K in CommandType]: () => Promise<CommandOf<K>['body']> };

  it('every kind, queued offline, reaches its route once and the server ends where the device predicted', async () => {
    const admin = sessionFrom(adminToken);
    setSession(admin);
    setAccessTokenProvider(async () => adminToken);
    await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear(), db.photos.clear()]);
    await claimReplica(admin.userId);
    await pullChanges();
    // The reference lists the app loads at start: a report's causes are judged by the Deviation list.
    await refreshLookups();
    const jobs = await db.jobs.toArray();
    const site = jobs.find((j) => j.statusId === JobStatus.New && liveTasks(j).length === 1)!;
    const siteTask = liveTasks(site)[0];
    // A job whose every task is finished, waiting for manual completion (the demo data has some).
    const awaiting = jobs.find((j) => j.statusId === JobStatus.InProgress && liveTasks(j).length > 0 && liveTasks(j).every(isTaskFinished))!;
    expect(awaiting).toBeDefined();
    const ola = sessionFrom(plumberToken);
    const olaReg = ola.registrationId;

    const created = { ...(await createFor(site)), assignedToId: admin.registrationId, assigneeName: admin.name, createdBy: admin.email };
    const doomed = { ...(await createFor(site)), assignedToId: admin.registrationId, assigneeName: admin.name, createdBy: admin.email };
    const addedTaskId = newId();
    const now = new Date();
    const replicaJob = async (id: string) => (await db.jobs.get(id))!;
    const samples: Samples = {
      createJob: async () => created,
      addTask: async () => ({ jobId: created.jobId, taskId: addedTaskId, description: 'Ekstra måler i boden' }),
      updateNote: async () => buildNoteRequest(await replicaJob(created.jobId), 'Ring før oppmøte'),
      updateJob: async () => ({
        ...buildUpdateJobRequest(await replicaJob(created.jobId), {
          assignee: { id: admin.registrationId, name: admin.name }, scheduledDate: null, dueDate: null,
        }, 'Install', { email: admin.email, isAdmin: true, now }),
        description: 'Bakdøren, kode 1234',
      }),
      deleteTask: async () => ({ jobId: created.jobId, taskId: addedTaskId }),
      reassignJobs: async () => ({ jobsList: [created.jobId], assigneeId: olaReg, assigneeName: ola.name }),
      completeJob: async () => buildCompleteJobRequest(awaiting, 'Install', admin.email, now),
      deleteJobs: async () => ({
        jobList: [{ jobId: doomed.jobId, autoCreated: false, statusId: JobStatus.New, jobTasks: [{ taskId: doomed.taskRequest.taskId }] }],
      }),
      uploadPhoto: async () => photoBody(kept),
      deletePhoto: async () => ({ assetId: dropped.assetId, jobId: site.jobId, taskId: siteTask.taskId, matrikkelenhetsId: site.matrikkel.matrikkelenhetId }),
      // The device still holds the picture, so the rotation sends it as it is on the device.
      rotatePhoto: async () => ({ assetId: kept.assetId, jobId: site.jobId, taskId: siteTask.taskId, matrikkelenhetsId: site.matrikkel.matrikkelenhetId, degrees: 90 }),
      updatePhotoMetadata: async () => ({
        assetId: kept.assetId, jobId: site.jobId, taskId: siteTask.taskId, matrikkelenhetsId: site.matrikkel.matrikkelenhetId,
        metadata: { ...kept.metadata, metadataCapturedDate: '2026-11-20T10:00:00.000Z' },
      }),
      saveTaskDraft: async () => ({
        taskId: siteTask.taskId, jobId: site.jobId, isDraft: true, jobTasks: [{ taskId: siteTask.taskId, notes: 'Kommer tilbake i morgen' }],
      }),
      // 'Ingen hjemme' is an obstacle: the report needs no photo, and the task ends as Obstacle.
      sendTaskReport: async () => ({
        taskId: siteTask.taskId, jobId: site.jobId, isDraft: false,
        jobTasks: [{ taskId: siteTask.taskId, additionalDetailsRequest: {
          obstacle: true, note: 'Ingen hjemme', deviationList: [{ id: 7, value: 'Ingen hjemme', deviationType: 1 }],
          deviationImages: [{ assetId: kept.assetId, text: kept.fileName, url: `/api/media/file/${kept.assetId}` }],
        } }],
      }),
    };

    // Two photos on the device: one stays, one is deleted after its upload (the outbox keeps the order).
    const kept = await storedPhoto(site, siteTask.taskId, 'sign');
    const dropped = await storedPhoto(site, siteTask.taskId, 'blur');
    const photoBody = (p: StoredPhoto) => ({
      assetId: p.assetId, jobId: p.jobId, taskId: p.taskId, matrikkelenhetsId: p.matrikkelenhetsId, fileName: p.fileName,
      customProps: { meterNumber: null, taskId: p.taskId, waterMeterType: p.meterKind, imageType: p.imageType }, metadata: p.metadata,
    });

    goOffline();
    await enqueue({ type: 'createJob', body: doomed });
    await enqueue({ type: 'uploadPhoto', body: photoBody(dropped) });
    for (const type of COMMAND_TYPES) {
      await enqueue({ type, body: await samples[type]() } as Command);
    }
    await runReplay();
    cancelScheduledReplay();
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(new Set(queued.map((e) => e.type))).toEqual(new Set(COMMAND_TYPES));
    // What the device shows before the server knows.
    const predicted = {
      created: await db.jobs.get(created.jobId),
      awaiting: await db.jobs.get(awaiting.jobId),
      doomed: await db.jobs.get(doomed.jobId),
      site: await db.jobs.get(site.jobId),
    };
    expect(predicted.site!.jobTasks.find((x) => x.taskId === siteTask.taskId)).toMatchObject({ statusId: TaskStatus.Obstacle, notes: 'Kommer tilbake i morgen' });
    expect(predicted.site!.statusId).toBe(JobStatus.InProgress);
    expect(predicted.created).toMatchObject({ description: 'Bakdøren, kode 1234', notes: 'Ring før oppmøte', assignedToId: olaReg });
    expect(liveTasks(predicted.created!).map((x) => x.taskId)).toEqual([created.taskRequest.taskId]);
    expect(predicted.awaiting!.statusId).toBe(JobStatus.Completed);
    expect(predicted.doomed).toBeUndefined();

    // The device comes online a while after the work.
    await new Promise((r) => setTimeout(r, 1_500));
    const syncFrom = Date.now();
    goOnline();
    mutations.length = 0;
    expect(await runReplay()).toMatchObject({ stop: null, failed: 0, sent: queued.length });
    // Each command went once, with the key it was queued with, each job's in queue order.
    expect(mutations.map((m) => m.key).sort()).toEqual(queued.map((e) => e.key).sort());
    expect(jobsOutOfOrder(mutations.map((m) => m.key), queued)).toEqual([]);

    const server = (await serverJob(created.jobId)).body;
    expect(server).toMatchObject({
      title: predicted.created!.title, description: predicted.created!.description, notes: predicted.created!.notes,
      assignedToId: predicted.created!.assignedToId, assigneeName: predicted.created!.assigneeName,
      statusId: predicted.created!.statusId, severityId: predicted.created!.severityId,
    });
    expect(liveTasks(server).map((x) => x.taskId)).toEqual([created.taskRequest.taskId]);
    expect((await serverJob(awaiting.jobId)).body.statusId).toBe(JobStatus.Completed);
    expect((await serverJob(doomed.jobId)).status).toBe(404);
    // The kept photo is on the server with the bytes the device made, and the device let go of its copy.
    const assets = await t.database.db.execute<{ id: string; content_hash: string; taken: string }>(
      sql`select id, sha256 as content_hash, metadata->>'metadataCapturedDate' as taken from media_assets where id in (${kept.assetId}, ${dropped.assetId})`);
    expect(assets.rows).toEqual([{ id: kept.assetId, content_hash: kept.sha256, taken: '2026-11-20T10:00:00.000Z' }]);
    expect((await db.photos.get(kept.assetId))!.metadata.metadataCapturedDate).toBe('2026-11-20T10:00:00.000Z');
    expect(await db.photos.get(kept.assetId)).toMatchObject({ state: 'sent', blob: null });
    expect(await db.photos.get(dropped.assetId)).toBeUndefined();
    const siteAfter = (await serverJob(site.jobId)).body;
    expect(siteAfter.statusId).toBe(predicted.site!.statusId);
    expect(siteAfter.jobTasks.find((x) => x.taskId === siteTask.taskId)).toMatchObject({
      statusId: TaskStatus.Obstacle, notes: 'Kommer tilbake i morgen', additionalDetailsRequest: { note: 'Ingen hjemme' },
    });
    // The server keeps when each change was made on the device, not when it arrived.
    const madeAt = (type: CommandType) => (queued.find((e) => e.type === type)!.body as { madeAt?: string }).madeAt!;
    expect(siteAfter.jobTasks.find((x) => x.taskId === siteTask.taskId)!.startDate).toBe(madeAt('saveTaskDraft'));
    expect(predicted.site!.jobTasks.find((x) => x.taskId === siteTask.taskId)!.startDate).toBe(madeAt('saveTaskDraft'));
    const [done] = (await t.database.db.execute<{ at: Date }>(sql`select completed_at as at from tasks where id = ${siteTask.taskId}`)).rows;
    expect(new Date(done.at).toISOString()).toBe(madeAt('sendTaskReport'));
    expect(server.createdAt).toBe((queued.find((e) => e.type === 'createJob' && e.jobId === created.jobId)!.body as { madeAt?: string }).madeAt);
    expect(Date.parse(madeAt('sendTaskReport'))).toBeLessThan(syncFrom);
  });
});

describe('photos and the report that lists them', () => {
  it('a photo between two notes of a job leaves the later note its version: no read of the job first', async () => {
    const existing = await aJobOfMine();
    const task = liveTasks(existing)[0];
    const photo = await storedPhoto(existing, task.taskId, 'meter');
    goOffline();
    const note = (notes: string) => enqueue({ type: 'updateNote', body: { jobId: existing.jobId, notes, status: existing.statusId, severity: existing.severityId } });
    await note('Før bildet');
    await enqueue({ type: 'uploadPhoto', body: {
      assetId: photo.assetId, jobId: existing.jobId, taskId: task.taskId, matrikkelenhetsId: photo.matrikkelenhetsId, fileName: photo.fileName,
      customProps: { meterNumber: null, taskId: task.taskId, waterMeterType: 'deviation', imageType: 'deviation' }, metadata: photo.metadata,
    } });
    await note('Etter bildet');
    await note('Til slutt');
    await runReplay();
    cancelScheduledReplay();
    goOnline();
    reads.length = 0;

    expect(await runReplay()).toMatchObject({ sent: 4, failed: 0, stop: null });
    // Each note expected the version the one before it produced; none asked the server for the job.
    expect(reads.filter((p) => p.startsWith('/api/jobs/'))).toEqual([]);
    const server = await serverJob(existing.jobId);
    expect(server.body).toMatchObject({ notes: 'Til slutt', version: existing.version + 3 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an upload whose bytes arrive changed keeps the photo on the device and shows the mismatch', async () => {
    const existing = await aJobOfMine();
    const task = liveTasks(existing)[0];
    const photo = await storedPhoto(existing, task.taskId, 'meter');
    const mine = Buffer.from(await photo.blob!.arrayBuffer());
    goOffline();
    await enqueue({ type: 'uploadPhoto', body: {
      assetId: photo.assetId, jobId: existing.jobId, taskId: task.taskId, matrikkelenhetsId: photo.matrikkelenhetsId, fileName: photo.fileName,
      customProps: { meterNumber: null, taskId: task.taskId, waterMeterType: 'deviation', imageType: 'deviation' }, metadata: photo.metadata,
    } });
    await runReplay();
    cancelScheduledReplay();
    goOnline();
    const other = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c6' } }).jpeg({ quality: 80 }).toBuffer();
    swapUpload = other;

    expect(await runReplay()).toMatchObject({ sent: 1, failed: 0, stop: null });
    // The server took what arrived and named its hash: not the device's.
    const { rows } = await t.database.db.execute<{ sha256: string }>(sql`select sha256 from media_assets where id = ${photo.assetId}`);
    expect(rows[0].sha256).toBe(createHash('sha256').update(other).digest('hex'));
    expect(rows[0].sha256).not.toBe(photo.sha256);
    // The device keeps its only copy of the picture and shows the mismatch.
    const row = await db.photos.get(photo.assetId);
    expect(row).toMatchObject({ state: 'mismatch', sha256: photo.sha256 });
    expect(Buffer.from(await row!.blob!.arrayBuffer()).equals(mine)).toBe(true);
    expect(photoSendState(row!, undefined)).toEqual({ kind: 'mismatch' });
  });

  it('a report waits while the upload of a photo it lists is refused', async () => {
    const existing = await aJobOfMine();
    const task = liveTasks(existing)[0];
    const bad = await storedPhoto(existing, task.taskId, 'sign');
    // Not a picture at all: the server judges the file by its content and refuses it.
    await db.photos.put({ ...bad, blob: new Blob([new TextEncoder().encode('not a jpeg')], { type: 'image/jpeg' }) });
    goOffline();
    await enqueue({ type: 'uploadPhoto', body: {
      assetId: bad.assetId, jobId: existing.jobId, taskId: task.taskId, matrikkelenhetsId: bad.matrikkelenhetsId, fileName: bad.fileName,
      customProps: { meterNumber: null, taskId: task.taskId, waterMeterType: 'deviation', imageType: 'deviation' }, metadata: bad.metadata,
    } });
    await enqueue({ type: 'sendTaskReport', body: {
      taskId: task.taskId, jobId: existing.jobId, isDraft: false,
      jobTasks: [{ taskId: task.taskId, additionalDetailsRequest: {
        obstacle: true, note: 'Ingen hjemme', deviationList: [{ id: 7, value: 'Ingen hjemme', deviationType: 1 }],
        deviationImages: [{ assetId: bad.assetId, text: bad.fileName, url: `/api/media/file/${bad.assetId}` }],
      } }],
    } });
    await runReplay();
    cancelScheduledReplay();
    goOnline();

    const result = await runReplay();
    expect(result).toMatchObject({ failed: 1, sent: 0 });
    const [upload, report] = await db.outbox.orderBy('seq').toArray();
    expect(upload).toMatchObject({ type: 'uploadPhoto', status: 'failed', error: { status: 400 } });
    expect(report).toMatchObject({ type: 'sendTaskReport', status: 'pending', attempts: 0 });
    expect((await serverJob(existing.jobId)).body.jobTasks.find((x) => x.taskId === task.taskId)!.statusId).toBe(task.statusId);
    // The photo stays on the device, shown as failed, until the plumber decides.
    expect(await db.photos.get(bad.assetId)).toMatchObject({ state: 'local' });
  });
});
