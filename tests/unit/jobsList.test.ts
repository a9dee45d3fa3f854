import { describe, expect, it } from 'vitest';
import { groupTasksByType, jobCardTitle, jobListPredicate, parseJobFilter, STATUS_FILTER_OPTIONS, EMPTY_JOB_FILTER } from '../../src/domain/jobs/list';
import { taskBackTarget } from '../../src/domain/tasks/navigation';
import { makeJob, makeTask } from './jobsFixtures';

const admin = { isAdmin: true, registrationId: 1 };
const plumber = { isAdmin: false, registrationId: 7 };

describe('job list filters', () => {
  const jobs = [
    makeJob({ jobId: 'a', assignedToId: 7, statusId: 1, typeId: 1, subscriberText: 'Storgata 1, Oslo' }),
    makeJob({ jobId: 'b', assignedToId: 8, statusId: 2, typeId: 2, subscriberText: 'Kirkeveien 5, Oslo', jobTasks: [makeTask({ statusId: 8 })] }),
    makeJob({ jobId: 'c', assignedToId: 7, statusId: 4, typeId: 3, subscriberText: 'Åsveien 3, Bergen', autoCreated: true }),
  ];
  const ids = (f: Partial<typeof EMPTY_JOB_FILTER>, who = admin) => jobs.filter(jobListPredicate({ ...EMPTY_JOB_FILTER, ...f }, who)).map((j) => j.jobId);

  it('hides the automatic status from the status filter', () => {
    expect(STATUS_FILTER_OPTIONS).not.toContain(6);
    expect(STATUS_FILTER_OPTIONS).toEqual([0, 1, 2, 4, 8, 9]);
  });
  it('filters by status, type, address and plumber', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ statusId: 1 })).toEqual(['a']);
    expect(ids({ statusId: 4 })).toEqual(['c']);
    expect(ids({ statusId: 8 })).toEqual(['b']);
    expect(ids({ jobTypeId: 2 })).toEqual(['b']);
    expect(ids({ address: '  ÅSVEIEN ' })).toEqual(['c']);
    expect(ids({ plumberId: 8 })).toEqual(['b']);
  });
  it("forces a plumber's own jobs whatever the plumber filter says", () => {
    expect(ids({}, plumber)).toEqual(['a', 'c']);
    expect(ids({ plumberId: 8 }, plumber)).toEqual(['a', 'c']);
  });
  it('titles a card with its task count, deleted tasks left out', () => {
    expect(jobCardTitle(makeJob({ title: 'Bytte', jobTasks: [makeTask(), makeTask({ taskId: 't2' }), makeTask({ taskId: 't3', isDeleted: true })] }))).toBe('Bytte (2)');
  });
  it('restores a stored filter and drops junk', () => {
    expect(parseJobFilter('{"statusId":2,"jobTypeId":1,"address":"x","plumberId":4}')).toEqual({ statusId: 2, jobTypeId: 1, address: 'x', plumberId: 4 });
    expect(parseJobFilter('{"statusId":6}')).toEqual(EMPTY_JOB_FILTER);
    expect(parseJobFilter('nope')).toEqual(EMPTY_JOB_FILTER);
    expect(parseJobFilter(null)).toEqual(EMPTY_JOB_FILTER);
  });
});

describe('task details back rules (spec 1 §2)', () => {
  const single = makeJob();
  const several = makeJob({ jobTasks: [makeTask(), makeTask({ taskId: 't2', taskNo: 2 })] });
  it('goes to job details with history state from the history page', () => {
    expect(taskBackTarget(single, { fromHistoryPage: true, selectedDate: '2030-01-02' }))
      .toEqual({ kind: 'path', path: '/job/j1', state: { fromHistoryPage: true, selectedDate: '2030-01-02' } });
  });
  it('goes to the schedule when coming from it, to the list for a completed single-task job', () => {
    expect(taskBackTarget(several, { fromMyPlanningPage: true, selectedDate: '2030-01-02' })).toEqual({ kind: 'path', path: '/schedule', state: { selectedDate: '2030-01-02' } });
    expect(taskBackTarget({ ...single, statusId: 4 }, {})).toEqual({ kind: 'path', path: '/joblist' });
  });
  it('goes to job details for several tasks, else one step back', () => {
    expect(taskBackTarget(several, null)).toMatchObject({ kind: 'path', path: '/job/j1' });
    expect(taskBackTarget(single, { fromJobDetailsPage: true })).toEqual({ kind: 'history' });
  });
});

describe('tasks grouped by type', () => {
  it('groups live tasks by job type in task order', () => {
    const job = makeJob({
      jobTasks: [
        makeTask({ taskId: 'a', jobType: 'Replace', taskOrder: 2 }),
        makeTask({ taskId: 'b', jobType: 'Install', taskOrder: 0 }),
        makeTask({ taskId: 'c', jobType: 'Replace', taskOrder: 1 }),
        makeTask({ taskId: 'd', jobType: 'Install', taskOrder: 3, isDeleted: true }),
      ],
    });
    expect(groupTasksByType(job).map((g) => [g.jobType, g.tasks.map((t) => t.taskId)])).toEqual([
      ['Install', ['b']],
      ['Replace', ['c', 'a']],
    ]);
  });
});
