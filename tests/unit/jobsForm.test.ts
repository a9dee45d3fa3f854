import { describe, expect, it } from 'vitest';
import {
  assigneeOptions, buildCompleteJobRequest, buildCreateJobRequest, buildDeleteJobsRequest, buildNoteRequest,
  buildReassignRequest, buildUpdateJobRequest, canSaveReassign, canSubmitNewJob, editHasChanges, EMPTY_NEW_JOB,
  initialEditValues, jobDateErrorKey, newJobHasInput, type NewJobDraft,
} from '../../src/domain/jobs/form';
import { makeJob, makePlumber, makeTask } from './jobsFixtures';

const property = {
  addressText: 'Storgata 1, 0155 Oslo', addressId: 11, matrikkelNummer: '0301000120003400000000', matrikkelenhetId: 555,
  location: { x: 597000, y: 6643000, srs: 25832 },
};
const install = { id: 1, name: 'Ny vannmåler', shortName: 'Install' };
const draft: NewJobDraft = {
  jobTypeId: 1, property, scheduledDate: new Date('2030-05-01T08:30:00.000Z'), dueDate: new Date('2030-05-10T12:00:00.000Z'),
  assignee: { id: 8, name: 'Kari Hansen' },
};

describe('create payload (spec 1 §3)', () => {
  it('builds the admin payload exactly', () => {
    const body = buildCreateJobRequest(draft, install, { jobId: 'job-uuid', taskId: 'task-uuid', roleId: 2, email: 'admin@firma.no', isAdmin: true });
    expect(body).toEqual({
      jobId: 'job-uuid',
      roleId: 2,
      refNo: 0,
      title: 'Ny vannmåler',
      jobTypeId: 1,
      jobType: 'Install',
      matrikkelDetails: { matrikkelNummer: '0301000120003400000000', matrikkelenhetId: 555, addressId: 11 },
      subscriberText: 'Storgata 1, 0155 Oslo',
      scheduledDate: '2030-05-01T08:30:00.000Z',
      dueDate: '2030-05-10T12:00:00.000Z',
      assignedToId: 8,
      assigneeName: 'Kari Hansen',
      createdBy: 'admin@firma.no',
      status: 1,
      description: null,
      severity: 2,
      taskRequest: {
        taskId: 'task-uuid', isActive: true, taskNo: 1, jobType: 'Install', taskOrder: 0,
        subscriberDetails: { addressText: 'Storgata 1, 0155 Oslo', location: property.location, coordinateSource: 'Property', addressId: 11 },
        statusId: 1, description: null, externalRefId: null, externalRefText: null,
      },
    });
  });

  it('leaves the due date out for a plumber and sends no scheduled date when none is set', () => {
    const body = buildCreateJobRequest({ ...draft, scheduledDate: null }, install, { jobId: 'j', taskId: 't', roleId: 1, email: 'p@firma.no', isAdmin: false });
    expect('dueDate' in body).toBe(false);
    expect(body.scheduledDate).toBeNull();
    expect(body.roleId).toBe(1);
  });

  it('refuses to build without property or assignee', () => {
    expect(() => buildCreateJobRequest({ ...draft, property: null }, install, { jobId: 'j', taskId: 't', roleId: 1, email: 'e', isAdmin: false })).toThrow();
  });
});

