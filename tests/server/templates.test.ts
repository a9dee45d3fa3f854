/** SMS templates (spec 3 §2, §7): samples, custom templates, the example per type, snippets, merge fields. */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MergeField, NotificationTemplateType, renderTemplate } from '../../src/domain/settings/company';
import { addresses, companyConfigurations, jobs, notificationTemplateContents, notificationTemplates, properties } from '../../server/db/schema';
import { seedSettingValues } from '../../server/db/seedSettingValues';
import { seedTemplates } from '../../server/db/seedTemplates';
import { templateInUse } from '../../server/services/templates';
import { seedTestPeople, startTestApp, signInRoles, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string, plumber: string, adminNoAgreement: string, otherAdmin: string;
let customC: number;

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  await seedTemplates(t.database.db, { companyWithSettings: people.companyC.id });
  [customC] = (await t.database.db.select({ id: notificationTemplates.id }).from(notificationTemplates)
    .where(eq(notificationTemplates.companyId, people.companyC.id))).map((r) => r.id);
  ({ admin, plumber, adminNoAgreement, otherAdmin } = await signInRoles(t, people));
});
afterAll(async () => { await t?.close(); });

const sampleOf = async (type: number) => (await t.database.db.select().from(notificationTemplates)
  .where(and(isNull(notificationTemplates.companyId), eq(notificationTemplates.notificationTypeId, type))))[0];
const companyRows = (companyId: string) => t.database.db.select().from(notificationTemplates).where(eq(notificationTemplates.companyId, companyId));

describe('reading templates', () => {
  it('lists the samples of every type (and no other company\'s templates) with merge fields and the company\'s name and phone', async () => {
    const res = await t.api(admin, 'GET', '/api/NotificationTemplate');
    expect(res.status).toBe(200);
    expect(res.body.map((x: { key: string }) => x.key)).toEqual(['Notice', 'Reminder', 'Confirmation', 'Cancel']);
    for (const x of res.body) {
      expect(x.isSampleTemplate).toBe(true);
      expect(x.isExample).toBe(true);
      expect(x.mergeFields.map((f: { name: string }) => f.name)).toEqual(['Date', 'TimeRange', 'CompanyName', 'CompanyPhone', 'MeterAddress']);
      expect(x.companyName).toBe('Rørlegger Hansen AS');
      expect(x.companyTelephone).toBe('55112233');
    }
    const other = await t.api(otherAdmin, 'GET', '/api/NotificationTemplate');
    expect(other.body.filter((x: { isSampleTemplate: boolean }) => !x.isSampleTemplate).map((x: { id: number }) => x.id)).toEqual([customC]);
    expect(other.body[0].isExample).toBe(true);
    expect(other.body.find((x: { key: string }) => x.key === 'Notice').isExample).toBe(false);
  });

  it('takes the merge values from the company configuration when it has one', async () => {
    await seedSettingValues(t.database.db, people.companyC.id);
    await t.database.db.update(companyConfigurations).set({ data: { smsSenderName: 'OsloRor', companyName: 'Oslo Rør', companyTelephone: '22 33 44 55' } })
      .where(eq(companyConfigurations.companyId, people.companyC.id));
    const res = await t.api(otherAdmin, 'GET', '/api/NotificationTemplate/sample/Cancel');
    expect(res.status).toBe(200);
    expect(res.body.companyName).toBe('Oslo Rør');
    expect(res.body.companyTelephone).toBe('22 33 44 55');
    expect(res.body.notificationTypeId).toBe(NotificationTemplateType.Cancellation);
  });

  it('reads by key (own first, else the sample), the sample by key, and answers 404 for what is not there', async () => {
    expect((await t.api(otherAdmin, 'GET', '/api/NotificationTemplate/Notice-sandvika')).body.id).toBe(customC);
    expect((await t.api(admin, 'GET', '/api/NotificationTemplate/Notice-sandvika')).status).toBe(404);
    expect((await t.api(admin, 'GET', '/api/NotificationTemplate/Reminder')).body.isSampleTemplate).toBe(true);
    expect((await t.api(admin, 'GET', '/api/NotificationTemplate/sample/Notice-sandvika')).status).toBe(404);
    expect((await t.api(admin, 'GET', '/api/NotificationTemplate/sample/Nope')).status).toBe(404);
    expect((await t.api(admin, 'GET', '/api/NotificationTemplate/1bad')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.api(plumber, 'GET', '/api/NotificationTemplate')).status).toBe(403);
    expect((await t.api(plumber, 'GET', '/api/MergeField/notificationType/1')).status).toBe(403);
    expect((await t.api(adminNoAgreement, 'GET', '/api/NotificationTemplate')).status).toBe(200);
  });

  it('gives the merge fields of a notification type, and 400 for an unknown type', async () => {
    const res = await t.api(admin, 'GET', '/api/MergeField/notificationType/4');
    expect(res.body).toEqual(Object.values(MergeField));
    expect((await t.api(admin, 'GET', '/api/MergeField/notificationType/9')).status).toBe(400);
  });
});

