/**
 * /api/AssignmentList (spec 2 §3, §4, §5, §7): the lookups, the list as seen from a plumber's
 * schedule, every filter, who may ask, the refusals of a bad `filtered`, and compressed answers.
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterPoints, registerLookups, scheduleItems, schedules, users } from '../../server/db/schema';
import { assignmentListJson, type ListRules, type PointFilter } from '../../server/repositories/assignments';
import { seenFromSchedule } from '../../src/domain/scheduling/assignmentView';
import type { AssignmentListItem, Schedule } from '../../src/domain/schemas/scheduling';
import { seedTestPeople, signInRoles, startTestApp, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string, plumber: string, adminNoAgreement: string, otherAdmin: string;
let plumberReg: number, adminReg: number, otherReg: number;
/** meter_points.id by name. */
const pid: Record<string, number> = {};
let week10: number, week11: number, adminWeek: number, otherSchedule: number;

type Item = Record<string, unknown> & { waterMeterPointId: number; assignmentItemStatus: number };
/** The answer by point name. */
const byPoint = (list: Item[]) => new Map(list.map((i) => [nameOf(i.waterMeterPointId), i]));
const regOf = async (id: string) => (await t.database.db.select({ r: users.registrationId }).from(users).where(eq(users.id, id)))[0].r;

/** The utility's ids of company A's points, by the name the tests use (the answer's waterMeterPointId is meter_points.id). */
const EXT = { full: 101, bare: 102, strand: 103, noCoords: 104, nanCoords: 105, bergen: 106, failed: 107, cancelled: 108, pct: 109 } as const;
type Name = keyof typeof EXT;
const nameOf = (waterMeterPointId: number) => Object.keys(pid).find((k) => pid[k] === waterMeterPointId) ?? `other ${waterMeterPointId}`;

