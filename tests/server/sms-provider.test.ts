/**
 * Twilio as the SMS provider (server/sms/twilio.ts, routes/smsProvider.ts), against a local fake of
 * Twilio (fakes/twilioFake.ts: a real HTTP server that answers as Twilio and signs its callbacks with
 * Twilio's own helper library), the real server, its real database and real workers (pg-boss).
 *
 * A message queued goes to Twilio once, with its text written plain; Twilio's signed status callback
 * moves it, once however often it comes; an owner's reply comes in through the signed inbound
 * callback, once per MessageSid. A callback without a valid signature is 403 and changes nothing. A
 * number Twilio refuses fails the message for good; a Twilio that answers 500 is tried again, and a
 * Twilio that took the message but did not say so is asked before anything is posted again.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { count, eq, sql } from 'drizzle-orm';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import { scheduleItems, smsMessages, smsReplies, twilioMessages, users } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { queueSms, SMS_DELIVER_QUEUE } from '../../server/services/sms';
import { inUnitOfWork } from '../../server/services/unitOfWork';
import { TwilioSmsGateway, TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../server/sms/twilio';
import { startWorkers, type Workers } from '../../server/workers';
import { startTestApp } from '../helpers/app';
import { EMAILS, startDemo, type Demo } from './jobs-fixtures';
import { startTwilioFake, type TwilioFake } from './fakes/twilioFake';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

const FROM = '+4759440000';
const REFUSALS = 12;
let fake: TwilioFake;
let demo: Demo;
let workers: Workers;
let company: { companyId: string; userId: string };

const twilioConfig = (baseUrl: string): Partial<Config> => ({
  sms: { provider: 'twilio', twilio: { accountSid: fake.accountSid, authToken: fake.authToken, from: FROM, apiBase: fake.url, publicBaseUrl: baseUrl } },
  rateLimit: { ...loadConfig().rateLimit, providerRefusalsPerIp: REFUSALS },
});

beforeAll(async () => {
  fake = await startTwilioFake();
  demo = await startDemo(twilioConfig);
  const [kari] = await db().select({ companyId: users.companyId, userId: users.id }).from(users).where(eq(users.email, EMAILS.kari));
  company = { companyId: kari.companyId!, userId: kari.userId };
  workers = await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5, smsRetryDelaySeconds: 1 });
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await demo?.close();
  await fake?.close();
});

const db = () => demo.t.database.db;
const statusUrl = () => `${demo.t.baseUrl}${TWILIO_STATUS_PATH}`;
const inboundUrl = () => `${demo.t.baseUrl}${TWILIO_INBOUND_PATH}`;
const rowOf = async (id: string) => (await db().select().from(smsMessages).where(eq(smsMessages.id, id)))[0];
const queued = (to: string, text: string) => inUnitOfWork(demo.t.app.context, (w) => queueSms(w, {
  companyId: company.companyId, to, text, sender: 'Sandvika Rør AS', createdBy: company.userId, kind: 'test',
}));
const createsTo = (to: string) => fake.creates.filter((c) => c.To === to).length;
const untilStatus = (id: string, status: string) => expect.poll(async () => (await rowOf(id)).status, { timeout: 30_000, interval: 200 }).toBe(status);
/** Everything a callback could change: the messages, the replies, the adapter's claims. */
async function fingerprint(): Promise<string> {
  const { rows } = await db().execute(sql`select
    (select md5(coalesce(string_agg(concat_ws('|', id, status, attempts, provider_ref, finished_at, error), ',' order by id), '')) from sms_messages) as messages,
    (select count(*) from sms_replies) as replies, (select count(*) from twilio_messages) as claims`);
  return JSON.stringify(rows[0]);
}

