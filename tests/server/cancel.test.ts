/**
 * Cancel (spec 2 §3 Cancel request, §4 Cancel, §5, §7, §9; src/domain/schemas/cancellation.ts): the
 * items become Cancelled with their reason, Confirmed/JobCreated/JobCreationFailed/Cancelled ones are
 * skipped and named; with the SMS, the admin's text goes to each cancelled item's contact mobile (and
 * only then), tokens left in it filled per item with the widened window; an empty or too long text, a
 * status changed since the week was loaded, a plumber, another company's item are refused and change
 * nothing; a replay with the same Idempotency-Key applies once. And the dialog's template reads.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationReason } from '../../src/domain/enums';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { scheduleItems, smsMessages } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { startDemo, type Demo, type Person } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-cancel-'));

beforeAll(async () => {
  demo = await startDemo({ dataDir });
});
afterAll(async () => {
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const S = ScheduleItemStatus;
const w = weekAhead(6);
const days = isoWeekDates(w.year, w.weekNo);
let nextSlot = 0;
const PATH = '/api/ScheduleItem/CancelledScheduleItem/';

interface Made { id: number; status: number; address: string }

/**
 * Items of a plumber's week six weeks ahead (Ola's of Kari's company by default), each in a quarter
 * hour of its own from Tuesday 10:00 on, in the statuses given, with a contact mobile when given.
 */
