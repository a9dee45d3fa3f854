/**
 * Issue 7 §2: each class of bad input found from outside is a 400 naming the field, with nothing
 * written: integers beyond int4 (and 1e20, 1e308) in bodies, paths and queries; NUL and lone
 * surrogates; dates that pass the date-time pattern but no calendar; JSON nested 20,000 deep; a 1 MB
 * note; dates past the picker's bound; ids of another company's jobs and tasks.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Job } from '../../src/domain/api';
import { FIELD_PATH } from '../../src/domain/errorField';
import { tokenClaims } from '../helpers/app';
import { createBody, createJob, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
let job: Job;
beforeAll(async () => {
  demo = await startDemo();
  job = await createJob(demo, 'kari', 'ola');
});
afterAll(async () => { await demo?.close(); });

/** A cheap fingerprint of everything the API writes. */
async function fingerprint(): Promise<string> {
  const { rows } = await demo.t.database.db.execute(sql`select
    (select count(*) from jobs) as jobs, (select coalesce(max(change_seq), 0) from jobs) as seq, (select coalesce(sum(version), 0) from jobs) as versions,
    (select count(*) from tasks) as tasks, (select count(*) from users) as users, (select coalesce(sum(status), 0) from users) as statuses,
    (select count(*) from idempotency_keys) as keys, (select count(*) from feed_tombstones) as tombstones`);
  return JSON.stringify(rows[0]);
}

