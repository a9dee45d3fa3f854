/**
 * Issue 5 §2: the task-form rules of spec 1 §5 that the server enforces on a sent report (not on a
 * draft), with the spec's error names, and nothing written when one fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/api';
import { JobType, TaskStatus } from '../../src/domain/enums';
import { tokenClaims } from '../helpers/app';
import { completeForms, createJob, jobRow, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-rules-'));
  demo = await startDemo({ dataDir });
});
afterAll(async () => {
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Forms = ReturnType<typeof completeForms>;
const today = () => new Date().toISOString();
const tomorrow = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

const report = (job: Job, task: Record<string, unknown>, taskId = job.jobTasks[0].taskId) =>
  demo.api('ola', 'POST', `/api/jobs/task/${taskId}`, { ...job, isDraft: false, jobTasks: job.jobTasks.map((t) => (t.taskId === taskId ? { ...t, ...task } : t)) });

/** A report of a fresh Replace job with the forms changed by `change`; asserts nothing was written on a refusal. */
async function tryReport(change: (f: Forms) => void, jobTypeId: number = JobType.Replace) {
  const names: Record<number, string> = { 1: 'Install', 2: 'Replace', 3: 'Dismantle' };
  const job = await createJob(demo, 'kari', 'ola', { jobTypeId, jobType: names[jobTypeId] });
  const forms = completeForms();
  change(forms);
  const res = await report(job, forms);
  if (res.status !== 200) expect((await jobRow(demo, job.jobId)).version).toBe(job.version);
  return res;
}

describe('a complete report passes; drafts are not checked', () => {
  it('completes the task with complete forms', async () => {
    const res = await tryReport(() => {});
    expect(res.status).toBe(200);
    expect(res.body.jobTasks[0].statusId).toBe(TaskStatus.Completed);
  });

  it('saves a half-filled draft', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('ola', 'POST', `/api/jobs/task/${job.jobTasks[0].taskId}`, { ...job, isDraft: true, jobTasks: [{ ...job.jobTasks[0], newWaterMeterObj: { serialNo: 'x' } }] });
    expect(res.status).toBe(200);
  });
});

