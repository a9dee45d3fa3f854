import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { newId } from '../../src/data/ids';
import { heldEntries } from '../../src/data/commands';
import { discardCommand, enqueue, retryCommand } from '../../src/data/outbox';
import { cancelScheduledReplay, enqueueCommand } from '../../src/data/replay';
import { REPLAY_BUNDLE_WINDOW, runReplay } from '../../src/data/replay/run';
import { BUNDLE_MAX_REQUESTS } from '../../src/domain/constants';
import { configureTransport } from '../../src/data/transport';
import { JobStatus } from '../../src/domain/enums';
import { changePath, jobLabel } from '../../src/features/sync/describe';
import { FakeApi, createRequest, serverJob, UNKNOWN_ADDRESS, type Seen } from './outboxFakeApi';
import { jobsOutOfOrder } from '../helpers/replayOrder';

const plumber: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};
const admin: Session = { ...plumber, userId: 'user-kari', registrationId: 10, roleId: 2, isAdmin: true, name: 'Kari Hansen', userType: 'admin' };

let api: FakeApi;
const realFetch = globalThis.fetch;

/** Let enqueue's own replay run (and fail) where a test wants the queue left alone. */
async function offline<T>(fn: () => Promise<T>): Promise<T> {
  api.offline = true;
  const r = await fn();
  await runReplay();
  cancelScheduledReplay();
  api.offline = false;
  return r;
}

async function mutationsSent() {
  return api.log.filter((s) => s.method !== 'GET');
}

beforeEach(async () => {
  cancelScheduledReplay();
  await runReplay().catch(() => undefined);
  api = new FakeApi();
  globalThis.fetch = api.fetch as typeof fetch;
  configureTransport({ baseUrl: 'http://api.test' });
  setSession(plumber);
  setAccessTokenProvider(async () => 'token-ola');
  await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear(), db.plumbers.clear()]);
});

afterAll(() => {
  cancelScheduledReplay();
  globalThis.fetch = realFetch;
});

/** Queues commands while the device is offline; returns once they are all stored. */
async function queueOffline(fn: () => Promise<void>) {
  await offline(fn);
  api.log.length = 0;
}

