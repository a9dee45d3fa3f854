/**
 * The job list's address filter reads through the replica's word index (db.ts version 4): the same
 * page as checking every job, whether the address matches few jobs (index) or many (walk).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeterworkDb } from '../../src/data/db';
import type { Job } from '../../src/domain/api';
import { addressKeys, addressMatches, addressNeedle, EMPTY_JOB_FILTER, jobListPredicate, type JobListFilter } from '../../src/domain/jobs/list';
import type { Actor } from '../../src/domain/jobs/rules';
import { queryJobListPage } from '../../src/features/jobs/queries';
import { makeJob } from './jobsFixtures';

const admin: Actor = { isAdmin: true, registrationId: 1 };
const plumber: Actor = { isAdmin: false, registrationId: 8 };

describe('address matching', () => {
  it('matches from the start of a word, case and punctuation aside', () => {
    const at = (needle: string) => addressMatches('Kirkeveien 5B, 0368 Oslo', addressNeedle(needle));
    expect(['kirke', 'KIRKEVEIEN 5', 'kirkeveien 5b,', 'oslo', '0368', ' kirkeveien  5b ']).toEqual(
      ['kirke', 'KIRKEVEIEN 5', 'kirkeveien 5b,', 'oslo', '0368', ' kirkeveien  5b '].filter(at));
    expect(['veien', 'kirkeveien 6', 'slo', 'oslo kirkeveien'].filter(at)).toEqual([]);
    expect(addressKeys('Åsveien 3, Åsveien 3 Bergen')).toEqual(['åsveien', '3', 'bergen', 'åsveien 3', '3 åsveien', '3 bergen']);
    expect(addressKeys(' , ')).toEqual([]);
  });
});

/** 2,400 jobs: one street in two (too many for the index), others rare; ties on creation time. */
function makeJobs(): Job[] {
  return Array.from({ length: 2400 }, (_, i) => {
    const street = i % 2 === 0 ? 'Storgata' : i % 97 === 1 ? 'Tyttebærstien' : i % 5 === 1 ? 'Kirkeveien' : 'Elvegata';
    return makeJob({
      jobId: `job-${String((i * 37) % 2400).padStart(4, '0')}`,
      assignedToId: [7, 8][i % 3 === 0 ? 1 : 0],
      statusId: 1 + (i % 3),
      subscriberText: `${street} ${i % 40}, 1338 Sandvika`,
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(),
    });
  });
}

let db: MeterworkDb;
let jobs: Job[];

beforeAll(async () => {
  db = new MeterworkDb(`jobs-address-${Date.now()}`);
  jobs = makeJobs();
  await db.jobs.bulkPut(jobs);
});

afterAll(async () => {
  await db.delete();
});

describe('address filter over the word index', () => {
  it('reads the page a check of every job gives, for few, many and no matches', async () => {
    const f = (over: Partial<JobListFilter>): JobListFilter => ({ ...EMPTY_JOB_FILTER, ...over });
    const filters = [
      f({ address: 'storgata' }), f({ address: 'Storgata 1' }), f({ address: 'tytte' }), f({ address: 'Kirkeveien 11,' }),
      f({ address: 'sandvika kirke' }), f({ address: '1338' }), f({ address: 'finnes ikke' }), f({ address: 'elve', statusId: 2 }),
    ];
    for (const viewer of [admin, plumber]) {
      for (const filter of filters) {
        for (const count of [1, 25, 300]) {
          const all = jobs.filter(jobListPredicate(filter, viewer))
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.jobId.localeCompare(a.jobId));
          const page = await queryJobListPage(db, filter, viewer, count);
          expect({ ids: page.jobs.map((j) => j.jobId), hasMore: page.hasMore }, JSON.stringify({ filter, viewer, count }))
            .toEqual({ ids: all.slice(0, count).map((j) => j.jobId), hasMore: all.length > count });
        }
      }
    }
  });

  it('keeps the index with every write, and reads give plain jobs', async () => {
    await db.jobs.put(makeJob({ jobId: 'moved', subscriberText: 'Blåbærveien 1, Oslo', createdAt: '2030-01-01T00:00:00.000Z' }));
    expect((await queryJobListPage(db, { ...EMPTY_JOB_FILTER, address: 'blåbær' }, admin, 25)).jobs.map((j) => j.jobId)).toEqual(['moved']);
    await db.jobs.update('moved', { subscriberText: 'Multeveien 2, Oslo' });
    expect((await queryJobListPage(db, { ...EMPTY_JOB_FILTER, address: 'blåbær' }, admin, 25)).jobs).toEqual([]);
    const [found] = (await queryJobListPage(db, { ...EMPTY_JOB_FILTER, address: 'multe' }, admin, 25)).jobs;
    expect(found.jobId).toBe('moved');
    expect(Object.keys(found)).not.toContain('addressKeys');
    expect(Object.keys((await db.jobs.get('moved'))!)).not.toContain('addressKeys');
  });
});

describe('schema upgrade', () => {
  it('indexes the addresses of jobs already on the device', async () => {
    const name = `jobs-address-upgrade-${Date.now()}`;
    const old = new Dexie(name);
    old.version(3).stores({ jobs: 'jobId, refNr, statusId, typeId, assignedToId, createdAt, updatedAt, scheduledDate, [createdAt+jobId], [assignedToId+createdAt+jobId], [statusId+createdAt+jobId]' });
    await old.table('jobs').bulkPut([makeJob({ jobId: 'a', subscriberText: 'Fjellveien 3, Bergen' }), makeJob({ jobId: 'b', subscriberText: 'Storgata 1, Oslo' })]);
    old.close();
    const upgraded = new MeterworkDb(name);
    expect(await upgraded.jobs.where('addressKeys').startsWith('fjellveien 3').primaryKeys()).toEqual(['a']);
    expect((await queryJobListPage(upgraded, { ...EMPTY_JOB_FILTER, address: 'bergen' }, admin, 25)).jobs.map((j) => j.jobId)).toEqual(['a']);
    await upgraded.delete();
  });
});