describe('sending through Twilio', () => {
  let sid: string;
  let messageId: string;

  it('hands a queued message to Twilio once, with its text written plain, from the configured number, with its status callback', async () => {
    const row = await queued('+4791110001', 'Hei – vi kommer «tirsdag» kl.\u00A010:00–12:00 … “Rør AS”');
    messageId = row.id;
    expect(row).toMatchObject({ text: 'Hei - vi kommer "tirsdag" kl. 10:00-12:00 ... "Rør AS"', encoding: 'GSM-7', segments: 1 });
    await untilStatus(row.id, 'handed_over');
    expect(createsTo('+4791110001')).toBe(1);
    const [create] = fake.creates.filter((c) => c.To === '+4791110001');
    expect(create).toEqual({ To: '+4791110001', From: FROM, Body: 'Hei - vi kommer "tirsdag" kl. 10:00-12:00 ... "Rør AS"', StatusCallback: statusUrl() });
    sid = fake.messages.find((m) => m.to === '+4791110001')!.sid;
    expect((await rowOf(row.id)).providerRef).toBe(sid);
  });

  it('a status callback on the way changes nothing; delivered moves it to delivered; the same callback again, or a late one, is applied once', async () => {
    expect(await fake.setStatus(sid, 'sent')).toBe(204);
    expect((await rowOf(messageId)).status).toBe('handed_over');
    expect(await fake.setStatus(sid, 'delivered')).toBe(204);
    const delivered = await rowOf(messageId);
    expect(delivered).toMatchObject({ status: 'delivered', error: null });
    expect(delivered.finishedAt).toBeInstanceOf(Date);

    const before = await fingerprint();
    expect(await fake.replayStatus(sid)).toBe(204);
    expect(await fake.replayStatus(sid)).toBe(204);
    expect(await fake.setStatus(sid, 'undelivered', 30003)).toBe(204);
    expect(await fingerprint()).toBe(before);
    expect(createsTo('+4791110001')).toBe(1);
  });

  it('an undelivered callback fails a message handed over, with Twilio\'s code in our words and no number', async () => {
    const row = await queued('+4791110002', 'Melding som ikke kommer fram');
    await untilStatus(row.id, 'handed_over');
    const m = fake.messages.find((x) => x.to === '+4791110002')!;
    expect(await fake.setStatus(m.sid, 'undelivered', 30003)).toBe(204);
    const failed = await rowOf(row.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('undelivered: Twilio error 30003: the handset is unreachable');
  });

  it('a number Twilio refuses (21211) fails the message at once, and it is not tried again', async () => {
    fake.refused.set('+4791110003', 21211);
    const row = await queued('+4791110003', 'Til et nummer som ikke finnes');
    await untilStatus(row.id, 'failed');
    expect(await rowOf(row.id)).toMatchObject({ attempts: 1, providerRef: null, error: 'Twilio error 21211: the To number is not a valid phone number' });
    await expect.poll(() => demo.t.app.context.queue.jobState(db(), SMS_DELIVER_QUEUE, row.id), { timeout: 10_000 }).toBe('completed');
    await new Promise((r) => setTimeout(r, 2500));
    expect(createsTo('+4791110003')).toBe(1);
    expect(await db().$count(twilioMessages, eq(twilioMessages.reference, row.id))).toBe(0);
  });

  it('a Twilio answering 500 is tried again by the queue, and the message goes out once', async () => {
    fake.plan({ status: 500 });
    const row = await queued('+4791110004', 'Prøver igjen');
    await untilStatus(row.id, 'handed_over');
    expect(createsTo('+4791110004')).toBe(2);
    expect(fake.messages.filter((m) => m.to === '+4791110004')).toHaveLength(1);
    expect((await rowOf(row.id)).attempts).toBe(2);
  });

  it('a Twilio that took the message and then answered 500, or dropped the connection, is asked first: the message is not sent twice', async () => {
    fake.plan({ take: true, then: 500 });
    const a = await queued('+4791110005', 'Tatt imot, men svarte 500');
    await untilStatus(a.id, 'handed_over');
    expect(fake.messages.filter((m) => m.to === '+4791110005')).toHaveLength(1);
    expect(createsTo('+4791110005')).toBe(1);
    expect((await rowOf(a.id)).providerRef).toBe(fake.messages.find((m) => m.to === '+4791110005')!.sid);

    fake.plan({ take: true, then: 'drop' });
    const b = await queued('+4791110006', 'Tatt imot, så brutt forbindelse');
    await untilStatus(b.id, 'handed_over');
    expect(fake.messages.filter((m) => m.to === '+4791110006')).toHaveLength(1);
    expect(createsTo('+4791110006')).toBe(1);
  });

  it('the same message handed over again (a worker that died after Twilio answered) is not posted again', async () => {
    const gateway = new TwilioSmsGateway(db(), (demo.t.app.context.config.sms as Extract<Config['sms'], { provider: 'twilio' }>).twilio);
    const msg = { reference: crypto.randomUUID(), to: '+4791110007', text: 'To ganger', sender: 'Rør AS' };
    const first = await gateway.deliver(msg);
    const again = await gateway.deliver(msg);
    expect(again).toEqual(first);
    expect(createsTo('+4791110007')).toBe(1);
    expect(await gateway.report(first.providerRef)).toEqual({ state: 'pending' });
    await fake.setStatus(first.providerRef, 'delivered');
    expect(await gateway.report(first.providerRef)).toMatchObject({ state: 'delivered', at: expect.any(Date) });
  });
});

describe('the callbacks\' signature', () => {
  let sid: string;
  let messageId: string;

  beforeAll(async () => {
    const row = await queued('+4791110010', 'Venter på status');
    messageId = row.id;
    // (expect.poll is for tests only)
    for (let i = 0; i < 150 && (await rowOf(row.id)).status !== 'handed_over'; i++) await new Promise((r) => setTimeout(r, 200));
    sid = fake.messages.find((m) => m.to === '+4791110010')!.sid;
    await db().execute(sql`delete from rate_limits where key like 'provider-refused:%'`);
  });

  const delivered = () => ({ AccountSid: fake.accountSid, MessageSid: sid, SmsSid: sid, MessageStatus: 'delivered', To: '+4791110010', From: FROM });

  it('refuses 403, changing nothing: a wrong signature, none, one for another URL or host, one for other values, one made with another token', async () => {
    const before = await fingerprint();
    const refusals = [
      await fake.post(statusUrl(), delivered(), { signature: 'bm90IGEgc2lnbmF0dXJl' }),
      await fake.post(statusUrl(), delivered(), { signature: null }),
      await fake.post(statusUrl(), delivered(), { signedUrl: 'https://evil.example/api/sms/provider/twilio/status' }),
      await fake.post(statusUrl(), delivered(), { signedUrl: `${statusUrl()}?x=1` }),
      await fake.post(statusUrl(), delivered(), { signature: fake.sign(statusUrl(), { ...delivered(), MessageStatus: 'sent' }) }),
      await fake.post(statusUrl(), delivered(), { signature: fake.sign(statusUrl(), delivered()).replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
      await fake.post(inboundUrl(), { MessageSid: `SM${'0'.repeat(32)}`, From: '+4791110010', To: FROM, Body: 'JA' }, { signedUrl: statusUrl() }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(JSON.parse(refusals[0].text)).toMatchObject({ statusCode: 403, message: expect.stringContaining('X-Twilio-Signature') });
    expect(await fingerprint()).toBe(before);
    expect((await rowOf(messageId)).status).toBe('handed_over');
  });

  it('refuses a body that is not a form (415) and one over 16 KB (413), signed or not, changing nothing', async () => {
    const before = await fingerprint();
    const json = await fake.post(statusUrl(), delivered(), { contentType: 'application/json', body: JSON.stringify(delivered()) });
    expect(json.status).toBe(415);
    const big = { ...delivered(), Padding: 'x'.repeat(17 * 1024) };
    expect((await fake.post(statusUrl(), big)).status).toBe(413);
    expect(await fingerprint()).toBe(before);
  });

  it('answers a signed callback with a field past its bound 400 naming the field, changing nothing', async () => {
    const before = await fingerprint();
    const res = await fake.post(statusUrl(), { ...delivered(), MessageStatus: 'x'.repeat(40) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ field: 'body/MessageStatus' });
    const nul = await fake.post(statusUrl(), { ...delivered(), FromCity: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.text)).toMatchObject({ field: 'body/FromCity' });
    expect(await fingerprint()).toBe(before);
  });

  it('answers an address past its refusals 429 before reading its signature; a signed callback still works from elsewhere', async () => {
    const { rows } = await db().execute<{ n: number }>(sql`select coalesce(max(count), 0)::int as n from rate_limits where key like 'provider-refused:%'`);
    for (let i = rows[0].n; i < REFUSALS; i++) expect((await fake.post(statusUrl(), delivered(), { signature: null })).status).toBe(403);
    const limited = await fake.post(statusUrl(), delivered());
    expect(limited.status).toBe(429);
    expect((await rowOf(messageId)).status).toBe('handed_over');
    await db().execute(sql`delete from rate_limits where key like 'provider-refused:%'`);
    expect((await fake.post(statusUrl(), delivered())).status).toBe(204);
    expect((await rowOf(messageId)).status).toBe('delivered');
  });
});

describe('an owner\'s reply', () => {
  it('comes in through the signed inbound callback, answered with empty TwiML, recorded once per MessageSid', async () => {
    const res = await fake.inbound(inboundUrl(), { from: '+4791110020', to: FROM, body: 'Ja takk' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/xml/);
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const stored = await db().select().from(smsReplies).where(eq(smsReplies.providerMessageId, res.sid));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ fromNumber: '+4791110020', toNumber: FROM, text: 'Ja takk', answer: 'yes' });

    const again = await fake.inbound(inboundUrl(), { from: '+4791110020', to: FROM, body: 'Ja takk', sid: res.sid });
    expect(again.status).toBe(200);
    expect((await db().select({ n: count() }).from(smsReplies).where(eq(smsReplies.providerMessageId, res.sid)))[0].n).toBe(1);
  });

  it('a notice sent through Twilio: delivered by its callback the item is Notified; the owner\'s JA through the inbound callback confirms it', async () => {
    const owner = '+4791110030';
    const w = weekAhead(6);
    const date = isoWeekDates(w.year, w.weekNo)[2];
    const { companyId } = await companyOf(demo, 'kari');
    const ola = await registrationOf(demo, 'ola');
    const [point] = await addPoints(demo, 'kari', 1);
    const { scheduleId, itemId } = await db().transaction(async (tx) => {
      const { row } = await ensureWeekSchedule(tx, companyId, ola, w.year, w.weekNo);
      const [made] = await insertItems(tx, [{
        scheduleId: row.id, companyId, meterPointId: point, objectId: null, objectType: 2, address: 'Svarveien 1, 1337 Sandvika', agreementNo: 'AG',
        duration: 15, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, status: ScheduleItemStatus.Scheduled,
        startTime: osloInstant(date, 9 * 60), endTime: osloInstant(date, 9 * 60 + 15),
        contactInformation: { id: 0, scheduleItemId: 0, mobileNo: owner, contactPerson: { name: 'Eier' } },
      }]);
      return { scheduleId: row.id, itemId: made.id };
    });
    const statusOf = async () => (await db().select({ s: scheduleItems.status }).from(scheduleItems).where(eq(scheduleItems.id, itemId)))[0].s;

    const sent = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', {
      scheduleId, assigneeId: ola, assigneeName: 'Ola Hansen', notificationTemplateKey: 'Notice', scheduleItemIds: [itemId], isConfirmedManually: false, weekNo: w.weekNo, year: w.year,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect.poll(() => fake.messages.filter((m) => m.to === owner).length, { timeout: 30_000, interval: 200 }).toBe(1);
    const notice = fake.messages.find((m) => m.to === owner)!;
    await expect.poll(async () => (await db().select({ s: smsMessages.status }).from(smsMessages).where(eq(smsMessages.providerRef, notice.sid)))[0]?.s,
      { timeout: 30_000, interval: 200 }).toBe('handed_over');
    expect(await statusOf()).toBe(ScheduleItemStatus.NotificationInProgress);
    expect(await fake.setStatus(notice.sid, 'delivered')).toBe(204);
    expect(await statusOf()).toBe(ScheduleItemStatus.Notified);

    const reply = await fake.inbound(inboundUrl(), { from: owner, to: FROM, body: 'JA' });
    expect(reply.status).toBe(200);
    expect(await statusOf()).toBe(ScheduleItemStatus.Confirmed);
    const [stored] = await db().select().from(smsReplies).where(eq(smsReplies.providerMessageId, reply.sid));
    expect(stored).toMatchObject({ scheduleItemId: itemId, answer: 'yes', outcome: 'applied' });
    // Twilio calling the same reply back again applies nothing twice.
    expect((await fake.inbound(inboundUrl(), { from: owner, to: FROM, body: 'JA', sid: reply.sid })).status).toBe(200);
    expect(await db().$count(smsReplies, eq(smsReplies.providerMessageId, reply.sid))).toBe(1);
    expect(await statusOf()).toBe(ScheduleItemStatus.Confirmed);
  });

  it('an unsigned or wrongly signed reply is 403 and recorded nowhere', async () => {
    await db().execute(sql`delete from rate_limits where key like 'provider-refused:%'`);
    const params = { MessageSid: `SM${'1'.repeat(32)}`, From: '+4791110021', To: FROM, Body: 'NEI' };
    expect((await fake.post(inboundUrl(), params, { signature: null })).status).toBe(403);
    expect((await fake.post(inboundUrl(), params, { signature: fake.sign(inboundUrl(), { ...params, Body: 'JA' }) })).status).toBe(403);
    expect(await db().$count(smsReplies, eq(smsReplies.providerMessageId, params.MessageSid))).toBe(0);
  });
});

describe('the provider\'s doors', () => {
  it('are the only public routes Twilio adds, declared public', () => {
    const providerRoutes = demo.t.app.routeTable.filter((r) => r.url.toLowerCase().startsWith('/api/sms/provider/'));
    expect(providerRoutes.map((r) => `${r.method} ${r.url} ${r.public}`).sort()).toEqual([
      `POST ${TWILIO_INBOUND_PATH} true`, `POST ${TWILIO_STATUS_PATH} true`,
    ]);
  });

  it('are in the OpenAPI document as public form posts, and the document stays valid', async () => {
    const doc = await (await fetch(`${demo.t.baseUrl}/api/openapi.json`)).json() as { paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content?: Record<string, unknown> } }>> };
    for (const path of [TWILIO_STATUS_PATH, TWILIO_INBOUND_PATH]) {
      expect(doc.paths[path].post.security).toEqual([]);
      expect(Object.keys(doc.paths[path].post.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    }
    const result = await new Validator().validate(doc as never);
    expect(result.errors).toBeUndefined();
  });

  it('do not exist with the embedded gateway (404)', async () => {
    const t = await startTestApp();
    try {
      expect(t.app.routeTable.some((r) => r.url.toLowerCase().startsWith('/api/sms/provider/'))).toBe(false);
      const res = await fetch(`${t.baseUrl}${TWILIO_STATUS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'MessageSid=x' });
      expect(res.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  const env = (vars: Record<string, string | undefined>, run: () => void) => {
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    Object.assign(process.env, vars);
    for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k];
    try {
      run();
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };
  const full = {
    SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+4759440000', PUBLIC_BASE_URL: 'https://meterwork.example/', TWILIO_API_BASE: undefined,
  };

  it('is the embedded gateway by default; twilio with every key, Twilio\'s API by default', () => {
    env({ SMS_PROVIDER: undefined }, () => expect(loadConfig().sms).toEqual({ provider: 'embedded' }));
    env(full, () => expect(loadConfig().sms).toEqual({
      provider: 'twilio',
      twilio: { accountSid: full.TWILIO_ACCOUNT_SID, authToken: 'secret', from: '+4759440000', apiBase: 'https://api.twilio.com', publicBaseUrl: 'https://meterwork.example' },
    }));
    env({ ...full, TWILIO_FROM: `MG${'b'.repeat(32)}` }, () => expect(loadConfig().sms).toMatchObject({ twilio: { from: `MG${'b'.repeat(32)}` } }));
  });

  it('fails at start naming the key that is missing or cannot work', () => {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'PUBLIC_BASE_URL']) {
      env({ ...full, [key]: undefined }, () => expect(() => loadConfig()).toThrow(new RegExp(`${key} is required when SMS_PROVIDER=twilio`)));
    }
    env({ ...full, TWILIO_FROM: 'Sandvika Rør' }, () => expect(() => loadConfig()).toThrow(/TWILIO_FROM must be an E.164 number/));
    env({ ...full, PUBLIC_BASE_URL: 'meterwork.example' }, () => expect(() => loadConfig()).toThrow(/PUBLIC_BASE_URL must be a URL/));
    env({ ...full, SMS_PROVIDER: 'sendgrid' }, () => expect(() => loadConfig()).toThrow(/SMS_PROVIDER must be one of embedded, twilio/));
  });
});