describe('new job form', () => {
  it('enables submit only with property, category and assignee and no running lookup', () => {
    expect(canSubmitNewJob(draft, false)).toBe(true);
    expect(canSubmitNewJob(draft, true)).toBe(false);
    expect(canSubmitNewJob({ ...draft, jobTypeId: null }, false)).toBe(false);
    expect(canSubmitNewJob({ ...draft, property: null }, false)).toBe(false);
    expect(canSubmitNewJob({ ...draft, assignee: null }, false)).toBe(false);
  });

  it('counts as filled when anything was entered, but not for a preselected assignee', () => {
    expect(newJobHasInput(EMPTY_NEW_JOB, '', null)).toBe(false);
    expect(newJobHasInput({ ...EMPTY_NEW_JOB, assignee: { id: 8, name: 'K' } }, '', 8)).toBe(false);
    expect(newJobHasInput({ ...EMPTY_NEW_JOB, assignee: { id: 9, name: 'K' } }, '', 8)).toBe(true);
    expect(newJobHasInput(EMPTY_NEW_JOB, 'Stor', null)).toBe(true);
    expect(newJobHasInput({ ...EMPTY_NEW_JOB, jobTypeId: 2 }, '', null)).toBe(true);
  });

  it('applies the date rules (spec 1 §5)', () => {
    const now = new Date('2030-01-01T12:00:00.000Z');
    expect(jobDateErrorKey(new Date('2029-12-31T12:00:00.000Z'), null, now)).toBe('pastScheduledDate');
    expect(jobDateErrorKey(new Date('2030-02-02T00:00:00.000Z'), new Date('2030-02-01T00:00:00.000Z'), now)).toBe('scheduledAfterDue');
    expect(jobDateErrorKey(new Date('2030-02-01T00:00:00.000Z'), null, now)).toBeNull();
    expect(jobDateErrorKey(null, new Date('2030-02-01T00:00:00.000Z'), now)).toBeNull();
  });
});

describe('assignee options', () => {
  it("puts 'Me' first, then active plumbers by first name", () => {
    const plumbers = [
      makePlumber({ id: 3, firstName: 'Øystein', lastName: 'Berg' }),
      makePlumber({ id: 4, firstName: 'Anders', lastName: 'Lie' }),
      makePlumber({ id: 5, firstName: 'Bente', lastName: 'Dahl', userStatus: 1 }),
      makePlumber({ id: 6, firstName: 'Cato', lastName: 'Ek', userStatus: 4 }),
      makePlumber({ id: 7, firstName: 'Admin', lastName: 'Selv', roleId: 2 }),
      makePlumber({ id: 8, firstName: 'Åse', lastName: 'Moe' }),
      makePlumber({ id: 9, firstName: 'Zara', lastName: 'Holm' }),
    ];
    expect(assigneeOptions(plumbers, { registrationId: 7, name: 'Admin Selv' })).toEqual([
      { id: 7, name: 'Admin Selv', isMe: true },
      { id: 4, name: 'Anders Lie', isMe: false },
      { id: 9, name: 'Zara Holm', isMe: false },
      { id: 3, name: 'Øystein Berg', isMe: false },
      { id: 8, name: 'Åse Moe', isMe: false },
    ]);
  });
});

describe('edit job', () => {
  const job = makeJob({ scheduledDate: '2030-03-01T08:00:00.000Z', dueDate: '2030-03-05T08:00:00.000Z' });

  it('allows Save only when something changed', () => {
    const values = initialEditValues(job);
    expect(editHasChanges(job, values, true)).toBe(false);
    expect(editHasChanges(job, { ...values, scheduledDate: new Date('2030-03-01T08:00:20.000Z') }, false)).toBe(false);
    expect(editHasChanges(job, { ...values, scheduledDate: new Date('2030-03-02T08:00:00.000Z') }, false)).toBe(true);
    expect(editHasChanges(job, { ...values, scheduledDate: null }, false)).toBe(true);
    expect(editHasChanges(job, { ...values, assignee: { id: 7, name: 'Ola Nordmann' } }, true)).toBe(false);
    expect(editHasChanges(job, { ...values, assignee: { id: 8, name: 'Kari Hansen' } }, true)).toBe(true);
    expect(editHasChanges(job, { ...values, assignee: { id: 8, name: 'Kari Hansen' } }, false)).toBe(false);
  });

  it('builds the update payload, keeping assignee and due date for a plumber', () => {
    const values = { ...initialEditValues(job), scheduledDate: new Date('2030-03-02T09:00:00.000Z'), assignee: { id: 8, name: 'Kari Hansen' }, dueDate: null };
    const now = new Date('2030-01-01T00:00:00.000Z');
    const plumber = buildUpdateJobRequest(job, values, 'Install', { email: 'p@firma.no', isAdmin: false, now });
    expect(plumber).toMatchObject({ jobId: 'j1', plumberId: 7, scheduledDate: '2030-03-02T09:00:00.000Z', dueDate: '2030-03-05T08:00:00.000Z', updatedBy: 'p@firma.no', expectedVersion: 3, status: 1, severity: 2, jobType: 'Install' });
    expect(plumber.taskEditRequests).toEqual([expect.objectContaining({ taskId: 't1', assignedTo: 7, assigneeName: 'Ola Nordmann', assignedDate: job.assignedDate, isDeleted: false })]);
    const admin = buildUpdateJobRequest(job, values, 'Install', { email: 'a@firma.no', isAdmin: true, now });
    expect(admin).toMatchObject({ plumberId: 8, dueDate: null });
    expect(admin.taskEditRequests[0]).toMatchObject({ assignedTo: 8, assigneeName: 'Kari Hansen', assignedDate: now.toISOString(), dueDate: null });
  });

  it('leaves deleted tasks out of the task edits', () => {
    const two = makeJob({ jobTasks: [makeTask(), makeTask({ taskId: 't2', isDeleted: true })] });
    expect(buildUpdateJobRequest(two, initialEditValues(two), 'Install', { email: 'e', isAdmin: true, now: new Date() }).taskEditRequests.map((t) => t.taskId)).toEqual(['t1']);
  });
});

