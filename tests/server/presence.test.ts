/**
 * Who else has a plumber's week open (PUT/DELETE /api/Schedule/presence), with two server processes on
 * one PostgreSQL: admin A beats on process 1 and a second admin of the same company on process 2; each
 * sees the other by name, hears PresenceChanged on a hub socket of the other process, and stops seeing
 * the other once they leave or their heartbeat runs out. A plumber is refused (403), another company's
 * admin gets 404 for this company's plumber and never sees its viewers; bounds are 400.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { eq, sql } from 'drizzle-orm';
import type { PlumberNotification } from '../../src/domain/api';
import { HUB_EVENT, HUB_PATH } from '../../src/domain/constants';
import { NotificationType } from '../../src/domain/enums';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { schedulePresence, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { EMAILS, FORBIDDEN, startDemo, type Demo } from './jobs-fixtures';
import { registrationOf, weekAhead } from './schedule-fixtures';

const SECOND_ADMIN = 'kristin.presence@sandvika-ror.no';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-presence-'));
let demo: Demo;
/** The second server process, on the demo's database. */
let b: TestApp;
let kari: string;
let kristin: string;
let per: number;
let nora: number;
const hubs: HubConnection[] = [];
const week = weekAhead(2);

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  b = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
  // A second admin of Kari's company, as the demo has one per company.
  const [k] = await demo.t.database.db.select().from(users).where(eq(users.email, EMAILS.kari));
  await demo.t.database.db.insert(users).values({
    ...k, id: undefined, registrationId: undefined, email: SECOND_ADMIN, firstName: 'Kristin', lastName: 'Lund', displayName: 'Kristin Lund',
  });
  // Lars's company gets an agreement in force, as Kari's has, so only the company tells them apart.
  await demo.t.database.db.execute(sql`update companies set has_agreement = k.has_agreement, agreement_start = k.agreement_start, agreement_end = k.agreement_end
    from companies k where k.id = ${k.companyId} and companies.id = (select company_id from users where email = ${EMAILS.lars})`);
  kari = await demo.token('kari');
  kristin = await demo.t.login(SECOND_ADMIN, DEMO_PASSWORD);
  per = await registrationOf(demo, 'per');
  nora = await registrationOf(demo, 'nora');
}, 240_000);
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  await b?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 240_000);

type Answer = { status: number; body: { viewers?: { name: string }[]; message?: string } };
const beat = (app: TestApp, token: string, viewId: string, assigneeId = per, w = week): Promise<Answer> =>
  app.api(token, 'PUT', '/api/Schedule/presence', { viewId, assigneeId, ...w });
const names = (a: Answer) => a.body.viewers?.map((v) => v.name);

async function listen(app: TestApp, token: string): Promise<PlumberNotification[]> {
  const heard: PlumberNotification[] = [];
  const connection = new HubConnectionBuilder()
    .withUrl(`${app.baseUrl}${HUB_PATH}`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None).build();
  connection.on(HUB_EVENT, (n: PlumberNotification) => heard.push(n));
  await connection.start();
  hubs.push(connection);
  return heard;
}
const presenceHeard = (heard: PlumberNotification[]) => heard.filter((n) => n.NotificationType === NotificationType.PresenceChanged).length;

