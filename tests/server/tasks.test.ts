/** Tasks API: add (admin or assignee), update, delete with the rules of spec 1 §4. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/api';
import { JobStatus, TaskStatus } from '../../src/domain/enums';
import { tasks } from '../../server/db/schema';
import { createJob, demoJob, FORBIDDEN, jobRow, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(async () => {
  await demo?.close();
});

const get = async (id: string): Promise<Job> => (await demo.api('kari', 'GET', `/api/jobs/${id}`)).body;

describe('add a task', () => {
  it('lets the admin and the assignee add tasks, numbered after the last', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const taskId = randomUUID();
    const byAdmin = await demo.api('kari', 'POST', '/api/Tasks', { jobId: job.jobId, taskId, description: 'Måler nr. 2' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      taskId, jobId: job.jobId, statusId: TaskStatus.NotStarted, taskNo: 2, taskOrder: 1, typeId: job.typeId, jobType: 'Replace',
      assignedTo: job.assignedToId, subscriberDetails: job.jobTasks[0].subscriberDetails,
    });
    const byAssignee = await demo.api('ola', 'POST', '/api/Tasks', { jobId: job.jobId });
    expect(byAssignee.status).toBe(200);
    expect(byAssignee.body.taskNo).toBe(3);
    const after = await get(job.jobId);
    expect(after.jobTasks.map((t) => t.taskNo)).toEqual([1, 2, 3]);
    expect(after.version).toBe(job.version + 2);
  });

  it('answers 403 to a plumber who is not the assignee and adds nothing', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('per', 'POST', '/api/Tasks', { jobId: job.jobId });
    expect(res).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
    expect((await get(job.jobId)).jobTasks).toHaveLength(1);
  });

  it('refuses tasks on a completed job', async () => {
    const done = await demoJob(demo, sql`j.status_id = ${JobStatus.Completed} and j.company_id = (select company_id from users where email = 'kari.nordmann@sandvika-ror.no')`);
    expect((await demo.api('kari', 'POST', '/api/Tasks', { jobId: done.id })).status).toBe(409);
  });
});

describe('update a task', () => {
  it('changes description and housing unit of an unfinished task', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const t = job.jobTasks[0];
    const res = await demo.api('ola', 'PUT', '/api/Tasks', {
      jobId: job.jobId, taskId: t.taskId, description: 'Bak vaskemaskinen', subscriberDetails: { ...t.subscriberDetails, housingUnitId: 286500001 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Bak vaskemaskinen', subscriberDetails: { housingUnitId: 286500001 } });
    expect((await jobRow(demo, job.jobId)).version).toBe(job.version + 1);
  });
});

describe('delete a task', () => {
  it('deletes a not-started task of a multi-task job and keeps the job', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const added = (await demo.api('kari', 'POST', '/api/Tasks', { jobId: job.jobId })).body;
    const res = await demo.api('ola', 'DELETE', '/api/Tasks', { taskId: added.taskId, jobId: job.jobId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ taskId: added.taskId, jobId: job.jobId, jobDeleted: false });
    expect(res.body.job.jobTasks.map((t: { taskId: string }) => t.taskId)).toEqual([job.jobTasks[0].taskId]);
    const [row] = await demo.t.database.db.select().from(tasks).where(eq(tasks.id, added.taskId));
    expect(row.isDeleted).toBe(true);
  });

  it('deletes the job with its last task', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('kari', 'DELETE', '/api/Tasks', { taskId: job.jobTasks[0].taskId, jobId: job.jobId });
    expect(res.body).toMatchObject({ jobDeleted: true, job: null });
    expect((await demo.api('kari', 'GET', `/api/jobs/${job.jobId}`)).status).toBe(404);
  });

  it('refuses finished and scheduled tasks, and tasks of completed jobs', async () => {
    const finished = await demoJob(demo, sql`j.status_id = ${JobStatus.InProgress}
      and exists (select 1 from tasks t where t.job_id = j.id and t.status_id = 4 and not t.is_deleted)
      and (select count(*) from tasks t where t.job_id = j.id and not t.is_deleted) > 1`);
    const row = await jobRow(demo, finished.id);
    const { rows: [kari] } = await demo.t.database.db.execute<{ company_id: string }>(sql`select company_id from users where email = 'kari.nordmann@sandvika-ror.no'`);
    const admin = row.companyId === kari.company_id ? 'kari' : 'lars';
    const fJob: Job = (await demo.api(admin, 'GET', `/api/jobs/${finished.id}`)).body;
    const fTask = fJob.jobTasks.find((t) => t.statusId === TaskStatus.Completed)!;
    const res = await demo.api(admin, 'DELETE', '/api/Tasks', { taskId: fTask.taskId, jobId: fJob.jobId });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/finished task/);

    const job = await createJob(demo, 'kari', 'ola');
    await demo.api('kari', 'POST', '/api/Tasks', { jobId: job.jobId });
    await demo.t.database.db.update(tasks).set({ scheduleItemId: 4242 }).where(eq(tasks.id, job.jobTasks[0].taskId));
    const scheduled = await demo.api('kari', 'DELETE', '/api/Tasks', { taskId: job.jobTasks[0].taskId, jobId: job.jobId });
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.message).toMatch(/schedule item/);

    const done = await demoJob(demo, sql`j.status_id = ${JobStatus.Completed} and j.company_id = ${kari.company_id}`);
    const doneJob: Job = (await demo.api('kari', 'GET', `/api/jobs/${done.id}`)).body;
    const completedJob = await demo.api('kari', 'DELETE', '/api/Tasks', { taskId: doneJob.jobTasks[0].taskId, jobId: done.id });
    expect(completedJob.status).toBe(409);
    expect(completedJob.body.message).toMatch(/completed job/);
  });

  it('answers 403 to another plumber and 404 to another company', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    expect((await demo.api('per', 'DELETE', '/api/Tasks', { taskId: job.jobTasks[0].taskId, jobId: job.jobId })).status).toBe(403);
    expect((await demo.api('lars', 'DELETE', '/api/Tasks', { taskId: job.jobTasks[0].taskId, jobId: job.jobId })).status).toBe(404);
    expect((await get(job.jobId)).jobTasks).toHaveLength(1);
  });
});