describe('other command bodies', () => {
  const job = makeJob({ statusId: 2, notes: 'old' });
  it('note, completion, delete and reassign', () => {
    expect(buildNoteRequest(job, 'ny')).toEqual({ jobId: 'j1', notes: 'ny', status: 2, severity: 2, expectedVersion: 3 });
    const done = buildCompleteJobRequest(job, 'Install', 'p@firma.no', new Date('2030-01-01T10:00:00.000Z'));
    expect(done).toMatchObject({ jobId: 'j1', jobType: 'Install', completedBy: 'p@firma.no', completedDate: '2030-01-01T10:00:00.000Z', status: 4, jobTypeId: 1, subscriberText: job.subscriberText, matrikkelDetails: job.matrikkel });
    expect(buildDeleteJobsRequest([job])).toEqual({ jobList: [{ jobId: 'j1', autoCreated: false, statusId: 2, jobTasks: [{ taskId: 't1' }] }] });
    const cancelled = buildDeleteJobsRequest([job], { cancellationTypeId: 3, sms: null });
    expect(cancelled).toMatchObject({ cancellationTypeId: 3, sendSms: false });
    expect(cancelled).not.toHaveProperty('customText');
    const sms = { text: 'Avlyst #Date#', templateKey: 'Cancel', hasMergeFields: true, timeWindowExtensions: 2 };
    expect(buildDeleteJobsRequest([job], { cancellationTypeId: 4, sms })).toMatchObject({
      cancellationTypeId: 4, sendSms: true, customText: 'Avlyst #Date#', templateKey: 'Cancel', hasMergeFields: true, timeWindowExtensions: 2,
    });
    expect(buildReassignRequest(['j1'], { id: 8, name: 'Kari Hansen' })).toEqual({ jobsList: ['j1'], assigneeId: 8, assigneeName: 'Kari Hansen' });
  });
  it('reassign Save needs a real plumber and no save running', () => {
    expect(canSaveReassign(0, false)).toBe(false);
    expect(canSaveReassign(8, true)).toBe(false);
    expect(canSaveReassign(8, false)).toBe(true);
  });
});

describe('the date pickers\' far-future bound', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('is the end of the year ten years ahead, for scheduled and due dates alike', async () => {
    const { latestJobDate } = await import('../../src/domain/jobs/rules');
    const { jobDateErrorKey, dueDateErrorKey } = await import('../../src/domain/jobs/form');
    expect(latestJobDate(now).toISOString()).toBe('2036-12-31T23:59:59.999Z');
    expect(jobDateErrorKey(new Date('2099-06-01T10:00:00Z'), null, now)).toBe('dateTooFarAhead');
    expect(jobDateErrorKey(new Date('2036-12-31T12:00:00Z'), null, now)).toBeNull();
    expect(jobDateErrorKey(new Date('2027-01-01T10:00:00Z'), new Date('2037-01-02T00:00:00Z'), now)).toBe('dateTooFarAhead');
    expect(dueDateErrorKey(null, new Date('2099-06-01T10:00:00Z'), now)).toBe('dateTooFarAhead');
    expect(dueDateErrorKey(new Date('2027-02-01T10:00:00Z'), new Date('2027-01-01T10:00:00Z'), now)).toBe('scheduledAfterDue');
    expect(dueDateErrorKey(new Date('2027-01-01T10:00:00Z'), new Date('2027-02-01T10:00:00Z'), now)).toBeNull();
  });
});