async function seedRegister() {
  const db = t.database.db;
  const lists = ['dimension', 'zone', 'status', 'readerType', 'agreementType'];
  await db.insert(registerLookups).values([
    ...lists.flatMap((list) => [1, 2].map((id) => ({ customerId: people.customerId, list, id, name: `${list} ${id}` }))),
    { customerId: people.otherCustomerId, list: 'zone', id: 9, name: 'Oslo sone 9' },
  ]);
  const a = { customerId: people.customerId, companyId: people.companyA.id, agreementNo: 'AG-1', assignmentType: 1 };
  const oslo = { lat: 59.91, lng: 10.75 };
  const rows: Record<Name, typeof meterPoints.$inferInsert> = {
    full: {
      ...a, externalId: EXT.full, waterMeterId: 5001, assignmentType: 2, priority: 2, ...oslo, address: 'Storgata 12B, 0155 Oslo', street: 'Storgata',
      buildingNo: '12B', matrikkelenhetNr: '0301-1/2', installDate: '2020-05-01', dimensionId: 1, zoneId: 2, readerTypeId: 1, agreementTypeId: 2, statusId: 1, referenceId: 'R-1',
    },
    bare: { ...a, externalId: EXT.bare, lat: 59.92, lng: 10.76, address: 'Storgata 14, 0155 Oslo', street: 'Storgata', installDate: '2021-01-01', zoneId: 1 },
    strand: { ...a, externalId: EXT.strand, lat: 59.93, lng: 10.77, address: 'Strandveien 3, 0150 Oslo', street: 'Strandveien', installDate: '2019-01-01', statusId: 2, dimensionId: 2, assignmentType: 3 },
    noCoords: { ...a, externalId: EXT.noCoords, lat: null, lng: 10.7, address: 'Uten 1', street: 'Uten' },
    nanCoords: { ...a, externalId: EXT.nanCoords, lat: Number.NaN, lng: Number.POSITIVE_INFINITY, address: 'Uendelig 1', street: 'Uendelig' },
    bergen: { ...a, externalId: EXT.bergen, lat: 60.39, lng: 5.32, address: 'Bryggen 1, 5003 Bergen', street: 'Bryggen', readerTypeId: 2, agreementTypeId: 1 },
    failed: { ...a, externalId: EXT.failed, lat: 59.915, lng: 10.755, address: 'Storgata 20, 0155 Oslo', street: 'Storgata' },
    cancelled: { ...a, externalId: EXT.cancelled, lat: 59.916, lng: 10.756, address: 'Storgata 22, 0155 Oslo', street: 'Storgata' },
    pct: { ...a, externalId: EXT.pct, lat: 59.917, lng: 10.757, address: 'Storg_ata 1, 0155 Oslo', street: 'Storg_ata' },
  };
  for (const [name, row] of Object.entries(rows)) pid[name] = (await db.insert(meterPoints).values(row).returning({ id: meterPoints.id }))[0].id;
  // Other companies' points, at the same place: never in company A's list.
  await db.insert(meterPoints).values([
    { customerId: people.customerId, companyId: people.companyB.id, externalId: 201, agreementNo: 'B', assignmentType: 1, ...oslo, address: 'Storgata 30', street: 'Storgata' },
    { customerId: people.otherCustomerId, companyId: people.companyC.id, externalId: 301, agreementNo: 'C', assignmentType: 1, ...oslo, address: 'Storgata 31', street: 'Storgata' },
    { customerId: people.customerId, companyId: null, externalId: 401, agreementNo: 'N', assignmentType: 1, ...oslo, address: 'Storgata 32', street: 'Storgata' },
  ]);

  const schedule = async (companyId: string, assigneeId: number, weekNo: number) =>
    (await db.insert(schedules).values({ companyId, assigneeId, year: 2027, weekNo }).returning({ id: schedules.id }))[0].id;
  week10 = await schedule(people.companyA.id, plumberReg, 10);
  week11 = await schedule(people.companyA.id, plumberReg, 11);
  adminWeek = await schedule(people.companyA.id, adminReg, 10);
  otherSchedule = await schedule(people.companyC.id, otherReg, 10);
  const item = (scheduleId: number, name: Name, extra: Partial<typeof scheduleItems.$inferInsert> = {}) => ({
    scheduleId, companyId: people.companyA.id, meterPointId: pid[name], objectType: 1, address: name, duration: 30, ...extra,
  });
  await db.insert(scheduleItems).values([
    item(week10, 'full', { isScheduled: true, status: 1 }),
    item(week10, 'bare', { isScheduled: false, status: 1 }),
    item(week11, 'strand', { isScheduled: true, status: 3 }),
    item(week10, 'failed', { status: 7, cancellationTypeId: 5 }),
    item(week10, 'cancelled', { status: 7, cancellationTypeId: 1 }),
  ]);
}

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  ({ admin, plumber, adminNoAgreement, otherAdmin } = await signInRoles(t, people));
  [plumberReg, adminReg, otherReg] = await Promise.all([regOf(people.id.plumberA), regOf(people.id.adminA), regOf(people.id.adminC)]);
  await seedRegister();
});
afterAll(async () => { await t?.close(); });

const listUrl = (assignee: number, filter?: unknown, scheduleId?: number) => {
  const q = new URLSearchParams();
  if (filter !== undefined) q.set('filtered', typeof filter === 'string' ? filter : JSON.stringify(filter));
  if (scheduleId !== undefined) q.set('scheduleId', String(scheduleId));
  return `/api/AssignmentList/assignee/${assignee}${q.size ? `?${q}` : ''}`;
};
/** As seen from `scheduleId` (week 10 unless told; null: from no schedule). */
async function list(filter?: unknown, scheduleId: number | null = week10): Promise<Item[]> {
  const res = await t.api(admin, 'GET', listUrl(plumberReg, filter, scheduleId ?? undefined));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Item[];
}
const names = (items: Item[]) => items.map((i) => nameOf(i.waterMeterPointId)).sort();
const visible: Name[] = ['full', 'bare', 'strand', 'bergen', 'failed', 'cancelled', 'pct'];

describe('GET /api/AssignmentList/lookup', () => {
  it("answers the five lists of the caller's utility", async () => {
    const res = await t.api(admin, 'GET', '/api/AssignmentList/lookup');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['agreementType', 'dimensions', 'readerType', 'status', 'zone']);
    expect(res.body.dimensions).toEqual([{ id: 1, name: 'dimension 1' }, { id: 2, name: 'dimension 2' }]);
    expect(res.body.zone.map((z: { name: string }) => z.name)).not.toContain('Oslo sone 9');
    expect((await t.api(otherAdmin, 'GET', '/api/AssignmentList/lookup')).body.zone).toEqual([{ id: 9, name: 'Oslo sone 9' }]);
  });
});

