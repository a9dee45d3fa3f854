/** Jobs API on real PostgreSQL with the demo data: create, read, list, edit, note, complete, reassign, delete, draft/report. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/api';
import { JobStatus, TaskStatus } from '../../src/domain/enums';
import { feedTombstones, jobs, tasks } from '../../server/db/schema';
import { completeForms, createBody, createJob, demoJob, FORBIDDEN, jobRow, liveJobCount, otherCustomer, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
let reg: { kari: number; ola: number; per: number; sofie: number; magnus: number; lars: number; nora: number };

beforeAll(async () => {
  demo = await startDemo();
  reg = {
    kari: await demo.reg('kari'), ola: await demo.reg('ola'), per: await demo.reg('per'), sofie: await demo.reg('sofie'),
    magnus: await demo.reg('magnus'), lars: await demo.reg('lars'), nora: await demo.reg('nora'),
  };
});
afterAll(async () => {
  await demo?.close();
});

const db = () => demo.t.database.db;

function updateBody(job: Job, patch: Record<string, unknown> = {}) {
  return {
    jobId: job.jobId, plumberId: job.assignedToId, description: job.description, jobTypeId: job.typeId, jobType: job.jobTasks[0].jobType,
    title: job.title, severity: job.severityId, status: job.statusId, scheduledDate: job.scheduledDate, dueDate: job.dueDate,
    updatedBy: 'test', taskEditRequests: job.jobTasks.map((t) => ({
      jobId: job.jobId, taskId: t.taskId, title: t.title, typeId: t.typeId, jobType: t.jobType, description: t.description,
      assignedTo: t.assignedTo, assigneeName: t.assigneeName, assignedDate: null, dueDate: null, startDate: t.startDate, statusId: t.statusId,
      isDeleted: false,
    })),
    ...patch,
  };
}

describe('create', () => {
  it('creates a New job with its first task not started, as the spec says', async () => {
    const body = await createBody(demo, 'ola', 2, { dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString() });
    const res = await demo.api('kari', 'POST', '/api/Jobs', body);
    expect(res.status).toBe(200);
    expect(res.body).toBe(body.jobId);

    const job: Job = (await demo.api('kari', 'GET', `/api/jobs/${body.jobId}`)).body;
    expect(job).toMatchObject({
      jobId: body.jobId, statusId: JobStatus.New, severityId: 2, typeId: 2, title: 'Utskifting av vannmåler',
      assignedToId: reg.ola, assigneeName: 'Ola Hansen', createdBy: 'kari.nordmann@sandvika-ror.no', version: 1,
      matrikkel: body.matrikkelDetails, subscriberText: body.subscriberText, dueDate: body.dueDate,
    });
    expect(job.jobTasks).toHaveLength(1);
    expect(job.jobTasks[0]).toMatchObject({ taskId: body.taskRequest.taskId, statusId: TaskStatus.NotStarted, jobType: 'Replace', taskNo: 1, taskOrder: 0, assignedTo: reg.ola });

    const olaPage = await demo.api('ola', 'GET', '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=25');
    expect(olaPage.body.jobs[0].jobId).toBe(body.jobId);
  });

  it('lets a plumber create a job for themselves only', async () => {
    const own = await demo.api('ola', 'POST', '/api/Jobs', await createBody(demo, 'ola', 1));
    expect(own.status).toBe(200);
    const before = await liveJobCount(demo);
    const other = await demo.api('ola', 'POST', '/api/Jobs', await createBody(demo, 'per', 1));
    expect(other).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
    const withDue = await demo.api('ola', 'POST', '/api/Jobs', await createBody(demo, 'ola', 1, { dueDate: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(withDue.status).toBe(400);
    expect(withDue.body.message).toMatch(/^body\/dueDate /);
    expect(await liveJobCount(demo)).toBe(before);
  });

  it('answers 400 naming the field for a malformed body and writes nothing', async () => {
    const before = await liveJobCount(demo);
    const good = await createBody(demo, 'ola', 2);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, jobTypeId: undefined }, /jobTypeId/],
      [{ ...good, matrikkelDetails: { ...good.matrikkelDetails, matrikkelNummer: '3201-1/2/0/0' } }, /matrikkelDetails\/matrikkelNummer/],
      [{ ...good, taskRequest: { ...good.taskRequest, taskId: 'not-a-uuid' } }, /taskRequest\/taskId/],
      [{ ...good, scheduledDate: 'tomorrow' }, /scheduledDate/],
      [{ ...good, jobTypeId: 4 }, /^body\/jobTypeId .*Avvik/],
      [{ ...good, jobTypeId: 77 }, /^body\/jobTypeId /],
      [{ ...good, assignedToId: reg.sofie }, /^body\/assignedToId /],
      [{ ...good, assignedToId: reg.magnus }, /^body\/assignedToId /],
      [{ ...good, assignedToId: reg.nora }, /^body\/assignedToId /],
      [{ ...good, matrikkelDetails: { ...good.matrikkelDetails, matrikkelenhetId: 1 } }, /^body\/matrikkelDetails\/matrikkelenhetId /],
      [{ ...good, scheduledDate: '2030-05-02T08:00:00.000Z', dueDate: '2030-05-01T08:00:00.000Z' }, /Scheduled date is greater than due date!/],
    ];
    for (const [body, message] of cases) {
      const res = await demo.api('kari', 'POST', '/api/Jobs', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await liveJobCount(demo)).toBe(before);
  });

  it('refuses a property of another customer', async () => {
    const other = await otherCustomer(demo);
    const body = await createBody(demo, 'ola', 2, {
      matrikkelDetails: { matrikkelNummer: other.property.matrikkelNummer, matrikkelenhetId: other.property.id, addressId: other.address.id },
    });
    const res = await demo.api('kari', 'POST', '/api/Jobs', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body\/matrikkelDetails\/matrikkelenhetId /);
  });

  it('keeps ids made on the device unique', async () => {
    const body = await createBody(demo, 'ola', 2);
    expect((await demo.api('kari', 'POST', '/api/Jobs', body)).status).toBe(200);
    const again = await demo.api('kari', 'POST', '/api/Jobs', body);
    expect(again.status).toBe(409);
  });
});

describe('read', () => {
  it('pages newest first, 25 a page, with the number of pages', async () => {
    const companyA = (await jobRow(demo, (await demoJob(demo, sql`j.assigned_to_id = ${reg.ola}`)).id)).companyId;
    const total = await db().$count(jobs, sql`${jobs.companyId} = ${companyA} and ${jobs.deletedAt} is null`);
    const p1 = await demo.api('kari', 'GET', '/api/Jobs/GetJobsPage?pageNumber=1');
    const p2 = await demo.api('kari', 'GET', '/api/Jobs/GetJobsPage?pageNumber=2&pageSize=25');
    expect(p1.status).toBe(200);
    expect(p1.body.jobs).toHaveLength(25);
    expect(p1.body.numberOfPages).toBe(Math.ceil(total / 25));
    const refs = [...p1.body.jobs, ...p2.body.jobs].map((j: Job) => j.refNr);
    expect(refs).toEqual([...refs].sort((a, b) => b - a));
    expect(new Set(refs).size).toBe(50);
    expect(p1.body.jobs.every((j: Job) => j.companyId === companyA)).toBe(true);
  });

  it('keeps the number of pages right as jobs come and go', async () => {
    const pages = async () => (await demo.api('ola', 'GET', '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=1')).body.numberOfPages as number;
    const before = await pages();
    expect(await pages()).toBe(before);
    const job = await createJob(demo, 'ola', 'ola');
    expect(await pages()).toBe(before + 1);
    await demo.api('ola', 'DELETE', '/api/Jobs', { jobList: [{ jobId: job.jobId }] });
    expect(await pages()).toBe(before);
    await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [(await createJob(demo, 'kari', 'per')).jobId], assigneeId: reg.ola, assigneeName: 'Ola' });
    expect(await pages()).toBe(before + 1);
  });

  it('filters by status (task-status numbers), type, address and plumber', async () => {
    const get = async (q: string) => (await demo.api('kari', 'GET', `/api/Jobs?${q}`)).body as Job[];
    const fresh = await get('statusId=1');
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((j) => j.statusId === JobStatus.New)).toBe(true);
    expect((await get('statusId=2')).every((j) => j.statusId === JobStatus.InProgress)).toBe(true);
    expect((await get('statusId=4')).every((j) => j.statusId === JobStatus.Completed)).toBe(true);
    const auto = await get('statusId=6');
    expect(auto.length).toBeGreaterThan(0);
    expect(auto.every((j) => j.autoCreated)).toBe(true);
    for (const s of [TaskStatus.Obstacle, TaskStatus.Deviation]) {
      const list = await get(`statusId=${s}`);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((j) => j.jobTasks.some((t) => t.statusId === s))).toBe(true);
    }
    expect((await get('jobTypeId=3')).every((j) => j.typeId === 3)).toBe(true);
    const sandvika = await get('address=SANDVIKA');
    expect(sandvika.length).toBeGreaterThan(0);
    expect(sandvika.every((j) => j.subscriberText.toLowerCase().includes('sandvika'))).toBe(true);
    const olas = await get(`userId=${reg.ola}`);
    expect(olas.length).toBeGreaterThan(0);
    expect(olas.every((j) => j.assignedToId === reg.ola)).toBe(true);
    expect((await demo.api('kari', 'GET', '/api/Jobs?statusId=3')).status).toBe(400);
  });

  it('limits a plumber to their own jobs whatever userId says', async () => {
    const page = await demo.api('ola', 'GET', `/api/Jobs/GetJobsPage?pageNumber=1&pageSize=100&userId=${reg.per}`);
    expect(page.body.jobs.length).toBeGreaterThan(0);
    expect(page.body.jobs.every((j: Job) => j.assignedToId === reg.ola)).toBe(true);
    const all = await demo.api('ola', 'GET', '/api/Jobs');
    const own = await db().$count(jobs, sql`${jobs.assignedToId} = ${reg.ola} and ${jobs.deletedAt} is null`);
    expect(all.body).toHaveLength(own);
  });

  it('answers 404 for another company\'s job and for another plumber\'s job read by a plumber', async () => {
    const bJob = await demoJob(demo, sql`j.assigned_to_id = ${reg.nora}`);
    expect((await demo.api('kari', 'GET', `/api/jobs/${bJob.id}`)).status).toBe(404);
    expect((await demo.api('lars', 'GET', `/api/jobs/${bJob.id}`)).status).toBe(200);
    const perJob = await demoJob(demo, sql`j.assigned_to_id = ${reg.per}`);
    expect((await demo.api('ola', 'GET', `/api/jobs/${perJob.id}`)).status).toBe(404);
    expect((await demo.api('kari', 'GET', '/api/jobs/nope')).status).toBe(400);
  });

  it('counts a plumber\'s jobs for admins and for the plumber', async () => {
    const counts = await demo.api('kari', 'GET', `/api/Jobs/details/plumber/${reg.ola}`);
    const assigned = await db().$count(jobs, sql`${jobs.assignedToId} = ${reg.ola} and ${jobs.deletedAt} is null`);
    const completed = await db().$count(jobs, sql`${jobs.assignedToId} = ${reg.ola} and ${jobs.deletedAt} is null and ${jobs.statusId} in (4, 5)`);
    expect(counts.body).toEqual({ assigned, completed, pending: assigned - completed });
    expect((await demo.api('ola', 'GET', `/api/Jobs/details/plumber/${reg.ola}`)).body).toEqual(counts.body);
    expect((await demo.api('ola', 'GET', `/api/Jobs/details/plumber/${reg.per}`)).status).toBe(403);
    expect((await demo.api('lars', 'GET', `/api/Jobs/details/plumber/${reg.ola}`)).status).toBe(404);
  });
});

describe('update, note and completion (PUT /api/Jobs)', () => {
  it('updates the edit fields and returns the job with a new version', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const scheduledDate = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const res = await demo.api('kari', 'PUT', '/api/Jobs', updateBody(job, { scheduledDate, description: 'Ny beskrivelse' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jobId: job.jobId, scheduledDate, description: 'Ny beskrivelse', version: job.version + 1 });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(job.updatedAt).getTime());
  });

  it('changes the plumber while not started, leaving a tombstone for the old assignee', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('kari', 'PUT', '/api/Jobs', updateBody(job, { plumberId: reg.per }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ assignedToId: reg.per, assigneeName: 'Per Johansen' });
    expect(res.body.jobTasks[0].assignedTo).toBe(reg.per);
    const stones = await db().select().from(feedTombstones).where(eq(feedTombstones.jobId, job.jobId));
    expect(stones.map((s) => s.registrationId)).toEqual([reg.ola]);
  });

  it('refuses to change the plumber of a started job (409 with the current job)', async () => {
    const started = await demoJob(demo, sql`j.status_id = ${JobStatus.InProgress} and j.assigned_to_id = ${reg.ola}`);
    const job: Job = (await demo.api('kari', 'GET', `/api/jobs/${started.id}`)).body;
    const res = await demo.api('kari', 'PUT', '/api/Jobs', updateBody(job, { plumberId: reg.per }));
    expect(res.status).toBe(409);
    expect(res.body.current.jobId).toBe(job.jobId);
    expect((await jobRow(demo, job.jobId)).assignedToId).toBe(reg.ola);
  });

  it('answers 409 with the current job on a stale expectedVersion', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    await demo.api('kari', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'first', status: 1, severity: 2 });
    const res = await demo.api('ola', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'second', status: 1, severity: 2, expectedVersion: job.version });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', current: { notes: 'first', version: job.version + 1 } });
  });

  it('saves a note; a plumber changing another plumber\'s job gets 403 and nothing changes', async () => {
    const job = await createJob(demo, 'kari', 'per');
    const own = await demo.api('per', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'Nøkkel i postkassen', status: 1, severity: 2 });
    expect(own.status).toBe(200);
    expect(own.body.notes).toBe('Nøkkel i postkassen');
    const before = await jobRow(demo, job.jobId);

    const note = await demo.api('ola', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'hijack', status: 1, severity: 2 });
    expect(note).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
    const edit = await demo.api('ola', 'PUT', '/api/Jobs', updateBody(own.body, { description: 'hijack' }));
    expect(edit.status).toBe(403);
    const reassign = await demo.api('ola', 'PUT', '/api/Jobs', { jobsList: [job.jobId], assigneeId: reg.ola, assigneeName: 'Ola' });
    expect(reassign.status).toBe(403);
    const del = await demo.api('ola', 'DELETE', '/api/Jobs', { jobList: [{ jobId: job.jobId }] });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(FORBIDDEN);
    expect(await jobRow(demo, job.jobId)).toEqual(before);
  });

  it('answers 404 for another company\'s job on every change', async () => {
    const bJob = await demoJob(demo, sql`j.assigned_to_id = ${reg.nora} and j.status_id = 1`);
    expect((await demo.api('kari', 'PUT', '/api/Jobs', { jobId: bJob.id, notes: 'x', status: 1, severity: 2 })).status).toBe(404);
    expect((await demo.api('kari', 'DELETE', '/api/Jobs', { jobList: [{ jobId: bJob.id }] })).status).toBe(404);
    expect((await jobRow(demo, bJob.id)).version).toBe(bJob.version);
  });

  it('completes a job only when all its tasks are finished', async () => {
    const ready = await demoJob(demo, sql`j.status_id = ${JobStatus.InProgress} and j.assigned_to_id = ${reg.ola}
      and not exists (select 1 from tasks t where t.job_id = j.id and not t.is_deleted and t.status_id not in (4, 8, 9))`);
    const job: Job = (await demo.api('ola', 'GET', `/api/jobs/${ready.id}`)).body;
    const completion = {
      jobId: job.jobId, jobType: 'Replace', completedBy: 'ola.hansen@sandvika-ror.no', completedDate: new Date().toISOString(),
      status: JobStatus.Completed, jobTypeId: job.typeId, matrikkelDetails: job.matrikkel, subscriberText: job.subscriberText, taskEditRequests: [],
    };
    const res = await demo.api('ola', 'PUT', '/api/Jobs', completion);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusId: JobStatus.Completed, completedBy: 'ola.hansen@sandvika-ror.no', completedDate: completion.completedDate });
    expect((await demo.api('ola', 'PUT', '/api/Jobs', completion)).status).toBe(409);

    const open = await createJob(demo, 'kari', 'ola');
    const refused = await demo.api('kari', 'PUT', '/api/Jobs', { ...completion, jobId: open.jobId });
    expect(refused.status).toBe(409);
    expect(refused.body.current.statusId).toBe(JobStatus.New);
  });

  it('refuses to complete a job with only some of its tasks finished', async () => {
    const job = await createJob(demo, 'ola', 'ola', { jobTypeId: 1, jobType: 'Install' });
    const added = await demo.api('ola', 'POST', '/api/Tasks', { jobId: job.jobId });
    expect(added.status).toBe(200);
    const first = job.jobTasks[0].taskId;
    const sent = await demo.api('ola', 'POST', `/api/jobs/task/${first}`, {
      jobId: job.jobId, isDraft: false, jobTasks: [{ taskId: first, additionalDetailsRequest: { deviationList: [7] } }],
    });
    expect(sent.body.jobTasks.map((t: { statusId: number }) => t.statusId)).toEqual([TaskStatus.Obstacle, TaskStatus.NotStarted]);
    const before = await jobRow(demo, job.jobId);
    const res = await demo.api('ola', 'PUT', '/api/Jobs', {
      jobId: job.jobId, jobType: 'Install', completedBy: 'x', completedDate: new Date().toISOString(), status: JobStatus.Completed, jobTypeId: 1,
      matrikkelDetails: job.matrikkel, subscriberText: job.subscriberText, taskEditRequests: [],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The job can only be completed when all its tasks are completed, deviation or obstacle');
    const after = await jobRow(demo, job.jobId);
    expect({ status: after.statusId, version: after.version, completed: after.completedDate }).toEqual({ status: JobStatus.InProgress, version: before.version, completed: null });
  });
});

describe('reassign and delete', () => {
  it('reassigns several not-started jobs at once', async () => {
    const a = await createJob(demo, 'kari', 'ola');
    const b = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [a.jobId, b.jobId], assigneeId: reg.per, assigneeName: 'Per' });
    expect(res.status).toBe(200);
    expect(res.body.map((j: Job) => j.assignedToId)).toEqual([reg.per, reg.per]);
  });

  it('reassigns nothing when one job is started, or the assignee is not active', async () => {
    const a = await createJob(demo, 'kari', 'ola');
    const started = await demoJob(demo, sql`j.status_id = ${JobStatus.InProgress} and j.assigned_to_id = ${reg.ola}`);
    const res = await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [a.jobId, started.id], assigneeId: reg.per, assigneeName: 'Per' });
    expect(res.status).toBe(409);
    expect((await jobRow(demo, a.jobId)).assignedToId).toBe(reg.ola);
    const pending = await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [a.jobId], assigneeId: reg.sofie, assigneeName: 'Sofie' });
    expect(pending.status).toBe(400);
    expect(pending.body.message).toMatch(/^body\/assigneeId /);
    expect((await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [a.jobId], assigneeId: 0, assigneeName: '' })).status).toBe(400);
  });

  it('soft-deletes a not-started job and tells every replica', async () => {
    const job = await createJob(demo, 'ola', 'ola');
    const res = await demo.api('ola', 'DELETE', '/api/Jobs', { jobList: [{ jobId: job.jobId, autoCreated: false, statusId: 1, jobTasks: [] }] });
    expect(res).toEqual({ status: 200, body: { deletedJobIds: [job.jobId] } });
    expect((await demo.api('ola', 'GET', `/api/jobs/${job.jobId}`)).status).toBe(404);
    expect((await jobRow(demo, job.jobId)).deletedAt).not.toBeNull();
    const stones = await db().select().from(feedTombstones).where(eq(feedTombstones.jobId, job.jobId));
    expect(stones).toEqual([expect.objectContaining({ registrationId: null })]);
  });

  it('follows the delete rules: not completed, not started with a schedule item', async () => {
    const completed = await demoJob(demo, sql`j.status_id = ${JobStatus.Completed} and j.assigned_to_id = ${reg.ola}`);
    expect((await demo.api('kari', 'DELETE', '/api/Jobs', { jobList: [{ jobId: completed.id }] })).status).toBe(409);
    const scheduled = await demoJob(demo, sql`j.status_id = ${JobStatus.InProgress} and j.company_id = (select company_id from users where registration_id = ${reg.kari})
      and (select t.schedule_item_id from tasks t where t.job_id = j.id and not t.is_deleted order by t.task_order, t.task_no limit 1) is not null`);
    const res = await demo.api('kari', 'DELETE', '/api/Jobs', { jobList: [{ jobId: scheduled.id }] });
    expect(res.status).toBe(409);
    expect((await jobRow(demo, scheduled.id)).deletedAt).toBeNull();
    const inProgressFree = await demoJob(demo, sql`j.status_id = ${JobStatus.InProgress} and j.company_id = (select company_id from users where registration_id = ${reg.kari})
      and (select t.schedule_item_id from tasks t where t.job_id = j.id and not t.is_deleted order by t.task_order, t.task_no limit 1) is null`);
    expect((await demo.api('kari', 'DELETE', '/api/Jobs', { jobList: [{ jobId: inProgressFree.id }] })).status).toBe(200);
  });
});

describe('draft and report (POST /api/jobs/task/{taskId})', () => {
  const send = (job: Job, taskId: string, isDraft: boolean, task: Record<string, unknown> = {}) =>
    demo.api('ola', 'POST', `/api/jobs/task/${taskId}`, { ...job, isDraft, jobTasks: job.jobTasks.map((t) => (t.taskId === taskId ? { ...t, ...task } : t)) });

  it('saves a draft: task and job in progress, start date set, form kept', async () => {
    const job = await createJob(demo, 'ola', 'ola');
    const taskId = job.jobTasks[0].taskId;
    const form = { meterModelId: 1, serialNo: '71234567', brackets: true };
    const res = await send(job, taskId, true, { newWaterMeterObj: form });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusId: JobStatus.InProgress, isDraft: true });
    expect(res.body.jobTasks[0]).toMatchObject({ statusId: TaskStatus.InProgress, newWaterMeterObj: form });
    expect(res.body.jobTasks[0].startDate).not.toBeNull();

    const report = await send(res.body, taskId, false, completeForms());
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ statusId: JobStatus.InProgress, isDraft: false });
    expect(report.body.jobTasks[0].statusId).toBe(TaskStatus.Completed);
    expect(report.body.jobTasks[0].startDate).toBe(res.body.jobTasks[0].startDate);

    const again = await send(report.body, taskId, true);
    expect(again.status).toBe(409);
  });

  it('sends a deviation report: obstacle items give Obstacle, any deviation item gives Deviation, the new meter is cleared', async () => {
    const one = await createJob(demo, 'ola', 'ola');
    const obstacle = await send(one, one.jobTasks[0].taskId, false, {
      newWaterMeterObj: { serialNo: 'x' }, additionalDetailsRequest: { obstacle: true, note: 'Ingen hjemme', deviationList: [{ id: 7, value: 'Ingen hjemme', deviationType: 1 }] },
    });
    expect(obstacle.status).toBe(200);
    expect(obstacle.body.jobTasks[0]).toMatchObject({ statusId: TaskStatus.Obstacle, newWaterMeterObj: null });

    const two = await createJob(demo, 'ola', 'ola');
    const noImage = await send(two, two.jobTasks[0].taskId, false, { additionalDetailsRequest: { deviationList: [7, 1] } });
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toMatch(/deviationImages/);
    const deviation = await send(two, two.jobTasks[0].taskId, false, { additionalDetailsRequest: { deviationList: [7, 1], deviationImages: [{ text: 'lekkasje', url: 'x' }] } });
    expect(deviation.body.jobTasks[0].statusId).toBe(TaskStatus.Deviation);

    const three = await createJob(demo, 'ola', 'ola');
    const unknown = await send(three, three.jobTasks[0].taskId, false, { additionalDetailsRequest: { deviationList: [999] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/deviationList/);
    expect((await jobRow(demo, three.jobId)).version).toBe(three.version);
  });

  it('stores the obstacle flag of the causes (any of type obstacle, by the server\'s list), whatever the device sent', async () => {
    const details = (res: { body: Job }) => res.body.jobTasks[0].additionalDetailsRequest as { obstacle?: boolean; note?: string };
    const mixed = await createJob(demo, 'ola', 'ola');
    const withBoth = await send(mixed, mixed.jobTasks[0].taskId, false, {
      additionalDetailsRequest: { obstacle: false, note: 'Lekkasje, ingen hjemme', deviationList: [{ id: 1, deviationType: 0 }, { id: 7, deviationType: 0 }], deviationImages: [{ text: 'lekkasje', url: 'x' }] },
    });
    expect(withBoth.status).toBe(200);
    expect(withBoth.body.jobTasks[0].statusId).toBe(TaskStatus.Deviation);
    expect(details(withBoth)).toMatchObject({ obstacle: true, note: 'Lekkasje, ingen hjemme' });

    const only = await createJob(demo, 'ola', 'ola');
    const obstacle = await send(only, only.jobTasks[0].taskId, false, { additionalDetailsRequest: { obstacle: false, note: 'Ingen hjemme', deviationList: [7] } });
    expect(details(obstacle).obstacle).toBe(true);

    const none = await createJob(demo, 'ola', 'ola');
    const deviation = await send(none, none.jobTasks[0].taskId, false, {
      additionalDetailsRequest: { obstacle: true, deviationList: [1], deviationImages: [{ text: 'lekkasje', url: 'x' }] },
    });
    expect(details(deviation).obstacle).toBe(false);

    const draft = await createJob(demo, 'ola', 'ola');
    const saved = await send(draft, draft.jobTasks[0].taskId, true, { additionalDetailsRequest: { obstacle: false, note: '', deviationList: [1, 8] } });
    expect(details(saved).obstacle).toBe(true);
    const read = await demo.api('ola', 'GET', `/api/jobs/${draft.jobId}`);
    expect(read.body.jobTasks[0].additionalDetailsRequest.obstacle).toBe(true);
  });

  it('keeps the contact sent with the job, and wants both its name and mobile number', async () => {
    const job = await createJob(demo, 'ola', 'ola');
    const contactInfo = { contactPerson: { name: 'Kari Hansen', mobileNo: '+4791111111', organizationNo: null }, mobileNo: '+4791111111' };
    const res = await demo.api('ola', 'POST', `/api/jobs/task/${job.jobTasks[0].taskId}`, { ...job, isDraft: true, contactInfo });
    expect(res.body.contactInfo).toEqual(contactInfo);
    const half = await demo.api('ola', 'POST', `/api/jobs/task/${job.jobTasks[0].taskId}`, {
      ...res.body, isDraft: true, contactInfo: { contactPerson: { name: 'Kari Hansen', mobileNo: '' }, mobileNo: null },
    });
    expect(half.status).toBe(400);
    expect(half.body.message).toMatch(/contactPerson/);
  });

  it('stores when the plumber worked (madeAt), not when the change arrived: start, completion, job completion', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
    // Made offline three hours ago: the job existed from then.
    const [createdAt, draftAt, reportAt] = [hoursAgo(3), hoursAgo(2), hoursAgo(1)];
    const job = await createJob(demo, 'ola', 'ola', { madeAt: createdAt, jobTypeId: 1, jobType: 'Install' });
    expect([job.createdAt, job.assignedDate]).toEqual([createdAt, createdAt]);
    const taskId = job.jobTasks[0].taskId;
    const draft = await demo.api('ola', 'POST', `/api/jobs/task/${taskId}`, { jobId: job.jobId, isDraft: true, madeAt: draftAt, jobTasks: [{ taskId, notes: 'Utkast' }] });
    expect(draft.status).toBe(200);
    expect(draft.body.jobTasks[0].startDate).toBe(draftAt);
    const sent = await demo.api('ola', 'POST', `/api/jobs/task/${taskId}`, {
      jobId: job.jobId, isDraft: false, madeAt: reportAt,
      jobTasks: [{ taskId, additionalDetailsRequest: { deviationList: [7] } }],
    });
    expect(sent.status).toBe(200);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, taskId));
    expect([row.startDate!.toISOString(), row.completedAt!.toISOString()]).toEqual([draftAt, reportAt]);
    // A completion stamped before its only task's report is stored no earlier than that report.
    const completion = {
      jobId: job.jobId, jobType: 'Install', completedBy: 'x', completedDate: hoursAgo(1.5), status: JobStatus.Completed, jobTypeId: 1,
      matrikkelDetails: job.matrikkel, subscriberText: job.subscriberText, taskEditRequests: [],
    };
    const done = await demo.api('ola', 'PUT', '/api/Jobs', completion);
    expect(done.status).toBe(200);
    expect(done.body.completedDate).toBe(reportAt);
  });

  it('refuses work times in the future or before the job existed, naming the field, and writes nothing', async () => {
    const job = await createJob(demo, 'ola', 'ola');
    const taskId = job.jobTasks[0].taskId;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const draft = (body: Record<string, unknown>) => demo.api('ola', 'POST', `/api/jobs/task/${taskId}`, { jobId: job.jobId, isDraft: true, jobTasks: [{ taskId }], ...body });
    const future = await draft({ madeAt: at(3600_000) });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('body/madeAt must not be in the future');
    const before = await draft({ madeAt: at(-3600_000) });
    expect(before.status).toBe(400);
    expect(before.body.message).toBe('body/madeAt must not be before the job was created');
    const start = await draft({ jobTasks: [{ taskId, startDate: at(-3600_000) }] });
    expect(start.body.message).toBe('body/jobTasks/0/startDate must not be before the job was created');
    expect((await jobRow(demo, job.jobId)).version).toBe(job.version);
    const created = await demo.api('ola', 'POST', '/api/Jobs', await createBody(demo, 'ola', 1, { madeAt: at(3600_000) }));
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('body/madeAt must not be in the future');
    // A device clock a little ahead (within the skew) is taken as now: nothing ends in the future.
    const ahead = await draft({ madeAt: at(60_000) });
    expect(ahead.status).toBe(200);
    expect(Date.parse(ahead.body.jobTasks[0].startDate)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a body without the task, and another plumber\'s job', async () => {
    const job = await createJob(demo, 'kari', 'per');
    expect((await send(job, randomUUID(), true)).status).toBe(400);
    const res = await send(job, job.jobTasks[0].taskId, true);
    expect(res.status).toBe(403);
    const [task] = await db().select().from(tasks).where(eq(tasks.id, job.jobTasks[0].taskId));
    expect(task.statusId).toBe(TaskStatus.NotStarted);
  });
});
