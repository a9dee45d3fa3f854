/** POST /api/bundle: queued commands in one request, each as if it had come alone (src/domain/schemas/bundle.ts). */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBundleUser, BUNDLE_ITEM_HEADER, bundleUser } from '../../server/auth/bundleUsers';
import type { UserContext } from '../../server/auth/context';
import { loadConfig } from '../../server/config';
import { idempotencyKeys, jobs } from '../../server/db/schema';
import { BUNDLE_MAX_REQUESTS } from '../../src/domain/schemas/bundle';
import { createJob, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
beforeAll(async () => {
  demo = await startDemo();
});
afterAll(async () => {
  await demo?.close();
});

interface Answer { status: number; contentType: string | null; text: string; retryAfter: string | null }
const note = (jobId: string, notes: string) => ({ method: 'PUT', path: '/api/Jobs', idempotencyKey: randomUUID(), body: { jobId, notes, status: 1, severity: 2 } });
const notesOf = async (ids: string[]) => new Map((await demo.t.database.db.select({ id: jobs.id, notes: jobs.notes }).from(jobs).where(inArray(jobs.id, ids))).map((r) => [r.id, r.notes]));

describe('a bundle of notes', () => {
  it('runs each command as its own request: its answer in its place, a refused one writes nothing and stops nothing', async () => {
    const mine = await createJob(demo, 'kari', 'ola');
    const second = await createJob(demo, 'kari', 'ola');
    const theirs = await createJob(demo, 'lars', 'nora');
    const requests = [note(mine.jobId, 'Første'), note(theirs.jobId, 'Ikke min jobb'), note(second.jobId, 'Andre'), note(mine.jobId, 'Tredje')];
    const res = await demo.api('ola', 'POST', '/api/bundle', { requests });
    expect(res.status).toBe(200);
    const answers = res.body.answers as Answer[];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200, 200]);
    // What the same command alone is answered: the job as stored, the refusal's body.
    expect(JSON.parse(answers[0].text)).toMatchObject({ jobId: mine.jobId, notes: 'Første' });
    expect(answers[0].contentType).toMatch(/^application\/json/);
    const alone = await demo.api('ola', 'PUT', '/api/Jobs', { ...requests[1].body }, { 'idempotency-key': randomUUID() });
    expect(JSON.parse(answers[1].text)).toEqual(alone.body);
    // In the order given: the later note of the same job is the one kept.
    expect(await notesOf([mine.jobId, second.jobId, theirs.jobId])).toEqual(new Map([[mine.jobId, 'Tredje'], [second.jobId, 'Andre'], [theirs.jobId, theirs.notes ?? null]]));

    // Each under its own key: the bundle sent again is answered from the keys and applies nothing twice.
    const before = (await demo.t.database.db.select({ version: jobs.version }).from(jobs).where(eq(jobs.id, mine.jobId)))[0].version;
    const again = await demo.api('ola', 'POST', '/api/bundle', { requests });
    expect((again.body.answers as Answer[]).map((a) => a.status)).toEqual([200, 404, 200, 200]);
    expect((again.body.answers as Answer[])[3].text).toBe(answers[3].text);
    expect((await demo.t.database.db.select({ version: jobs.version }).from(jobs).where(eq(jobs.id, mine.jobId)))[0].version).toBe(before);
    const stored = await demo.t.database.db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, requests.map((r) => r.idempotencyKey)));
    expect(stored.map((s) => s.path).sort()).toEqual(['/api/Jobs', '/api/Jobs', '/api/Jobs']);
    // And one of them sent alone with its key is answered as in the bundle.
    const single = await demo.api('ola', 'PUT', '/api/Jobs', requests[2].body, { 'idempotency-key': requests[2].idempotencyKey });
    expect(single.status).toBe(200);
    expect(single.body).toEqual(JSON.parse(answers[2].text));
  });

  it('checks each command with its own route\'s schema: a 400 names the field', async () => {
    const mine = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('ola', 'POST', '/api/bundle', { requests: [{ ...note(mine.jobId, 'x'), body: { jobId: mine.jobId, notes: 'x'.repeat(4001), status: 1, severity: 2 } }] });
    expect(res.status).toBe(200);
    const [answer] = res.body.answers as Answer[];
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ field: 'body/notes' });
  });

  it('gives a plumber nothing he could not do alone: an admin-only call is refused inside too', async () => {
    const res = await demo.api('ola', 'POST', '/api/bundle', {
      requests: [{ method: 'DELETE', path: '/api/Setting', idempotencyKey: randomUUID(), body: [1] }],
    });
    expect(res.status).toBe(200);
    expect((res.body.answers as Answer[])[0].status).toBe(403);
    const alone = await demo.api('ola', 'DELETE', '/api/Setting', [1], { 'idempotency-key': randomUUID() });
    expect(JSON.parse((res.body.answers as Answer[])[0].text)).toEqual(alone.body);
  });
});