it('two admins on two processes see each other by name, hear each other come and go, and the plumber and the other company do not', async () => {
  const kariHears = await listen(demo.t, kari);
  const kristinHears = await listen(b, kristin);
  const olaHears = await listen(b, await demo.token('ola'));
  const larsHears = await listen(b, await demo.token('lars'));
  const kariView = randomUUID();
  const kristinView = randomUUID();

  const first = await beat(demo.t, kari, kariView);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body).toEqual({ viewers: [] });
  // Kristin opens the same week on the other process: she sees Kari, and Kari hears of her there.
  await expect.poll(() => presenceHeard(kristinHears), { timeout: 5_000 }).toBeGreaterThan(0);
  const before = presenceHeard(kariHears);
  expect(names(await beat(b, kristin, kristinView))).toEqual(['Kari Nordmann']);
  await expect.poll(() => presenceHeard(kariHears), { timeout: 5_000 }).toBeGreaterThan(before);
  expect(names(await beat(demo.t, kari, kariView))).toEqual(['Kristin Lund']);
  // A second tab of Kristin's is still one name, and never her own.
  const kristinTab2 = randomUUID();
  expect(names(await beat(demo.t, kristin, kristinTab2))).toEqual(['Kari Nordmann']);
  expect(names(await beat(b, kari, kariView))).toEqual(['Kristin Lund']);
  // Another week or another plumber's week is not the same week.
  expect(names(await beat(b, kristin, randomUUID(), per, weekAhead(3)))).toEqual([]);

  // A plumber is refused, and neither the plumber nor the other company hears of the admins.
  const refused = await beat(demo.t, await demo.token('ola'), randomUUID());
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe(FORBIDDEN);
  expect((await demo.api('ola', 'DELETE', `/api/Schedule/presence/${kariView}`)).status).toBe(403);
  expect(presenceHeard(olaHears)).toBe(0);
  expect(presenceHeard(larsHears)).toBe(0);
  // Lars (another company's admin) may not name Kari's plumber, and sees nobody of hers in his own plumber's same week.
  expect((await beat(b, await demo.token('lars'), randomUUID())).status).toBe(404);
  expect(names(await beat(demo.t, await demo.token('lars'), randomUUID(), nora))).toEqual([]);
  expect(names(await beat(b, kristin, kristinView))).toEqual(['Kari Nordmann']);
  // Another admin cannot take over or end a tab that is not theirs.
  expect((await beat(demo.t, kristin, kariView)).status).toBe(409);
  expect((await b.api(kristin, 'DELETE', `/api/Schedule/presence/${kariView}`)).status).toBe(204);
  expect(names(await beat(b, kristin, kristinView))).toEqual(['Kari Nordmann']);

  // Kari leaves on process 2: Kristin hears it on process 2 and no longer sees her.
  const heardBefore = presenceHeard(kristinHears);
  expect((await b.api(kari, 'DELETE', `/api/Schedule/presence/${kariView}`)).status).toBe(204);
  await expect.poll(() => presenceHeard(kristinHears), { timeout: 5_000 }).toBeGreaterThan(heardBefore);
  expect(names(await beat(b, kristin, kristinView))).toEqual([]);
  expect(await demo.t.database.db.select().from(schedulePresence).where(eq(schedulePresence.viewId, kariView))).toEqual([]);
}, 60_000);

it('a tab that stops beating is gone after its time, and a beat brings it back', async () => {
  const kariView = randomUUID();
  const kristinView = randomUUID();
  const w = weekAhead(5);
  await beat(demo.t, kari, kariView, per, w);
  expect(names(await beat(b, kristin, kristinView, per, w))).toEqual(['Kari Nordmann']);
  // Kari's browser died: her last beat's time runs out (set in the past rather than waited for).
  await demo.t.database.db.update(schedulePresence).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(schedulePresence.viewId, kariView));
  expect(names(await beat(b, kristin, kristinView, per, w))).toEqual([]);
  // The expired row is cleared by the next beat of the company.
  expect(await demo.t.database.db.select().from(schedulePresence).where(eq(schedulePresence.viewId, kariView))).toEqual([]);
  // Kari's tab beats again (it was only asleep): she is back.
  expect(names(await beat(demo.t, kari, kariView, per, w))).toEqual(['Kristin Lund']);
  expect(names(await beat(b, kristin, kristinView, per, w))).toEqual(['Kari Nordmann']);
  const [row] = await demo.t.database.db.select({ left: sql<number>`extract(epoch from ${schedulePresence.expiresAt} - now())` }).from(schedulePresence)
    .where(eq(schedulePresence.viewId, kariView));
  expect(Number(row.left)).toBeGreaterThan(30);
  expect(Number(row.left)).toBeLessThanOrEqual(40);
});

it('refuses bad input naming the field, and writes nothing', async () => {
  const bad = [
    { viewId: 'not-a-uuid', assigneeId: per, ...week },
    { viewId: randomUUID(), assigneeId: 0, ...week },
    { viewId: randomUUID(), assigneeId: per, year: 1999, weekNo: 1 },
    { viewId: randomUUID(), assigneeId: per, year: 2027, weekNo: 54 },
    { viewId: randomUUID(), assigneeId: per, ...week, extra: 1 },
  ];
  const [{ n: before }] = (await demo.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from schedule_presence`)).rows;
  for (const body of bad) {
    const res = await demo.t.api(kari, 'PUT', '/api/Schedule/presence', body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.body.field).toMatch(/^body/);
  }
  // 2026 has 53 ISO weeks, 2027 has 52.
  const w53 = await demo.t.api(kari, 'PUT', '/api/Schedule/presence', { viewId: randomUUID(), assigneeId: per, year: 2027, weekNo: 53 });
  expect(w53.status).toBe(400);
  expect(w53.body.field).toBe('body/weekNo');
  expect((await demo.t.api(kari, 'PUT', '/api/Schedule/presence', { viewId: randomUUID(), assigneeId: 2_000_000, ...week })).status).toBe(404);
  expect((await demo.t.api(kari, 'DELETE', '/api/Schedule/presence/nope')).status).toBe(400);
  const [{ n: after }] = (await demo.t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from schedule_presence`)).rows;
  expect(after).toBe(before);
});
