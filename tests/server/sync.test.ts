/** GET /api/sync/changes: the per-user change feed with tombstones, resets and pages. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeFeed, Job } from '../../src/domain/api';
import { jobs } from '../../server/db/schema';
import { insertSyntheticJobs } from '../../server/db/seed';
import { FEED_PAGE_SIZE } from '../../server/services/sync';
import { createJob, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
let reg: Record<'ola' | 'per' | 'nora', number>;
beforeAll(async () => {
  demo = await startDemo();
  reg = { ola: await demo.reg('ola'), per: await demo.reg('per'), nora: await demo.reg('nora') };
});
afterAll(async () => {
  await demo?.close();
});

type Feed = ChangeFeed & { hasMore: boolean };
const feed = async (p: Person, since?: string): Promise<Feed> => {
  const res = await demo.api(p, 'GET', `/api/sync/changes${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** Follows hasMore to the end; returns every job seen and the last cursor. */
async function drain(p: Person, since?: string) {
  const seen: Job[] = [];
  const deleted: string[] = [];
  let page = await feed(p, since);
  const reset = page.reset;
  for (;;) {
    seen.push(...page.jobs);
    deleted.push(...page.deletedJobIds);
    if (!page.hasMore) break;
    page = await feed(p, page.cursor);
    expect(page.reset).toBe(false);
  }
  return { reset, jobs: seen, deleted, cursor: page.cursor };
}

describe('change feed', () => {
  it('starts with a reset holding every job the user may see', async () => {
    const admin = await drain('kari');
    expect(admin.reset).toBe(true);
    const companyA = admin.jobs[0].companyId;
    const visible = await demo.t.database.db.$count(jobs, sql`${jobs.companyId} = ${companyA} and ${jobs.deletedAt} is null`);
    expect(admin.jobs).toHaveLength(visible);
    expect(admin.jobs.every((j) => j.companyId === companyA)).toBe(true);

    const ola = await drain('ola');
    expect(ola.jobs.length).toBeGreaterThan(0);
    expect(ola.jobs.every((j) => j.assignedToId === reg.ola)).toBe(true);
    expect(ola.jobs[0].jobTasks.length).toBeGreaterThan(0);
  });

  it('resets on a malformed or unknown cursor', async () => {
    expect((await feed('ola', 'abc')).reset).toBe(true);
    expect((await feed('ola', '999999999999')).reset).toBe(true);
    const { cursor } = await drain('ola');
    const nothing = await feed('ola', cursor);
    expect(nothing).toMatchObject({ reset: false, jobs: [], deletedJobIds: [], hasMore: false, cursor });
  });

  it('sends changed jobs after the cursor, and deletions as tombstones', async () => {
    const start = (await drain('ola')).cursor;
    const job = await createJob(demo, 'kari', 'ola');
    const created = await feed('ola', start);
    expect(created.jobs.map((j) => j.jobId)).toEqual([job.jobId]);

    await demo.api('ola', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'endret', status: 1, severity: 2 });
    const changed = await feed('ola', created.cursor);
    expect(changed.jobs).toHaveLength(1);
    expect(changed.jobs[0].notes).toBe('endret');

    await demo.api('kari', 'DELETE', '/api/Jobs', { jobList: [{ jobId: job.jobId }] });
    const gone = await feed('ola', changed.cursor);
    expect(gone.jobs).toEqual([]);
    expect(gone.deletedJobIds).toEqual([job.jobId]);
    const adminGone = await feed('kari', changed.cursor);
    expect(adminGone.deletedJobIds).toContain(job.jobId);
  });

  it('takes a reassigned job out of the old assignee\'s feed and into the new one\'s', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const olaCursor = (await drain('ola')).cursor;
    const perCursor = (await drain('per')).cursor;
    const adminCursor = (await drain('kari')).cursor;
    await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [job.jobId], assigneeId: reg.per, assigneeName: 'Per' });

    const ola = await feed('ola', olaCursor);
    expect(ola.deletedJobIds).toEqual([job.jobId]);
    expect(ola.jobs).toEqual([]);
    const per = await feed('per', perCursor);
    expect(per.jobs.map((j) => j.jobId)).toEqual([job.jobId]);
    expect(per.deletedJobIds).toEqual([]);
    const admin = await feed('kari', adminCursor);
    expect(admin.jobs.map((j) => j.jobId)).toEqual([job.jobId]);
    expect(admin.deletedJobIds).toEqual([]);

    // Back to Ola: the job returns to his feed and is not reported deleted.
    await demo.api('kari', 'PUT', '/api/Jobs', { jobsList: [job.jobId], assigneeId: reg.ola, assigneeName: 'Ola' });
    const back = await feed('ola', olaCursor);
    expect(back.jobs.map((j) => j.jobId)).toEqual([job.jobId]);
    expect(back.deletedJobIds).not.toContain(job.jobId);
  });

  it('pages large feeds without losing or repeating a job', async () => {
    await insertSyntheticJobs(demo.t.database.db, 1500);
    const all = await drain('lars');
    const companyB = all.jobs[0].companyId;
    const visible = await demo.t.database.db.$count(jobs, sql`${jobs.companyId} = ${companyB} and ${jobs.deletedAt} is null`);
    expect(visible).toBeGreaterThan(FEED_PAGE_SIZE);
    expect(all.jobs).toHaveLength(visible);
    expect(new Set(all.jobs.map((j) => j.jobId)).size).toBe(visible);
    expect(all.jobs.every((j) => j.companyId === companyB)).toBe(true);
  });

  it('never shows another company\'s changes', async () => {
    const noraCursor = (await drain('nora')).cursor;
    await createJob(demo, 'kari', 'ola');
    expect((await feed('nora', noraCursor)).jobs).toEqual([]);
  });
});