describe('the new meter', () => {
  it('is required for a replacement', async () => {
    const res = await tryReport((f) => { (f as { newWaterMeterObj: unknown }).newWaterMeterObj = null; });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body/jobTasks/0/newWaterMeterObj is required for this job type');
  });

  for (const name of ['meterModelId', 'serialNo', 'installedDate', 'lastMeterReading', 'brackets', 'directionId', 'hasUpstreamStopValve', 'hasDownstreamStopValve', 'hasBackflowProtection']) {
    it(`needs ${name}`, async () => {
      const res = await tryReport((f) => { delete (f.newWaterMeterObj as Record<string, unknown>)[name]; });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`body/jobTasks/0/newWaterMeterObj/${name} is required`);
    });
  }

  it('takes no serial of spaces (the form\'s rule: a blank text is no answer)', async () => {
    const res = await tryReport((f) => { f.newWaterMeterObj.serialNo = '   '; });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body/jobTasks/0/newWaterMeterObj/serialNo is required');
  });

  it('checks the serial against the model\'s pattern, upper-cased, with the model\'s example', async () => {
    const wrong = await tryReport((f) => { f.newWaterMeterObj.serialNo = 'ABC123'; });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorKey: 'InvalidSerialNumber', message: 'body/jobTasks/0/newWaterMeterObj/serialNo Feil vannmålernummer, Eksempel: 71234567' });
    const lower = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { meterModelId: 3, serialNo: '21se004512' }); });
    expect(lower.status).toBe(200);
  });

  it('uses the default pattern for a model without one: six or more, with a digit', async () => {
    const noDigit = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { meterModelId: 7, serialNo: 'ABCDEF' }); });
    expect(noDigit.status).toBe(400);
    expect(noDigit.body.message).toMatch(/Eksempel: 0032548/);
    const short = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { meterModelId: 7, serialNo: 'AB-12' }); });
    expect(short.status).toBe(400);
    const ok = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { meterModelId: 7, serialNo: 'AB-123' }); });
    expect(ok.status).toBe(200);
  });

  it('refuses an unknown model', async () => {
    const res = await tryReport((f) => { f.newWaterMeterObj.meterModelId = 999; });
    expect(res.body.message).toBe('body/jobTasks/0/newWaterMeterObj/meterModelId is not a known meter model');
  });

  it('refuses a serial used by another task of the job (NewWaterMeterSerialNumberIsInUse)', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const second = await demo.api('ola', 'POST', '/api/Tasks', { jobId: job.jobId, taskId: randomUUID() });
    expect(second.status).toBe(200);
    const first = await report(job, completeForms('71234567'));
    expect(first.status).toBe(200);
    const again = await report(first.body, completeForms('71234567'), second.body.taskId);
    expect(again.status).toBe(400);
    expect(again.body.errorKey).toBe('NewWaterMeterSerialNumberIsInUse');
    const other = await report(first.body, completeForms('71234568'), second.body.taskId);
    expect(other.status).toBe(200);
  });

  it('takes an installed date of today, not of tomorrow', async () => {
    expect((await tryReport((f) => { f.newWaterMeterObj.installedDate = tomorrow(); f.dismantleObj.dismantledDate = today(); })).status).toBe(400);
    expect((await tryReport((f) => { f.newWaterMeterObj.installedDate = today(); f.dismantleObj.dismantledDate = today(); })).status).toBe(200);
  });

  it('wants a reading above 0 within the model\'s digits', async () => {
    expect((await tryReport((f) => { f.newWaterMeterObj.lastMeterReading = 0; })).body.message).toMatch(/lastMeterReading must be a number above 0 with at most 8 digits/);
    expect((await tryReport((f) => { f.newWaterMeterObj.lastMeterReading = 123456789; })).status).toBe(400);
    expect((await tryReport((f) => { Object.assign(f.newWaterMeterObj, { meterModelId: 5, serialNo: '6512345678', lastMeterReading: 123456789 }); })).status).toBe(200);
  });

  it('wants the backflow type and a liquid category 1–5 when there is backflow protection', async () => {
    const missing = await tryReport((f) => { f.newWaterMeterObj.hasBackflowProtection = 1; });
    expect(missing.body.message).toBe('body/jobTasks/0/newWaterMeterObj/backflowProtectionType is required');
    const six = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { hasBackflowProtection: 1, backflowProtectionType: 1, liquidCategory: 6 }); });
    expect(six.body.message).toMatch(/^body\/jobTasks\/0\/newWaterMeterObj\/liquidCategory must be <= 5/);
    const ok = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { hasBackflowProtection: 1, backflowProtectionType: 1, liquidCategory: 3 }); });
    expect(ok.status).toBe(200);
  });

  it('checks an upstream meter\'s serial and reading when one is given', async () => {
    const wrong = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { upstreamMeterSerialNumber: 'X1', upstreamMeterLastReading: 5 }); });
    expect(wrong.body.message).toBe('body/jobTasks/0/newWaterMeterObj/upstreamMeterSerialNumber Feil vannmålernummer, Eksempel: 0032548');
    const zero = await tryReport((f) => { Object.assign(f.newWaterMeterObj, { upstreamMeterSerialNumber: 'UP1234', upstreamMeterLastReading: 0 }); });
    expect(zero.body.message).toBe('body/jobTasks/0/newWaterMeterObj/upstreamMeterLastReading must be a number above 0');
    expect((await tryReport((f) => { Object.assign(f.newWaterMeterObj, { upstreamMeterSerialNumber: 'UP1234', upstreamMeterLastReading: 5 }); })).status).toBe(200);
  });

  it('needs an image: listed in the form or uploaded for the task as the new meter\'s', async () => {
    const none = await tryReport((f) => { f.newWaterMeterObj.waterMeterImages = []; });
    expect(none.body.message).toBe('body/jobTasks/0/newWaterMeterObj/waterMeterImages must hold at least one image of the new meter');

    const job = await createJob(demo, 'kari', 'ola');
    const token = await demo.token('ola');
    const form = new FormData();
    form.append('moduleId', 'VA');
    form.append('matrikkelenhetsId', String(job.matrikkel.matrikkelenhetId));
    form.append('customProps', JSON.stringify({ meterNumber: '71234567', taskId: job.jobTasks[0].taskId, waterMeterType: 'new', imageType: 'overview' }));
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'white' } }).jpeg().toBuffer();
    form.append('mediafile', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'new.jpg');
    const up = await fetch(`${demo.t.baseUrl}/api/media`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
    expect(up.status).toBe(201);
    const forms = completeForms();
    forms.newWaterMeterObj.waterMeterImages = [];
    expect((await report(job, forms)).status).toBe(200);
  });

  it('on a new-meter job wants the upstream and downstream meter answers, and no old meter', async () => {
    const missing = await tryReport((f) => { delete (f.newWaterMeterObj as Record<string, unknown>).hasUpstreamWaterMeter; }, JobType.Install);
    expect(missing.body.message).toBe('body/jobTasks/0/newWaterMeterObj/hasUpstreamWaterMeter is required');
    const ok = await tryReport((f) => { (f as { dismantleObj: unknown }).dismantleObj = null; }, JobType.Install);
    expect(ok.status).toBe(200);
  });
});