describe('who may ask', () => {
  it('refuses a plumber and an admin whose company has no agreement (403)', async () => {
    for (const token of [plumber, adminNoAgreement]) {
      expect((await t.api(token, 'GET', '/api/AssignmentList/lookup')).status).toBe(403);
      expect((await t.api(token, 'GET', listUrl(plumberReg))).status).toBe(403);
    }
  });

  it("is 404 for an unknown plumber, another company's plumber, and a schedule not the plumber's in the company", async () => {
    expect((await t.api(admin, 'GET', listUrl(987_654))).status).toBe(404);
    expect((await t.api(admin, 'GET', listUrl(otherReg))).status).toBe(404);
    expect((await t.api(admin, 'GET', listUrl(plumberReg, undefined, otherSchedule))).status).toBe(404);
    expect((await t.api(admin, 'GET', listUrl(plumberReg, undefined, adminWeek))).status).toBe(404);
    expect((await t.api(admin, 'GET', listUrl(plumberReg, undefined, 2_000_000))).status).toBe(404);
    expect((await t.api(otherAdmin, 'GET', listUrl(plumberReg))).status).toBe(404);
  });

  it("never shows another company's points, and shows the other company its own", async () => {
    expect(names(await list())).toEqual([...visible].sort());
    const theirs = await t.api(otherAdmin, 'GET', listUrl(otherReg, undefined, otherSchedule));
    expect(theirs.status).toBe(200);
    expect(theirs.body.map((i: Item) => i.address)).toEqual(['Storgata 31']);
  });
});

