/**
 * Every change kind reaches the hub: a committed write of company settings (SettingsChanged), of
 * holidays or working hours (WorkingHoursChanged) or of a user (UsersChanged) is heard by the
 * company's signed-in users on a real hub socket, and an SMS queued (MessagesChanged) by its admins,
 * not by another company's, and a refused write tells nobody anything.
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

/**
 * Each write of the kind is told once, after its commit: the writes run one after another and each
 * waits for its own notification (a write within the coalescing window of the one before is told
 * when the window ends, still once).
 */
async function eachHeard(h: Awaited<ReturnType<typeof hearers>>, type: string, writes: [string, () => Promise<{ status: number; body: unknown }>][]) {
  for (const [i, [name, write]] of writes.entries()) {
    const res = await write();
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    await expect.poll(() => count(h.kari, type), { timeout: 5_000, message: name }).toBe(i + 1);
  }
  await settle();
  expect(count(h.kari, type)).toBe(writes.length);
  expect(count(h.lars, type)).toBe(0);
}

it('company settings created, changed and deleted (/api/Setting) are each heard as SettingsChanged by its company only; a refused one tells nothing', async () => {
  const h = await hearers();
  const { companyId } = await userRow('kari');
  const travelSpeed = 12;
  const body = { groupId: companyId, settingList: [{ settingTypeId: travelSpeed, value: '60' }] };
  expect((await demo.api('ola', 'POST', '/api/Setting', body)).status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.SettingsChanged)).toBe(0);
  let id = 0;
  await eachHeard(h, NotificationType.SettingsChanged, [
    ['POST /api/Setting', async () => {
      const res = await demo.api('kari', 'POST', '/api/Setting', body);
      id = (res.body as { id: number; settingTypeId: number }[]).find((s) => s.settingTypeId === travelSpeed)?.id ?? 0;
      return res;
    }],
    ['PUT /api/Setting', () => demo.api('kari', 'PUT', '/api/Setting', [{ id, value: '70' }])],
    ['DELETE /api/Setting', () => demo.api('kari', 'DELETE', '/api/Setting', [id])],
  ]);
}, 60_000);

it('SMS templates created and changed and a template content saved are each heard as SettingsChanged by its company only; a refused one tells nothing', async () => {
  const h = await hearers();
  const templates = (await demo.api('kari', 'GET', '/api/NotificationTemplate')).body as { id: number; key: string; notificationTypeId: number; isSampleTemplate: boolean; text: string }[];
  const sample = templates.find((x) => x.isSampleTemplate)!;
  const create = {
    key: `hub-${Date.now().toString(36)}`, notificationTypeId: sample.notificationTypeId, templateText: sample.text,
    parentTemplateId: sample.id, title: 'Hub', name: 'Hub-mal',
  };
  expect((await demo.api('ola', 'POST', '/api/NotificationTemplate', create)).status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.SettingsChanged)).toBe(0);
  let id = 0;
  await eachHeard(h, NotificationType.SettingsChanged, [
    ['POST /api/NotificationTemplate', async () => {
      const res = await demo.api('kari', 'POST', '/api/NotificationTemplate', create);
      id = (res.body as { id: number }).id;
      return res;
    }],
    ['PUT /api/NotificationTemplate/{id}', () => demo.api('kari', 'PUT', `/api/NotificationTemplate/${id}`, { templateText: 'Ny tekst fra hub-testen' })],
    ['POST /api/NotificationTemplateContent', () => demo.api('kari', 'POST', '/api/NotificationTemplateContent', { notificationTemplateId: id, content: 'Et utdrag' })],
  ]);
}, 60_000);

it('working hours created, changed and deleted (/api/WorkingHoursSetting) are each heard as WorkingHoursChanged by its company only; a refused one tells nothing', async () => {
  const h = await hearers();
  const { companyId } = await userRow('kari');
  const per = await userRow('per');
  const url = '/api/WorkingHoursSetting';
  const company = (await demo.api('kari', 'GET', `${url}/filter?groupId=${companyId}`)).body as { id: number; dayOfWeek: number }[];
  const monday = company.find((d) => d.dayOfWeek === 1)!;
  const own = { groupId: companyId, userRegistrationId: per.registrationId, workingHoursSettings: [{ dayOfWeek: 2, startTime: '08:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:00' }] };
  expect((await demo.api('ola', 'POST', url, own)).status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.WorkingHoursChanged)).toBe(0);
  let id = 0;
  await eachHeard(h, NotificationType.WorkingHoursChanged, [
    ['POST /api/WorkingHoursSetting', async () => {
      const res = await demo.api('kari', 'POST', url, own);
      id = (res.body as { id: number }[])[0]?.id ?? 0;
      return res;
    }],
    ['PUT /api/WorkingHoursSetting', () => demo.api('kari', 'PUT', url, {
      groupId: companyId, workingHoursSettings: [{ id: monday.id, dayOfWeek: 1, startTime: '07:00', lunchStartTime: '11:00', lunchEndTime: '11:30', endTime: '15:30' }],
    })],
    ['DELETE /api/WorkingHoursSetting', () => demo.api('kari', 'DELETE', url, [id])],
  ]);
}, 60_000);

it('an SMS queued is heard as MessagesChanged by its company\'s admins only; a refused send tells nothing', async () => {
  const h = await hearers();
  const [template] = (await demo.api('kari', 'GET', '/api/NotificationTemplate')).body as { id: number }[];
  expect((await demo.api('ola', 'POST', `/api/NotificationTemplate/${template.id}/test`, { to: '91234567' })).status).toBe(403);
  await settle();
  expect(count(h.kari, NotificationType.MessagesChanged)).toBe(0);
  const sent = await demo.api('kari', 'POST', `/api/NotificationTemplate/${template.id}/test`, { to: '91234567' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  await expect.poll(() => count(h.kari, NotificationType.MessagesChanged), { timeout: 5_000 }).toBe(1);
  await settle();
  // The plumbers of the company are not told of its messages; nor is another company.
  expect(count(h.ola, NotificationType.MessagesChanged)).toBe(0);
  expect(count(h.lars, NotificationType.MessagesChanged)).toBe(0);
}, 60_000);