describe('the form objects hold the spec\'s fields, bounded (drafts too)', () => {
  const draft = async (task: Record<string, unknown>) => {
    const job = await createJob(demo, 'kari', 'ola');
    const taskId = job.jobTasks[0].taskId;
    const res = await demo.api('ola', 'POST', `/api/jobs/task/${taskId}`, { jobId: job.jobId, isDraft: true, jobTasks: [{ taskId, ...task }] });
    if (res.status !== 200) expect((await jobRow(demo, job.jobId)).version).toBe(job.version);
    return res;
  };

  it('refuses a field the spec does not name, an over-long text and too many photos, naming the field', async () => {
    const unknown = await draft({ newWaterMeterObj: { serialNo: '71234567', padding: 'x'.repeat(900_000) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^body\/jobTasks\/0\/newWaterMeterObj\/\w+ is not a field of this call/);
    const long = await draft({ additionalDetailsRequest: { note: 'x'.repeat(4001), deviationList: [7] } });
    expect(long.body.message).toMatch(/^body\/jobTasks\/0\/additionalDetailsRequest\/note must NOT have more than 4000 characters/);
    const photo = { text: 'a.jpg', url: '/api/media/file/a' };
    const many = await draft({ dismantleObj: { waterMeterImages: Array.from({ length: 51 }, () => photo) } });
    expect(many.body.message).toMatch(/^body\/jobTasks\/0\/dismantleObj\/waterMeterImages must NOT have more than 50 items/);
    const nested = await draft({ dismantleObj: { waterMeterImages: [{ ...photo, exif: { blob: 'x'.repeat(100_000) } }] } });
    expect(nested.body.message).toMatch(/^body\/jobTasks\/0\/dismantleObj\/waterMeterImages\/0\/\w+ is not a field of this call/);
    expect((await draft({ newWaterMeterObj: { serialNo: '71234567', brackets: true } })).status).toBe(200);
  });

  it('migration 0010 turns readings stored as text into numbers', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const taskId = job.jobTasks[0].taskId;
    const db = demo.t.database.db;
    await db.execute(sql`update tasks set dismantle_obj = '{"serialNo": "0032548", "lastMeterReading": " 4201 "}'::jsonb,
      new_water_meter_obj = '{"lastMeterReading": "12,5"}'::jsonb where id = ${taskId}`);
    const file = path.join(process.cwd(), 'server/db/migrations/0010_task_readings_as_numbers.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const [row] = (await db.execute<{ old: unknown; new: unknown }>(sql`
      select dismantle_obj->'lastMeterReading' as old, new_water_meter_obj->'lastMeterReading' as new from tasks where id = ${taskId}`)).rows;
    expect(row).toEqual({ old: 4201, new: 12.5 });
  });

  it('stores readings as numbers, old meter and new alike, whatever type they were sent as', async () => {
    const job = await createJob(demo, 'kari', 'ola');
    const forms = completeForms();
    (forms.dismantleObj as Record<string, unknown>).lastMeterReading = '123456';
    const res = await report(job, forms);
    expect(res.status).toBe(200);
    const [row] = await demo.t.database.db.execute<{ old: string; new: string; value: number }>(sql`
      select jsonb_typeof(dismantle_obj->'lastMeterReading') as old, jsonb_typeof(new_water_meter_obj->'lastMeterReading') as new,
        (dismantle_obj->'lastMeterReading')::numeric::int as value
      from tasks where id = ${job.jobTasks[0].taskId}`).then((r) => r.rows);
    expect(row).toEqual({ old: 'number', new: 'number', value: 123456 });
  });
});

describe('the old meter', () => {
  it('cannot come out after the new one went in (ErrorDismantleDate); earlier is the user\'s call', async () => {
    const after = await tryReport((f) => { f.newWaterMeterObj.installedDate = daysAgo(3); f.dismantleObj.dismantledDate = daysAgo(1); });
    expect(after.status).toBe(400);
    expect(after.body.errorKey).toBe('ErrorDismantleDate');
    const before = await tryReport((f) => { f.newWaterMeterObj.installedDate = daysAgo(1); f.dismantleObj.dismantledDate = daysAgo(3); });
    expect(before.status).toBe(200);
  });

  it('wants a dismantled date not in the future', async () => {
    const res = await tryReport((f) => { f.dismantleObj.dismantledDate = tomorrow(); f.newWaterMeterObj.installedDate = today(); });
    expect(res.body.message).toBe('body/jobTasks/0/dismantleObj/dismantledDate must be a date not in the future');
  });

  it('wants a reading that is numeric, not zero, at most 8 characters', async () => {
    for (const reading of ['0', '123456789', 'abc', '']) {
      const res = await tryReport((f) => { (f.dismantleObj as Record<string, unknown>).lastMeterReading = reading; });
      expect.soft(res.status, reading).toBe(400);
    }
    expect((await tryReport((f) => { f.dismantleObj.lastMeterReading = 12345678; })).status).toBe(200);
  });

  it('needs an image', async () => {
    const res = await tryReport((f) => { f.dismantleObj.waterMeterImages = []; });
    expect(res.body.message).toBe('body/jobTasks/0/dismantleObj/waterMeterImages must hold at least one image of the old meter');
  });

  it('on a dismantle job needs a comment (the form\'s or the task\'s notes)', async () => {
    const none = await tryReport((f) => { delete (f.dismantleObj as Record<string, unknown>).comment; (f as { newWaterMeterObj: unknown }).newWaterMeterObj = null; }, JobType.Dismantle);
    expect(none.body.message).toBe('body/jobTasks/0/dismantleObj/comment is required when a meter is dismantled');
    const job = await createJob(demo, 'kari', 'ola', { jobTypeId: JobType.Dismantle, jobType: 'Dismantle' });
    const forms = completeForms();
    delete (forms.dismantleObj as Record<string, unknown>).comment;
    const withNotes = await report(job, { dismantleObj: forms.dismantleObj, notes: 'Måleren er fjernet og røret plugget' });
    expect(withNotes.status).toBe(200);
  });
});