describe('the list', () => {
  it('drops points without finite coordinates and leaves absent fields out', async () => {
    const items = byPoint(await list());
    expect(items.has('noCoords')).toBe(false);
    expect(items.has('nanCoords')).toBe(false);
    expect(items.get('full')).toMatchObject({
      waterMeterId: 5001, agreementNo: 'AG-1', assignmentType: 2, priority: 2, lat: 59.91, lng: 10.75, address: 'Storgata 12B, 0155 Oslo',
      buildingNo: '12B', matrikkelenhetNr: '0301-1/2', installDate: '2020-05-01', dimensionId: 1, zoneId: 2, readerTypeId: 1, agreementTypeId: 2,
      statusId: 1, referenceId: 'R-1', scheduleId: week10, weekNo: 10, year: 2027, scheduleItemStatus: 1, assigneeName: 'Ola Nordmann',
    });
    expect(Object.keys(items.get('bergen')!).sort()).toEqual([
      'address', 'agreementNo', 'agreementTypeId', 'assignmentItemStatus', 'assignmentType', 'isDisabled', 'isSelected', 'lat', 'lng', 'priority', 'readerTypeId', 'waterMeterPointId',
    ]);
  });

  it('computes the status as seen from the schedule: Scheduled, Planned, in another schedule, not selected', async () => {
    const fromWeek10 = byPoint(await list());
    const status = (m: Map<string, Item>, name: Name) => {
      const i = m.get(name)!;
      return [i.assignmentItemStatus, i.isSelected, i.isDisabled];
    };
    expect(status(fromWeek10, 'full')).toEqual([4, true, true]);
    expect(status(fromWeek10, 'bare')).toEqual([3, true, false]);
    expect(status(fromWeek10, 'strand')).toEqual([2, true, true]);
    expect(status(fromWeek10, 'bergen')).toEqual([0, false, false]);
    expect(status(fromWeek10, 'failed')).toEqual([0, false, false]);
    const fromWeek11 = byPoint(await list(undefined, week11));
    expect(status(fromWeek11, 'full')).toEqual([2, true, true]);
    expect(status(fromWeek11, 'strand')).toEqual([4, true, true]);
    const noSchedule = byPoint(await list(undefined, null));
    expect(status(noSchedule, 'bare')).toEqual([2, true, true]);
  });

  it("the page's view from a schedule (seenFromSchedule over the list from no schedule) is the server's list from it", async () => {
    // The page reads the one list the server keeps for the company and sees it from its schedule with
    // the schedule's own read (domain/scheduling/assignmentView.ts): it must answer what the server
    // answers for ?scheduleId=, point by point, for every schedule (laid, not laid, another week's, none of its points).
    const fromNone = await list(undefined, null);
    for (const id of [week10, week11]) {
      const read = await t.api(admin, 'GET', `/api/Schedule/${id}?detailedResponse=true`);
      expect(read.status).toBe(200);
      const seen = seenFromSchedule(fromNone as unknown as AssignmentListItem[], read.body as Schedule);
      expect(byPoint([...seen] as unknown as Item[])).toEqual(byPoint(await list(undefined, id)));
    }
    // A schedule with none of the points: the same answer, unchanged.
    const empty = { id: adminWeek, scheduleItems: [] };
    expect(seenFromSchedule(fromNone as unknown as AssignmentListItem[], empty)).toBe(fromNone);
  });

  it('gives a cancelled item its cancellation and colour: Failure for the failure types, else Cancelled', async () => {
    const items = byPoint(await list());
    expect(items.get('failed')).toMatchObject({ scheduleItemStatus: 7, cancellationTypeId: 5, cancellationTypeColorStatus: 'Failure' });
    expect(items.get('cancelled')).toMatchObject({ scheduleItemStatus: 7, cancellationTypeId: 1, cancellationTypeColorStatus: 'Cancelled' });
    expect(items.get('full')).not.toHaveProperty('cancellationTypeColorStatus');
  });

  it('a point planned again after a cancellation shows its live item', async () => {
    await t.database.db.insert(scheduleItems).values({ scheduleId: week11, companyId: people.companyA.id, meterPointId: pid.cancelled, objectType: 1, address: 'x', duration: 30 });
    try {
      expect(byPoint(await list()).get('cancelled')).toMatchObject({ assignmentItemStatus: 2, scheduleItemStatus: 1, scheduleId: week11, weekNo: 11 });
      expect(byPoint(await list()).get('cancelled')).not.toHaveProperty('cancellationTypeId');
    } finally {
      await t.database.db.delete(scheduleItems).where(eq(scheduleItems.scheduleId, week11)).execute();
      await t.database.db.insert(scheduleItems).values({ scheduleId: week11, companyId: people.companyA.id, meterPointId: pid.strand, objectType: 1, address: 'strand', duration: 30, isScheduled: true, status: 3 });
    }
  });
});

describe('filters', () => {
  const cases: [string, unknown, Name[]][] = [
    ['exact address', { address: { name: 'storgata 14, 0155 oslo', type: 'StreetAddress' } }, ['bare']],
    ['street prefix, any case', { address: { name: 'storg', type: 'Street' } }, ['full', 'bare', 'failed', 'cancelled', 'pct']],
    ['street prefix with a LIKE wildcard taken as itself', { address: { name: 'Storg_', type: 'Street' } }, ['pct']],
    ['street and house number, as people type it (any letter)', { address: { name: 'Storgata 12', type: 'Street' } }, ['full']],
    ['street and house number with its letter, any case', { address: { name: 'storgata 12b', type: 'Street' } }, ['full']],
    ['a house number is not a prefix of others (1 is not 12 or 14)', { address: { name: 'Storgata 1', type: 'Street' } }, []],
    ['another letter of the house is not it', { address: { name: 'Storgata 12A', type: 'Street' } }, []],
    ['a regex character in the street taken as itself', { address: { name: 'Storg.ta 12', type: 'Street' } }, []],
    ['installed on or before', { installDate: '2020-05-01' }, ['full', 'strand']],
    ['dimension', { dimensionId: 2 }, ['strand']],
    ['zone', { zoneId: 1 }, ['bare']],
    ['reader type', { readerTypeId: 2 }, ['bergen']],
    ['agreement type', { agreementTypeId: 1 }, ['bergen']],
    ['status', { statusId: 2 }, ['strand']],
    ['no status (key 8)', { statusId: 8 }, ['bare', 'bergen', 'failed', 'cancelled', 'pct']],
    ['assignment type', { assignmentType: 3 }, ['strand']],
    ['not in any live schedule item', { assigned: true }, ['bergen', 'failed', 'cancelled', 'pct']],
    ['assigned false asks nothing', { assigned: false }, visible],
    ['polygon (open ring)', { polygonData: [[10.7, 59.9], [10.8, 59.9], [10.8, 59.95], [10.7, 59.95]] }, ['full', 'bare', 'strand', 'failed', 'cancelled', 'pct']],
    ['polygon (closed ring) around Bergen', { polygonData: [[5, 60], [6, 60], [6, 61], [5, 61], [5, 60]] }, ['bergen']],
    ['several at once', { address: { name: 'Storgata', type: 'Street' }, assigned: true, statusId: 8 }, ['failed', 'cancelled']],
    ['an empty filter', {}, visible],
  ];
  for (const [name, filter, expected] of cases) {
    it(name, async () => { expect(names(await list(filter))).toEqual([...expected].sort()); });
  }
});

