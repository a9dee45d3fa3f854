import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/data/commands';
import { db as appDb, MeterworkDb } from '../../src/data/db';
import type { Job } from '../../src/domain/api';
import { EMPTY_JOB_FILTER, jobListPredicate, type JobListFilter } from '../../src/domain/jobs/list';
import type { Actor } from '../../src/domain/jobs/rules';
import { setLocalReplayState } from '../../src/data/status';
import { liveJobList, REPLAY_REFRESH_MS } from '../../src/features/jobs/jobListStore';
import { keepUnchanged, outboxMarkers, queryJobListData, queryJobListPage, queryOutboxMarkers, type JobListData } from '../../src/features/jobs/queries';
import { makeJob, makeTask } from './jobsFixtures';

const admin: Actor = { isAdmin: true, registrationId: 1 };
const plumber: Actor = { isAdmin: false, registrationId: 8 };
const STREETS = ['Storgata', 'Kirkeveien', 'Elvegata', 'Tyttebærstien'];

/** Varied jobs; every seventh shares its creation time with the one before (ties go by jobId). */
function makeJobs(count: number): Job[] {
  const base = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const jobId = `job-${String((i * 37) % count).padStart(4, '0')}`;
    const at = i % 7 === 6 ? i - 1 : i;
    return makeJob({
      jobId,
      refNr: 1000 + i,
      statusId: 1 + (i % 5),
      typeId: 1 + (i % 3),
      assignedToId: [7, 8, 9][i % 4 === 3 ? 2 : i % 2],
      autoCreated: i % 11 === 0,
      subscriberText: `${STREETS[i % 13 === 0 ? 3 : i % 3]} ${i}, Oslo`,
      createdAt: new Date(base + at * 60_000).toISOString(),
      jobTasks: [makeTask({ jobId, taskId: `${jobId}-t`, statusId: i % 9 === 0 ? 8 : i % 10 === 0 ? 9 : 4 })],
    });
  });
}

/** The list as the spec has it, by brute force: matching jobs, newest first (ties: higher jobId first). */
function expected(jobs: Job[], filter: JobListFilter, viewer: Actor, count: number) {
  const all = jobs.filter(jobListPredicate(filter, viewer))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.jobId.localeCompare(a.jobId));
  return { ids: all.slice(0, count).map((j) => j.jobId), hasMore: all.length > count };
}

/** The next value of a live query that passes `test`. */
/**
 * The first live answer that passes `test`. A live query may answer more than once on its way to the
 * awaited state (under load it often does): a waiter that saw a non-matching answer waits again. (It
 * used to wait once, so a busy machine made the test time out.)
 */
