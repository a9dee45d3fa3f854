/** Customer and company settings (spec 3 §7): the support contact. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { seedTestPeople, startTestApp, TEST_PASSWORD, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
});
afterAll(async () => { await t?.close(); });

describe('GET /api/waterMeterSettings/getCustomerContactInfo', () => {
  it('gives each user their own utility\'s contact, and empty strings where it has none', async () => {
    await t.database.db.update(customers).set({ supportEmail: 'kundeservice@vann.no', supportPhone: '+4767504050' }).where(eq(customers.id, people.customerId));
    await t.database.db.update(customers).set({ supportEmail: null, supportPhone: null }).where(eq(customers.id, people.otherCustomerId));
    const plumber = await t.login(people.email.plumberA, TEST_PASSWORD);
    expect((await t.api(plumber, 'GET', '/api/waterMeterSettings/getCustomerContactInfo')).body).toEqual({ emailAddress: 'kundeservice@vann.no', phoneNumber: '+4767504050' });
    const other = await t.login(people.email.adminC, TEST_PASSWORD);
    expect((await t.api(other, 'GET', '/api/waterMeterSettings/getCustomerContactInfo')).body).toEqual({ emailAddress: '', phoneNumber: '' });
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${t.baseUrl}/api/waterMeterSettings/getCustomerContactInfo`);
    expect(res.status).toBe(401);
  });
});
