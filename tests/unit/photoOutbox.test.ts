import 'fake-indexeddb/auto';
/**
 * Task photos through the outbox against the fake API (tests/unit/outboxFakeApi.ts): a photo deleted
 * before its upload ever left the device is never sent; one whose upload may have reached the server
 * is uploaded and deleted in order; the device keeps its only copy unless the server names the hash
 * of the very bytes it holds; a refused upload holds every later change of its job (the report, the
 * job's completion) until it is retried or discarded.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { newId } from '../../src/data/ids';
import { heldEntries, dependentEntries, type OutboxEntry } from '../../src/data/commands';
import { discardCommand, enqueue, retryCommand } from '../../src/data/outbox';
import { buildCompleteJobRequest } from '../../src/domain/jobs/form';
import { JobStatus } from '../../src/domain/enums';
import { deletePhoto, photoSendState } from '../../src/data/photos/store';
import { metadataFrom } from '../../src/data/photos/processing';
import type { StoredPhoto } from '../../src/data/photos/types';
import { cancelScheduledReplay } from '../../src/data/replay';
import { runReplay } from '../../src/data/replay/run';
import { configureTransport } from '../../src/data/transport';
import { createRequest, FakeApi, serverJob } from './outboxFakeApi';

const plumber: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};

let api: FakeApi;
const realFetch = globalThis.fetch;
const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
const taskId = job.jobTasks[0].taskId;

beforeEach(async () => {
  cancelScheduledReplay();
  await runReplay().catch(() => undefined);
  api = new FakeApi();
  api.put(job);
  globalThis.fetch = api.fetch as typeof fetch;
  configureTransport({ baseUrl: 'http://api.test' });
  setSession(plumber);
  setAccessTokenProvider(async () => 'token-ola');
  await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear(), db.photos.clear()]);
  await db.jobs.put(job);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

afterAll(() => {
  cancelScheduledReplay();
  globalThis.fetch = realFetch;
});

/** The device as in a basement: the platform knows it has no network, and nothing gets through. */
function noNetwork() {
  vi.stubGlobal('navigator', { onLine: false });
  api.offline = true;
}

function networkBack() {
  vi.unstubAllGlobals();
  api.offline = false;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/** A photo taken on the device and queued for upload, as addPhoto stores it (the worker's output stood in for). */
async function takePhoto(seed: string): Promise<StoredPhoto> {
  const bytes = new TextEncoder().encode(`jpeg bytes of ${seed}`);
  const photo: StoredPhoto = {
    assetId: newId(), jobId: job.jobId, taskId, matrikkelenhetsId: job.matrikkel.matrikkelenhetId, imageType: 'deviation', meterKind: 'deviation',
    meterNumber: null, fileName: `${seed}.jpg`, blob: new Blob([bytes], { type: 'image/jpeg' }), thumb: new Blob([bytes], { type: 'image/jpeg' }),
    sha256: await sha256Hex(bytes), metadata: metadataFrom(null, { width: 640, height: 480, bytes: bytes.length }),
    createdAt: new Date().toISOString(), state: 'local',
  };
  await enqueue({
    type: 'uploadPhoto',
    body: {
      assetId: photo.assetId, jobId: photo.jobId, taskId, matrikkelenhetsId: photo.matrikkelenhetsId, fileName: photo.fileName,
      customProps: { meterNumber: null, taskId, waterMeterType: 'deviation', imageType: 'deviation' }, metadata: photo.metadata,
    },
  }, { alsoWrite: () => db.photos.put(photo) });
  return photo;
}

const ref = (p: StoredPhoto) => ({ assetId: p.assetId, jobId: p.jobId, taskId: p.taskId, matrikkelenhetsId: p.matrikkelenhetsId });
const mediaRequests = () => api.log.filter((s) => s.path.startsWith('/api/media'));

describe('a photo deleted before it was sent', () => {
  it('is never uploaded: the upload, its rotation and date edit, and the row go together', async () => {
    noNetwork();
    const photo = await takePhoto('blurred');
    const kept = await takePhoto('meter');
    await enqueue({ type: 'rotatePhoto', body: { ...ref(photo), degrees: 90 } });
    await enqueue({ type: 'updatePhotoMetadata', body: { ...ref(photo), metadata: { ...photo.metadata, metadataCapturedDate: '2026-11-20T10:00:00.000Z' } } });
    await runReplay();
    cancelScheduledReplay();
    // No request could leave the device: none is counted as an attempt.
    expect((await db.outbox.toArray()).map((e) => e.attempts)).toEqual([0, 0, 0, 0]);

    await deletePhoto(photo);
    expect(await db.photos.get(photo.assetId)).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => [e.type, (e.body as { assetId?: string }).assetId])).toEqual([['uploadPhoto', kept.assetId]]);

    networkBack();
    expect(await runReplay()).toMatchObject({ sent: 1, failed: 0, stop: null });
    expect(mediaRequests().map((s) => [s.method, s.form?.fields.assetId])).toEqual([['POST', kept.assetId]]);
    expect([...api.media.keys()]).toEqual([kept.assetId]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.photos.get(kept.assetId)).toMatchObject({ state: 'sent', blob: null });
  });

  it('whose upload may have reached the server is uploaded once and then deleted there', async () => {
    const photo = await takePhoto('blurred');
    // The server stores the upload, but its answer is lost: the device cannot know it arrived.
    api.failNext((s) => s.path === '/api/media', { kind: 'lose' });
    await runReplay();
    cancelScheduledReplay();
    expect(await db.outbox.toArray()).toMatchObject([{ type: 'uploadPhoto', attempts: 1 }]);
    expect(api.media.has(photo.assetId)).toBe(true);

    await deletePhoto(photo);
    expect(await db.photos.get(photo.assetId)).toMatchObject({ deleted: true });
    await runReplay();
    const sent = mediaRequests();
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST', 'DELETE']);
    // The same Idempotency-Key again: the server answers the stored upload and applies it once.
    expect(sent[0].key).toBe(sent[1].key);
    expect(api.applied.filter((a) => a.method === 'POST')).toHaveLength(1);
    expect(api.media.size).toBe(0);
    expect(await db.photos.get(photo.assetId)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('while its upload is being sent is deleted after it', async () => {
    api.latencyMs = 400;
    // Queuing it starts a replay at once: the upload is on its way when the plumber deletes it.
    const photo = await takePhoto('blurred');
    await vi.waitFor(() => expect(api.inFlight).toBe(1), { interval: 5 });
    await deletePhoto(photo);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(mediaRequests().map((s) => s.method)).toEqual(['POST', 'DELETE']);
    expect(api.media.size).toBe(0);
    expect(await db.photos.get(photo.assetId)).toBeUndefined();
  });

  it('that a queued report lists is uploaded for the report, then deleted', async () => {
    noNetwork();
    const photo = await takePhoto('listed');
    await enqueue({
      type: 'saveTaskDraft',
      body: {
        taskId, jobId: job.jobId, isDraft: true,
        jobTasks: [{ taskId, additionalDetailsRequest: { deviationImages: [{ assetId: photo.assetId, text: photo.fileName, url: `/api/media/file/${photo.assetId}` }] } }],
      },
    });
    await runReplay();
    cancelScheduledReplay();
    await deletePhoto(photo);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.type)).toEqual(['uploadPhoto', 'saveTaskDraft', 'deletePhoto']);
    expect(await db.photos.get(photo.assetId)).toMatchObject({ deleted: true });
  });
});

