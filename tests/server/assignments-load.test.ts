/**
 * The assignment list under load (issue "Plans that hold" §6): answers kept while nothing they are read
 * from has changed, and never older than a write another process made; a reader that stops reading is
 * cut; the limits answer 429 with a time to retry. The logic of the turns is in tests/unit/listCache.test.ts.
 */
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { meterPoints, scheduleItems, schedules, users } from '../../server/db/schema';
import { foldListChanges, listFingerprint } from '../../server/repositories/assignments';
import { clearListCache, LIST_LIMITS, listCacheState } from '../../server/services/assignments/listCache';
import { seedTestPeople, signInRoles, startTestApp, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
/** A second server process on the same database. */
let t2: TestApp;
let people: TestPeople;
let admin: string;
/** The admin's sign-in at the second process (each process has its own keys in tests). */
let admin2: string;
let plumberReg: number;
let week: number;
let pointId: number;
const DEFAULTS = { ...LIST_LIMITS };
const MANY = 40_000;

type Item = { waterMeterPointId: number; address: string; assignmentItemStatus: number; assigneeName?: string; scheduleItemStatus?: number };

function headersFor(token: string, encoding?: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id), ...(encoding ? { 'accept-encoding': encoding } : {}) };
}

async function list(app: TestApp, encoding = 'br'): Promise<Item[]> {
  const res = await fetch(`${app.baseUrl}/api/AssignmentList/assignee/${plumberReg}?scheduleId=${week}`, { headers: headersFor(app === t2 ? admin2 : admin, encoding) });
  expect(res.status).toBe(200);
  return await res.json() as Item[];
}
const point = (items: Item[]) => items.find((i) => i.waterMeterPointId === pointId)!;

/** A writer of its own, as another process or a person at psql would be. */
async function elsewhere(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  t2 = await startTestApp({ database: t.database });
  people = await seedTestPeople(t.database.db);
  ({ admin } = await signInRoles(t, people));
  ({ admin: admin2 } = await signInRoles(t2, people));
  plumberReg = (await t.database.db.select({ r: users.registrationId }).from(users).where(eq(users.id, people.id.plumberA)))[0].r;
  const db = t.database.db;
  [{ id: week }] = await db.insert(schedules).values({ companyId: people.companyA.id, assigneeId: plumberReg, year: 2027, weekNo: 10 }).returning({ id: schedules.id });
  // Enough points that an answer outgrows what the loopback's socket buffers take at once.
  await db.execute(sql`insert into meter_points (customer_id, company_id, external_id, agreement_no, assignment_type, lat, lng, address, street)
    select ${people.customerId}, ${people.companyA.id}, 100000 + n, 'AG-' || n, 1, 59.9 + n / 1e6, 10.7 + n / 1e6,
      'Lastveien ' || n || ', 1337 Sandvika, with a longer line of text to fill the answer', 'Lastveien'
    from generate_series(1, ${MANY}) n`);
  [{ id: pointId }] = await db.select({ id: meterPoints.id }).from(meterPoints).where(eq(meterPoints.externalId, 100001));
}, 120_000);
afterAll(async () => {
  await t2?.close();
  await t?.close();
});
afterEach(() => Object.assign(LIST_LIMITS, DEFAULTS));

