/**
 * Send notice (spec 2 §4, §7 POST /api/Schedule/SendNotification; src/domain/schemas/notices.ts): the
 * items move to NotificationInProgress and their notices are queued in the request's transaction, each
 * rendered with the item's date, time and address; the outbox's worker hands them to the gateway and
 * moves each item on (delivered → Notified, refused by the SMS service → SmsApiFailed); an item with
 * no contact mobile fails at once. Refusals change nothing. Two server processes sending the same items
 * at once send each notice once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import type { AppContext } from '../../server/context';
import { scheduleItems, smsGatewayDeliveries, smsMessages } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { SmsRefused, type SmsGateway } from '../../server/sms/gateway';
import { startWorkers, type Workers } from '../../server/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let second: TestApp;
let workers: Workers;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-notices-'));

/** The SMS service refuses Swedish numbers here, as a provider refuses a number it cannot reach. */
function refusingSweden(inner: SmsGateway): SmsGateway {
  return {
    deliver: async (msg) => {
      if (msg.to.startsWith('+46')) throw new SmsRefused(`Number not reachable: ${msg.to}`);
      return inner.deliver(msg);
    },
    report: (ref) => inner.report(ref),
  };
}

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  second = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
  const ctx: AppContext = { ...demo.t.app.context, sms: refusingSweden(demo.t.app.context.sms) };
  workers = await startWorkers(ctx, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await workers?.stop();
  await second?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const w = weekAhead(5);
const days = isoWeekDates(w.year, w.weekNo);
let nextSlot = 0;

/** Items of Ola's week five weeks ahead, each in a quarter of its own from Tuesday 07:00, with a contact when given. */
async function items(mobiles: (string | null)[], status: number = ScheduleItemStatus.Scheduled): Promise<{ scheduleId: number; ids: number[] }> {
  const { companyId } = await companyOf(demo, 'kari');
  const ola = await registrationOf(demo, 'ola');
  const points = await addPoints(demo, 'kari', mobiles.length);
  return demo.t.database.db.transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, ola, w.year, w.weekNo);
    const made = await insertItems(tx, mobiles.map((mobile, i) => {
      const minute = 7 * 60 + 15 * nextSlot++;
      const date = days[1 + Math.floor(minute / (10 * 60))];
      const at = 7 * 60 + (minute % (10 * 60));
      return {
        scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Varselveien ${nextSlot}, 1337 Sandvika`, agreementNo: 'AG',
        duration: 15, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, status,
        startTime: osloInstant(date, at), endTime: osloInstant(date, at + 15),
        contactInformation: mobile ? { id: 0, scheduleItemId: 0, mobileNo: mobile, contactPerson: { name: 'Eier' } } : null,
      };
    }));
    return { scheduleId: row.id, ids: made.map((m) => m.id) };
  });
}

const request = async (scheduleId: number, ids: number[], extra: Record<string, unknown> = {}) => ({
  scheduleId, assigneeId: await registrationOf(demo, 'ola'), assigneeName: 'Ola Hansen', notificationTemplateKey: 'Notice',
  scheduleItemIds: ids, isConfirmedManually: false, weekNo: w.weekNo, year: w.year, ...extra,
});
const statuses = async (ids: number[]) => (await demo.t.database.db.select({ id: scheduleItems.id, s: scheduleItems.status }).from(scheduleItems)
  .where(inArray(scheduleItems.id, ids))).sort((a, b) => a.id - b.id).map((r) => r.s);
const messagesOf = (ids: number[]) => demo.t.database.db.select().from(smsMessages).where(inArray(smsMessages.scheduleItemId, ids));

describe('send notice', () => {
  it('queues each item\'s notice with its date, time and address; the worker delivers them and the items become Notified; no mobile fails at once', async () => {
    const { scheduleId, ids } = await items(['912 34 567', '+4741234567', null]);
    const res = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', await request(scheduleId, ids));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.noMobileItemIds).toEqual([ids[2]]);
    expect(res.body.scheduleItems.map((i: { status: number }) => i.status)).toEqual([
      ScheduleItemStatus.NotificationInProgress, ScheduleItemStatus.NotificationInProgress, ScheduleItemStatus.NotificationFailed,
    ]);
    const sent = await messagesOf(ids);
    expect(sent.map((m) => m.toNumber).sort()).toEqual(['+4741234567', '+4791234567']);
    const [first] = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.id, ids[0]));
    const text = sent.find((m) => m.scheduleItemId === ids[0])!.text;
    const [y, m, d] = first.scheduledDate!.split('-');
    expect(text).toContain(`${d}.${m}.${y}`);
    expect(text).toContain(first.address);
    expect(text).toMatch(/\d\d:\d\d-\d\d:\d\d/);
    expect(text).not.toContain('#');
    expect(sent.every((m) => m.kind === 'notice')).toBe(true);

    await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual([
      ScheduleItemStatus.Notified, ScheduleItemStatus.Notified, ScheduleItemStatus.NotificationFailed,
    ]);
    const log = await demo.api('kari', 'GET', `/api/ScheduleItem/${ids[0]}/smsDialogs`);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ text, status: 'delivered', smsType: 'notice', mobileNumber: '+4791234567' });

    // Notified items are not notified again: refused, nothing queued.
    const again = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', await request(scheduleId, ids.slice(0, 1)));
    expect(again.status).toBe(409);
    expect(again.body.errorKey).toBe('Scheduling.StatusNotAllowed');
    expect(await messagesOf(ids)).toHaveLength(2);
    // A failed one may be sent again once it has a number.
    await demo.api('kari', 'POST', '/api/contactInformation', { scheduleItemId: ids[2], mobileNo: '93456789', contactPerson: { name: 'Eier' } });
    const retry = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', await request(scheduleId, [ids[2]]));
    expect(retry.status).toBe(200);
    await expect.poll(() => statuses([ids[2]]), { timeout: 20_000, interval: 250 }).toEqual([ScheduleItemStatus.Notified]);
  });

  it('a number the SMS service refuses leaves its item SmsApiFailed, which may be sent again', async () => {
    const { scheduleId, ids } = await items(['+46701234']);
    expect((await demo.api('kari', 'POST', '/api/Schedule/SendNotification', await request(scheduleId, ids))).status).toBe(200);
    await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual([ScheduleItemStatus.SmsApiFailed]);
    const [msg] = await messagesOf(ids);
    expect(msg).toMatchObject({ status: 'failed', error: 'Number not reachable: +46701234' });
    expect((await demo.t.database.db.select({ n: count() }).from(smsGatewayDeliveries).where(eq(smsGatewayDeliveries.reference, msg.id)))[0].n).toBe(0);
  });

  it('refuses what it cannot send and changes nothing: another schedule\'s item, an unknown or non-notice template, a wrong week, a plumber', async () => {
    const { scheduleId, ids } = await items(['91234567']);
    const other = await items(['91234567']);
    expect(other.scheduleId).toBe(scheduleId);
    const { companyId } = await companyOf(demo, 'kari');
    const per = await registrationOf(demo, 'per');
    const perWeek = await demo.t.database.db.transaction((tx) => ensureWeekSchedule(tx, companyId, per, w.year, w.weekNo));
    const cases: [Record<string, unknown>, number, string?][] = [
      [await request(perWeek.row.id, ids, { assigneeId: per }), 400, 'body/scheduleItemIds'],
      [await request(scheduleId, ids, { notificationTemplateKey: 'NoSuchTemplate' }), 404],
      [await request(scheduleId, ids, { notificationTemplateKey: 'Reminder' }), 400, 'body/notificationTemplateKey'],
      [await request(scheduleId, ids, { weekNo: w.weekNo === 1 ? 2 : w.weekNo - 1 }), 400, 'body/scheduleId'],
      [await request(scheduleId, []), 400, 'body/scheduleItemIds'],
      [await request(scheduleId, [2_147_483_647]), 404],
    ];
    for (const [body, status, field] of cases) {
      const res = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.field).toBe(field);
    }
    expect((await demo.api('ola', 'POST', '/api/Schedule/SendNotification', await request(scheduleId, ids))).status).toBe(403);
    expect((await demo.api('lars', 'POST', '/api/Schedule/SendNotification', await request(scheduleId, ids))).status).toBe(403);
    expect(await statuses(ids)).toEqual([ScheduleItemStatus.Scheduled]);
    expect(await messagesOf(ids)).toHaveLength(0);
  });

  it('two server processes sending the same items at once send each notice once', async () => {
    const { scheduleId, ids } = await items(['92345678', '93456780', '94567801']);
    const token = await demo.token('kari');
    const body = await request(scheduleId, ids);
    const [a, b] = await Promise.all([
      demo.api('kari', 'POST', '/api/Schedule/SendNotification', body),
      second.api(token, 'POST', '/api/Schedule/SendNotification', body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await messagesOf(ids)).toHaveLength(3);
    await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual(ids.map(() => ScheduleItemStatus.Notified));
    for (const m of await messagesOf(ids)) {
      expect((await demo.t.database.db.select({ n: count() }).from(smsGatewayDeliveries).where(eq(smsGatewayDeliveries.reference, m.id)))[0].n).toBe(1);
    }
  });
});

describe('manual confirmation', () => {
  const confirm = (body: Record<string, unknown> = {}) => ({
    UpdatedScheduleItem: { status: 5, notes: 'Avtalt på telefon' }, assigneeInfo: { assigneeName: 'Ola Hansen' }, weekNo: w.weekNo, year: w.year,
    MobileNumber: '91234567', sendAcknowledgementMessage: true, ...body,
  });

  it('confirms a Notified, NoReply or Unknown item with its note, and the acknowledgement reaches the owner and the SMS log', async () => {
    for (const status of [ScheduleItemStatus.Notified, ScheduleItemStatus.NoReply, ScheduleItemStatus.Unknown]) {
      const { ids: [id] } = await items(['91234567'], status);
      const res = await demo.api('kari', 'PUT', `/api/ScheduleItemManagement/${id}`, confirm());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ id, status: ScheduleItemStatus.Confirmed, notes: 'Avtalt på telefon' });
      await expect.poll(async () => (await messagesOf([id])).map((m) => [m.kind, m.status]), { timeout: 20_000, interval: 250 })
        .toEqual([['acknowledgement', 'delivered']]);
      const log = await demo.api('kari', 'GET', `/api/ScheduleItem/${id}/smsDialogs`);
      expect(log.body[0]).toMatchObject({ isAcknowledgement: true, smsType: 'acknowledgement', mobileNumber: '+4791234567' });
      expect(log.body[0].text).not.toContain('#');
    }
    // Without the acknowledgement: confirmed, nothing sent, the note left as it was.
    const { ids: [quiet] } = await items([null], ScheduleItemStatus.Notified);
    const res = await demo.api('kari', 'PUT', `/api/ScheduleItemManagement/${quiet}`, confirm({ UpdatedScheduleItem: { status: 5 }, MobileNumber: null, sendAcknowledgementMessage: false }));
    expect(res.body).toMatchObject({ status: ScheduleItemStatus.Confirmed, notes: null });
    expect(await messagesOf([quiet])).toHaveLength(0);
  });

  it('refuses JobCreated and the statuses the spec does not offer it for, a bad number and a plumber, and changes nothing', async () => {
    for (const status of [ScheduleItemStatus.JobCreated, ScheduleItemStatus.Scheduled, ScheduleItemStatus.Confirmed, ScheduleItemStatus.Cancelled]) {
      const { ids: [id] } = await items(['91234567'], status);
      const res = await demo.api('kari', 'PUT', `/api/ScheduleItemManagement/${id}`, confirm());
      expect(res.status).toBe(409);
      expect(res.body.errorKey).toBe('Scheduling.ChangeStatusErrorMsg');
      expect(await statuses([id])).toEqual([status]);
      expect(await messagesOf([id])).toHaveLength(0);
    }
    const { ids: [id] } = await items(['91234567'], ScheduleItemStatus.Notified);
    const bad = await demo.api('kari', 'PUT', `/api/ScheduleItemManagement/${id}`, confirm({ MobileNumber: '0123' }));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('body/MobileNumber');
    expect((await demo.api('kari', 'PUT', `/api/ScheduleItemManagement/${id}`, confirm({ UpdatedScheduleItem: { status: 6 } }))).status).toBe(400);
    expect((await demo.api('ola', 'PUT', `/api/ScheduleItemManagement/${id}`, confirm())).status).toBe(403);
    expect((await demo.api('kari', 'PUT', '/api/ScheduleItemManagement/2147483647', confirm())).status).toBe(404);
    expect(await statuses([id])).toEqual([ScheduleItemStatus.Notified]);
    expect(await messagesOf([id])).toHaveLength(0);
  });
});
