/**
 * Issue 14 §2: every 400 names its field in one style (src/domain/errorField.ts), as `field` and at
 * the start of its message, whichever layer refused: Fastify's schema check, the input bounds, a
 * service rule, the multipart reader. The device reads `field` to put the refusal next to its input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/api';
import { FIELD_PATH } from '../../src/domain/errorField';
import { tokenClaims } from '../helpers/app';
import { createBody, createJob, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
let job: Job;
beforeAll(async () => {
  demo = await startDemo();
  job = await createJob(demo, 'kari', 'ola');
});
afterAll(async () => { await demo?.close(); });

function expectField(res: { status: number; body: { field?: string; message?: string } }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.field).toBe(field);
  expect(res.body.field).toMatch(FIELD_PATH);
  expect(res.body.message!.startsWith(`${field} `)).toBe(true);
}

async function multipart(fields: Record<string, string>) {
  const token = await demo.token('ola');
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${demo.t.baseUrl}/api/media`, {
    method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) },
  });
  return { status: res.status, body: await res.json() };
}

describe('the one style of a refused field', () => {
  it('schema errors name the property itself (a missing one too) in the body, query and path', async () => {
    const { jobTypeId: _, ...noType } = await createBody(demo, 'ola', 1);
    expectField(await demo.api('kari', 'POST', '/api/Jobs', noType), 'body/jobTypeId');
    const extra = await createBody(demo, 'ola', 1);
    expectField(await demo.api('kari', 'POST', '/api/Jobs', { ...extra, matrikkelDetails: { ...extra.matrikkelDetails, matrikkelenhetId: 'x' } }), 'body/matrikkelDetails/matrikkelenhetId');
    expectField(await demo.api('kari', 'GET', '/api/Jobs/GetJobsPage?pageNumber=1e20'), 'querystring/pageNumber');
    expectField(await demo.api('kari', 'GET', '/api/Users/2147483648'), 'params/id');
  });

  it('service rules name nested fields with slashes, never dots or brackets', async () => {
    const body = await createBody(demo, 'ola', 1);
    const wrongNr = await demo.api('kari', 'POST', '/api/Jobs', { ...body, matrikkelDetails: { ...body.matrikkelDetails, matrikkelNummer: '0'.repeat(22) } });
    expectField(wrongNr, 'body/matrikkelDetails/matrikkelNummer');
    const week = await demo.api('kari', 'GET', `/api/WorkingHoursSetting/filter?userRegistrationId=${await demo.reg('ola')}&Year=2026`);
    expectField(week, 'querystring/WeekNo');
    const noDefault = await demo.api('kari', 'POST', '/api/WorkingHoursSetting', { groupId: tokenClaims(await demo.token('kari')).customer_id, workingHoursSettings: [] });
    expect(noDefault.status).toBe(400);
    expect(noDefault.body.field).toMatch(FIELD_PATH);
  });

  it('a path no route serves is 404 whatever its body: an empty path parameter with a body too deep to read', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    for (const [method, path] of [['POST', '/api/jobs/task/'], ['PUT', '/api/scheduleitem/'], ['PUT', '/api/CompanyHolidayConfiguration/year/']] as const) {
      const res = await demo.api('kari', method, path, { deep });
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(404);
    }
    // A route that exists still refuses the same body, naming it.
    expectField(await demo.api('kari', 'POST', `/api/jobs/task/${job.jobTasks[0].taskId}`, { deep }), 'body');
  });

  it('multipart refusals name the form field in the body', async () => {
    expectField(await multipart({ moduleId: 'VA', matrikkelenhetsId: String(job.matrikkel.matrikkelenhetId), customProps: '{' }), 'body/customProps');
    expectField(await multipart({ moduleId: 'VA' }), 'body/matrikkelenhetsId');
  });
});