async function items(specs: { status: number; mobile: string | null }[], admin: Person = 'kari', plumber: Person = 'ola'): Promise<Made[]> {
  const { companyId } = await companyOf(demo, admin);
  const assignee = await registrationOf(demo, plumber);
  const points = await addPoints(demo, admin, specs.length);
  return demo.t.database.db.transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, assignee, w.year, w.weekNo);
    const made = await insertItems(tx, specs.map((s, i) => {
      const slot = nextSlot++;
      const date = days[1 + Math.floor(slot / 24)];
      const at = 10 * 60 + 15 * (slot % 24);
      return {
        scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Avlysningsveien ${slot + 1}, 1337 Sandvika`,
        agreementNo: 'AG', duration: 15, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, status: s.status,
        startTime: osloInstant(date, at), endTime: osloInstant(date, at + 15),
        contactInformation: s.mobile ? { id: 0, scheduleItemId: 0, mobileNo: s.mobile, contactPerson: { name: 'Eier' } } : null,
      };
    }));
    return made.map((m) => ({ id: m.id, status: m.status, address: m.address }));
  });
}

const cancelBody = async (list: Made[], extra: Record<string, unknown> = {}, reason: number = CancellationReason.Rejection) => ({
  scheduleItems: list.map((i) => ({ Id: i.id, Status: i.status, CancellationTypeId: reason, ReferenceNumber: null, Address: i.address })),
  workingHours: [{ StartTime: '07:00', EndTime: '15:00', Day: 'Monday' }],
  isSendingSms: false, smsTemplateContent: null, assigneeId: await registrationOf(demo, 'ola'), ...extra,
});
const rows = async (list: Made[]) => (await demo.t.database.db.select().from(scheduleItems).where(inArray(scheduleItems.id, list.map((i) => i.id))))
  .sort((a, b) => a.id - b.id);
const statuses = async (list: Made[]) => (await rows(list)).map((r) => [r.status, r.cancellationTypeId]);
const messagesOf = async (list: Made[]) => (await demo.t.database.db.select().from(smsMessages).where(inArray(smsMessages.scheduleItemId, list.map((i) => i.id))))
  .sort((a, b) => (a.scheduleItemId ?? 0) - (b.scheduleItemId ?? 0));

describe('cancel', () => {
  it('cancels with the reason written, skips and names Confirmed, JobCreated, JobCreationFailed and Cancelled, and texts the edited SMS to each cancelled item\'s mobile', async () => {
    const list = await items([
      { status: S.Notified, mobile: '912 34 567' },
      { status: S.Scheduled, mobile: '+4741234567' },
      { status: S.NoReply, mobile: null },
      { status: S.Confirmed, mobile: '93456789' },
      { status: S.JobCreated, mobile: '93456789' },
      { status: S.JobCreationFailed, mobile: '93456789' },
      { status: S.Cancelled, mobile: '93456789' },
    ]);
    const text = 'Beklager! Besøket er avlyst. Vi ringer deg for ny tid. Hilsen Sandvika Rør';
    const res = await demo.api('kari', 'PUT', PATH, await cancelBody(list, { isSendingSms: true, smsTemplateContent: text }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ isUpdated: true, isDeleted: false, smsQueued: 2 });
    expect(res.body.skipped).toEqual(list.slice(3).map((i) => ({ id: i.id, address: i.address, status: i.status })));
    expect(res.body.notTexted).toEqual([{ id: list[2].id, address: list[2].address }]);
    expect(res.body.scheduleItems.map((i: { status: number }) => i.status)).toEqual([S.Cancelled, S.Cancelled, S.Cancelled, S.Confirmed, S.JobCreated, S.JobCreationFailed, S.Cancelled]);
    expect(await statuses(list)).toEqual([
      [S.Cancelled, CancellationReason.Rejection], [S.Cancelled, CancellationReason.Rejection], [S.Cancelled, CancellationReason.Rejection],
      [S.Confirmed, null], [S.JobCreated, null], [S.JobCreationFailed, null], [S.Cancelled, null],
    ]);
    const sent = await messagesOf(list);
    expect(sent.map((m) => [m.scheduleItemId, m.toNumber, m.text, m.kind, m.status])).toEqual([
      [list[0].id, '+4791234567', text, 'cancellation', 'queued'],
      [list[1].id, '+4741234567', text, 'cancellation', 'queued'],
    ]);
    // The SMS log of the item shows it.
    const log = await demo.api('kari', 'GET', `/api/ScheduleItem/${list[0].id}/smsDialogs`);
    expect(log.body).toEqual([expect.objectContaining({ smsType: 'cancellation', text, mobileNumber: '+4791234567' })]);
  });

  it('sends nothing without isSendingSms, whatever the text; each item gets its own reason', async () => {
    const list = await items([{ status: S.Notified, mobile: '91234567' }, { status: S.Rejected, mobile: '91234567' }]);
    const body = await cancelBody(list, { isSendingSms: false, smsTemplateContent: 'Avlyst' });
    body.scheduleItems[1].CancellationTypeId = CancellationReason.InvalidInformation;
    const res = await demo.api('kari', 'PUT', PATH, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ isUpdated: true, smsQueued: 0, notTexted: [], skipped: [] });
    expect(await statuses(list)).toEqual([[S.Cancelled, CancellationReason.Rejection], [S.Cancelled, CancellationReason.InvalidInformation]]);
    expect(await messagesOf(list)).toHaveLength(0);
  });

  it('fills the tokens left in the text per item: its day, the window widened as asked, its address, the company', async () => {
    const [a, b] = await items([{ status: S.Notified, mobile: '91234567' }, { status: S.Notified, mobile: '92345678' }]);
    const res = await demo.api('kari', 'PUT', PATH, await cancelBody([a, b], {
      isSendingSms: true, smsTemplateContent: 'Avlyst #Date# kl. #TimeRange# i #MeterAddress#. Hilsen #CompanyName#', timeWindowExtensions: 2,
    }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [ra, rb] = await rows([a, b]);
    const [ma, mb] = await messagesOf([a, b]);
    for (const [row, msg] of [[ra, ma], [rb, mb]] as const) {
      const [y, m, d] = row.scheduledDate!.split('-');
      const start = row.startTime!;
      // 1 h + 2 × 15 min before the start and after the end.
      const clock = (at: Date) => at.toLocaleTimeString('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' }).replace('.', ':');
      const from = clock(new Date(start.getTime() - 90 * 60_000));
      const to = clock(new Date(row.endTime!.getTime() + 90 * 60_000));
      expect(msg.text).toMatch(new RegExp(`^Avlyst ${d}\\.${m}\\.${y} kl\\. ${from}-${to} i ${row.address}\\. Hilsen \\S`));
      expect(msg.text).not.toContain('#');
    }
  });

  it('refuses an empty or too long text, naming the field, and changes nothing', async () => {
    const list = await items([{ status: S.Notified, mobile: '91234567' }]);
    for (const [content, key] of [['', 'Scheduling.CancelSmsEmpty'], ['   \n', 'Scheduling.CancelSmsEmpty'], [null, 'Scheduling.CancelSmsEmpty'],
      ['Avlyst. '.repeat(120), 'Scheduling.CancelSmsTooLong'], ['#MeterAddress# '.repeat(66), 'Scheduling.CancelSmsTooLong']] as const) {
      const res = await demo.api('kari', 'PUT', PATH, await cancelBody(list, { isSendingSms: true, smsTemplateContent: content }));
      expect(res.status, JSON.stringify(content)).toBe(400);
      expect(res.body).toMatchObject({ field: 'body/smsTemplateContent', errorKey: key });
    }
    // Past the schema's own bound: refused by the schema, naming the field too.
    const long = await demo.api('kari', 'PUT', PATH, await cancelBody(list, { isSendingSms: true, smsTemplateContent: 'x'.repeat(1001) }));
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('body/smsTemplateContent');
    expect(await statuses(list)).toEqual([[S.Notified, null]]);
    expect(await messagesOf(list)).toHaveLength(0);
  });

  it('refuses the whole cancel with 409 Scheduling.StatusChanged when an item changed since the week was loaded', async () => {
    const list = await items([{ status: S.Notified, mobile: '91234567' }, { status: S.Scheduled, mobile: '91234567' }]);
    const body = await cancelBody(list, { isSendingSms: true, smsTemplateContent: 'Avlyst' });
    // The owner confirmed meanwhile: the admin's week still says Notified.
    await demo.t.database.db.update(scheduleItems).set({ status: S.Confirmed }).where(inArray(scheduleItems.id, [list[0].id]));
    const res = await demo.api('kari', 'PUT', PATH, body);
    expect(res.status).toBe(409);
    expect(res.body.errorKey).toBe('Scheduling.StatusChanged');
    expect(await statuses(list)).toEqual([[S.Confirmed, null], [S.Scheduled, null]]);
    expect(await messagesOf(list)).toHaveLength(0);
  });

  it('refuses a plumber (403), another company\'s item and an unknown one (404), another plumber\'s item (400), and changes nothing', async () => {
    const list = await items([{ status: S.Notified, mobile: '91234567' }]);
    const body = await cancelBody(list, { isSendingSms: true, smsTemplateContent: 'Avlyst' });
    expect((await demo.api('ola', 'PUT', PATH, body)).status).toBe(403);
    const theirs = await items([{ status: S.Notified, mobile: '91234567' }], 'lars', 'nora');
    const foreign = await demo.api('kari', 'PUT', PATH, await cancelBody(theirs, { assigneeId: await registrationOf(demo, 'nora') }));
    expect(foreign.status).toBe(404);
    expect((await demo.api('kari', 'PUT', PATH, await cancelBody([...list, { id: 2_147_483_647, status: 1, address: 'x' }]))).status).toBe(404);
    const wrongPlumber = await demo.api('kari', 'PUT', PATH, { ...body, assigneeId: await registrationOf(demo, 'per') });
    expect(wrongPlumber.status).toBe(400);
    expect(wrongPlumber.body.field).toBe('body/scheduleItems');
    expect(await statuses(list)).toEqual([[S.Notified, null]]);
    expect(await statuses(theirs)).toEqual([[S.Notified, null]]);
    expect(await messagesOf([...list, ...theirs])).toHaveLength(0);
  });

  it('applies a replay with the same Idempotency-Key once, with the same answer', async () => {
    const list = await items([{ status: S.Notified, mobile: '91234567' }]);
    const body = await cancelBody(list, { isSendingSms: true, smsTemplateContent: 'Avlyst, beklager' });
    const headers = { 'idempotency-key': randomUUID() };
    const [a, b] = await Promise.all([demo.api('kari', 'PUT', PATH, body, headers), demo.api('kari', 'PUT', PATH, body, headers)]);
    const c = await demo.api('kari', 'PUT', PATH, body, headers);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a.body.smsQueued).toBe(1);
    expect(await messagesOf(list)).toHaveLength(1);
    // Without the key, the same request again is a second cancel, which now finds the status changed.
    expect((await demo.api('kari', 'PUT', PATH, body)).status).toBe(409);
  });

  it('never answers 5xx to bad input on real items, and a refused request writes nothing', async () => {
    const list = await items([{ status: S.Notified, mobile: '91234567' }, { status: S.Scheduled, mobile: null }]);
    const ola = await registrationOf(demo, 'ola');
    const hostile = fc.constantFrom<unknown>('', ' ', 'x'.repeat(5000), 'a\u0000b', '\ud800', '😀–', null, true, {}, [], 2 ** 31, -1, 0, 1e308, 0.5, 'NaN', '7');
    const item = fc.record({
      Id: fc.oneof(fc.constantFrom(...list.map((i) => i.id)), hostile),
      Status: fc.oneof(fc.constantFrom(S.Notified, S.Scheduled, S.Confirmed), hostile),
      CancellationTypeId: fc.oneof(fc.integer({ min: 0, max: 8 }), hostile),
      ReferenceNumber: fc.oneof(fc.constant(null), fc.string({ maxLength: 120 }), hostile),
      Address: fc.oneof(fc.string({ maxLength: 20 }), hostile),
    }, { requiredKeys: [] });
    const body = fc.record({
      scheduleItems: fc.oneof(fc.array(item, { maxLength: 3 }), hostile),
      isSendingSms: fc.oneof(fc.boolean(), hostile),
      smsTemplateContent: fc.oneof(fc.string({ maxLength: 200 }), fc.constant('#MeterAddress#'.repeat(70)), hostile),
      assigneeId: fc.oneof(fc.constant(ola), hostile),
      timeWindowExtensions: fc.oneof(fc.integer({ min: -1, max: 5 }), hostile),
      workingHours: fc.oneof(fc.constant([]), hostile),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(body, fc.constantFrom<Person>('kari', 'ola'), async (b, who) => {
      const before = JSON.stringify([await statuses(list), (await messagesOf(list)).length]);
      const res = await demo.api(who, 'PUT', PATH, b);
      expect(res.status, JSON.stringify(b)).toBeLessThan(500);
      if (res.status >= 400) expect(JSON.stringify([await statuses(list), (await messagesOf(list)).length])).toBe(before);
      if (res.status === 400) expect(res.body.message.startsWith(`${res.body.field} `)).toBe(true);
    }), { numRuns: 60 });
  });
});

describe('the cancellation dialog\'s template reads', () => {
  it('GET /api/Sms/template/Cancel renders the company\'s cancellation template for the item, with the window an hour either side', async () => {
    const [item] = await items([{ status: S.Notified, mobile: '91234567' }]);
    const [row] = await rows([item]);
    const res = await demo.api('kari', 'GET', `/api/Sms/template/Cancel?scheduleItemId=${item.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const clock = (at: Date) => at.toLocaleTimeString('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' }).replace('.', ':');
    const window = `${clock(new Date(row.startTime!.getTime() - 3_600_000))}-${clock(new Date(row.endTime!.getTime() + 3_600_000))}`;
    const [y, m, d] = row.scheduledDate!.split('-');
    const value = (name: string) => res.body.mergeFields.find((f: { name: string }) => f.name === name)?.value;
    expect(value('TimeRange')).toBe(window);
    expect(value('Date')).toBe(`${d}.${m}.${y}`);
    expect(value('MeterAddress')).toBe(item.address);
    expect(value('CompanyName')).toBe(res.body.companyName);
    expect(res.body.notificationTypeId).toBe(4);
    expect(res.body.templateText).toContain('#TimeRange#');
    expect(res.body.text).toContain(`${d}.${m}.${y} kl. ${window} i ${item.address}`);
    expect(res.body.text).not.toContain('#');

    // The company's own cancellation template, once it is its example, is the one used.
    const samples = await demo.api('kari', 'GET', '/api/NotificationTemplate');
    const sample = samples.body.find((t: { key: string }) => t.key === 'Cancel');
    const created = await demo.api('kari', 'POST', '/api/NotificationTemplate', {
      key: 'Cancel-own', notificationTypeId: 4, templateText: 'Vi må avlyse #Date# #TimeRange#. Ring #CompanyPhone#.', parentTemplateId: sample.id, title: 'Egen', name: 'Egen avlysning',
    });
    expect(created.status).toBe(201);
    expect((await demo.api('kari', 'PUT', `/api/NotificationTemplate/${created.body.id}`, { isExample: true })).status).toBe(200);
    const own = await demo.api('kari', 'GET', `/api/Sms/template/Cancel?scheduleItemId=${item.id}`);
    expect(own.body.key).toBe('Cancel-own');
    expect(own.body.text).toBe(`Vi må avlyse ${d}.${m}.${y} ${window}. Ring ${own.body.companyTelephone}.`);

    const both = await demo.api('kari', 'GET', `/api/ScheduleItem/${item.id}/templateKey/Cancel`);
    expect(both.status).toBe(200);
    expect(both.body.notificationTemplateDto).toMatchObject({ key: 'Cancel-own', notificationTypeId: 4 });
    expect(both.body.scheduledItemDto).toMatchObject({ id: item.id, address: item.address, status: S.Notified });
  });

  it('refuses a plumber, another company\'s item, an unknown item or key', async () => {
    const [item] = await items([{ status: S.Notified, mobile: '91234567' }]);
    const [theirs] = await items([{ status: S.Notified, mobile: '91234567' }], 'lars', 'nora');
    for (const p of [`/api/Sms/template/Cancel?scheduleItemId=${item.id}`, `/api/ScheduleItem/${item.id}/templateKey/Cancel`]) {
      expect((await demo.api('ola', 'GET', p)).status).toBe(403);
    }
    for (const p of [
      `/api/Sms/template/Cancel?scheduleItemId=${theirs.id}`, `/api/ScheduleItem/${theirs.id}/templateKey/Cancel`,
      '/api/Sms/template/Cancel?scheduleItemId=2147483647', `/api/Sms/template/NoSuchKey?scheduleItemId=${item.id}`,
      `/api/ScheduleItem/${item.id}/templateKey/NoSuchKey`,
    ]) expect((await demo.api('kari', 'GET', p)).status, p).toBe(404);
    expect((await demo.api('kari', 'GET', '/api/Sms/template/Cancel')).status).toBe(400);
  });

  it('GET /api/CancellationType lists the reasons with their class', async () => {
    const res = await demo.api('kari', 'GET', '/api/CancellationType');
    expect(res.body.map((r: { id: number; name: string; cancellationClass: string }) => [r.id, r.name, r.cancellationClass])).toEqual([
      [1, 'NoReply', 'Cancelled'], [2, 'UnknownReply', 'Cancelled'], [3, 'Rejection', 'Cancelled'], [4, 'Other', 'Cancelled'],
      [5, 'ExternalFailure', 'Failure'], [6, 'InternalFailure', 'Failure'], [7, 'InvalidInformation', 'Failure'],
    ]);
  });
});
