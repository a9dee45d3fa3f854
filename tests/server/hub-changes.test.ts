/**
 * Every change kind reaches the hub: a committed write of company settings (SettingsChanged), of
 * holidays or working hours (WorkingHoursChanged) or of a user (UsersChanged) is heard by the
 * company's signed-in users on a real hub socket, not by another company's, and a refused write
 * tells nobody anything.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import type { PlumberNotification } from '../../src/domain/api';
import { NotificationType } from '../../src/domain/enums';
import { osloDay } from '../../src/domain/time/oslo';
import { users } from '../../server/db/schema';
import { EMAILS, listenHub, startDemo, type Demo, type Person } from './jobs-fixtures';

let demo: Demo;
const hubs: HubConnection[] = [];

beforeAll(async () => {
  demo = await startDemo();
}, 240_000);
afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  await demo?.close();
}, 240_000);

const count = (heard: PlumberNotification[], type: string) => heard.filter((n) => n.NotificationType === type).length;
const userRow = async (p: Person) => (await demo.t.database.db.select().from(users).where(eq(users.email, EMAILS[p])))[0];
/** Waits long enough for a notification that would come (they come within milliseconds of the commit). */
const settle = () => new Promise((r) => setTimeout(r, 500));

async function hearers() {
  return { kari: await listenHub(demo, 'kari', hubs), ola: await listenHub(demo, 'ola', hubs), lars: await listenHub(demo, 'lars', hubs) };
}

it('a company configuration saved is heard as SettingsChanged by its company only; a refused one tells nothing', async () => {
  const h = await hearers();
  const config = { smsSenderName: 'HubTest', companyName: 'Rørlegger Hub AS', companyTelephone: '+47 55 11 22 33' };
  const refused = await demo.api('ola', 'PUT', '/api/CompanyConfiguration', config);
  expect(refused.status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.SettingsChanged)).toBe(0);
  const put = await demo.api('kari', 'PUT', '/api/CompanyConfiguration', config);
  const saved = put.status === 404 ? await demo.api('kari', 'POST', '/api/CompanyConfiguration', config) : put;
  expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
  await expect.poll(() => count(h.kari, NotificationType.SettingsChanged), { timeout: 5_000 }).toBe(1);
  await expect.poll(() => count(h.ola, NotificationType.SettingsChanged), { timeout: 5_000 }).toBe(1);
  await settle();
  expect(count(h.lars, NotificationType.SettingsChanged)).toBe(0);
}, 60_000);

it('a holiday added is heard as WorkingHoursChanged by its company only; a refused one tells nothing', async () => {
  const h = await hearers();
  const { companyId } = await userRow('kari');
  const next = Number(osloDay(new Date()).slice(0, 4)) + 1;
  const holiday = { id: 0, groupId: companyId, date: `${next}-06-10`, holidayTypeId: 2, startTime: '06:00', endTime: '18:00', reason: 'Fridag' };
  expect((await demo.api('ola', 'POST', '/api/CompanyHolidayConfiguration', [holiday])).status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.WorkingHoursChanged)).toBe(0);
  const added = await demo.api('kari', 'POST', '/api/CompanyHolidayConfiguration', [holiday]);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await expect.poll(() => count(h.kari, NotificationType.WorkingHoursChanged), { timeout: 5_000 }).toBe(1);
  await expect.poll(() => count(h.ola, NotificationType.WorkingHoursChanged), { timeout: 5_000 }).toBe(1);
  await settle();
  expect(count(h.lars, NotificationType.WorkingHoursChanged)).toBe(0);
}, 60_000);

it('a user\'s information saved is heard as UsersChanged by its company only; a refused one tells nothing', async () => {
  const h = await hearers();
  const ola = await userRow('ola');
  const per = await userRow('per');
  const info = (objectId: number) => ({ firstName: 'Ola', lastName: 'Hansen', displayName: 'Ola_H', telephone: '+4792345678', objectId: String(objectId) });
  expect((await demo.api('ola', 'PUT', '/api/Users/userinformation', { ...info(per.registrationId), firstName: 'Per' })).status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.UsersChanged)).toBe(0);
  const saved = await demo.api('ola', 'PUT', '/api/Users/userinformation', info(ola.registrationId));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await expect.poll(() => count(h.kari, NotificationType.UsersChanged), { timeout: 5_000 }).toBe(1);
  await settle();
  expect(count(h.lars, NotificationType.UsersChanged)).toBe(0);
}, 60_000);
