/**
 * Test SMS of a template (POST /api/NotificationTemplate/{id}/test): the server renders the template
 * with the company's name and phone and the example date, time and address, records it in the SMS
 * outbox (sms_messages, queued; tests/server/sms-outbox.test.ts follows it to the gateway) and counts what it costs with countSms, the
 * browser counter's function. Admins with the agreement only; a template of another company is 404;
 * the number is a Norwegian one (default: the admin's own mobile); 10 test SMS per company an hour.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exampleMergeValues, NotificationTemplateType, renderTemplate, TEMPLATE_EXAMPLE_VALUES, TEST_SMS_PER_HOUR,
} from '../../src/domain/settings/company';
import { countSms } from '../../src/domain/sms/segments';
import { companyConfigurations, notificationTemplates, smsMessages, users } from '../../server/db/schema';
import { seedTemplates } from '../../server/db/seedTemplates';
import { seedTestPeople, startTestApp, signInRoles, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string, plumber: string, adminNoAgreement: string, otherAdmin: string;
let noticeSample: typeof notificationTemplates.$inferSelect;
let customC: number;

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  await seedTemplates(t.database.db, { companyWithSettings: people.companyC.id });
  [noticeSample] = await t.database.db.select().from(notificationTemplates)
    .where(and(isNull(notificationTemplates.companyId), eq(notificationTemplates.notificationTypeId, NotificationTemplateType.AppointmentNotice)));
  [customC] = (await t.database.db.select({ id: notificationTemplates.id }).from(notificationTemplates)
    .where(eq(notificationTemplates.companyId, people.companyC.id))).map((r) => r.id);
  ({ admin, plumber, adminNoAgreement, otherAdmin } = await signInRoles(t, people));
});
afterAll(async () => { await t?.close(); });

const stored = async () => (await t.database.db.select({ n: count() }).from(smsMessages))[0].n;
const rowOf = async (id: string) => (await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0];
const sendTest = (token: string, id: number, body: unknown = {}, headers?: Record<string, string>) =>
  t.api(token, 'POST', `/api/NotificationTemplate/${id}/test`, body, headers);

describe('POST /api/NotificationTemplate/{id}/test', () => {
  it('sends a sample to the admin\'s own mobile and stores what countSms counts for the rendered text', async () => {
    const res = await sendTest(admin, noticeSample.id);
    expect(res.status).toBe(201);
    const text = renderTemplate(noticeSample.text, exampleMergeValues('Rørlegger Hansen AS', '55112233'));
    expect(text).toContain(TEMPLATE_EXAMPLE_VALUES.MeterAddress);
    expect(text).not.toContain('#');
    const counted = countSms(text);
    expect(res.body).toMatchObject({ to: '+4791234567', text, encoding: counted.encoding, segments: counted.segments, characters: counted.characters });
    expect(Date.now() - Date.parse(res.body.sentAt)).toBeLessThan(60_000);

    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({
      companyId: people.companyA.id, toNumber: '+4791234567', sender: 'Rørlegger Hansen AS', text, kind: 'test', createdBy: people.id.adminA,
      encoding: counted.encoding, segments: counted.segments, characters: counted.characters,
    });
    expect(row.encoding).toBe('GSM-7');
  });

  it('stores a template\'s en dash written plain (normalizeSmsText), one with an emoji as UCS-2 with the parts UCS-2 needs, from the configured sender to the given number', async () => {
    await t.database.db.insert(companyConfigurations).values({
      companyId: people.companyC.id, data: { smsSenderName: 'OsloRor', companyName: 'Oslo Rør', companyTelephone: '22 33 44 55' },
    });
    await t.database.db.update(notificationTemplates)
      .set({ text: 'Hei! #CompanyName# bytter vannmåleren i #MeterAddress# #Date# kl. 08:00–10:00 🔧 Svar JA eller NEI. Tlf. #CompanyPhone#' })
      .where(eq(notificationTemplates.id, customC));
    const res = await sendTest(otherAdmin, customC, { to: '0047 412 34 567' });
    expect(res.status).toBe(201);
    const text = `Hei! Oslo Rør bytter vannmåleren i ${TEMPLATE_EXAMPLE_VALUES.MeterAddress} ${TEMPLATE_EXAMPLE_VALUES.Date} kl. 08:00-10:00 🔧 Svar JA eller NEI. Tlf. 22 33 44 55`;
    const row = await rowOf(res.body.id);
    expect(row).toMatchObject({ toNumber: '+4741234567', sender: 'OsloRor', text, encoding: 'UCS-2', characters: text.length });
    // Over 70 UTF-16 units: parts of 67.
    expect(text.length).toBeGreaterThan(70);
    expect(row.segments).toBe(countSms(text).segments);
    expect(res.body).toMatchObject({ encoding: 'UCS-2', segments: row.segments, characters: row.characters, to: '+4741234567' });
  });

  it('refuses, storing nothing: a plumber, an admin without the agreement, another company\'s template, a bad number, no number on file', async () => {
    const before = await stored();
    expect((await sendTest(plumber, noticeSample.id)).status).toBe(403);
    expect((await sendTest(adminNoAgreement, noticeSample.id)).status).toBe(403);
    expect((await sendTest(admin, customC)).status).toBe(404);
    expect((await sendTest(admin, 999_999)).status).toBe(404);
    for (const to of ['12345678', '9123456', '+46912345678', '0047-91234567', 'abc', '']) {
      const res = await sendTest(admin, noticeSample.id, { to });
      expect(res.status, to).toBe(400);
      expect(res.body.message, to).toMatch(/^(body\/)?to\b/);
    }
    expect((await sendTest(admin, noticeSample.id, { to: '91234567', cc: '92345678' })).status).toBe(400);

    await t.database.db.update(users).set({ mobile: null }).where(eq(users.id, people.id.adminA));
    try {
      const res = await sendTest(admin, noticeSample.id);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^body\/to /);
      expect(res.body.errorKey).toBe('NoMobileOnFile');
      // A number given still works without one on file.
      const given = await sendTest(admin, noticeSample.id, { to: '+47 912 34 568' });
      expect(given.status).toBe(201);
      expect(given.body.to).toBe('+4791234568');
    } finally {
      await t.database.db.update(users).set({ mobile: '91234567' }).where(eq(users.id, people.id.adminA));
    }
    expect(await stored()).toBe(before + 1);
  });

  it('sends once for a repeated Idempotency-Key', async () => {
    const before = await stored();
    const headers = { 'idempotency-key': `sms-test-${Date.now()}` };
    const first = await sendTest(admin, noticeSample.id, { to: '4798765432' }, headers);
    const again = await sendTest(admin, noticeSample.id, { to: '4798765432' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body.to).toBe('+4798765432');
    expect(await stored()).toBe(before + 1);
  });

  it(`allows ${TEST_SMS_PER_HOUR} test SMS per company in an hour: the next is 429 and stores nothing; older ones and other companies do not count`, async () => {
    const ofA = async () => (await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.companyId, people.companyA.id)))[0].n;
    // One sent over an hour ago does not count.
    await t.database.db.insert(smsMessages).values({
      companyId: people.companyA.id, toNumber: '+4791234567', sender: 'x', text: 'x', encoding: 'GSM-7', segments: 1, characters: 1,
      kind: 'test', createdBy: people.id.adminA, createdAt: new Date(Date.now() - 61 * 60_000),
    });
    const inHour = (await ofA()) - 1;
    for (let i = inHour; i < TEST_SMS_PER_HOUR; i++) expect((await sendTest(admin, noticeSample.id)).status).toBe(201);
    const before = await stored();
    const refused = await sendTest(admin, noticeSample.id);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/test SMS/);
    // It says when to try again (an hour: the oldest of the ten leaves the window by then at the latest).
    const raw = await fetch(`${t.baseUrl}/api/NotificationTemplate/${noticeSample.id}/test`, {
      method: 'POST', body: '{}',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'x-waapi-context': String(tokenClaims(admin).customer_id) },
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('3600');
    expect(await stored()).toBe(before);
    // Another company has its own count.
    expect((await sendTest(otherAdmin, customC)).status).toBe(201);
  });
});
