/**
 * A schedule item's contact and SMS log (spec 2 §2.3, §3, §5, §7; src/domain/schemas/contactInformation.ts):
 * read with its item's address and status, created once, updated, refused with the spec's keys for a
 * bad number or a half contact, only for the company's admins with the agreement; two server
 * processes creating one item's contact at once keep one; the SMS log lists the item's messages with
 * their delivery state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { scheduleItems, smsMessages } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { startTestApp, type TestApp } from '../helpers/app';
import { startDemo, type Demo, type Person } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let second: TestApp;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-contact-'));

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  // One public address for both, as behind a load balancer: a token of one is good at the other.
  second = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
});
afterAll(async () => {
  await second?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let nextHour = 7;

/** A laid item of the person's company (Ola's or Lars's plumber's week), three weeks ahead. */
async function itemOf(p: Person, plumber: Person): Promise<number> {
  const hour = nextHour++;
  const { companyId } = await companyOf(demo, p);
  const assignee = await registrationOf(demo, plumber);
  const [point] = await addPoints(demo, p, 1);
  const w = weekAhead(3);
  const date = isoWeekDates(w.year, w.weekNo)[2];
  return demo.t.database.db.transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, assignee, w.year, w.weekNo);
    const [item] = await insertItems(tx, [{
      scheduleId: row.id, companyId, meterPointId: point, objectId: null, objectType: 2, address: 'Kontaktveien 4, 1337 Sandvika', agreementNo: 'AG',
      duration: 45, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, matrikkelenhetId: '123456',
      startTime: osloInstant(date, hour * 60), endTime: osloInstant(date, hour * 60 + 45), status: ScheduleItemStatus.Scheduled,
    }]);
    return item.id;
  });
}

const body = (scheduleItemId: number, extra: Record<string, unknown> = {}) => ({
  scheduleItemId, mobileNo: '912 34 567', contactPerson: { name: '  Åse Nilsen ', role: 'Eier' }, ...extra,
});

