/** Idempotency-Key: a replayed command is applied once, also when two copies arrive together. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobStatus } from '../../src/domain/enums';
import { idempotencyKeys, jobs } from '../../server/db/schema';
import { createBody, createJob, demoJob, jobRow, liveJobCount, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(async () => {
  await demo?.close();
});

const key = () => ({ 'idempotency-key': randomUUID() });

it('replays a create with the same key: one job, the same answer', async () => {
  const body = await createBody(demo, 'ola', 1);
  const headers = key();
  const before = await liveJobCount(demo);
  const first = await demo.api('ola', 'POST', '/api/Jobs', body, headers);
  const second = await demo.api('ola', 'POST', '/api/Jobs', body, headers);
  expect(first).toEqual({ status: 200, body: body.jobId });
  expect(second).toEqual(first);
  expect(await liveJobCount(demo)).toBe(before + 1);
  const [stored] = await demo.t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, headers['idempotency-key']));
  expect(stored).toMatchObject({ method: 'POST', path: '/api/Jobs', statusCode: 200, response: body.jobId });
});

it('applies two concurrent identical requests once', async () => {
  const job = await createJob(demo, 'kari', 'ola');
  const headers = key();
  const note = { jobId: job.jobId, notes: 'Samtidig', status: 1, severity: 2 };
  const [a, b] = await Promise.all([
    demo.api('ola', 'PUT', '/api/Jobs', note, headers),
    demo.api('ola', 'PUT', '/api/Jobs', note, headers),
  ]);
  expect(a.status).toBe(200);
  expect(b).toEqual(a);
  expect((await jobRow(demo, job.jobId)).version).toBe(job.version + 1);

  const body = await createBody(demo, 'ola', 1);
  const createHeaders = key();
  const before = await liveJobCount(demo);
  const results = await Promise.all([1, 2, 3].map(() => demo.api('ola', 'POST', '/api/Jobs', body, createHeaders)));
  expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  expect(await liveJobCount(demo)).toBe(before + 1);
});

it('applies concurrent edits of one job one after another, each exactly once, duplicates and all', async () => {
  // The company's job lock is taken together with the idempotency claim: no edit reads a version another has since changed.
  const job = await createJob(demo, 'kari', 'ola');
  const edits = Array.from({ length: 6 }, (_, i) => ({ headers: key(), note: { jobId: job.jobId, notes: `Samtidig ${i}`, status: 1, severity: 2 } }));
  const answers = await Promise.all(edits.flatMap((e) => [1, 2].map(() => demo.api('ola', 'PUT', '/api/Jobs', e.note, e.headers))));
  expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  for (let i = 0; i < 6; i++) expect(answers[2 * i + 1]).toEqual(answers[2 * i]);
  const versions = answers.filter((_, i) => i % 2 === 0).map((a) => a.body.version).sort((a, b) => a - b);
  expect(versions).toEqual(Array.from({ length: 6 }, (_, i) => job.version + 1 + i));
  expect((await jobRow(demo, job.jobId)).version).toBe(job.version + 6);
});

it('answers 422 when a key is reused for a different request, and changes nothing', async () => {
  const job = await createJob(demo, 'kari', 'ola');
  const headers = key();
  expect((await demo.api('ola', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'én', status: 1, severity: 2 }, headers)).status).toBe(200);
  const res = await demo.api('ola', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'to', status: 1, severity: 2 }, headers);
  expect(res.status).toBe(422);
  expect(res.body.message).toMatch(/Idempotency-Key .* different request/);
  expect((await jobRow(demo, job.jobId)).notes).toBe('én');
});

it('keeps keys per user', async () => {
  const headers = key();
  const a = await createJob(demo, 'kari', 'ola');
  const b = await createJob(demo, 'kari', 'per');
  expect((await demo.api('ola', 'PUT', '/api/Jobs', { jobId: a.jobId, notes: 'x', status: 1, severity: 2 }, headers)).status).toBe(200);
  expect((await demo.api('per', 'PUT', '/api/Jobs', { jobId: b.jobId, notes: 'y', status: 1, severity: 2 }, headers)).status).toBe(200);
  expect((await jobRow(demo, b.jobId)).notes).toBe('y');
});

it('stores nothing for a failed request, so a retry runs again', async () => {
  const done = await demoJob(demo, sql`j.status_id = ${JobStatus.Completed} and j.company_id = (select company_id from users where email = 'kari.nordmann@sandvika-ror.no')`);
  const headers = key();
  const body = { jobList: [{ jobId: done.id }] };
  expect((await demo.api('kari', 'DELETE', '/api/Jobs', body, headers)).status).toBe(409);
  await demo.t.database.db.update(jobs).set({ statusId: JobStatus.New }).where(eq(jobs.id, done.id));
  const retry = await demo.api('kari', 'DELETE', '/api/Jobs', body, headers);
  expect(retry).toEqual({ status: 200, body: { deletedJobIds: [done.id] } });
});

it('rejects an empty or oversized key', async () => {
  const job = await createJob(demo, 'kari', 'ola');
  const res = await demo.api('ola', 'PUT', '/api/Jobs', { jobId: job.jobId, notes: 'x', status: 1, severity: 2 }, { 'idempotency-key': 'k'.repeat(201) });
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(/Idempotency-Key/);
});