describe('the device keeps its only copy until the server names its hash', () => {
  it('an upload answered with other bytes keeps the photo and shows the mismatch', async () => {
    api.receivedHash = () => 'f'.repeat(64);
    api.storedHash = () => 'f'.repeat(64);
    const photo = await takePhoto('meter');
    await runReplay();
    const row = await db.photos.get(photo.assetId);
    expect(row).toMatchObject({ state: 'mismatch', sha256: photo.sha256 });
    expect(await row!.blob!.text()).toBe('jpeg bytes of meter');
    expect(photoSendState(row!, undefined)).toEqual({ kind: 'mismatch' });
  });

  it('a server that re-encodes what it received names the received hash: the copy goes, and a date edit later leaves it sent', async () => {
    api.storedHash = (h) => `reencoded-${h}`;
    const photo = await takePhoto('meter');
    await runReplay();
    expect(await db.photos.get(photo.assetId)).toMatchObject({ state: 'sent', blob: null });
    await enqueue({ type: 'updatePhotoMetadata', body: { ...ref(photo), metadata: { ...photo.metadata, metadataCapturedDate: '2026-11-20T10:00:00.000Z' } } });
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    const row = await db.photos.get(photo.assetId);
    expect(row).toMatchObject({ state: 'sent', blob: null });
    expect(photoSendState(row!, undefined)).toEqual({ kind: 'sent' });
  });

  it('a turn the server makes on its own copy leaves the photo sent', async () => {
    const photo = await takePhoto('meter');
    await runReplay();
    await enqueue({ type: 'rotatePhoto', body: { ...ref(photo), degrees: 90 } });
    await runReplay();
    expect(mediaRequests().at(-1)?.form).toMatchObject({ fields: { degrees: '90' }, fileHash: null });
    expect(await db.photos.get(photo.assetId)).toMatchObject({ state: 'sent', blob: null });
  });

  it('an upload confirmed while a rotation of the picture is queued keeps the copy the rotation sends', async () => {
    noNetwork();
    const photo = await takePhoto('meter');
    await enqueue({ type: 'rotatePhoto', body: { ...ref(photo), degrees: 90 } });
    await runReplay();
    cancelScheduledReplay();
    networkBack();
    api.failNext((s) => s.path.startsWith('/api/media/rotate'), { kind: 'network' });
    await runReplay();
    cancelScheduledReplay();
    expect(await db.photos.get(photo.assetId)).toMatchObject({ state: 'sent' });
    expect((await db.photos.get(photo.assetId))!.blob).not.toBeNull();
    await runReplay();
    expect(mediaRequests().at(-1)?.form?.fileHash).toBe(photo.sha256);
    expect(await db.photos.get(photo.assetId)).toMatchObject({ state: 'sent', blob: null });
  });
});