describe('a bad `filtered`', () => {
  const refusals: [string, string][] = [
    ['{"zoneId": 1', 'querystring/filtered'],
    ['{"installDate": "2020-13-01"}', 'querystring/filtered/installDate'],
    ['{"installDate": "2027-02-30"}', 'querystring/filtered/installDate'],
    ['{"unknown": 1}', 'querystring/filtered/unknown'],
    ['{"zoneId": 1099511627776}', 'querystring/filtered/zoneId'],
    ['{"statusId": "x"}', 'querystring/filtered/statusId'],
    ['{"address": {"type": "Street"}}', 'querystring/filtered/address/name'],
    ['{"address": {"name": "a\\u0000b", "type": "Street"}}', 'querystring/filtered/address/name'],
    ['{"polygonData": [[10, 59], [11, 59]]}', 'querystring/filtered/polygonData'],
    ['{"polygonData": [[10, 59], [11, 59], [200, 59]]}', 'querystring/filtered/polygonData/2/0'],
    ['[1]', 'querystring/filtered'],
  ];
  for (const [text, field] of refusals) {
    it(`${text} → 400 naming ${field}`, async () => {
      const res = await t.api(admin, 'GET', listUrl(plumberReg, text, week10));
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message.startsWith(`${field} `)).toBe(true);
    });
  }
});