function nextMatching<T>(values: T[], waiters: (() => void)[], test: (v: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching live answer among ${values.length}`)), 25_000);
    const check = () => {
      const hit = values.find(test);
      if (!hit) return false;
      clearTimeout(timer);
      resolve(hit);
      return true;
    };
    const waiter = () => {
      if (!check()) waiters.push(waiter);
    };
    waiter();
  });
}

let db: MeterworkDb;
let jobs: Job[];

beforeAll(async () => {
  db = new MeterworkDb(`jobs-list-query-${Date.now()}`);
  jobs = makeJobs(400);
  await db.jobs.bulkPut(jobs);
});

afterAll(async () => {
  await db.delete();
});

describe('job list page query', () => {
  const f = (over: Partial<JobListFilter>): JobListFilter => ({ ...EMPTY_JOB_FILTER, ...over });
  const filters: JobListFilter[] = [
    f({}), f({ statusId: 1 }), f({ statusId: 2 }), f({ statusId: 4 }), f({ statusId: 8 }), f({ statusId: 9 }),
    f({ jobTypeId: 2 }), f({ address: 'tyttebær' }), f({ address: 'finnes ikke' }), f({ plumberId: 9 }),
    f({ plumberId: 7, statusId: 1 }), f({ statusId: 2, jobTypeId: 3, address: 'kirke' }),
  ];

  it('reads exactly the page a walk over all jobs gives, for every filter, viewer and count', async () => {
    for (const viewer of [admin, plumber]) {
      for (const filter of filters) {
        for (const count of [1, 25, 60, 500]) {
          const page = await queryJobListPage(db, filter, viewer, count);
          const want = expected(jobs, filter, viewer, count);
          expect({ ids: page.jobs.map((j) => j.jobId), hasMore: page.hasMore }, JSON.stringify({ filter, viewer, count })).toEqual(want);
        }
      }
    }
  });

  it('stays live: new jobs, status changes and outbox entries reach the answer', async () => {
    const values: JobListData[] = [];
    const waiters: (() => void)[] = [];
    const sub = liveQuery(() => queryJobListData(db, f({ statusId: 1 }), admin, 25)).subscribe((v) => {
      values.push(v);
      waiters.splice(0).forEach((w) => w());
    });
    try {
      const first = await nextMatching(values, waiters, () => true);
      expect(first.page.jobs.every((j) => j.statusId === 1)).toBe(true);
      expect(first.markers.size).toBe(0);

      await db.jobs.put(makeJob({ jobId: 'newest', statusId: 1, createdAt: '2030-01-01T00:00:00.000Z' }));
      await nextMatching(values, waiters, (v) => v.page.jobs[0]?.jobId === 'newest');

      const shown = first.page.jobs[3].jobId;
      await db.jobs.update(shown, { statusId: 2 });
      await nextMatching(values, waiters, (v) => v.page.jobs[0]?.jobId === 'newest' && !v.page.jobs.some((j) => j.jobId === shown));

      const other = first.page.jobs[5].jobId;
      await db.outbox.add({
        type: 'updateNote', body: { jobId: other, notes: '', status: 1, severity: 2 }, key: 'k1', status: 'pending', userId: 'u',
        actor: { userId: 'u', isAdmin: true, registrationId: 1, companyId: null }, jobId: other, jobIds: [other], createdAt: '', attempts: 0,
      } as OutboxEntry);
      const marked = await nextMatching(values, waiters, (v) => v.markers.has(other));
      expect(marked.markers.get(other)).toEqual({ pending: 1, failed: [] });
    } finally {
      sub.unsubscribe();
      await db.jobs.delete('newest');
      await db.outbox.clear();
    }
  });
});

describe('outbox markers from counts', () => {
  it('match what reading every entry gives: several jobs per command, failed ones with their message', async () => {
    const db = new MeterworkDb('markers-test');
    const actor = { userId: 'u', isAdmin: true, registrationId: 1, companyId: null };
    const entry = (key: string, jobIds: string[], failed = false) => ({
      type: 'updateNote', body: { jobId: jobIds[0], notes: '', status: 1, severity: 2 }, key, status: failed ? 'failed' : 'pending', userId: 'u',
      actor, jobId: jobIds[0], jobIds, createdAt: '', attempts: 0,
      ...(failed ? { error: { status: 400, message: `refused ${key}`, errorKey: 'InvalidInput' } } : {}),
    }) as OutboxEntry;
    try {
      await db.outbox.bulkAdd([
        entry('a1', ['a']), entry('a2', ['a']), entry('ab', ['a', 'b']), entry('b-failed', ['b'], true),
        entry('c-failed', ['c'], true), entry('z', ['z']),
      ]);
      const jobIds = ['a', 'b', 'c', 'd'];
      const byCounts = await queryOutboxMarkers(db, jobIds);
      const byReading = outboxMarkers(await db.outbox.toArray(), jobIds);
      expect([...byCounts].sort()).toEqual([...byReading].sort());
      expect(byCounts.get('a')).toEqual({ pending: 3, failed: [] });
      expect(byCounts.get('b')).toEqual({ pending: 1, failed: [{ seq: 4, message: 'refused b-failed', status: 400, errorKey: 'InvalidInput' }] });
      expect(byCounts.get('c')?.pending).toBe(0);
      expect(byCounts.has('d')).toBe(false);
      expect(byCounts.has('z')).toBe(false);
    } finally {
      db.close();
      await db.delete();
    }
  });
});

describe('keeping what did not change', () => {
  const data = (list: Job[]): JobListData => ({
    page: { jobs: list, hasMore: false }, markers: new Map(), jobTypes: [{ id: 1, name: 'Ny', shortName: 'Install' }], jobStatuses: [], plumbers: [],
  });

  it('gives the shown answer back when a new read found the same', () => {
    const shown = data([makeJob({ jobId: 'a' }), makeJob({ jobId: 'b' })]);
    expect(keepUnchanged(shown, structuredClone(shown))).toBe(shown);
  });

  it('keeps unchanged jobs and lists, and takes what changed', () => {
    const a = makeJob({ jobId: 'a' });
    const shown = data([a, makeJob({ jobId: 'b' })]);
    const next = structuredClone(data([makeJob({ jobId: 'c' }), a, makeJob({ jobId: 'b', statusId: 2 })]));
    const merged = keepUnchanged(shown, next);
    expect(merged).not.toBe(shown);
    expect(merged.page.jobs.map((j) => j.jobId)).toEqual(['c', 'a', 'b']);
    expect(merged.page.jobs[1]).toBe(a);
    expect(merged.page.jobs[2]).toBe(next.page.jobs[2]);
    expect(merged.jobTypes).toBe(shown.jobTypes);
  });
});

describe('live job list answers', () => {
  it('shares one live answer per filter, count and viewer, and tells its listeners of changes', async () => {
    await appDb.jobs.bulkPut(makeJobs(60));
    const live = liveJobList(EMPTY_JOB_FILTER, admin, 25);
    expect(liveJobList({ ...EMPTY_JOB_FILTER }, { ...admin }, 25)).toBe(live);
    expect(liveJobList(EMPTY_JOB_FILTER, admin, 50)).not.toBe(live);

    const first = await live.first;
    expect(live.getSnapshot()).toBe(first);
    expect(first.page.jobs).toHaveLength(25);

    let heard = 0;
    const unsubscribe = live.subscribe(() => {
      heard += 1;
    });
    await appDb.jobs.put(makeJob({ jobId: 'newest', createdAt: '2030-01-01T00:00:00.000Z' }));
    await expect.poll(() => live.getSnapshot()?.page.jobs[0].jobId).toBe('newest');
    expect(heard).toBeGreaterThan(0);
    // Jobs that did not change keep their objects.
    expect(live.getSnapshot()?.page.jobs[1]).toBe(first.page.jobs[0]);
    unsubscribe();
  });

  it('while the outbox is replayed, reads again every REPLAY_REFRESH_MS instead of after every write, and is live again after', async () => {
    await appDb.jobs.bulkPut(makeJobs(60));
    const live = liveJobList(EMPTY_JOB_FILTER, admin, 30);
    const shown = (await live.first).page.jobs.map((j) => j.jobId);
    // Each read of the list is told to its listeners (an unchanged answer too, as the same object).
    const reads: number[] = [];
    const unsubscribe = live.subscribe(() => reads.push(Date.now()));
    const note = (i: number) => ({
      type: 'updateNote', body: { jobId: shown[i % 5], notes: `${i}`, status: 1, severity: 2 }, key: `replay-${i}`, status: 'pending', userId: 'u',
      actor: { userId: 'u', isAdmin: true, registrationId: 1, companyId: null }, jobId: shown[i % 5], jobIds: [shown[i % 5]], createdAt: '', attempts: 0,
    }) as OutboxEntry;
    try {
      setLocalReplayState({ replaying: true, done: 0, total: 40 });
      reads.length = 0;
      const t0 = Date.now();
      // 40 writes, each its own transaction, as a replay settles its answers.
      for (let i = 0; i < 40; i++) await appDb.outbox.add(note(i));
      await expect.poll(() => live.getSnapshot()?.markers.get(shown[0])?.pending, { timeout: 5 * REPLAY_REFRESH_MS }).toBe(8);
      // At most one read per REPLAY_REFRESH_MS (and the one the switch made), not one per write.
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.length).toBeLessThanOrEqual(2 + Math.ceil((Date.now() - t0) / REPLAY_REFRESH_MS));

      setLocalReplayState({ replaying: false, done: 0, total: 0 });
      await appDb.outbox.add(note(40));
      await expect.poll(() => live.getSnapshot()?.markers.get(shown[0])?.pending, { timeout: REPLAY_REFRESH_MS - 100 }).toBe(9);
    } finally {
      setLocalReplayState({ replaying: false, done: 0, total: 0 });
      unsubscribe();
      await appDb.outbox.clear();
    }
  });
});
