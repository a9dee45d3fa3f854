import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeterworkDb } from '../../src/data/db';
import type { OutboxEntry } from '../../src/data/commands';
import { EMPTY_JOB_FILTER } from '../../src/domain/jobs/list';
import { outboxMarkers, queryJobListPage, queryKnownProperties } from '../../src/features/jobs/queries';
import { queryScheduleDay } from '../../src/features/schedule/queries';
import { osloInstant } from '../../src/domain/time/oslo';
import { makeJob, makeTask } from './jobsFixtures';

const admin = { isAdmin: true, registrationId: 1 };
const plumber = { isAdmin: false, registrationId: 7 };
let db: MeterworkDb;

beforeAll(async () => {
  db = new MeterworkDb(`jobs-queries-${Date.now()}`);
  const base = Date.UTC(2025, 0, 1);
  const jobs = Array.from({ length: 120 }, (_, i) => makeJob({
    jobId: `job-${String(i).padStart(3, '0')}`,
    refNr: 1000 + i,
    assignedToId: i % 3 === 0 ? 7 : 8,
    statusId: i % 2 === 0 ? 1 : 2,
    subscriberText: i % 10 === 0 ? `Kirkeveien ${i}, Oslo` : `Storgata ${i}, Oslo`,
    createdAt: new Date(base + i * 3_600_000).toISOString(),
    jobTasks: [makeTask({ jobId: `job-${i}`, taskId: `task-${i}` })],
  }));
  await db.jobs.bulkPut(jobs);
});

afterAll(async () => {
  await db.delete();
});

describe('job list page query', () => {
  it('gives the newest jobs first, a page at a time, and says when more exist', async () => {
    const first = await queryJobListPage(db, EMPTY_JOB_FILTER, admin, 25);
    expect(first.jobs).toHaveLength(25);
    expect(first.jobs[0].jobId).toBe('job-119');
    expect(first.jobs[24].jobId).toBe('job-095');
    expect(first.hasMore).toBe(true);
    const all = await queryJobListPage(db, EMPTY_JOB_FILTER, admin, 125);
    expect(all.jobs).toHaveLength(120);
    expect(all.hasMore).toBe(false);
  });

  it('filters while walking and shows a plumber only their own jobs', async () => {
    const own = await queryJobListPage(db, EMPTY_JOB_FILTER, plumber, 25);
    expect(own.jobs.every((j) => j.assignedToId === 7)).toBe(true);
    expect(own.jobs[0].jobId).toBe('job-117');
    const street = await queryJobListPage(db, { ...EMPTY_JOB_FILTER, address: 'kirkeveien', statusId: 1 }, admin, 25);
    expect(street.jobs.map((j) => j.refNr)).toEqual([1110, 1100, 1090, 1080, 1070, 1060, 1050, 1040, 1030, 1020, 1010, 1000]);
    expect(street.hasMore).toBe(false);
  });

  it('finds known properties offline, one per property', async () => {
    const known = await queryKnownProperties(db, 'kirkeveien', 5);
    expect(known).toHaveLength(5);
    expect(known.map((p) => p.addressText)).toEqual(['Kirkeveien 110, Oslo', 'Kirkeveien 100, Oslo', 'Kirkeveien 90, Oslo', 'Kirkeveien 80, Oslo', 'Kirkeveien 70, Oslo']);
    expect(known[0]).toMatchObject({ matrikkelenhetId: 555, addressId: 11, location: { x: 597000, y: 6643000, srs: 25832 } });
    expect(await queryKnownProperties(db, '   ', 5)).toEqual([]);
  });
});

describe('my schedule day', () => {
  it("gives the user's own jobs of one Oslo day, by time", async () => {
    const day = '2031-05-06';
    const at = (h: number, m = 0) => osloInstant(day, h * 60 + m).toISOString();
    await db.jobs.bulkPut([
      makeJob({ jobId: 's1', assignedToId: 7, scheduledDate: at(14) }),
      makeJob({ jobId: 's2', assignedToId: 7, scheduledDate: at(0, 0).replace('.000Z', 'Z') }),
      makeJob({ jobId: 's3', assignedToId: 8, scheduledDate: at(9) }),
      makeJob({ jobId: 's4', assignedToId: 7, scheduledDate: osloInstant('2031-05-07', 0).toISOString() }),
      makeJob({ jobId: 's5', assignedToId: 7, scheduledDate: at(8, 30) }),
    ]);
    expect((await queryScheduleDay(db, 7, day)).map((j) => j.jobId)).toEqual(['s2', 's5', 's1']);
  });

  it('a day the clocks go back has 25 hours: 02:30 twice and 23:59 are in it, the next midnight is not', async () => {
    const day = '2026-10-25';
    await db.jobs.bulkPut([
      makeJob({ jobId: 'd1', assignedToId: 9, scheduledDate: '2026-10-24T22:00:00.000Z' }), // 00:00 summer time
      makeJob({ jobId: 'd2', assignedToId: 9, scheduledDate: '2026-10-25T00:30:00.000Z' }), // 02:30 summer time
      makeJob({ jobId: 'd3', assignedToId: 9, scheduledDate: '2026-10-25T01:30:00.000Z' }), // 02:30 winter time
      makeJob({ jobId: 'd4', assignedToId: 9, scheduledDate: '2026-10-25T22:59:00.000Z' }), // 23:59
      makeJob({ jobId: 'd5', assignedToId: 9, scheduledDate: '2026-10-25T23:00:00.000Z' }), // 00:00 on the 26th
      makeJob({ jobId: 'd6', assignedToId: 9, scheduledDate: '2026-10-24T21:59:00.000Z' }), // 23:59 on the 24th
    ]);
    expect((await queryScheduleDay(db, 9, day)).map((j) => j.jobId)).toEqual(['d1', 'd2', 'd3', 'd4']);
  });
});

describe('outbox markers', () => {
  it('counts pending entries and lists failures with the reason per job', () => {
    const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
      type: 'updateNote', body: { jobId: 'a', notes: '', status: 1, severity: 2 }, key: 'k', status: 'pending', userId: 'u',
      actor: { userId: 'u', isAdmin: false, registrationId: 7, companyId: null }, jobId: 'a', createdAt: '', attempts: 0, ...over,
    } as OutboxEntry);
    const m = outboxMarkers([
      entry({ seq: 1, jobIds: ['a'] }), entry({ seq: 2, jobIds: ['a', 'b'] }),
      entry({ seq: 3, status: 'failed', jobIds: ['a'], error: { status: 403, message: "You don' have access to this API call" } }),
      entry({ seq: 4, jobId: null, jobIds: ['c'] }),
    ], ['a']);
    expect(m.get('a')).toEqual({ pending: 2, failed: [{ seq: 3, message: "You don' have access to this API call", status: 403, errorKey: undefined }] });
    expect(m.size).toBe(1);
  });
});