describe('custom templates', () => {
  const create = async (token: string, over: Record<string, unknown> = {}) => {
    const sample = await sampleOf(NotificationTemplateType.Reminder);
    return t.api(token, 'POST', '/api/NotificationTemplate', {
      key: 'Reminder-eget', notificationTypeId: NotificationTemplateType.Reminder, templateText: `Hei ${MergeField.Date.token}`,
      parentTemplateId: sample.id, title: 'Egen påminnelse', name: 'Påminnelse (egen)', ...over,
    });
  };

  it('creates one from a sample, edits it, and refuses a repeated key', async () => {
    const created = await create(admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ key: 'Reminder-eget', isSampleTemplate: false, isExample: false, text: 'Hei #Date#' });
    expect((await create(admin)).status).toBe(409);
    const updated = await t.api(admin, 'PUT', `/api/NotificationTemplate/${created.body.id}`, { templateText: 'Ny tekst ~ €', title: 'Ny tittel' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ text: 'Ny tekst ~ €', title: 'Ny tittel', name: 'Påminnelse (egen)' });
    const [row] = await t.database.db.select().from(notificationTemplates).where(eq(notificationTemplates.id, created.body.id));
    expect(row.text).toBe('Ny tekst ~ €');
    expect(row.companyId).toBe(people.companyA.id);
  });

  it('refuses bad bodies with 400 naming the field and writes nothing', async () => {
    const before = (await companyRows(people.companyA.id)).length;
    const cancel = await sampleOf(NotificationTemplateType.Cancellation);
    for (const [over, field] of [
      [{ key: 'has space' }, 'key'], [{ templateText: '' }, 'templateText'], [{ templateText: 'x'.repeat(1001) }, 'templateText'],
      [{ title: '' }, 'title'], [{ notificationTypeId: 7 }, 'notificationTypeId'],
      [{ parentTemplateId: cancel.id, key: 'X1' }, 'notificationTypeId'], [{ parentTemplateId: customC, key: 'X2' }, 'parentTemplateId'],
    ] as const) {
      const res = await create(admin, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await t.api(admin, 'PUT', `/api/NotificationTemplate/${customC}`, {})).status).toBe(400);
    expect((await companyRows(people.companyA.id)).length).toBe(before);
  });

  it('needs an admin with the agreement to write, and hides other companies\' templates (404)', async () => {
    expect((await create(plumber, { key: 'P1' })).status).toBe(403);
    expect((await create(adminNoAgreement, { key: 'B1' })).status).toBe(403);
    expect(await companyRows(people.companyB.id)).toEqual([]);
    expect((await t.api(admin, 'PUT', `/api/NotificationTemplate/${customC}`, { templateText: 'kapret' })).status).toBe(404);
    expect((await t.api(admin, 'PUT', `/api/NotificationTemplate/${customC}`, { isExample: true })).status).toBe(404);
    const [row] = await t.database.db.select().from(notificationTemplates).where(eq(notificationTemplates.id, customC));
    expect(row.text).not.toBe('kapret');
    expect(row.isExample).toBe(true);
  });

  it('keeps samples read-only', async () => {
    const sample = await sampleOf(NotificationTemplateType.AppointmentNotice);
    const res = await t.api(admin, 'PUT', `/api/NotificationTemplate/${sample.id}`, { templateText: 'endret', isExample: true });
    expect(res.status).toBe(403);
    expect((await sampleOf(NotificationTemplateType.AppointmentNotice)).text).toBe(sample.text);
  });

  it('keeps one example per notification type; setting a sample as example puts the sample back in use', async () => {
    const sample = await sampleOf(NotificationTemplateType.AppointmentNotice);
    const a = await create(admin, { key: 'N-a', notificationTypeId: 1, parentTemplateId: sample.id });
    const b = await create(admin, { key: 'N-b', notificationTypeId: 1, parentTemplateId: sample.id });
    expect((await t.api(admin, 'PUT', `/api/NotificationTemplate/${a.body.id}`, { isExample: true })).body.isExample).toBe(true);
    expect((await templateInUse(t.database.db, people.companyA.id, 1))?.id).toBe(a.body.id);
    await t.api(admin, 'PUT', `/api/NotificationTemplate/${b.body.id}`, { isExample: true });
    const examples = (await companyRows(people.companyA.id)).filter((r) => r.isExample && r.notificationTypeId === 1);
    expect(examples.map((r) => r.id)).toEqual([b.body.id]);
    expect((await templateInUse(t.database.db, people.companyA.id, 1))?.id).toBe(b.body.id);
    // Another company's example of the same type is untouched.
    expect((await templateInUse(t.database.db, people.companyC.id, 1))?.id).toBe(customC);

    const back = await t.api(admin, 'PUT', `/api/NotificationTemplate/${sample.id}`, { isExample: true });
    expect(back.status).toBe(200);
    expect(back.body.isExample).toBe(true);
    expect((await companyRows(people.companyA.id)).filter((r) => r.isExample)).toEqual([]);
    expect((await templateInUse(t.database.db, people.companyA.id, 1))?.id).toBe(sample.id);
    expect((await templateInUse(t.database.db, people.companyC.id, 1))?.id).toBe(customC);
  });

  it('renders the template in use with the company\'s merge values', async () => {
    const template = (await templateInUse(t.database.db, people.companyC.id, NotificationTemplateType.AppointmentNotice))!;
    const text = renderTemplate(template.text, {
      CompanyName: template.companyName, CompanyPhone: template.companyTelephone, Date: '12.03.2026', TimeRange: '08:00–09:00', MeterAddress: 'Storgata 1',
    });
    expect(text).toContain('Oslo Rør');
    expect(text).toContain('22 33 44 55');
    expect(text).toContain('Storgata 1 12.03.2026 kl. 08:00–09:00');
    expect(text).not.toContain('#');
  });
});