describe('enqueue', () => {
  it('stores the command and applies it to the replica in one go', async () => {
    const jobId = newId();
    const taskId = newId();
    await offline(() => enqueue({ type: 'createJob', body: createRequest(jobId, taskId, plumber.registrationId) }));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ type: 'createJob', status: 'pending', userId: 'user-ola', jobId, attempts: 1 });
    expect(entry.key).toMatch(/^[0-9a-f-]{36}$/);
    const job = await db.jobs.get(jobId);
    expect(job).toMatchObject({ jobId, statusId: JobStatus.New, assignedToId: 11, subscriberText: 'Strandgaten 12, 5013 Bergen', companyId: 'company-a' });
    expect(job!.jobTasks.map((t) => t.taskId)).toEqual([taskId]);
  });

  it('a plumber reassigning a job away no longer has it on the device', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 5);
    await db.jobs.put(job);
    await offline(() => enqueue({ type: 'reassignJobs', body: { jobsList: [job.jobId], assigneeId: 12, assigneeName: 'Per Hansen' } }));
    expect(await db.jobs.get(job.jobId)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });

  it('an admin reassigning keeps the job, with the new assignee', async () => {
    setSession(admin);
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 5);
    await db.jobs.put(job);
    await offline(() => enqueue({ type: 'reassignJobs', body: { jobsList: [job.jobId], assigneeId: 12, assigneeName: 'Per Hansen' } }));
    expect(await db.jobs.get(job.jobId)).toMatchObject({ assignedToId: 12, assigneeName: 'Per Hansen' });
  });

  it('deleting the last task deletes the job; adding a task derives nothing odd', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 5);
    await db.jobs.put(job);
    const second = newId();
    await offline(() => enqueue({ type: 'addTask', body: { jobId: job.jobId, taskId: second } }));
    expect((await db.jobs.get(job.jobId))!.jobTasks.map((t) => t.taskId)).toEqual([job.jobTasks[0].taskId, second]);
    await offline(() => enqueue({ type: 'deleteTask', body: { jobId: job.jobId, taskId: second } }));
    expect((await db.jobs.get(job.jobId))!.jobTasks.filter((t) => !t.isDeleted)).toHaveLength(1);
    await offline(() => enqueue({ type: 'deleteTask', body: { jobId: job.jobId, taskId: job.jobTasks[0].taskId } }));
    expect(await db.jobs.get(job.jobId)).toBeUndefined();
  });

  it('a report carries when it was made: the replica starts the task then, and the server is sent that time', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 5);
    await db.jobs.put(job);
    const taskId = job.jobTasks[0].taskId;
    const before = new Date().toISOString();
    await queueOffline(() => enqueue({ type: 'sendTaskReport', body: { taskId, jobId: job.jobId, isDraft: false, jobTasks: [{ taskId, notes: 'Ferdig' }] } }));
    const after = new Date().toISOString();
    const [entry] = await db.outbox.toArray();
    const madeAt = (entry.body as { madeAt?: string }).madeAt ?? '';
    expect(madeAt >= before && madeAt <= after).toBe(true);
    expect((await db.jobs.get(job.jobId))!.jobTasks[0].startDate).toBe(madeAt);
    // Sent later, it still says when the work was done.
    await new Promise((r) => setTimeout(r, 20));
    await runReplay();
    const sent = api.log.find((s) => s.method === 'POST' && s.path.startsWith('/api/jobs/task/'));
    expect((sent?.body as { madeAt?: string } | undefined)?.madeAt).toBe(madeAt);
  });

  it('an edit queued without its version and time gets both (the time is kept when the version is filled in)', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 5);
    await db.jobs.put(job);
    const body = { jobId: job.jobId, plumberId: 11, description: 'Bakdøren', jobTypeId: job.typeId, jobType: 'Install', title: job.title,
      severity: 2, status: job.statusId, scheduledDate: null, dueDate: null, updatedBy: plumber.email, taskEditRequests: [] };
    const entry = await offline(() => enqueueCommand({ type: 'updateJob', body }));
    expect(entry.body).toMatchObject({ expectedVersion: job.version, madeAt: entry.createdAt });
  });

  it('refuses without a signed-in user', async () => {
    setSession(null);
    await expect(enqueue({ type: 'updateNote', body: { jobId: 'x', notes: 'n', status: 1, severity: 2 } })).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('replay', () => {
  it('sends each command once with its key, several jobs at once, and empties the queue', async () => {
    const ids = [newId(), newId(), newId()];
    await queueOffline(async () => {
      for (const id of ids) await enqueue({ type: 'createJob', body: createRequest(id, newId(), plumber.registrationId) });
      await enqueue({ type: 'updateNote', body: { jobId: ids[0], notes: 'Nøkkel hos naboen', status: 1, severity: 2 } });
    });
    const queued = await db.outbox.orderBy('seq').toArray();
    api.latencyMs = 150; // long enough for the three creates to overlap on a busy machine
    const r = await runReplay();
    expect(r).toMatchObject({ sent: 4, failed: 0, stop: null });
    const sent = await mutationsSent();
    expect(sent.map((s) => s.key).sort()).toEqual(queued.map((e) => e.key).sort());
    // The three new jobs went together; the note waited for its job's creation to be answered.
    expect(api.maxInFlight).toBe(3);
    const create = sent.find((s) => s.key === queued[0].key)!;
    const note = sent.find((s) => s.key === queued[3].key)!;
    expect(note.arrived).toBeGreaterThan(create.answered!);
    expect(await db.outbox.count()).toBe(0);
    expect(api.jobs.get(ids[0])!.notes).toBe('Nøkkel hos naboen');
  });

  it('never has two commands of one job under way, keeps each job in queue order, and sends those under way together in bundles', async () => {
    const jobs = [newId(), newId(), newId()];
    await queueOffline(async () => {
      for (const id of jobs) await enqueue({ type: 'createJob', body: createRequest(id, newId(), plumber.registrationId) });
      // Notes on the jobs in turn, then a run of notes on one job: later jobs' notes overtake that run.
      for (let i = 0; i < 12; i++) {
        await enqueue({ type: 'updateNote', body: { jobId: jobs[i < 6 ? i % 3 : 0], notes: `Notat ${i}`, status: 1, severity: 2 } });
      }
      for (let i = 0; i < 6; i++) await enqueue({ type: 'updateNote', body: { jobId: jobs[1 + (i % 2)], notes: `Sist ${i}`, status: 1, severity: 2 } });
    });
    const queued = await db.outbox.orderBy('seq').toArray();
    api.latencyMs = 4;
    expect(await runReplay()).toMatchObject({ sent: queued.length, failed: 0, stop: null });
    const sent = await mutationsSent();
    expect(sent).toHaveLength(queued.length);
    expect(jobsOutOfOrder(sent.map((s) => s.key), queued)).toEqual([]);
    const jobOf = (s: Seen) => (s.body as { jobId: string }).jobId;
    for (const a of sent) {
      for (const b of sent) {
        if (a !== b && jobOf(a) === jobOf(b) && a.arrived! < b.arrived!) expect(b.arrived).toBeGreaterThan(a.answered!);
      }
    }
    expect(api.maxInFlight).toBeGreaterThan(1);
    expect(api.maxInFlight).toBeLessThanOrEqual(jobs.length);
    // Each job's next command went with the others' in one request: fewer requests than commands.
    expect(Math.max(...api.bundles)).toBe(jobs.length);
    expect(api.bundles.reduce((a, b) => a + b, 0) + (sent.length - api.bundles.reduce((a, b) => a + b, 0))).toBe(queued.length);
    // The queue's order was not the send order: the other jobs' last notes went while job 0's run waited.
    expect(sent.map((s) => s.key)).not.toEqual(queued.map((e) => e.key));
    expect(api.jobs.get(jobs[0])!.notes).toBe('Notat 11');
    expect(api.jobs.get(jobs[1])!.notes).toBe('Sist 4');
    expect(api.jobs.get(jobs[2])!.notes).toBe('Sist 5');
  });

  it('a lost answer is sent again with the same key and applied once', async () => {
    const jobId = newId();
    await queueOffline(() => enqueue({ type: 'createJob', body: createRequest(jobId, newId(), plumber.registrationId) }));
    api.failNext((s) => s.method === 'POST', { kind: 'lose' });
    const first = await runReplay();
    expect(first.stop).toBe('offline');
    expect(api.jobs.has(jobId)).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    const second = await runReplay();
    expect(second).toMatchObject({ sent: 1, stop: null });
    const posts = (await mutationsSent()).filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0].key).toBe(posts[1].key);
    expect(api.applied).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('5xx, 408, 429 and 401 stop the run and keep everything queued in order', async () => {
    for (const status of [500, 408, 429, 401]) {
      await db.outbox.clear();
      api.log.length = 0;
      const a = newId();
      const b = newId();
      await queueOffline(async () => {
        await enqueue({ type: 'createJob', body: createRequest(a, newId(), plumber.registrationId) });
        await enqueue({ type: 'updateNote', body: { jobId: a, notes: 'Etter opprettelsen', status: 1, severity: 2 } });
        await enqueue({ type: 'createJob', body: createRequest(b, newId(), plumber.registrationId) });
      });
      api.latencyMs = 5;
      api.failNext((s) => s.method === 'POST', { kind: 'status', status });
      const r = await runReplay();
      expect(r.stop).toBe(status === 401 ? 'auth' : 'retry');
      // The other job's create went in the same bundle, after it: the server ran nothing after a
      // "not now" (503 for the rest); nothing of job a after its refused create went.
      const sent = (await mutationsSent()).map((s) => [s.method, (s.body as { jobId: string }).jobId]);
      expect(sent).toEqual([['POST', a]]);
      expect(api.bundles).toEqual([2]);
      const queued = await db.outbox.orderBy('seq').toArray();
      expect(queued.map((e) => [e.type, e.jobId, e.status])).toEqual([['createJob', a, 'pending'], ['updateNote', a, 'pending'], ['createJob', b, 'pending']]);
      expect(queued[0].lastError?.status).toBe(status);
      expect((await runReplay()).sent).toBe(3);
      api.bundles.length = 0;
      api.latencyMs = 0;
    }
  });

  it('a refused command is marked failed with the reason, the replica corrected, and the rest goes on', async () => {
    const bad = newId();
    const dependent = newId();
    const good = newId();
    await queueOffline(async () => {
      await enqueue({ type: 'createJob', body: createRequest(bad, newId(), plumber.registrationId, { subscriberText: UNKNOWN_ADDRESS }) });
      await enqueue({ type: 'addTask', body: { jobId: bad, taskId: dependent } });
      await enqueue({ type: 'createJob', body: createRequest(good, newId(), plumber.registrationId) });
    });
    expect(await db.jobs.get(bad)).toBeDefined();
    const r = await runReplay();
    expect(r).toMatchObject({ sent: 1, failed: 1, stop: null });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.type, e.status])).toEqual([['createJob', 'failed'], ['addTask', 'pending']]);
    expect(entries[0].error).toEqual({ status: 400, message: 'body/subscriberText is not an address of the property' });
    // The job never reached the server: the replica lost it, the task add waits on the failed create.
    expect(await db.jobs.get(bad)).toBeUndefined();
    expect((await mutationsSent()).some((s) => s.path === '/api/Tasks')).toBe(false);
    expect(api.jobs.has(good)).toBe(true);
  });

  it('changes refused for a job taken away still name its number and address, and keep what the plumber did until discarded', async () => {
    const job = { ...serverJob(createRequest(newId(), newId(), plumber.registrationId), 5), refNr: 4712 };
    // The device has the job; the server gave it to someone else (it answers 404 for it now).
    await db.jobs.put(job);
    const taskId = job.jobTasks[0].taskId;
    await queueOffline(async () => {
      await enqueue({ type: 'sendTaskReport', body: { taskId, jobId: job.jobId, isDraft: false, jobTasks: [{ taskId, notes: 'Byttet' }] } });
      await enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'Nøkkel i postkassen', status: 2, severity: 2 } });
    });
    api.failNext((s) => s.method === 'POST', { kind: 'status', status: 403 });
    api.failNext((s) => s.method === 'PUT', { kind: 'status', status: 403 });
    await runReplay();
    expect(await db.jobs.get(job.jobId)).toBeUndefined();
    const refused = await db.outbox.orderBy('seq').toArray();
    // The note waits behind the refused report of its job (never sent while that one is refused).
    expect(refused.map((e) => [e.type, e.status, jobLabel(e, undefined)])).toEqual([
      ['sendTaskReport', 'failed', '#4712 · Strandgaten 12, 5013 Bergen'],
      ['updateNote', 'pending', '#4712 · Strandgaten 12, 5013 Bergen'],
    ]);
    expect((await mutationsSent()).map((s) => s.method)).toEqual(['POST']);
    expect(heldEntries(refused[0], refused).map((e) => e.type)).toEqual(['updateNote']);
    // What the plumber did is readable: the report's task as they sent it.
    expect(refused[0].kept?.jobTasks[0]).toMatchObject({ taskId, notes: 'Byttet', statusId: 4 });
    expect(changePath(refused[0], undefined)).toBe(`/job/${job.jobId}/task/${taskId}`);
    await discardCommand(refused[0].seq!);
    // Once the report is discarded the note goes, and is refused on its own, still named.
    await runReplay();
    const [note] = await db.outbox.toArray();
    expect([note.type, note.status, jobLabel(note, undefined)]).toEqual(['updateNote', 'failed', '#4712 · Strandgaten 12, 5013 Bergen']);
  });

  it('409: both versions kept; retry re-applies mine over the server version with a new key', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
    api.put(job);
    await db.jobs.put(job);
    await queueOffline(() => enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'Mine', status: 1, severity: 2 } }));
    const server = api.touch(job.jobId, { notes: 'Theirs' });
    expect((await runReplay()).failed).toBe(1);
    const [failed] = await db.outbox.toArray();
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ status: 409, current: { notes: 'Theirs', version: 2 } });
    expect((await db.jobs.get(job.jobId))!.notes).toBe('Theirs');

    await retryCommand(failed.seq!);
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    expect(api.jobs.get(job.jobId)).toMatchObject({ notes: 'Mine', version: server.version + 1 });
    const puts = (await mutationsSent()).filter((s) => s.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0].key).not.toBe(puts[1].key);
    expect(puts[1].body).toMatchObject({ expectedVersion: 2 });
  });

  it('"Use mine" succeeds at the first click when a later queued edit of the same job waits behind it', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
    api.put(job);
    await db.jobs.put(job);
    await queueOffline(() => enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'Mine', status: 1, severity: 2 } }));
    const server = api.touch(job.jobId, { notes: 'Theirs' });
    expect((await runReplay()).failed).toBe(1);
    // While the conflict waits, the plumber edits the same job again (queued on the server's version now on the device).
    await queueOffline(() => enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'Mine, and more', status: 1, severity: 2 } }));
    const [failed] = await db.outbox.orderBy('seq').toArray();

    await retryCommand(failed.seq!);
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    expect(api.jobs.get(job.jobId)).toMatchObject({ notes: 'Mine, and more', version: server.version + 2 });
    const puts = (await mutationsSent()).filter((s) => s.method === 'PUT');
    expect(puts.slice(-2).map((p) => (p.body as { expectedVersion: number }).expectedVersion)).toEqual([server.version, server.version + 1]);
  });

  it('discarding a failed create drops what depends on it and takes the job off the device', async () => {
    const bad = newId();
    await queueOffline(async () => {
      await enqueue({ type: 'createJob', body: createRequest(bad, newId(), plumber.registrationId, { subscriberText: UNKNOWN_ADDRESS }) });
      await enqueue({ type: 'updateNote', body: { jobId: bad, notes: 'x', status: 1, severity: 2 } });
    });
    await runReplay();
    const [failed] = await db.outbox.orderBy('seq').toArray();
    await discardCommand(failed.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.jobs.get(bad)).toBeUndefined();
  });

  it('discard puts the server version back in the replica', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
    api.put(job);
    await db.jobs.put(job);
    await queueOffline(() => enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'Mine', status: 1, severity: 2 } }));
    api.touch(job.jobId, { notes: 'Theirs' });
    await runReplay();
    await db.jobs.update(job.jobId, { notes: 'stale' });
    const [failed] = await db.outbox.toArray();
    await discardCommand(failed.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.jobs.get(job.jobId))!.notes).toBe('Theirs');
  });

  it('edits queued one after another on the same job expect the version the previous one made', async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
    api.put(job);
    await db.jobs.put(job);
    await queueOffline(async () => {
      await enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'one', status: 1, severity: 2 } });
      await enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'two', status: 1, severity: 2 } });
      await enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: 'three', status: 1, severity: 2 } });
    });
    expect((await db.jobs.get(job.jobId))!.notes).toBe('three');
    const r = await runReplay();
    expect(r).toMatchObject({ sent: 3, failed: 0 });
    const puts = (await mutationsSent()).filter((s) => s.method === 'PUT');
    expect(puts.map((p) => (p.body as { expectedVersion: number }).expectedVersion)).toEqual([1, 2, 3]);
    expect(api.jobs.get(job.jobId)!.notes).toBe('three');
  });

  it("a job's queued edits: its row is the device's until the last answer, then the server's; the server's row is written once, not after each answer", async () => {
    const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
    api.put(job);
    await db.jobs.put(job);
    const notes = ['one', 'two', 'three', 'four', 'five'];
    await queueOffline(async () => {
      for (const n of notes) await enqueue({ type: 'updateNote', body: { jobId: job.jobId, notes: n, status: 1, severity: 2 } });
    });
    // Rows written to the job while the replay runs, and the notes each showed.
    const shown: string[] = [];
    const onWrite = (_key: unknown, row: { notes: string }) => { shown.push(row.notes); };
    const onUpdate = (mods: { notes?: string }, _key: unknown, row: { notes: string }) => { shown.push(mods.notes ?? row.notes); };
    db.jobs.hook('creating', onWrite as never);
    db.jobs.hook('updating', onUpdate as never);
    try {
      expect(await runReplay()).toMatchObject({ sent: 5, failed: 0 });
    } finally {
      db.jobs.hook('creating').unsubscribe(onWrite as never);
      db.jobs.hook('updating').unsubscribe(onUpdate as never);
    }
    // Never an older note on screen; one write of the server's row (before: a write and the queue applied again per answer).
    expect(shown).toEqual(['five']);
    const row = (await db.jobs.get(job.jobId))!;
    expect(row.notes).toBe('five');
    expect(row.version).toBe(api.jobs.get(job.jobId)!.version);
  });

  it('a chained edit keeps the same body on a resend after a lost answer', async () => {
    const jobId = newId();
    await queueOffline(async () => {
      await enqueue({ type: 'createJob', body: createRequest(jobId, newId(), plumber.registrationId) });
      await enqueue({ type: 'updateNote', body: { jobId, notes: 'after create', status: 1, severity: 2 } });
    });
    api.failNext((s) => s.method === 'PUT', { kind: 'lose' });
    await runReplay();
    await runReplay();
    const puts = (await mutationsSent()).filter((s) => s.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0]).toMatchObject({ key: puts[1].key, body: puts[1].body });
    expect(api.applied.filter((a) => a.method === 'PUT')).toHaveLength(1);
    expect(api.jobs.get(jobId)!.notes).toBe('after create');
  });

  it('a refused edit in a chain holds the later ones; discarded, it hands on the version it expected: the next expects it too, and the chain costs no more writes than edits', async () => {
    const jobId = newId();
    await queueOffline(async () => {
      await enqueue({ type: 'createJob', body: createRequest(jobId, newId(), plumber.registrationId) });
      for (const notes of ['one', 'two', 'three', 'four', 'five']) await enqueue({ type: 'updateNote', body: { jobId, notes, status: 1, severity: 2 } });
    });
    let versionWrites = 0;
    const onUpdate = (mods: Record<string, unknown>) => { if ('resolvedVersion' in mods) versionWrites += 1; };
    db.outbox.hook('updating').subscribe(onUpdate as never);
    api.failNext((s) => s.method === 'PUT' && (s.body as { notes?: string }).notes === 'two', { kind: 'status', status: 400 });
    try {
      await runReplay();
    } finally {
      db.outbox.hook('updating').unsubscribe(onUpdate as never);
    }
    const puts = () => api.log.filter((s) => s.method === 'PUT').map((s) => s.body as { notes: string; expectedVersion: number });
    // The later edits of the job wait behind the refused one until the plumber decides.
    expect(puts().map((p) => p.notes)).toEqual(['one', 'two']);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.status)).toEqual(['failed', 'pending', 'pending', 'pending']);
    // The version asked of the server once, after the create (its answer names no version), and the
    // refusal's correction.
    expect(api.log.map((s) => s.method)).toEqual(['POST', 'GET', 'PUT', 'PUT', 'GET']);
    const [refused] = await db.outbox.orderBy('seq').toArray();
    db.outbox.hook('updating').subscribe(onUpdate as never);
    try {
      await discardCommand(refused.seq!);
      await runReplay();
    } finally {
      db.outbox.hook('updating').unsubscribe(onUpdate as never);
    }
    expect(puts().map((p) => p.notes)).toEqual(['one', 'two', 'three', 'four', 'five']);
    // 'three' expects what 'two' expected (the version 'one' produced), asked of nobody: the discard's
    // read of the job is the only GET before 'three'.
    expect(puts()[2].expectedVersion).toBe(puts()[1].expectedVersion);
    expect(api.log.map((s) => s.method)).toEqual(['POST', 'GET', 'PUT', 'PUT', 'GET', 'GET', 'PUT', 'PUT', 'PUT']);
    expect(api.jobs.get(jobId)!.notes).toBe('five');
    // Each answer (or refusal) sets the next edit's version once and its start clears it: not every later edit after every answer.
    expect(versionWrites).toBeLessThanOrEqual(10);
    expect(await db.outbox.count()).toBe(0);
  });

  it("replays only the signed-in user's commands, with that user's token", async () => {
    await queueOffline(() => enqueue({ type: 'createJob', body: createRequest(newId(), newId(), plumber.registrationId) }));
    setSession(admin);
    setAccessTokenProvider(async () => 'token-kari');
    const mine = newId();
    await queueOffline(() => enqueue({ type: 'createJob', body: createRequest(mine, newId(), 11) }));
    const r = await runReplay();
    expect(r.sent).toBe(1);
    const posts = (await mutationsSent()).filter((s) => s.method === 'POST');
    expect(posts.map((p) => [(p.body as { jobId: string }).jobId, p.auth])).toEqual([[mine, 'Bearer token-kari']]);
    expect((await db.outbox.toArray()).map((e) => e.userId)).toEqual(['user-ola']);
  });

  it('concurrent replays never send a command twice, nor more than one window at once', async () => {
    const ids = Array.from({ length: REPLAY_BUNDLE_WINDOW + 10 }, () => newId());
    await queueOffline(async () => {
      for (const id of ids) await enqueue({ type: 'createJob', body: createRequest(id, newId(), plumber.registrationId) });
    });
    api.latencyMs = 150;
    await Promise.all([runReplay(), runReplay(), runReplay()]);
    const posts = (await mutationsSent()).filter((s) => s.method === 'POST');
    expect(posts.map((p) => (p.body as { jobId: string }).jobId).sort()).toEqual([...ids].sort());
    // One run's window, not three runs' at once: two full bundles on the line, then the rest.
    expect(api.maxInFlight).toBe(REPLAY_BUNDLE_WINDOW);
    expect(api.bundles.every((n) => n <= BUNDLE_MAX_REQUESTS)).toBe(true);
    // Started together, they went together: full bundles, none alone.
    expect(api.bundles).toEqual([25, 25, 10]);
  });

  it('a server without the bundle call gets each command alone, once, and the replay goes on', async () => {
    const ids = [newId(), newId(), newId()];
    await queueOffline(async () => {
      for (const id of ids) await enqueue({ type: 'createJob', body: createRequest(id, newId(), plumber.registrationId) });
    });
    api.noBundleCall = true;
    expect(await runReplay()).toMatchObject({ sent: 3, failed: 0, stop: null });
    expect(api.bundles).toEqual([]);
    expect((await mutationsSent()).map((s) => s.path)).toEqual(['/api/Jobs', '/api/Jobs', '/api/Jobs']);
    expect(api.applied).toHaveLength(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a bundle cut off midway: what the server applied is answered from its key when sent again, nothing twice', async () => {
    const ids = [newId(), newId(), newId()];
    await queueOffline(async () => {
      for (const id of ids) await enqueue({ type: 'createJob', body: createRequest(id, newId(), plumber.registrationId) });
    });
    api.failNext((s) => s.method === 'POST' && (s.body as { jobId: string }).jobId === ids[1], { kind: 'network' });
    expect((await runReplay()).stop).toBe('offline');
    // The first was applied before the connection dropped; the device does not know it.
    expect(api.applied.map((a) => (a.body as { jobId: string }).jobId)).toEqual([ids[0]]);
    expect(await db.outbox.count()).toBe(3);
    expect(await runReplay()).toMatchObject({ sent: 3, failed: 0, stop: null });
    expect(api.applied.map((a) => (a.body as { jobId: string }).jobId)).toEqual(ids);
    const keys = (await mutationsSent()).map((s) => s.key);
    expect(new Set(keys).size).toBe(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a bundle answer without one answer per command fails nothing: all are sent again and applied once', async () => {
    const ids = [newId(), newId()];
    await queueOffline(async () => {
      for (const id of ids) await enqueue({ type: 'createJob', body: createRequest(id, newId(), plumber.registrationId) });
    });
    api.cutNextBundleAnswer = true;
    expect(await runReplay()).toMatchObject({ sent: 0, failed: 0, stop: 'retry' });
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(await runReplay()).toMatchObject({ sent: 2, failed: 0, stop: null });
    expect(api.applied).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refusal inside a bundle fails only its own command', async () => {
    const [good, bad, other] = [newId(), newId(), newId()];
    await queueOffline(async () => {
      await enqueue({ type: 'createJob', body: createRequest(good, newId(), plumber.registrationId) });
      await enqueue({ type: 'createJob', body: createRequest(bad, newId(), plumber.registrationId, { subscriberText: UNKNOWN_ADDRESS }) });
      await enqueue({ type: 'createJob', body: createRequest(other, newId(), plumber.registrationId) });
    });
    expect(await runReplay()).toMatchObject({ sent: 2, failed: 1, stop: null });
    expect(api.bundles).toEqual([3]);
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({ status: 'failed', error: { status: 400, message: 'body/subscriberText is not an address of the property' } });
    expect((failed.body as { jobId: string }).jobId).toBe(bad);
    expect(api.jobs.has(good) && api.jobs.has(other)).toBe(true);
  });
});

describe('a job made on the device and edited after its create went through', () => {
  it('expects the server version, not the device placeholder 0', async () => {
    const jobId = newId();
    await enqueue({ type: 'createJob', body: createRequest(jobId, newId(), plumber.registrationId) });
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.jobs.get(jobId))!.version).toBe(0);
    await enqueue({ type: 'updateNote', body: { jobId, notes: 'etterpå', status: 1, severity: 2, expectedVersion: 0 } });
    await runReplay();
    expect(await db.outbox.count()).toBe(0);
    expect(api.jobs.get(jobId)).toMatchObject({ notes: 'etterpå', version: 2 });
    expect(api.log.filter((s) => s.method === 'PUT').map((s) => (s.body as { expectedVersion: number }).expectedVersion)).toEqual([1]);
  });
});