describe('a refused photo holds the later changes of its job', () => {
  /** The plumber's end of the task offline: a photo, the report (listing it or not), the job's completion. */
  async function finishOffline(listPhoto: boolean) {
    noNetwork();
    const photo = await takePhoto('leak');
    await enqueue({
      type: 'sendTaskReport',
      body: {
        taskId, jobId: job.jobId, isDraft: false,
        jobTasks: [listPhoto
          ? { taskId, additionalDetailsRequest: { obstacle: false, note: 'Lekkasje', deviationList: [{ id: 1, value: 'Lekkasje', deviationType: 0 }], deviationImages: [{ assetId: photo.assetId, text: photo.fileName, url: '' }] } }
          : { taskId, notes: 'Byttet' }],
      },
    });
    const reported = (await db.jobs.get(job.jobId))!;
    await enqueue({ type: 'completeJob', body: buildCompleteJobRequest(reported, reported.jobTasks[0].jobType, plumber.email, new Date()) });
    await runReplay();
    cancelScheduledReplay();
    networkBack();
    api.log.length = 0;
    // The company's image storage is full: the upload is refused (not retried by itself).
    api.failNext((s) => s.path === '/api/media', { kind: 'status', status: 413, body: { statusCode: 413, message: 'full', errorKey: 'MediaQuotaExceeded' } });
    return photo;
  }

  const queue = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => [e.type, e.status]);
  /** The requests that changed something on the server, in the order they arrived. */
  const changesSent = () => api.log.filter((s) => s.method !== 'GET').map((s) => `${s.method} ${s.path}`);
  const holds = (entries: OutboxEntry[]) => heldEntries(entries[0], entries).map((e) => e.type);

  it('the report listing it and the completion wait, across runs, until the photo is retried; then each goes once, in order', async () => {
    await finishOffline(true);
    expect(await runReplay()).toMatchObject({ sent: 0, failed: 1, stop: null });
    expect(await queue()).toEqual([['uploadPhoto', 'failed'], ['sendTaskReport', 'pending'], ['completeJob', 'pending']]);
    expect(changesSent()).toEqual(['POST /api/media']);
    const entries = await db.outbox.orderBy('seq').toArray();
    // The panel says what waits behind the refusal; a discard would take only the report that lists it along.
    expect(holds(entries)).toEqual(['sendTaskReport', 'completeJob']);
    expect(dependentEntries(entries[0], entries).map((e) => e.type)).toEqual(['sendTaskReport']);
    // The replica still shows what the plumber did.
    expect((await db.jobs.get(job.jobId))!.statusId).toBe(JobStatus.Completed);

    // Another run (the app opened again, back online): still nothing of the job goes.
    expect(await runReplay()).toMatchObject({ sent: 0, failed: 0 });
    expect(changesSent()).toEqual(['POST /api/media']);

    await retryCommand(entries[0].seq!);
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    expect(changesSent()).toEqual(['POST /api/media', 'POST /api/media', `POST /api/jobs/task/${taskId}`, 'PUT /api/Jobs']);
    expect(api.applied.map((a) => a.method)).toEqual(['POST', 'POST', 'PUT']);
    expect(new Set(api.applied.map((a) => a.key)).size).toBe(3);
    expect(api.jobs.get(job.jobId)).toMatchObject({ statusId: JobStatus.Completed });
    expect(api.media.size).toBe(1);
  });

  it('a report that does not list it waits too; discarding the photo lets the report and then the completion go, once', async () => {
    await finishOffline(false);
    expect(await runReplay()).toMatchObject({ sent: 0, failed: 1 });
    expect(await queue()).toEqual([['uploadPhoto', 'failed'], ['sendTaskReport', 'pending'], ['completeJob', 'pending']]);
    expect(changesSent()).toEqual(['POST /api/media']);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(holds(entries)).toEqual(['sendTaskReport', 'completeJob']);
    expect(dependentEntries(entries[0], entries)).toEqual([]);

    await discardCommand(entries[0].seq!);
    expect(await queue()).toEqual([['sendTaskReport', 'pending'], ['completeJob', 'pending']]);
    expect(await runReplay()).toMatchObject({ sent: 2, failed: 0 });
    expect(changesSent()).toEqual(['POST /api/media', `POST /api/jobs/task/${taskId}`, 'PUT /api/Jobs']);
    expect(api.applied).toHaveLength(2);
    expect(api.jobs.get(job.jobId)).toMatchObject({ statusId: JobStatus.Completed });
    expect(await db.outbox.count()).toBe(0);
  });
});