describe('template contents', () => {
  it('saves a snippet of a visible template and reads it back; another company\'s is 404', async () => {
    const sample = await sampleOf(NotificationTemplateType.Confirmation);
    const created = await t.api(admin, 'POST', '/api/NotificationTemplateContent', { notificationTemplateId: sample.id, content: 'Velkommen!' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ notificationTemplateId: sample.id, content: 'Velkommen!' });
    expect((await t.api(admin, 'GET', `/api/NotificationTemplateContent/${created.body.id}`)).body.content).toBe('Velkommen!');
    expect((await t.api(otherAdmin, 'GET', `/api/NotificationTemplateContent/${created.body.id}`)).status).toBe(404);
    expect((await t.api(admin, 'POST', '/api/NotificationTemplateContent', { notificationTemplateId: customC, content: 'x' })).status).toBe(404);
    expect((await t.api(admin, 'POST', '/api/NotificationTemplateContent', { notificationTemplateId: sample.id, content: '' })).status).toBe(400);
    expect((await t.api(adminNoAgreement, 'POST', '/api/NotificationTemplateContent', { notificationTemplateId: sample.id, content: 'x' })).status).toBe(403);
    const rows = await t.database.db.select().from(notificationTemplateContents);
    expect(rows.map((r) => r.content)).toEqual(['Velkommen!']);
  });
});

describe('the meter address range', () => {
  let nextId = 880_000_000;
  /** A live (or deleted) job of the company at a new address with this text. */
  const jobAt = async (companyId: string, customerId: string, text: string, deleted = false) => {
    const id = ++nextId;
    await t.database.db.insert(properties).values({ id, customerId, matrikkelNummer: String(id).padStart(22, '0'), municipalityCode: '4601' });
    await t.database.db.insert(addresses).values({ id, customerId, propertyId: id, street: 'X', houseNumber: '1', postcode: '5013', city: 'Bergen', text });
    await t.database.db.insert(jobs).values({
      id: randomUUID(), customerId, companyId, title: 'Bytte', typeId: 2, statusId: 1, severityId: 2, assignedToId: 1, assigneeName: 'Ola',
      subscriberText: text, matrikkelNummer: String(id), matrikkelenhetId: id, addressId: id, createdBy: 'test', deletedAt: deleted ? new Date() : null,
    });
  };

  it('gives the company\'s shortest and longest address and the longest GSM-7 cannot carry, and no other company\'s', async () => {
    expect((await t.api(admin, 'GET', '/api/MergeField/meterAddressRange')).body)
      .toEqual({ addressCount: 0, shortest: null, longest: null, longestNonGsm: null });
    await jobAt(people.companyA.id, people.customerId, 'Ås 1, 1430 Ås');
    await jobAt(people.companyA.id, people.customerId, 'Kong Christian Frederiks plass 10, 5006 Bergen');
    await jobAt(people.companyA.id, people.customerId, 'Čiurlionio gate 3, 5013 Bergen');
    await jobAt(people.companyA.id, people.customerId, 'Et mye lengre veinavn som er slettet 99, 5013 Bergen', true);
    await jobAt(people.companyB.id, people.customerId, 'Bare hos B 1, 5013 Bergen med en svært lang adresse');
    const res = await t.api(admin, 'GET', '/api/MergeField/meterAddressRange');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      addressCount: 3, shortest: 'Ås 1, 1430 Ås', longest: 'Kong Christian Frederiks plass 10, 5006 Bergen', longestNonGsm: 'Čiurlionio gate 3, 5013 Bergen',
    });
  });

  it('is for admins only', async () => {
    expect((await t.api(plumber, 'GET', '/api/MergeField/meterAddressRange')).status).toBe(403);
    expect((await t.api(otherAdmin, 'GET', '/api/MergeField/meterAddressRange')).body.addressCount).toBe(0);
  });
});