describe('an open job\'s status from its tasks (one rule for device and server)', () => {
  it('follows several tasks: New only while every live task is not started', async () => {
    const { openJobStatus } = await import('../../src/domain/jobs/rules');
    const { JobStatus, TaskStatus } = await import('../../src/domain/enums');
    const t = (statusId: number) => ({ statusId });
    expect(openJobStatus(JobStatus.New, [t(TaskStatus.NotStarted), t(TaskStatus.NotStarted)])).toBe(JobStatus.New);
    expect(openJobStatus(JobStatus.New, [t(TaskStatus.NotStarted), t(TaskStatus.InProgress)])).toBe(JobStatus.InProgress);
    expect(openJobStatus(JobStatus.InProgress, [t(TaskStatus.Completed), t(TaskStatus.NotStarted), t(TaskStatus.NotStarted)])).toBe(JobStatus.InProgress);
    expect(openJobStatus(JobStatus.InProgress, [t(TaskStatus.NotStarted), t(TaskStatus.NotStarted)])).toBe(JobStatus.New);
    expect(openJobStatus(JobStatus.OnHold, [t(TaskStatus.Deviation)])).toBe(JobStatus.InProgress);
    // No live tasks, or a finished job: the status stays (client and server once disagreed here).
    expect(openJobStatus(JobStatus.InProgress, [])).toBe(JobStatus.InProgress);
    expect(openJobStatus(JobStatus.Completed, [t(TaskStatus.NotStarted)])).toBe(JobStatus.Completed);
  });
});

describe('manual job submit (spec 1 §4: when all tasks are Completed, Deviation or Obstacle)', () => {
  it('is offered only when every live task is finished, not when some are', async () => {
    const { canSubmitJob } = await import('../../src/domain/jobs/rules');
    const { JobStatus, TaskStatus } = await import('../../src/domain/enums');
    const ola = { isAdmin: false, registrationId: 11 };
    const job = (...statuses: number[]) => ({
      statusId: JobStatus.InProgress, assignedToId: 11,
      jobTasks: statuses.map((statusId, i) => ({ statusId, isDeleted: false, taskOrder: i, taskNo: i + 1 })) as never,
    });
    expect(canSubmitJob(ola, job(TaskStatus.Completed, TaskStatus.Deviation, TaskStatus.Obstacle))).toBe(true);
    expect(canSubmitJob(ola, job(TaskStatus.Completed, TaskStatus.NotStarted))).toBe(false);
    expect(canSubmitJob(ola, job(TaskStatus.Obstacle, TaskStatus.InProgress))).toBe(false);
    expect(canSubmitJob(ola, job(TaskStatus.InProgress, TaskStatus.Completed, TaskStatus.Completed))).toBe(false);
  });
});

describe('the schedule item an automatic job cancels (spec 1 §4)', () => {
  it('is the first live task\'s item of an auto-created job; a plain job, or a deleted task\'s item, cancels none', async () => {
    const { cancelledItemOf } = await import('../../src/domain/jobs/cancellation');
    const tied = makeTask({ scheduleItemId: 42 });
    expect(cancelledItemOf(makeJob({ autoCreated: true, jobTasks: [tied] }))).toBe(42);
    expect(cancelledItemOf(makeJob({ autoCreated: true, jobTasks: [makeTask({ taskId: 't0' }), makeTask({ taskId: 't2', scheduleItemId: 7, taskOrder: 1 })] }))).toBe(7);
    expect(cancelledItemOf(makeJob({ autoCreated: false, jobTasks: [tied] }))).toBeNull();
    expect(cancelledItemOf(makeJob({ autoCreated: true, jobTasks: [makeTask({ scheduleItemId: 42, isDeleted: true })] }))).toBeNull();
  });
});
