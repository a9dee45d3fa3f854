/**
 * The company's assignment list written ahead while its admins use the app (issue 24 §5): the first
 * "Planlegg" after a change finds it kept instead of waiting for it to be written. Admins only; at an
 * admin's sign-in and after an admin's write at once, after an admin's reads at most once per period
 * per company; and the list the page then reads is the one written ahead.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterPoints, users } from '../../server/db/schema';
import { forgetListWarmUps, WARM_LIST } from '../../server/services/assignments/list';
import { clearListCache, listCacheState } from '../../server/services/assignments/listCache';
import { seedTestPeople, signInRoles, startTestApp, TEST_PASSWORD, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string;
let plumber: string;
let plumberReg: number;
const PERIOD = WARM_LIST.everyMs;

const headersFor = (token: string) => ({ authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id), 'accept-encoding': 'br' });
const get = (token: string, path: string) => fetch(`${t.baseUrl}${path}`, { headers: headersFor(token) });
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within 20 s');
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  t = await startTestApp({ config: { warmAssignmentLists: true } });
  people = await seedTestPeople(t.database.db);
  ({ admin, plumber } = await signInRoles(t, people));
  plumberReg = (await t.database.db.select({ r: users.registrationId }).from(users).where(eq(users.id, people.id.plumberA)))[0].r;
  await t.database.db.execute(sql`insert into meter_points (customer_id, company_id, external_id, agreement_no, assignment_type, lat, lng, address, street)
    select ${people.customerId}, ${people.companyA.id}, 500000 + n, 'AG-' || n, 1, 59.9 + n / 1e6, 10.7 + n / 1e6, 'Varmveien ' || n, 'Varmveien'
    from generate_series(1, 2000) n`);
}, 120_000);
afterAll(async () => {
  WARM_LIST.everyMs = PERIOD;
  await t?.close();
});

describe('the list written ahead', () => {
  it("is written after an admin's answer, once per period, never for a plumber, and is what the page then reads", async () => {
    // The sign-ins of beforeAll wrote their lists ahead: done before counting.
    await until(() => listCacheState().writing === 0);
    clearListCache();
    forgetListWarmUps();
    WARM_LIST.everyMs = 60_000;
    const before = listCacheState().written;
    // A plumber at work: nothing is written.
    expect((await get(plumber, '/api/JobStatus')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(listCacheState().written).toBe(before);

    // An admin's answer goes first; the list is written behind it.
    expect((await get(admin, '/api/JobStatus')).status).toBe(200);
    await until(() => listCacheState().written === before + 1 && listCacheState().writing === 0);
    expect(listCacheState().keptLists).toBe(1);

    // The page's first read (no schedule, no filter) is answered from it: nothing more is written.
    const res = await get(admin, `/api/AssignmentList/assignee/${plumberReg}`);
    expect(res.status).toBe(200);
    expect((await res.json() as unknown[]).length).toBe(2000);
    expect(listCacheState().written).toBe(before + 1);

    // Within the period, more of the admin's requests write nothing, even after a change.
    await t.database.db.update(meterPoints).set({ address: 'Endret 1' }).where(eq(meterPoints.externalId, 500001));
    expect((await get(admin, '/api/JobStatus')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(listCacheState().written).toBe(before + 1);

    // An admin's write (any method but GET; here one the server refuses) looks at once, within the
    // period: the changed list is written ahead, and the page reads the change from it.
    const write = await fetch(`${t.baseUrl}/api/Scheduler`, { method: 'POST', headers: { ...headersFor(admin), 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(400);
    await until(() => listCacheState().written === before + 2 && listCacheState().writing === 0);
    const again = await get(admin, `/api/AssignmentList/assignee/${plumberReg}`);
    expect((await again.json() as { address: string }[]).some((p) => p.address === 'Endret 1')).toBe(true);
    expect(listCacheState().written).toBe(before + 2);

    // After the period, an admin's read looks again: nothing changed, nothing is written.
    WARM_LIST.everyMs = 0;
    expect((await get(admin, '/api/JobStatus')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(listCacheState().written).toBe(before + 2);

    // A change by anyone else (here plain SQL, as another server process would): the next read writes it.
    await t.database.db.update(meterPoints).set({ address: 'Endret 2' }).where(eq(meterPoints.externalId, 500002));
    expect((await get(admin, '/api/JobStatus')).status).toBe(200);
    await until(() => listCacheState().written === before + 3 && listCacheState().writing === 0);
    expect(listCacheState().keptLists).toBe(1);
  });

  it('is written when an admin signs in, while the app boots; not for a plumber', async () => {
    await until(() => listCacheState().writing === 0);
    clearListCache();
    forgetListWarmUps();
    WARM_LIST.everyMs = 60_000;
    await t.database.db.update(meterPoints).set({ address: 'Endret 3' }).where(eq(meterPoints.externalId, 500003));
    const before = listCacheState().written;
    await t.login(people.email.plumberA, TEST_PASSWORD);
    await new Promise((r) => setTimeout(r, 300));
    expect(listCacheState().written).toBe(before);

    const token = await t.login(people.email.adminA, TEST_PASSWORD);
    await until(() => listCacheState().written === before + 1 && listCacheState().writing === 0);
    const res = await get(token, `/api/AssignmentList/assignee/${plumberReg}`);
    expect((await res.json() as { address: string }[]).some((p) => p.address === 'Endret 3')).toBe(true);
    expect(listCacheState().written).toBe(before + 1);
  });
});