describe('what a bundle refuses as a whole', () => {
  it('is not under its old name: POST /api/batch is 404, which a device takes as a server without the call and sends each command alone', async () => {
    const mine = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('ola', 'POST', '/api/batch', { requests: [note(mine.jobId, 'Gammel')] });
    expect(res.status).toBe(404);
    expect((await notesOf([mine.jobId])).get(mine.jobId)).not.toBe('Gammel');
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${demo.t.baseUrl}/api/bundle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requests: [note(randomUUID(), 'x')] }) });
    expect(res.status).toBe(401);
  });

  it('its commands\' pass (auth/bundleUsers.ts) lets no request from outside in: a made-up one is ignored, and a bundle\'s ends with it', async () => {
    const mine = await createJob(demo, 'kari', 'ola');
    for (const pass of ['x', 'A'.repeat(43), '']) {
      const res = await fetch(`${demo.t.baseUrl}/api/jobs/${mine.jobId}`, { headers: { [BUNDLE_ITEM_HEADER]: pass, 'x-waapi-context': '1' } });
      expect(res.status).toBe(401);
    }
    let seen: string | null = null;
    const ola = { userId: randomUUID() } as UserContext;
    await asBundleUser(ola, async (token) => {
      seen = token;
      expect(bundleUser(token)).toBe(ola);
    });
    expect(seen).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(bundleUser(seen!)).toBeUndefined();
    expect(bundleUser([seen!])).toBeUndefined();
  });

  it.each([
    ['a path outside the API', '/oidc/token'],
    ['a path climbing out of it', '/api/../oidc/token'],
    ['an encoded climb', '/api/%2e%2e/oidc'],
    ['a backslash', '/api\\..\\oidc'],
    ['a bundle inside a bundle', '/api/bundle'],
    ['a bundle inside a bundle, with a query', '/api/bundle?x=1'],
    ['a bundle inside a bundle, in capitals', '/api/BUNDLE'],
    ['a double slash', '/api//Jobs'],
  ])('%s (%s): 400 naming the path, nothing run', async (_, path) => {
    const mine = await createJob(demo, 'kari', 'ola');
    const res = await demo.api('ola', 'POST', '/api/bundle', { requests: [note(mine.jobId, 'Kjørt'), { ...note(mine.jobId, 'x'), path }] });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('body/requests/1/path');
    expect((await notesOf([mine.jobId])).get(mine.jobId)).not.toBe('Kjørt');
  });

  it(`more than ${BUNDLE_MAX_REQUESTS} commands, none, a command without a key, or a GET`, async () => {
    const id = randomUUID();
    const many = await demo.api('ola', 'POST', '/api/bundle', { requests: Array.from({ length: BUNDLE_MAX_REQUESTS + 1 }, () => note(id, 'x')) });
    expect(many.status).toBe(400);
    expect((await demo.api('ola', 'POST', '/api/bundle', { requests: [] })).status).toBe(400);
    const { idempotencyKey: _, ...keyless } = note(id, 'x');
    expect((await demo.api('ola', 'POST', '/api/bundle', { requests: [keyless] })).body.field).toBe('body/requests/0/idempotencyKey');
    expect((await demo.api('ola', 'POST', '/api/bundle', { requests: [{ ...note(id, 'x'), method: 'GET' }] })).body.field).toBe('body/requests/0/method');
  });
});

describe('rate limits', () => {
  it('count every command; after a 429 the rest are not run (503) and run when sent again', async () => {
    const low = await startDemo({ rateLimit: { ...loadConfig().rateLimit, perUserPerMinute: 6 } });
    try {
      const job = await createJob(low, 'kari', 'ola');
      // Sign-in and the job made above are other users' requests; ola's first counted request is the bundle.
      const requests = [note(job.jobId, 'En'), note(job.jobId, 'To'), note(job.jobId, 'Tre'), note(job.jobId, 'Fire'), note(job.jobId, 'Fem'), note(job.jobId, 'Seks'), note(job.jobId, 'Sju')];
      const res = await low.api('ola', 'POST', '/api/bundle', { requests });
      expect(res.status).toBe(200);
      const statuses = (res.body.answers as Answer[]).map((a) => a.status);
      // The bundle is ola's 1st request of the window, En its 2nd, … Fem the 6th: Seks is the first past the limit.
      const refused = statuses.indexOf(429);
      expect(refused).toBe(5);
      expect(statuses.slice(0, refused).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(refused + 1).every((s) => s === 503)).toBe(true);
      expect((res.body.answers as Answer[])[refused].retryAfter).toMatch(/^\d+$/);
      const [row] = await low.t.database.db.select({ notes: jobs.notes }).from(jobs).where(eq(jobs.id, job.jobId));
      expect(row.notes).toBe(requests[refused - 1].body.notes);
    } finally {
      await low.close();
    }
  });
});
