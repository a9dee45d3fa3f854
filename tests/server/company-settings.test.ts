/** Company settings and configuration (spec 3 §4, §5, §7): /api/Setting, /api/CompanyConfiguration. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingType } from '../../src/domain/settings/company';
import { companyConfigurations, companySettings } from '../../server/db/schema';
import { seedSettingValues } from '../../server/db/seedSettingValues';
import { seedTestPeople, startTestApp, signInRoles, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string, plumber: string, adminNoAgreement: string, otherAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  ({ admin, plumber, adminNoAgreement, otherAdmin } = await signInRoles(t, people));
});
afterAll(async () => { await t?.close(); });

const rowsOf = (companyId: string) => t.database.db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
const valuesOf = (list: { settingTypeId: number; value: string }[]) => Object.fromEntries(list.map((s) => [s.settingTypeId, s.value]));

describe('/api/Setting', () => {
  beforeEach(async () => {
    await t.database.db.delete(companySettings);
  });

  it('creates, reads, updates and deletes the company\'s settings', async () => {
    const created = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id,
      settingList: [
        { settingTypeId: SettingType.Install, value: '45' }, { settingTypeId: SettingType.ErrorThreshold, value: '3' },
        { settingTypeId: SettingType.JobInterval, value: '30' }, { settingTypeId: SettingType.ReminderFrequency, value: '0.25' },
        { settingTypeId: SettingType.NumberOfReminders, value: '2' }, { settingTypeId: SettingType.SendReminder, value: 'true' },
      ],
    });
    expect(created.status).toBe(201);
    expect(valuesOf(created.body)).toEqual({ 1: '45', 4: '3', 10: '30', 6: '0.25', 7: '2', 9: 'true' });

    const read = await t.api(admin, 'GET', `/api/Setting/companyid/${people.companyA.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const id = (type: number) => read.body.find((s: { settingTypeId: number }) => s.settingTypeId === type).id;

    const updated = await t.api(admin, 'PUT', '/api/Setting', [{ id: id(SettingType.Install), value: '50' }, { id: id(SettingType.ErrorThreshold), value: '3' }]);
    expect(updated.status).toBe(200);
    expect(valuesOf(updated.body)[SettingType.Install]).toBe('50');

    // Turning reminders off (deleting SendReminder) resets their count and frequency to 0, i.e. not set (spec 3 §4).
    const deleted = await t.api(admin, 'DELETE', '/api/Setting', [id(SettingType.JobInterval), id(SettingType.SendReminder)]);
    expect(deleted.status).toBe(200);
    expect(valuesOf(deleted.body)).toEqual({ 1: '50', 4: '3' });
    expect(valuesOf(await rowsOf(people.companyA.id))).toEqual({ 1: '50', 4: '3' });
  });

  it('refuses a reminder count or frequency while reminders are off, writing nothing', async () => {
    const res = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id,
      settingList: [{ settingTypeId: SettingType.Install, value: '45' }, { settingTypeId: SettingType.NumberOfReminders, value: '5' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errorKey).toBe('InvalidInput');
    expect(res.body.message).toMatch(/NumberOfReminders needs SendReminder/);
    expect(await rowsOf(people.companyA.id)).toEqual([]);
  });

  it('refuses reminders on with nothing to send (no frequency or no count), writing nothing', async () => {
    const on = { settingTypeId: SettingType.SendReminder, value: 'true' };
    for (const settingList of [[on], [on, { settingTypeId: SettingType.ReminderFrequency, value: '0.5' }], [on, { settingTypeId: SettingType.NumberOfReminders, value: '2' }]]) {
      const res = await t.api(admin, 'POST', '/api/Setting', { groupId: people.companyA.id, settingList });
      expect(res.status).toBe(400);
      expect(res.body.errorKey).toBe('InvalidInput');
      expect(res.body.message).toMatch(/SendReminder needs/);
      expect(await rowsOf(people.companyA.id)).toEqual([]);
    }
    const created = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id,
      settingList: [on, { settingTypeId: SettingType.ReminderFrequency, value: '0.5' }, { settingTypeId: SettingType.NumberOfReminders, value: '2' }],
    });
    expect(created.status).toBe(201);
    const count = created.body.find((s: { settingTypeId: number }) => s.settingTypeId === SettingType.NumberOfReminders);
    // Taking the count away (a delete, or the unset 0) while reminders stay on is refused too.
    expect((await t.api(admin, 'DELETE', '/api/Setting', [count.id])).status).toBe(400);
    expect((await t.api(admin, 'PUT', '/api/Setting', [{ id: count.id, value: '0' }])).status).toBe(400);
    expect(valuesOf(await rowsOf(people.companyA.id))).toEqual({ 6: '0.5', 7: '2', 9: 'true' });
  });

  it('gives concurrent creations of one setting one 201 and 409s, never a 500', async () => {
    const body = { groupId: people.companyA.id, settingList: [{ settingTypeId: SettingType.Install, value: '45' }] };
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => t.api(admin, 'POST', '/api/Setting', body)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await rowsOf(people.companyA.id)).toHaveLength(1);
  });

  it('answers only for the caller\'s own company: another company\'s id is 404', async () => {
    expect((await t.api(admin, 'GET', `/api/Setting/companyid/${people.companyB.id}`)).status).toBe(404);
    expect((await t.api(otherAdmin, 'GET', `/api/Setting/companyid/${people.companyA.id}`)).status).toBe(404);
    const res = await t.api(admin, 'POST', '/api/Setting', { groupId: people.companyC.id, settingList: [{ settingTypeId: 1, value: '10' }] });
    expect(res.status).toBe(404);
    expect(await rowsOf(people.companyC.id)).toEqual([]);

    await seedSettingValues(t.database.db, people.companyC.id);
    const [otherRow] = await rowsOf(people.companyC.id);
    expect((await t.api(admin, 'PUT', '/api/Setting', [{ id: otherRow.id, value: '20' }])).status).toBe(404);
    expect((await t.api(admin, 'DELETE', '/api/Setting', [otherRow.id])).status).toBe(404);
    const [still] = await t.database.db.select().from(companySettings).where(eq(companySettings.id, otherRow.id));
    expect(still.value).toBe(otherRow.value);
    await t.database.db.delete(companyConfigurations).where(eq(companyConfigurations.companyId, people.companyC.id));
  });

  it('is for admins; writes need the agreement in force', async () => {
    expect((await t.api(plumber, 'GET', `/api/Setting/companyid/${people.companyA.id}`)).status).toBe(403);
    expect((await t.api(plumber, 'POST', '/api/Setting', { groupId: people.companyA.id, settingList: [{ settingTypeId: 1, value: '10' }] })).status).toBe(403);
    expect((await t.api(adminNoAgreement, 'GET', `/api/Setting/companyid/${people.companyB.id}`)).status).toBe(200);
    const res = await t.api(adminNoAgreement, 'POST', '/api/Setting', { groupId: people.companyB.id, settingList: [{ settingTypeId: 1, value: '10' }] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don' have access to this API call");
    expect(await rowsOf(people.companyB.id)).toEqual([]);
  });

  it.each([
    [SettingType.ErrorThreshold, '12'], [SettingType.ErrorThreshold, 'a'], [SettingType.NumberOfReminders, '10'],
    [SettingType.ReminderFrequency, '10.5'], [SettingType.ReminderFrequency, '1.255'], [SettingType.ReminderFrequency, '0.3'],
    [SettingType.Install, '-5'], [SettingType.Install, '4.5'], [SettingType.Replace, '100000'], [SettingType.JobInterval, '20'],
    [SettingType.NoReplyAutoJobCreation, 'yes'], [SettingType.Install, ' 45'], [SettingType.ErrorThreshold, ' '], [SettingType.Replace, 'abc'],
  ])('refuses setting %i = %s with 400 InvalidInput naming the field, writing nothing', async (settingTypeId, value) => {
    const res = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id, settingList: [{ settingTypeId: SettingType.Dismantle, value: '30' }, { settingTypeId, value }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body\/settingList\/1\/value /);
    expect(res.body.errorKey).toBe('InvalidInput');
    expect(await rowsOf(people.companyA.id)).toEqual([]);
  });

  it('does not create 0, empty or false values, duplicates, unknown types or types already set', async () => {
    for (const [settingTypeId, value] of [[1, '0'], [4, ''], [5, 'false'], [6, '0.00']] as const) {
      const res = await t.api(admin, 'POST', '/api/Setting', { groupId: people.companyA.id, settingList: [{ settingTypeId, value }] });
      expect(res.status, `${settingTypeId}=${value}`).toBe(400);
      expect(res.body.errorKey).toBe('InvalidInput');
    }
    const twice = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id, settingList: [{ settingTypeId: 1, value: '10' }, { settingTypeId: 1, value: '20' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/^body\/settingList\/1\/settingTypeId/);
    const unknown = await t.api(admin, 'POST', '/api/Setting', { groupId: people.companyA.id, settingList: [{ settingTypeId: 15, value: '1' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/settingTypeId/);
    expect(await rowsOf(people.companyA.id)).toEqual([]);

    expect((await t.api(admin, 'POST', '/api/Setting', { groupId: people.companyA.id, settingList: [{ settingTypeId: 1, value: '10' }] })).status).toBe(201);
    const again = await t.api(admin, 'POST', '/api/Setting', { groupId: people.companyA.id, settingList: [{ settingTypeId: 2, value: '5' }, { settingTypeId: 1, value: '20' }] });
    expect(again.status).toBe(409);
    expect(valuesOf(await rowsOf(people.companyA.id))).toEqual({ 1: '10' });
  });

  it('refuses an update to an invalid or unset value and a repeated id, leaving every row as it was', async () => {
    const created = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id,
      settingList: [{ settingTypeId: 1, value: '10' }, { settingTypeId: 7, value: '2' }, { settingTypeId: 9, value: 'true' }, { settingTypeId: 6, value: '1' }],
    });
    const [install, count] = [1, 7].map((type) => (created.body as { id: number; settingTypeId: number }[]).find((x) => x.settingTypeId === type)!);
    for (const body of [
      [{ id: install.id, value: '20' }, { id: count.id, value: '12' }],
      [{ id: install.id, value: '20' }, { id: count.id, value: '0' }],
      [{ id: install.id, value: '20' }, { id: install.id, value: '30' }],
    ]) {
      const res = await t.api(admin, 'PUT', '/api/Setting', body);
      expect(res.status).toBe(400);
    }
    const bad = await t.api(admin, 'PUT', '/api/Setting', [{ id: install.id, value: '20' }, { id: count.id, value: 'x' }]);
    expect(bad.body.message).toMatch(/^body\/1\/value /);
    expect(valuesOf(await rowsOf(people.companyA.id))).toEqual({ 1: '10', 6: '1', 7: '2', 9: 'true' });
    expect((await t.api(admin, 'DELETE', '/api/Setting', [install.id, install.id])).status).toBe(400);
    expect((await t.api(admin, 'DELETE', '/api/Setting', [])).status).toBe(400);
    expect((await t.api(admin, 'PUT', '/api/Setting', [{ id: install.id, value: '12345678901' }])).status).toBe(400);
    expect(valuesOf(await rowsOf(people.companyA.id))).toEqual({ 1: '10', 6: '1', 7: '2', 9: 'true' });
  });

  it('takes every offered interval choice and one-digit values', async () => {
    const res = await t.api(admin, 'POST', '/api/Setting', {
      groupId: people.companyA.id,
      settingList: [
        { settingTypeId: 10, value: '60' }, { settingTypeId: 6, value: '1.5' }, { settingTypeId: 7, value: '9' },
        { settingTypeId: 8, value: 'true' }, { settingTypeId: 5, value: 'true' }, { settingTypeId: 3, value: '720' },
        { settingTypeId: 9, value: 'true' },
      ],
    });
    expect(res.status).toBe(201);
  });
});

describe('/api/CompanyConfiguration', () => {
  const config = { smsSenderName: 'HansenRor', companyName: 'Rørlegger Hansen AS', companyTelephone: '+47 55 11 22 33' };

  it('is 404 until created, then reads and updates it', async () => {
    expect((await t.api(admin, 'GET', '/api/CompanyConfiguration')).status).toBe(404);
    expect((await t.api(admin, 'PUT', '/api/CompanyConfiguration', config)).status).toBe(404);
    const created = await t.api(admin, 'POST', '/api/CompanyConfiguration', config);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(config);
    expect((await t.api(admin, 'POST', '/api/CompanyConfiguration', config)).status).toBe(409);
    // An alphanumeric sender: 3–11 of A–Z, a–z, 0–9 and space with a letter.
    expect((await t.api(admin, 'PUT', '/api/CompanyConfiguration', { ...config, smsSenderName: 'Hansen 24' })).status).toBe(200);
    const updated = await t.api(admin, 'PUT', '/api/CompanyConfiguration', { ...config, smsSenderName: 'Hansen' });
    expect(updated.status).toBe(200);
    expect((await t.api(admin, 'GET', '/api/CompanyConfiguration')).body).toEqual({ ...config, smsSenderName: 'Hansen' });
    expect((await t.api(otherAdmin, 'GET', '/api/CompanyConfiguration')).status).toBe(404);
  });

  it('refuses bad fields with 400 naming them, and non-admins or admins without agreement', async () => {
    for (const [field, value] of [
      ['smsSenderName', 'ALongSenderName'], ['smsSenderName', ''], ['smsSenderName', '12345678'], ['smsSenderName', 'Æøå-1.2 ab'],
      ['smsSenderName', 'ab'], ['smsSenderName', 'Rør'], ['companyName', ''], ['companyTelephone', 'ring oss'],
    ] as const) {
      const res = await t.api(adminNoAgreement, 'POST', '/api/CompanyConfiguration', { ...config, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await t.api(plumber, 'GET', '/api/CompanyConfiguration')).status).toBe(403);
    expect((await t.api(adminNoAgreement, 'GET', '/api/CompanyConfiguration')).status).toBe(404);
    expect((await t.api(adminNoAgreement, 'POST', '/api/CompanyConfiguration', config)).status).toBe(403);
    expect(await t.database.db.select().from(companyConfigurations).where(eq(companyConfigurations.companyId, people.companyB.id))).toEqual([]);
  });
});