describe('contact information', () => {
  it('reads the item without a contact, creates it once, reads it back and updates it; the week\'s answer carries it', async () => {
    const id = await itemOf('kari', 'ola');
    const empty = await demo.api('kari', 'GET', `/api/contactInformation/scheduleItemId/${id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ scheduleItemId: id, address: 'Kontaktveien 4, 1337 Sandvika', status: ScheduleItemStatus.Scheduled, matrikkelenhetId: '123456', contact: null });

    const made = await demo.api('kari', 'POST', '/api/contactInformation', body(id));
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id, scheduleItemId: id, mobileNo: '91234567', contactPerson: { name: 'Åse Nilsen', organizationNo: null, birthNo: null, role: 'Eier' },
    });
    const again = await demo.api('kari', 'POST', '/api/contactInformation', body(id, { mobileNo: '41234567' }));
    expect(again.status).toBe(409);
    expect(again.body.errorKey).toBe('Scheduling.ContactExists');

    const read = await demo.api('kari', 'GET', `/api/contactInformation/scheduleItemId/${id}`);
    expect(read.body.contact).toEqual(made.body);

    const put = await demo.api('kari', 'PUT', '/api/contactInformation', body(id, { id, mobileNo: '+4741234567', contactPerson: { name: 'Per Nilsen' } }));
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, mobileNo: '+4741234567', contactPerson: { name: 'Per Nilsen', role: null } });
    const [row] = await demo.t.database.db.select({ c: scheduleItems.contactInformation }).from(scheduleItems).where(eq(scheduleItems.id, id));
    expect(row.c).toEqual(put.body);
  });

  it('refuses a bad number, a half contact, a wrong id and an update of none, naming the field and the spec\'s key; nothing is written', async () => {
    const id = await itemOf('kari', 'ola');
    for (const [mobileNo, ok] of [['91234567', true], ['0047 912345678', true], ['+46701234', true], ['12345678', true],
      ['01234567', false], ['9123456', false], ['+0123456789', false], ['+12345678901', false], ['abc12345', false]] as const) {
      const res = await demo.api('kari', 'PUT', '/api/contactInformation', body(id, { id, mobileNo }));
      if (ok) expect(res.status, mobileNo).toBe(404); // valid, but the item has no contact to update yet
      else {
        expect(res.status, mobileNo).toBe(400);
        expect(res.body).toMatchObject({ field: 'body/mobileNo', errorKey: 'PlumberUserEditDetails.InvalidPhoneNumberValidation' });
      }
    }
    const noName = await demo.api('kari', 'POST', '/api/contactInformation', body(id, { contactPerson: { name: '   ' } }));
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ field: 'body/contactPerson/name', errorKey: 'Scheduling.PleaseEnterContactDetails' });
    const noMobile = await demo.api('kari', 'POST', '/api/contactInformation', body(id, { mobileNo: ' ' }));
    expect(noMobile.body).toMatchObject({ field: 'body/mobileNo', errorKey: 'Scheduling.PleaseEnterContactDetails' });
    await demo.api('kari', 'POST', '/api/contactInformation', body(id));
    const wrongId = await demo.api('kari', 'PUT', '/api/contactInformation', body(id, { id: id + 1 }));
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.field).toBe('body/id');
    const extra = await demo.api('kari', 'POST', '/api/contactInformation', { ...body(id), mobile: '1' });
    expect(extra.status).toBe(400);
    expect((await demo.api('kari', 'GET', `/api/contactInformation/scheduleItemId/${id}`)).body.contact.mobileNo).toBe('91234567');
  });

  it('is for the company\'s admins with the agreement only: a plumber 403, an admin without the agreement 403, another company\'s item 404', async () => {
    const id = await itemOf('kari', 'ola');
    expect((await demo.api('ola', 'GET', `/api/contactInformation/scheduleItemId/${id}`)).status).toBe(403);
    expect((await demo.api('ola', 'POST', '/api/contactInformation', body(id))).status).toBe(403);
    expect((await demo.api('lars', 'GET', `/api/contactInformation/scheduleItemId/${id}`)).status).toBe(403);
    expect((await demo.api('ola', 'GET', `/api/ScheduleItem/${id}/smsDialogs`)).status).toBe(403);
    const others = await itemOf('lars', 'lars');
    expect((await demo.api('kari', 'GET', `/api/contactInformation/scheduleItemId/${others}`)).status).toBe(404);
    expect((await demo.api('kari', 'POST', '/api/contactInformation', body(others))).status).toBe(404);
    expect((await demo.api('kari', 'GET', `/api/ScheduleItem/${others}/smsDialogs`)).status).toBe(404);
    expect((await demo.api('kari', 'GET', '/api/contactInformation/scheduleItemId/2147483647')).status).toBe(404);
  });

  it('two server processes creating one item\'s contact at once keep one: the other is told it exists', async () => {
    const id = await itemOf('kari', 'ola');
    const token = await demo.token('kari');
    const [a, b] = await Promise.all([
      demo.api('kari', 'POST', '/api/contactInformation', body(id, { contactPerson: { name: 'Første' } })),
      second.api(token, 'POST', '/api/contactInformation', body(id, { contactPerson: { name: 'Andre' } })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? a.body : b.body;
    expect((await second.api(token, 'GET', `/api/contactInformation/scheduleItemId/${id}`)).body.contact).toEqual(winner);
  });
});

describe('the SMS log', () => {
  it('lists the item\'s messages oldest first with their delivery state, and none of another item', async () => {
    const id = await itemOf('kari', 'ola');
    const other = await itemOf('kari', 'ola');
    expect((await demo.api('kari', 'GET', `/api/ScheduleItem/${id}/smsDialogs`)).body).toEqual([]);
    const { companyId } = await companyOf(demo, 'kari');
    const [kari] = await demo.t.database.db.execute<{ id: string }>(
      sql`select id from users where email = 'kari.nordmann@sandvika-ror.no'`).then((r) => r.rows);
    const sent = (text: string, at: Date, scheduleItemId: number, status: 'queued' | 'delivered') => ({
      companyId, toNumber: '+4791234567', sender: 'Sandvika Rør', text, encoding: 'GSM-7' as const, segments: 1, characters: text.length,
      kind: 'test' as const, createdBy: kari.id, createdAt: at, scheduleItemId, status,
    });
    await demo.t.database.db.insert(smsMessages).values([
      sent('Andre', new Date(Date.now() - 1000), id, 'queued'), sent('Første', new Date(Date.now() - 60_000), id, 'delivered'), sent('Annen', new Date(), other, 'queued'),
    ]);
    const log = await demo.api('kari', 'GET', `/api/ScheduleItem/${id}/smsDialogs`);
    expect(log.status).toBe(200);
    expect(log.body.map((e: { text: string; status: string }) => [e.text, e.status])).toEqual([['Første', 'delivered'], ['Andre', 'queued']]);
    expect(log.body[0]).toMatchObject({ mobileNumber: '+4791234567', smsType: 'test', reply: null, isMessageFromSender: true, isAcknowledgement: false });
  });
});