/** Sends raw JSON text (so lone surrogates and odd numbers reach the server as written). */
async function send(p: Person, method: string, path: string, text?: string) {
  const token = await demo.token(p);
  const res = await fetch(`${demo.t.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id), ...(text !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: text,
  });
  const body = await res.text();
  return { status: res.status, body: /^[[{]/.test(body) ? JSON.parse(body) : body };
}

async function refused(p: Person, method: string, path: string, text: string | undefined, field: RegExp) {
  const before = await fingerprint();
  const res = await send(p, method, path, text);
  expect.soft(res.status, `${method} ${path}`).toBe(400);
  expect.soft(res.body.message, `${method} ${path}`).toMatch(field);
  // Issue 14 §2: whatever refused, the field is named in the one style, as `field` and first in the message.
  expect.soft(res.body.field, `${method} ${path}`).toMatch(FIELD_PATH);
  expect.soft(res.body.message.startsWith(`${res.body.field} `), `${method} ${path}`).toBe(true);
  expect(await fingerprint()).toBe(before);
}

const note = (notes: string) => JSON.stringify({ jobId: job.jobId, notes, status: job.statusId, severity: 2 });

describe('numbers beyond what the columns hold', () => {
  for (const n of ['2147483648', '1e20', '1e308', '-2147483649']) {
    it(`${n} in a body, a path and a query`, async () => {
      await refused('kari', 'PUT', '/api/Users', `{"id": ${n}, "status": 2}`, /body\/id/);
      await refused('kari', 'GET', `/api/Users/${n}`, undefined, /params\/id/);
      await refused('kari', 'GET', `/api/Jobs/GetJobsPage?pageNumber=${n}`, undefined, /querystring\/pageNumber/);
      await refused('kari', 'GET', `/api/Jobs/details/plumber/${n}`, undefined, /params\/id/);
    });
  }

  // Ajv coerced these texts to numbers and skipped the bounds of a non-finite one (a 500 from PostgreSQL);
  // integers are read in plain decimal digits only (src/domain/schemaBounds.ts).
  for (const n of ['Infinity', '1e309', '-Infinity', '+5', '0x10', '2e0', '5.0']) {
    it(`${JSON.stringify(n)} as text in a body, a path and a query`, async () => {
      await refused('kari', 'PUT', '/api/Users', JSON.stringify({ id: n, status: 2 }), /body\/id must be an integer in plain decimal digits/);
      await refused('kari', 'GET', `/api/Users/${encodeURIComponent(n)}`, undefined, /params\/id must be an integer in plain decimal digits/);
      await refused('kari', 'GET', `/api/Jobs/GetJobsPage?pageNumber=${encodeURIComponent(n)}`, undefined, /querystring\/pageNumber must be an integer/);
    });
  }

  it('a coordinate as non-finite text', async () => {
    const body = await createBody(demo, 'ola', 2);
    (body.taskRequest.subscriberDetails.location as unknown as { x: string }).x = 'Infinity';
    await refused('kari', 'POST', '/api/Jobs', JSON.stringify(body), /body\/taskRequest\/subscriberDetails\/location\/x must be a number in plain decimal digits/);
  });

  it('non-finite text in a list of ids (the working hours and company settings deletes)', async () => {
    await refused('kari', 'DELETE', '/api/WorkingHoursSetting', '[1, "Infinity"]', /body\/1 must be a finite number/);
    await refused('kari', 'DELETE', '/api/Setting', '[1, "-Infinity"]', /body\/1 must be a finite number/);
  });

  it('plain decimal text is still read as a number', async () => {
    expect((await send('kari', 'GET', '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=5')).status).toBe(200);
    expect((await send('kari', 'GET', `/api/Users/${await demo.reg('ola')}`)).status).toBe(200);
  });

  it('a huge coordinate', async () => {
    const body = await createBody(demo, 'ola', 2);
    body.taskRequest.subscriberDetails.location = { x: 1e308, y: 1, srs: 25832 };
    await refused('kari', 'POST', '/api/Jobs', JSON.stringify(body), /body\/taskRequest\/subscriberDetails\/location\/x/);
  });
});

describe('text no person meant', () => {
  it('NUL in a body, a query and a path', async () => {
    await refused('ola', 'PUT', '/api/Jobs', note('før\u0000etter'), /body\/notes must not contain NUL/);
    await refused('kari', 'GET', '/api/Jobs/GetJobsPage?address=a%00b', undefined, /querystring\/address must not contain NUL/);
    await refused('kari', 'GET', '/api/Property/housingunits/matrikkelnr/32%0001', undefined, /params\/nr must not contain NUL/);
  });

  it('a lone surrogate, and one as a property name', async () => {
    await refused('ola', 'PUT', '/api/Jobs', `{"jobId":"${job.jobId}","notes":"a\\ud800b","status":1,"severity":2}`, /body\/notes must not contain NUL or unpaired surrogate/);
    await refused('ola', 'PUT', '/api/Jobs', `{"jobId":"${job.jobId}","notes":"ok","status":1,"severity":2,"\\udc00":1}`, /property name/);
    // A proper pair (an emoji) is fine.
    expect((await send('ola', 'PUT', '/api/Jobs', note('Vannmåler 👍'))).status).toBe(200);
  });
});

describe('dates', () => {
  for (const [name, value] of [['year 0000', '0000-06-01T10:00:00Z'], ['second 60', '2027-06-01T10:00:60Z'], ['30 February', '2027-02-30T10:00:00Z'], ['hour 24', '2027-06-01T24:00:00Z'], ['offset +25:00', '2027-06-01T10:00:00+25:00']] as const) {
    it(`refuses ${name}`, async () => {
      const body = await createBody(demo, 'ola', 2);
      await refused('kari', 'POST', '/api/Jobs', JSON.stringify({ ...body, scheduledDate: value }), /body\/scheduledDate must match format "date-time"/);
    });
  }

  it('refuses a scheduled or due date past the picker\'s bound (2099), on create and edit', async () => {
    const body = await createBody(demo, 'ola', 2);
    await refused('kari', 'POST', '/api/Jobs', JSON.stringify({ ...body, scheduledDate: '2099-06-01T10:00:00.000Z' }), /body\/scheduledDate must not be later than the end of the year ten years ahead/);
    await refused('kari', 'POST', '/api/Jobs', JSON.stringify({ ...body, dueDate: '2099-06-01T10:00:00.000Z' }), /body\/dueDate/);
    const update = {
      jobId: job.jobId, plumberId: job.assignedToId, description: null, jobTypeId: job.typeId, jobType: 'Replace', title: job.title, severity: 2,
      status: job.statusId, scheduledDate: '2099-06-01T10:00:00.000Z', dueDate: null, updatedBy: 'kari', taskEditRequests: [],
    };
    await refused('kari', 'PUT', '/api/Jobs', JSON.stringify(update), /body\/scheduledDate must not be later/);
    const inBound = new Date(Date.UTC(new Date().getUTCFullYear() + 10, 5, 1)).toISOString();
    expect((await send('kari', 'POST', '/api/Jobs', JSON.stringify({ ...body, scheduledDate: inBound }))).status).toBe(200);
  });
});

describe('size and depth', () => {
  it('refuses JSON nested 20,000 deep in a free-form task object', async () => {
    const deep = `${'['.repeat(20000)}${']'.repeat(20000)}`;
    const text = `{"jobId":"${job.jobId}","isDraft":true,"jobTasks":[{"taskId":"${job.jobTasks[0].taskId}","additionalDetailsRequest":{"x":${deep}}}]}`;
    await refused('ola', 'POST', `/api/jobs/task/${job.jobTasks[0].taskId}`, text, /body is nested deeper than 32 levels/);
  });

  it('refuses a 1 MB note, a 4,001-character note, and takes 4,000', async () => {
    const before = await fingerprint();
    const huge = await send('ola', 'PUT', '/api/Jobs', note('x'.repeat(1024 * 1024)));
    expect([400, 413]).toContain(huge.status);
    expect(await fingerprint()).toBe(before);
    await refused('ola', 'PUT', '/api/Jobs', note('x'.repeat(4001)), /body\/notes must NOT have more than 4000 characters/);
    expect((await send('ola', 'PUT', '/api/Jobs', note('x'.repeat(4000)))).status).toBe(200);
  });

  it('refuses a 1 MB name', async () => {
    const body = JSON.stringify({ firstName: 'x'.repeat(200_000), lastName: 'Hansen', displayName: 'Ola', telephone: '91234567', objectId: 'x' });
    await refused('ola', 'PUT', '/api/Users/userinformation', body, /body\/firstName must NOT have more than 100 characters/);
  });

  it('answers GET /api/Jobs in bounded pages', async () => {
    const res = await send('kari', 'GET', '/api/Jobs?pageSize=5000');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/querystring\/pageSize/);
    const first = await send('kari', 'GET', '/api/Jobs?pageSize=3');
    const second = await send('kari', 'GET', '/api/Jobs?pageSize=3&pageNumber=2');
    expect(first.body).toHaveLength(3);
    expect(second.body).toHaveLength(3);
    expect(second.body[0].refNr).toBeLessThan(first.body[2].refNr);
    const all = await send('kari', 'GET', '/api/Jobs');
    expect(all.body.length).toBeGreaterThan(3);
    expect(all.body.length).toBeLessThanOrEqual(1000);
  });
});

describe('ids of another company', () => {
  it('a job or task id another company uses is answered as unseen (404), not "already exists"', async () => {
    const theirs = await createJob(demo, 'lars', 'nora');
    const jobIdTaken = await createBody(demo, 'ola', 2, { jobId: theirs.jobId } as never);
    const before = await fingerprint();
    const a = await send('kari', 'POST', '/api/Jobs', JSON.stringify(jobIdTaken));
    expect(a.status).toBe(404);
    const taskIdTaken = await createBody(demo, 'ola', 2);
    taskIdTaken.taskRequest.taskId = theirs.jobTasks[0].taskId;
    const b = await send('kari', 'POST', '/api/Jobs', JSON.stringify(taskIdTaken));
    expect(b.status).toBe(404);
    const c = await send('kari', 'POST', '/api/Tasks', JSON.stringify({ jobId: job.jobId, taskId: theirs.jobTasks[0].taskId }));
    expect(c.status).toBe(404);
    expect(await fingerprint()).toBe(before);
    // Our own company's ids are a plain conflict.
    const own = await createBody(demo, 'ola', 2, { jobId: job.jobId } as never);
    expect((await send('kari', 'POST', '/api/Jobs', JSON.stringify(own))).status).toBe(409);
    expect((await send('kari', 'POST', '/api/Tasks', JSON.stringify({ jobId: job.jobId, taskId: randomUUID() }))).status).toBe(200);
  });
});
