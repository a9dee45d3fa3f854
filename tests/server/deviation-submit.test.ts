/**
 * Submit as deviation (spec 2 §2.4; POST /api/ErroneousScheduleItem/{id}/deviation, the rules:
 * src/domain/schemas/erroneous.ts and server/services/scheduling/deviation.ts): the item closes with a
 * deviation that shows on its job. For each status the page lists, the job is made (or the one it has is
 * taken), its task reported with the admin's causes and note, the job completed, and the item Deviation
 * (Obstacle with obstacles only); the plumber's device hears it through the change feed. Refused, with
 * nothing written: a status changed since the page read it, a status the table does not take (Scheduled,
 * Cancelled, settled ones), a cause the list does not know, a meter point without a property, a plumber,
 * another company's admin. Two submissions at once, to two server processes on one database, make one job.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, TaskStatus } from '../../src/domain/enums';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import type { Job } from '../../src/domain/schemas';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { jobs, scheduleItems, tasks } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { startTestApp, type TestApp } from '../helpers/app';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { createJob, EMAILS, FORBIDDEN, plainSite, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
/** A second server process on the same database. */
let second: TestApp;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-deviation-'));
beforeAll(async () => {
  demo = await startDemo({ dataDir });
  second = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
});
afterAll(async () => {
  await second?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => demo.t.database.db;
const w = weekAhead(6);
const days = isoWeekDates(w.year, w.weekNo);
let slot = 0;
// From the reference list (migration 0002): 1 and 3 are deviations, 7 ("Ingen hjemme") and 10 ("Kunden nektet arbeidet") obstacles.
const LEAK = 1;
const WRONG_SIZE = 3;
const NOBODY_HOME = 7;
const REFUSED = 10;

/** Items of Ola's week six weeks ahead, half an hour each, on the register's property unless `noProperty`. */
async function lay(statuses: number[], opts: { noProperty?: boolean } = {}): Promise<number[]> {
  const { companyId } = await companyOf(demo, 'kari');
  const ola = await registrationOf(demo, 'ola');
  const points = await addPoints(demo, 'kari', statuses.length);
  const site = await plainSite(demo);
  return db().transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, ola, w.year, w.weekNo);
    const made = await insertItems(tx, statuses.map((status, i) => {
      const n = slot++;
      const date = days[Math.floor(n / 16) % 5];
      const at = 7 * 60 + 30 * (n % 16);
      return {
        scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Avviksveien ${n}, 1337 Sandvika`,
        agreementNo: 'AG', duration: 30, latitude: 59.9, longitude: 10.5, sequenceNumber: n + 1, isScheduled: true, scheduledDate: date, status,
        startTime: osloInstant(date, at), endTime: osloInstant(date, at + 30), matrikkelenhetId: opts.noProperty ? null : site.nr,
        contactInformation: { id: 0, scheduleItemId: 0, mobileNo: String(93_600_000 + n), contactPerson: { name: 'Eier' } },
      };
    }));
    return made.map((m) => m.id);
  });
}

const statusOf = async (id: number) => (await db().select({ s: scheduleItems.status }).from(scheduleItems).where(eq(scheduleItems.id, id)))[0].s;
const jobsOf = async (id: number) => db().select({ jobId: tasks.jobId }).from(tasks).where(eq(tasks.scheduleItemId, id));
const submit = (id: number, body: Record<string, unknown>, who: 'kari' | 'ola' | 'lars' = 'kari', headers?: Record<string, string>) =>
  demo.api(who, 'POST', `/api/ErroneousScheduleItem/${id}/deviation`, body, headers);

describe('submit as deviation', () => {
  it('closes each listed status with a completed job whose task carries the causes and the note; the plumber\'s feed has the job', async () => {
    const listed = [S.Rejected, S.Unknown, S.NoReply, S.NotificationFailed, S.SmsApiFailed, S.JobCreationFailed];
    const ids = await lay(listed);
    for (const [i, id] of ids.entries()) {
      const res = await submit(id, { status: listed[i], deviationIds: [LEAK, NOBODY_HOME], note: `  Ringt eier ${i}  ` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ jobCreated: true });
      expect(await statusOf(id)).toBe(S.Deviation);
      const job = (await demo.api('kari', 'GET', `/api/jobs/${res.body.jobId}`)).body as Job;
      expect(job).toMatchObject({ statusId: JobStatus.Completed, autoCreated: true, assignedToId: await registrationOf(demo, 'ola') });
      expect(job.jobTasks).toHaveLength(1);
      expect(job.jobTasks[0]).toMatchObject({
        scheduleItemId: id, statusId: TaskStatus.Deviation,
        additionalDetailsRequest: {
          obstacle: true, note: `Ringt eier ${i}`,
          deviationList: [{ id: LEAK, value: 'Lekkasje ved eksisterende måler', deviationType: 0 }, { id: NOBODY_HOME, value: 'Ingen hjemme', deviationType: 1 }],
        },
      });
    }
    // Ola's device hears the completed jobs through its change feed.
    let page = (await demo.api('ola', 'GET', '/api/sync/changes')).body as { jobs: Job[]; cursor: string; hasMore: boolean };
    const seen = new Map<string, Job>();
    const take = (p: typeof page) => { for (const j of p.jobs) seen.set(j.jobId, j); };
    take(page);
    while (page.hasMore) { page = (await demo.api('ola', 'GET', `/api/sync/changes?since=${encodeURIComponent(page.cursor)}`)).body; take(page); }
    const made = (await db().select({ jobId: tasks.jobId }).from(tasks).where(inArray(tasks.scheduleItemId, ids))).map((r) => r.jobId);
    for (const jobId of made) expect(seen.get(jobId)?.statusId, `job ${jobId} in Ola's feed`).toBe(JobStatus.Completed);
  });

  it('obstacles only make the item Obstacle and the task Obstacle', async () => {
    const [id] = await lay([S.Rejected]);
    const res = await submit(id, { status: S.Rejected, deviationIds: [REFUSED] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(id)).toBe(S.Obstacle);
    const [task] = await db().select().from(tasks).where(eq(tasks.scheduleItemId, id));
    expect(task.statusId).toBe(TaskStatus.Obstacle);
    expect(task.additionalDetailsRequest).toEqual({ obstacle: true, deviationList: [{ id: REFUSED, value: 'Kunden nektet arbeidet', deviationType: 1 }] });
  });

  it('a JobCreationFailed item that has a job keeps that one job', async () => {
    const [id] = await lay([S.JobCreationFailed]);
    const made = await createJob(demo, 'kari', 'ola');
    await db().update(tasks).set({ scheduleItemId: id }).where(eq(tasks.jobId, made.jobId));
    const res = await submit(id, { status: S.JobCreationFailed, deviationIds: [WRONG_SIZE] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ jobId: made.jobId, jobCreated: false });
    expect(await jobsOf(id)).toEqual([{ jobId: made.jobId }]);
    expect((await db().select({ s: jobs.statusId }).from(jobs).where(eq(jobs.id, made.jobId)))[0].s).toBe(JobStatus.Completed);
  });

  it('refuses, writing nothing: a status changed meanwhile, one the table does not take, an unknown cause, no property', async () => {
    const [rejected, scheduled, cancelled, confirmed, bare] = [
      ...(await lay([S.Rejected, S.Scheduled, S.Cancelled, S.JobCreated])), ...(await lay([S.NoReply], { noProperty: true })),
    ];
    const changed = await submit(rejected, { status: S.NoReply, deviationIds: [LEAK] });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ errorKey: 'Scheduling.StatusChanged' });
    for (const [id, status] of [[scheduled, S.Scheduled], [cancelled, S.Cancelled], [confirmed, S.JobCreated]] as const) {
      const res = await submit(id, { status, deviationIds: [LEAK] });
      expect(res.status, `status ${status}`).toBe(409);
      expect(res.body).toMatchObject({ errorKey: 'Scheduling.StatusNotAllowed' });
      expect(await statusOf(id)).toBe(status);
    }
    const unknown = await submit(rejected, { status: S.Rejected, deviationIds: [LEAK, 999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('999 is not a cause on the deviation list');
    const noProperty = await submit(bare, { status: S.NoReply, deviationIds: [LEAK] });
    expect(noProperty.status).toBe(400);
    expect(noProperty.body).toMatchObject({ errorKey: 'Scheduling.NoPropertyForItem' });
    for (const body of [{ status: S.Rejected, deviationIds: [] }, { status: S.Rejected, deviationIds: [LEAK, LEAK] }, { status: S.Rejected, deviationIds: [LEAK], note: 'x'.repeat(4001) }, { status: S.Rejected, deviationIds: [LEAK], extra: 1 }]) {
      expect((await submit(rejected, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await statusOf(rejected)).toBe(S.Rejected);
    expect(await statusOf(bare)).toBe(S.NoReply);
    expect([...(await jobsOf(rejected)), ...(await jobsOf(bare))]).toEqual([]);
  });

  it('is an admin\'s with an agreement in force: a plumber and an admin without one are refused', async () => {
    const [id] = await lay([S.Rejected]);
    const plumber = await submit(id, { status: S.Rejected, deviationIds: [LEAK] }, 'ola');
    expect(plumber.status).toBe(403);
    expect(plumber.body.message).toBe(FORBIDDEN);
    // Lars (Bekkestua, no agreement) is refused before his company is looked at.
    expect((await submit(id, { status: S.Rejected, deviationIds: [LEAK] }, 'lars')).status).toBe(403);
    expect(await statusOf(id)).toBe(S.Rejected);
    expect(await jobsOf(id)).toEqual([]);
  });

  it('two submissions at once, one to each of two server processes, make one job; a repeat with its idempotency key gets the same answer', async () => {
    // Signed in once, at the first process's provider: the second checks the same token (one database, one issuer).
    const kari = await demo.t.login(EMAILS.kari, DEMO_PASSWORD);
    for (let round = 0; round < 5; round += 1) {
      const [id] = await lay([S.Unknown]);
      const body = { status: S.Unknown, deviationIds: [LEAK] };
      const both = await Promise.all([submit(id, body), second.api(kari, 'POST', `/api/ErroneousScheduleItem/${id}/deviation`, body)]);
      expect(both.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect(await jobsOf(id)).toHaveLength(1);
      expect(await statusOf(id)).toBe(S.Deviation);
    }
    const [again] = await lay([S.Unknown]);
    const key = { 'idempotency-key': `deviation-${Date.now()}` };
    const first = await submit(again, { status: S.Unknown, deviationIds: [LEAK] }, 'kari', key);
    const repeat = await submit(again, { status: S.Unknown, deviationIds: [LEAK] }, 'kari', key);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await jobsOf(again)).toHaveLength(1);
  });
});
