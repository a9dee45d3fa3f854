/**
 * After a report (spec 1 §4): the add-task question comes only when meters may remain. Offline the
 * device's copy of the property's meters answers; a "not carried out" report replaced nothing.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { newId } from '../../src/data/ids';
import { cancelScheduledReplay } from '../../src/data/replay';
import { runReplay } from '../../src/data/replay/run';
import { metersKey } from '../../src/data/propertyMeters';
import { configureTransport } from '../../src/data/transport';
import type { Job } from '../../src/domain/api';
import { TaskStatus } from '../../src/domain/enums';
import { afterReport } from '../../src/features/jobs/afterReport';
import { FakeApi, createRequest, serverJob } from './outboxFakeApi';

const plumber: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};
const realFetch = globalThis.fetch;
let api: FakeApi;

beforeEach(async () => {
  cancelScheduledReplay();
  api = new FakeApi();
  api.offline = true;
  globalThis.fetch = api.fetch as typeof fetch;
  configureTransport({ baseUrl: 'http://api.test' });
  setSession(plumber);
  setAccessTokenProvider(async () => 'token-ola');
  await Promise.all([db.jobs.clear(), db.outbox.clear(), db.meta.clear()]);
});
afterAll(async () => {
  await runReplay().catch(() => undefined);
  cancelScheduledReplay();
  globalThis.fetch = realFetch;
});

/** A one-task replacement job whose task was just reported with this status and old meter. */
async function reported(statusId: number, waterMeterId: number | null): Promise<Job> {
  const job = serverJob(createRequest(newId(), newId(), plumber.registrationId), 7);
  const task = { ...job.jobTasks[0], statusId, dismantleObj: waterMeterId === null ? null : { waterMeterId } };
  const done = { ...job, statusId: 2, jobTasks: [task] };
  await db.jobs.put(done);
  return done;
}

async function run(job: Job) {
  const asked: boolean[] = [];
  const next = await afterReport(job.jobId, job.jobTasks[0], { email: plumber.email, jobType: 'Replace', askAddTask: async () => { asked.push(true); return false; } });
  return { next, asked: asked.length, queued: (await db.outbox.toArray()).map((e) => e.type) };
}

describe('after a report, offline', () => {
  it('does not ask when the device\'s copy of the property\'s meters shows none left', async () => {
    const job = await reported(TaskStatus.Completed, 5);
    await db.meta.put({ key: metersKey(job.matrikkel.matrikkelNummer), value: { fetchedAt: Date.now(), items: [{ waterMeterId: 5 }] } });
    expect(await run(job)).toEqual({ next: { kind: 'completed' }, asked: 0, queued: ['completeJob'] });
  });

  it('asks when the device\'s copy shows another meter', async () => {
    const job = await reported(TaskStatus.Completed, 5);
    await db.meta.put({ key: metersKey(job.matrikkel.matrikkelNummer), value: { fetchedAt: Date.now(), items: [{ waterMeterId: 5 }, { waterMeterId: 6 }] } });
    expect((await run(job)).asked).toBe(1);
  });

  it('asks when the device knows nothing of the property\'s meters', async () => {
    expect((await run(await reported(TaskStatus.Completed, 5))).asked).toBe(1);
  });

  it('does not ask after a "not carried out" report, where nothing was replaced', async () => {
    for (const status of [TaskStatus.Obstacle, TaskStatus.Deviation]) {
      await db.outbox.clear();
      const job = await reported(status, null);
      await db.meta.put({ key: metersKey(job.matrikkel.matrikkelNummer), value: { fetchedAt: Date.now(), items: [{ waterMeterId: 5 }, { waterMeterId: 6 }] } });
      expect(await run(job)).toEqual({ next: { kind: 'completed' }, asked: 0, queued: ['completeJob'] });
    }
  });

  it('completes nothing while another task of the job is not finished', async () => {
    const job = await reported(TaskStatus.Completed, 5);
    const other = { ...job.jobTasks[0], taskId: newId(), taskNo: 2, taskOrder: 1, statusId: TaskStatus.NotStarted, dismantleObj: null };
    const two = { ...job, jobTasks: [job.jobTasks[0], other] };
    await db.jobs.put(two);
    expect(await run(two)).toEqual({ next: { kind: 'jobDetails' }, asked: 0, queued: [] });
  });
});