describe('kept answers', () => {
  it('answers from what was kept while nothing changed, and shows a change by any other writer at once', async () => {
    clearListCache();
    const first = await list(t);
    expect(first).toHaveLength(MANY);
    expect(listCacheState().keptLists).toBe(1);
    const kept = listCacheState().keptBytes;
    expect(await list(t)).toEqual(first);
    expect(listCacheState()).toMatchObject({ keptLists: 1, keptBytes: kept });

    // The register changed by plain SQL on another connection.
    await elsewhere('update meter_points set address = $1 where id = $2', ['Nyveien 1, 1337 Sandvika', pointId]);
    expect(point(await list(t)).address).toBe('Nyveien 1, 1337 Sandvika');

    // The other process plans the point into the plumber's week (an item of this schedule: Planned).
    await t2.database.db.insert(scheduleItems).values({ scheduleId: week, companyId: people.companyA.id, meterPointId: pointId, objectType: 1, address: 'x', duration: 30 });
    expect(point(await list(t)).assignmentItemStatus).toBe(3);
    // ... lays it in time (Scheduled), renames the plumber, then takes the item out again.
    await elsewhere('update schedule_items set is_scheduled = true where meter_point_id = $1', [pointId]);
    expect(point(await list(t)).assignmentItemStatus).toBe(4);
    await elsewhere('update users set display_name = $1 where registration_id = $2', ['Omdøpt Rørlegger', plumberReg]);
    expect(point(await list(t)).assigneeName).toBe('Omdøpt Rørlegger');
    await elsewhere('delete from schedule_items where meter_point_id = $1', [pointId]);
    expect(point(await list(t)).assignmentItemStatus).toBe(0);
    // The second process answers the same list.
    expect(await list(t2)).toEqual(await list(t));

    // The clean-up folds the change log to a row per company and keeps its total: nothing is written anew.
    const before = await listFingerprint(t.database.db, people.companyA.id);
    expect(Number(before)).toBeGreaterThan(0);
    expect(await foldListChanges(t.database.db)).toBeGreaterThan(0);
    expect(await listFingerprint(t.database.db, people.companyA.id)).toBe(before);
    expect((await t.database.db.execute(sql`select count(*)::int as n from list_changes where company_id = ${people.companyA.id}`)).rows[0].n).toBe(1);
    const state = listCacheState();
    await list(t);
    expect(listCacheState()).toEqual(state);
    // Another company's writes leave this one's fingerprint alone.
    await elsewhere('update meter_points set priority = priority where company_id = $1', [people.companyB.id]);
    expect(await listFingerprint(t.database.db, people.companyA.id)).toBe(before);
    // A new week's schedule (no items yet) and a schedule's own status are not in the list: kept as it was
    // (migration 0022). Its week, which its items show, is.
    await elsewhere('insert into schedules (company_id, assignee_id, year, week_no) values ($1, $2, 2027, 11)', [people.companyA.id, plumberReg]);
    await elsewhere('update schedules set status = 2 where id = $1', [week]);
    expect(await listFingerprint(t.database.db, people.companyA.id)).toBe(before);
    await elsewhere('update schedules set week_no = 12 where year = 2027 and week_no = 11 and company_id = $1', [people.companyA.id]);
    expect(await listFingerprint(t.database.db, people.companyA.id)).not.toBe(before);
  });

  it('writes a list once for many who ask at once, each encoding as asked', async () => {
    clearListCache();
    const answers = await Promise.all([...Array(8)].map((_, i) => list(t, i % 2 ? 'gzip' : 'br')));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(listCacheState()).toMatchObject({ keptLists: 2, writing: 0, running: 0, waiting: 0 });
  });
});

describe('limits', () => {
  it('cuts a reader that stops reading, and the next reader still gets the whole list', async () => {
    LIST_LIMITS.stallMs = 500;
    // ~40 MB of JSON: more than the loopback's socket buffers hold (the receiver's may grow to 32 MB
    // here), so the rest has to wait in the server for a reader that never comes.
    await elsewhere(`update meter_points set address = address || repeat(' x', 500) where external_id > 100000`);
    const url = new URL(t.baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    // Plain, and nothing is read after the first bytes for several times stallMs.
    const head = Object.entries(headersFor(admin)).map(([k, v]) => `${k}: ${v}`).join('\r\n');
    socket.write(`GET /api/AssignmentList/assignee/${plumberReg}?scheduleId=${week} HTTP/1.1\r\nhost: ${url.host}\r\n${head}\r\n\r\n`);
    let received = 0;
    // Paused in the first 'data' itself: a socket left flowing would go on reading (and dropping) the rest.
    const first = await new Promise<Buffer>((resolve) => socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(chunk);
    }));
    received += first.length;
    const length = Number(/content-length: (\d+)/i.exec(first.toString('latin1'))![1]);
    expect(length).toBeGreaterThan(36_000_000);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    // Reading again: what the sockets held arrives, then the connection ends, well short of the answer.
    // (Not cut, the whole answer would come and the connection stay open for the next request.)
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => { received += chunk.length; });
    socket.resume();
    await ended;
    expect(received).toBeLessThan(length);
    await elsewhere(`update meter_points set address = left(address, strpos(address, ' x x') - 1) where external_id > 100000`);
    expect(await list(t)).toHaveLength(MANY);
  }, 60_000);

  it("answers 429 with Retry-After past the user's lists loading, and the list still comes for the first", async () => {
    Object.assign(LIST_LIMITS, { perUser: 1 });
    clearListCache();
    const get = (filter: string) => new Promise<{ status: number; retryAfter?: string; bytes: number }>((resolve, reject) => {
      const url = new URL(`/api/AssignmentList/assignee/${plumberReg}?scheduleId=${week}&filtered=${encodeURIComponent(filter)}`, t.baseUrl);
      http.get(url, { headers: headersFor(admin, 'gzip') }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], bytes: res.statusCode === 200 ? zlib.gunzipSync(Buffer.concat(parts)).length : 0 }));
      }).on('error', reject);
    });
    const [a, b] = await Promise.all([get('{"address":{"name":"Lastveien","type":"Street"}}'), get('{"address":{"name":"Lastv","type":"Street"}}')]);
    const refused = [a, b].filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].retryAfter).toBe('5');
    expect([a, b].find((r) => r.status === 200)!.bytes).toBeGreaterThan(1_000_000);
  }, 30_000);
});
