/**
 * The per-address and per-user request limits as the sign-in hook counts them (issue 12 §5: the
 * address, the user and the user's account in one statement): every request to a signed-in route is
 * counted once against its address whatever the outcome, the user once when the token is valid, and
 * past the address limit the answer is 429 before the token is looked at. Counts live in PostgreSQL,
 * shared by every server process (the two apps here share one database).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { seedTestPeople, startTestApp, TEST_PASSWORD, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

const ADDRESS_LIMIT = 5;
let t: TestApp;
let low: TestApp;
let people: TestPeople;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  token = await t.login(people.email.adminA, TEST_PASSWORD);
  // A second process on the same database whose address limit is low.
  low = await startTestApp({ database: t.database, config: { rateLimit: { ...loadConfig().rateLimit, perIpPerMinute: ADDRESS_LIMIT }, publicUrl: t.baseUrl } });
});
afterAll(async () => { await low?.close(); await t?.close(); });
beforeEach(async () => { await t.database.db.execute(sql`delete from rate_limits`); });

async function counts(): Promise<Record<string, number>> {
  const { rows } = await t.database.db.execute<{ key: string; count: number }>(sql`select key, count from rate_limits where key like 'ip:%' or key like 'user:%'`);
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.count)]));
}

const context = () => String(tokenClaims(token).customer_id);
const get = (app: TestApp, path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });

it('counts a signed-in request once against its address and once against its user', async () => {
  for (let i = 0; i < 3; i++) expect((await t.api(token, 'GET', '/api/JobTypes')).status).toBe(200);
  expect(await counts()).toEqual({ 'ip:127.0.0.1': 3, [`user:${people.id.adminA}`]: 3 });
});

it('counts every refused request against its address, and the user only for a valid token', async () => {
  expect((await get(t, '/api/JobTypes')).status).toBe(401);
  expect((await get(t, '/api/JobTypes', { authorization: 'Bearer not-a-token', 'x-waapi-context': context() })).status).toBe(401);
  expect((await get(t, '/api/JobTypes', { authorization: `Bearer ${token}` })).status).toBe(400);
  expect((await get(t, '/api/JobTypes', { authorization: `Bearer ${token}`, 'x-waapi-context': people.otherCustomerId })).status).toBe(403);
  // A public API route and a path no route serves are counted against the address too.
  expect((await get(t, '/api/config')).status).toBe(200);
  expect((await get(t, '/api/no-such-route')).status).toBe(404);
  expect(await counts()).toEqual({ 'ip:127.0.0.1': 6, [`user:${people.id.adminA}`]: 2 });
});

it('answers 429 past the address limit, before the token is looked at, in every process', async () => {
  for (let i = 0; i < ADDRESS_LIMIT; i++) {
    expect((await get(low, '/api/JobTypes', { authorization: 'Bearer not-a-token', 'x-waapi-context': context() })).status).toBe(401);
  }
  const flooded = await get(low, '/api/JobTypes', { authorization: 'Bearer not-a-token', 'x-waapi-context': context() });
  expect(flooded.status).toBe(429);
  expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await flooded.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  expect((await get(low, '/api/JobTypes')).status).toBe(429);
  expect((await get(low, '/api/JobTypes', { authorization: `Bearer ${token}`, 'x-waapi-context': context() })).status).toBe(429);
  expect((await get(low, '/api/config')).status).toBe(429);
  // The other process (a high limit) counted the same address: the counts are shared.
  expect((await t.api(token, 'GET', '/api/JobTypes')).status).toBe(200);
  expect(await counts()).toMatchObject({ 'ip:127.0.0.1': ADDRESS_LIMIT + 5 });
});