/** The raw answer, as a client that asks for `encoding` gets it on the wire. */
function rawGet(token: string, path: string, encoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(path, t.baseUrl);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) };
  if (encoding) headers['accept-encoding'] = encoding;
  return new Promise((resolve, reject) => {
    http.get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

describe('compressed answers', () => {
  it('sends JSON as brotli or gzip by Accept-Encoding, brotli first, and plain when not asked', async () => {
    const path = listUrl(plumberReg, undefined, week10);
    const plain = await rawGet(admin, path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = JSON.parse(plain.body.toString('utf8'));
    expect(expected).toHaveLength(visible.length);

    const br = await rawGet(admin, path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(expected);

    const gz = await rawGet(admin, path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString('utf8'))).toEqual(expected);

    const lookups = await rawGet(admin, '/api/AssignmentList/lookup', 'br');
    expect(lookups.status).toBe(200);
  });

  it('compresses the OpenAPI document', async () => {
    const doc = await rawGet(admin, '/api/openapi.json', 'br, gzip');
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(doc.body).toString('utf8')).paths['/api/AssignmentList/assignee/{id}']).toBeDefined();
  });
});

describe('the answer is streamed as PostgreSQL sends the rows', () => {
  const rules: ListRules = { cancelledStatus: 7, failureCancellationTypes: [5, 6, 7], status: { notSelected: 0, inOtherSchedule: 2, planned: 3, scheduled: 4 }, disabled: [2, 4] };
  const text = async (stream: Readable) => {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts).toString('utf8');
  };
  const repoList = (db: Parameters<typeof assignmentListJson>[0], filter: PointFilter = {}) =>
    assignmentListJson(db, { companyId: people.companyA.id, customerId: people.customerId, scheduleId: week10, filter, rules });

  it('answers [] when nothing matches', async () => {
    const res = await rawGet(admin, listUrl(plumberReg, { zoneId: 2, dimensionId: 2 }, week10));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.toString('utf8')).toBe('[]');
  });

  it('joins rows across many chunks into one compact array in id order', async () => {
    const extra = Array.from({ length: 500 }, (_, n) => ({
      customerId: people.customerId, companyId: people.companyA.id, externalId: 10_000 + n, agreementNo: `AG-"${n}"\\`, assignmentType: 1,
      lat: 59.9 + n / 10_000, lng: 10.7, address: `Langgata ${n}, 0150 Oslo`, street: 'Langgata', referenceId: `R-${'x'.repeat(300)}`,
    }));
    const ids = (await t.database.db.insert(meterPoints).values(extra).returning({ id: meterPoints.id })).map((r) => r.id);
    try {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const res = await rawGet(admin, listUrl(plumberReg, undefined, week10), encoding);
        expect(res.status).toBe(200);
        const raw = (encoding === 'br' ? zlib.brotliDecompressSync(res.body) : encoding === 'gzip' ? zlib.gunzipSync(res.body) : res.body).toString('utf8');
        // Over three 64 KB chunks; written exactly as JSON.stringify writes it back: no gap or stray comma at a chunk's edge.
        expect(raw.length).toBeGreaterThan(3 * 64 * 1024);
        const items = JSON.parse(raw) as Item[];
        expect(raw).toBe(JSON.stringify(items));
        expect(items).toHaveLength(visible.length + extra.length);
        const order = items.map((i) => i.waterMeterPointId);
        expect(order).toEqual([...order].sort((a, b) => a - b));
        expect(items.find((i) => i.waterMeterPointId === ids[7])).toMatchObject({ agreementNo: 'AG-"7"\\', address: 'Langgata 7, 0150 Oslo', assignmentItemStatus: 0 });
      }
    } finally {
      await t.database.db.delete(meterPoints).where(inArray(meterPoints.id, ids));
    }
  });

  it('gives its connection back to the pool, after an answer and after a failed statement', async () => {
    const pool = t.database.pool;
    // More requests than the pool has connections: one kept per request would stall the later ones.
    for (let n = 0; n < pool.options.max! + 2; n++) expect((await rawGet(admin, listUrl(plumberReg, undefined, week10))).status).toBe(200);
    for (let n = 0; n < pool.options.max! + 2; n++) await expect(repoList(t.database.db, { polygon: 'not a polygon' })).rejects.toThrow(/polygon/);
    expect(pool.waitingCount).toBe(0);
    expect(names(await list())).toEqual([...visible].sort());
  });

  it('is written in a thread of its own at the lowest priority, its database backend too; the server answers at normal priority', async () => {
    // A filter no earlier test asked for, so this list is written now.
    const path = listUrl(plumberReg, { dimensionId: 2 }, week11);
    expect((await rawGet(admin, path, 'br')).status).toBe(200);
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const threads = fs.readdirSync('/proc/self/task').map((tid) => niceOf(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
    // The writer (idle now, kept for the next list) and the rest of the process at 0.
    expect(threads.filter((n) => n === 19).length).toBe(1);
    expect(niceOf(fs.readFileSync('/proc/self/stat', 'utf8'))).toBe(0);
    const { rows } = await t.database.pool.query<{ pid: number }>("select pid from pg_stat_activity where application_name = 'meterwork-list-writer'");
    expect(rows).toHaveLength(1);
    // This machine's PostgreSQL runs as another user (postgres) when the tests run as root: only root may nice it.
    if (process.getuid?.() === 0) expect(niceOf(fs.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8'))).toBe(19);
    const own = await t.database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(niceOf(fs.readFileSync(`/proc/${own.rows[0].pid}/stat`, 'utf8'))).toBe(0);
  });

  it("runs on a transaction's own connection and leaves the transaction to its owner", async () => {
    const plain = (await rawGet(admin, listUrl(plumberReg, undefined, week10))).body.toString('utf8');
    const inTx = await t.database.db.transaction(async (tx) => {
      const answer = await text(await repoList(tx));
      // The transaction is still usable after the list.
      expect((await tx.select({ id: meterPoints.id }).from(meterPoints).where(eq(meterPoints.id, pid.full))).length).toBe(1);
      return answer;
    });
    expect(inTx).toBe(plain);
  });
});
