/**
 * The SMS outbox and the queue port it runs on (server/queue, services/sms.ts, workers/sms.ts): a
 * message is recorded as queued with its delivery job in the transaction that had it sent; a worker
 * hands it to the gateway under the message's id and records the hand-over and the report. Checked
 * against the embedded gateway's own store (sms_gateway_deliveries, where a provider would be) and
 * pg-boss's job table, with two worker processes on one database, a worker that died after the
 * hand-over, a gateway that cannot be reached for a while and one that refuses.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationTemplateType } from '../../src/domain/settings/company';
import { loadConfig } from '../../server/config';
import { createContext, type AppContext } from '../../server/context';
import { notificationTemplates, smsGatewayDeliveries, smsMessages } from '../../server/db/schema';
import { seedTemplates } from '../../server/db/seedTemplates';
import { pgBossQueue } from '../../server/queue';
import { EmbeddedSmsGateway, type SmsGateway } from '../../server/sms/gateway';
import { deliverSms, queueSms, reportAgainSeconds, reportSms, SMS_DELIVER_QUEUE, type OutgoingSms } from '../../server/services/sms';
import { inUnitOfWork } from '../../server/services/unitOfWork';
import { startWorkers, type Workers } from '../../server/workers';
import { seedTestPeople, signInRoles, startTestApp, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string;
let templateId: number;
const workers: Workers[] = [];

beforeAll(async () => {
  // The embedded gateway reports at once here (these tests are of the hand-over); its delay has a test of its own below.
  t = await startTestApp({ config: { embeddedSmsDeliveryDelayMs: 0 } });
  people = await seedTestPeople(t.database.db);
  await seedTemplates(t.database.db, { companyWithSettings: people.companyC.id });
  [{ id: templateId }] = await t.database.db.select({ id: notificationTemplates.id }).from(notificationTemplates)
    .where(eq(notificationTemplates.notificationTypeId, NotificationTemplateType.AppointmentNotice)).limit(1);
  ({ admin } = await signInRoles(t, people));
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await t?.close();
});

const db = () => t.database.db;
const rowOf = async (id: string) => (await db().select().from(smsMessages).where(eq(smsMessages.id, id)))[0];
const handedOver = async (reference: string) =>
  (await db().select({ n: count() }).from(smsGatewayDeliveries).where(eq(smsGatewayDeliveries.reference, reference)))[0].n;
const jobsOf = async (id: string) => (await db().execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${SMS_DELIVER_QUEUE} and id = ${id}::uuid`)).rows[0].n;
/** Another company's messages than the test sends below, which count towards company A's hourly limit. */
const message = (to = '+4791234567'): OutgoingSms => ({
  companyId: people.companyB.id, to, text: 'Hei! Vi bytter vannmåleren din.', sender: 'Rør AS', createdBy: people.id.adminB, kind: 'test',
});
const queued = (ctx: AppContext, msg = message()) => inUnitOfWork(ctx, (w) => queueSms(w, msg));

/** A gateway that fails `times` hand-overs of every message before it lets them through. */
function flaky(inner: SmsGateway, times: number): SmsGateway & { tries: Map<string, number> } {
  const tries = new Map<string, number>();
  return {
    tries,
    async deliver(msg) {
      const n = (tries.get(msg.reference) ?? 0) + 1;
      tries.set(msg.reference, n);
      if (n <= times) throw new Error('connect ECONNREFUSED 10.0.0.1:443');
      return inner.deliver(msg);
    },
    report: (ref) => inner.report(ref),
  };
}

describe('before any worker has started (the queue is not made yet)', () => {
  it('a message is recorded queued in its transaction; its job waits for the workers; nothing is recorded when the transaction rolls back', async () => {
    const ctx = t.app.context;
    const row = await queued(ctx);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, providerRef: null, handedOverAt: null, toNumber: '+4791234567' });
    expect(await pgBossQueue.jobState(db(), SMS_DELIVER_QUEUE, row.id)).toBeNull();

    const before = (await db().select({ n: count() }).from(smsMessages))[0].n;
    await expect(inUnitOfWork(ctx, async (w) => { await queueSms(w, message()); throw new Error('the request failed after it'); })).rejects.toThrow(/failed after/);
    expect((await db().select({ n: count() }).from(smsMessages))[0].n).toBe(before);
  });

  it('a worker that died after handing a message over and is taken again does not send it twice', async () => {
    const ctx = t.app.context;
    const row = await queued(ctx);
    // The first run handed it over and died before recording it.
    const first = await ctx.sms.deliver({ reference: row.id, to: row.toNumber, text: row.text, sender: row.sender });
    expect((await rowOf(row.id)).status).toBe('queued');
    expect(await deliverSms(ctx, row.id)).toBe('delivered');
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 1, providerRef: first.providerRef, error: null });
    expect(after.handedOverAt).toBeInstanceOf(Date);
    expect(after.finishedAt).toBeInstanceOf(Date);
    expect(await handedOver(row.id)).toBe(1);
    // A run taken again after it finished changes nothing.
    expect(await deliverSms(ctx, row.id)).toBe('delivered');
    expect(await handedOver(row.id)).toBe(1);
  });

  it('two runs of one message at once hand it over once', async () => {
    const ctx = t.app.context;
    const row = await queued(ctx);
    const outcomes = await Promise.all([deliverSms(ctx, row.id), deliverSms(ctx, row.id), deliverSms(ctx, row.id)]);
    expect(outcomes).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await handedOver(row.id)).toBe(1);
    expect((await rowOf(row.id)).status).toBe('delivered');
  });

  it('a gateway that cannot be reached leaves the message queued with its attempt and error, to be tried again; a refusal is final', async () => {
    const ctx: AppContext = { ...t.app.context, sms: flaky(t.app.context.sms, 1) };
    const row = await queued(ctx);
    await expect(deliverSms(ctx, row.id)).rejects.toThrow(/ECONNREFUSED/);
    expect(await rowOf(row.id)).toMatchObject({ status: 'queued', attempts: 1, error: 'connect ECONNREFUSED 10.0.0.1:443' });
    expect(await handedOver(row.id)).toBe(0);
    expect(await deliverSms(ctx, row.id)).toBe('delivered');
    expect(await rowOf(row.id)).toMatchObject({ status: 'delivered', attempts: 2, error: null });

    const refused = await queued(t.app.context, message('+47 912'));
    expect(await deliverSms(t.app.context, refused.id)).toBe('failed');
    expect(await rowOf(refused.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'Not an E.164 number: +47 912' });
    expect(await handedOver(refused.id)).toBe(0);
    expect(await deliverSms(t.app.context, refused.id)).toBe('failed');
  });
});

describe('the embedded gateway\'s delivery delay (EMBEDDED_SMS_DELIVERY_DELAY_MS)', () => {
  const DELAY = 300;

  it('reports a message pending until the delay after its hand-over has passed, with when to ask again, then delivered at the hand-over plus the delay', async () => {
    const ctx: AppContext = { ...t.app.context, sms: new EmbeddedSmsGateway(db(), { deliveryDelayMs: DELAY }) };
    const row = await queued(ctx);
    // Handed over, and its report asked at once: pending, so the message stays handed over.
    expect(await deliverSms(ctx, row.id)).toBe('handed_over');
    const handed = await rowOf(row.id);
    expect(handed).toMatchObject({ status: 'handed_over', attempts: 1, finishedAt: null });
    const early = await ctx.sms.report(handed.providerRef!);
    expect(early.state).toBe('pending');
    expect(early.retryAfterMs).toBeGreaterThan(0);
    expect(early.retryAfterMs).toBeLessThanOrEqual(DELAY);
    expect(reportAgainSeconds(early)).toBe(1);
    expect(await reportSms(ctx, row.id)).toBe('handed_over');

    await new Promise((resolve) => setTimeout(resolve, early.retryAfterMs! + 20));
    const late = await ctx.sms.report(handed.providerRef!);
    const [{ receivedAt }] = await db().select({ receivedAt: smsGatewayDeliveries.receivedAt }).from(smsGatewayDeliveries)
      .where(eq(smsGatewayDeliveries.providerRef, handed.providerRef!));
    expect(late).toEqual({ state: 'delivered', at: new Date(receivedAt.getTime() + DELAY) });
    // Asked by two at once, it is recorded once, at the gateway's time of delivery.
    expect(await Promise.all([reportSms(ctx, row.id), reportSms(ctx, row.id)])).toEqual(['delivered', 'delivered']);
    expect(await rowOf(row.id)).toMatchObject({ status: 'delivered', finishedAt: late.at, error: null });
    expect(await handedOver(row.id)).toBe(1);
  });

  it('asks a pending report again after the gateway\'s hint in whole seconds, rounded up; without a hint a minute later', () => {
    expect(reportAgainSeconds({ state: 'pending', retryAfterMs: 1 })).toBe(1);
    expect(reportAgainSeconds({ state: 'pending', retryAfterMs: 2500 })).toBe(3);
    expect(reportAgainSeconds({ state: 'pending', retryAfterMs: 3000 })).toBe(3);
    expect(reportAgainSeconds({ state: 'pending', retryAfterMs: 0 })).toBe(1);
    expect(reportAgainSeconds({ state: 'pending', retryAfterMs: 3_600_000 })).toBe(60);
    expect(reportAgainSeconds({ state: 'pending' })).toBe(60);
  });

  it('is read from the configuration: 2500 ms by default, a whole number of ms', () => {
    const env = process.env.EMBEDDED_SMS_DELIVERY_DELAY_MS;
    try {
      delete process.env.EMBEDDED_SMS_DELIVERY_DELAY_MS;
      expect(loadConfig().embeddedSmsDeliveryDelayMs).toBe(2500);
      process.env.EMBEDDED_SMS_DELIVERY_DELAY_MS = '0';
      expect(loadConfig().embeddedSmsDeliveryDelayMs).toBe(0);
      process.env.EMBEDDED_SMS_DELIVERY_DELAY_MS = 'soon';
      expect(() => loadConfig()).toThrow(/EMBEDDED_SMS_DELIVERY_DELAY_MS must be a whole number/);
    } finally {
      if (env === undefined) delete process.env.EMBEDDED_SMS_DELIVERY_DELAY_MS;
      else process.env.EMBEDDED_SMS_DELIVERY_DELAY_MS = env;
    }
  });
});

describe('with two worker processes on one database', () => {
  const pending: string[] = [];

  it('a test SMS is queued by the request; two workers start, the sweep sends its job and one of them delivers it, once', async () => {
    const res = await t.api(admin, 'POST', `/api/NotificationTemplate/${templateId}/test`, {});
    expect(res.status).toBe(201);
    expect((await rowOf(res.body.id)).status).toBe('queued');
    pending.push(res.body.id);

    const config = loadConfig({ port: 0, publicUrl: t.baseUrl, logLevel: 'silent', webDir: t.app.context.config.webDir });
    // The provider fails every message's first hand-over, whichever process hands it over: the queue tries it again.
    const provider = flaky(t.app.context.sms, 1);
    const a: AppContext = { ...t.app.context, sms: provider };
    const b: AppContext = { ...createContext(config, t.database), sms: provider };
    workers.push(await startWorkers(a, { pollingIntervalSeconds: 0.5, smsRetryDelaySeconds: 1 }));
    workers.push(await startWorkers(b, { pollingIntervalSeconds: 0.5, smsRetryDelaySeconds: 1 }));
    await expect.poll(async () => (await rowOf(res.body.id)).status, { timeout: 30_000, interval: 250 }).toBe('delivered');
    expect(await handedOver(res.body.id)).toBe(1);
    expect((await rowOf(res.body.id)).attempts).toBe(2);
  });

  it('messages sent while the workers run are each delivered once, with one job each, whoever takes them', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.api(admin, 'POST', `/api/NotificationTemplate/${templateId}/test`, { to: `9${i}000000` }, { 'Idempotency-Key': `outbox-${i}` });
      expect(res.status).toBe(201);
      pending.push(res.body.id);
      // The same request again is the stored answer: no second message, no second job.
      const again = await t.api(admin, 'POST', `/api/NotificationTemplate/${templateId}/test`, { to: `9${i}000000` }, { 'Idempotency-Key': `outbox-${i}` });
      expect(again.body.id).toBe(res.body.id);
    }
    for (const id of pending) {
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 30_000, interval: 250 }).toBe('delivered');
      expect(await handedOver(id)).toBe(1);
      expect(await jobsOf(id)).toBeLessThanOrEqual(1);
    }
    // Every message of this file was handed over once: the one queued before the workers started too
    // (the sweep sent its job), the one of the delay's test, and the refused one never.
    await expect.poll(async () => (await db().select({ n: count() }).from(smsMessages).where(eq(smsMessages.status, 'queued')))[0].n,
      { timeout: 30_000, interval: 250 }).toBe(0);
    const [{ n }] = await db().select({ n: count() }).from(smsMessages).where(eq(smsMessages.status, 'delivered'));
    const [{ m }] = await db().select({ m: count() }).from(smsGatewayDeliveries);
    expect(n).toBe(11);
    expect(m).toBe(n);
  });
});

describe('the queue port', () => {
  it('sends on the caller\'s transaction: a job with an id once, nothing when it rolls back, later when asked', async () => {
    const ctx = t.app.context;
    const id = crypto.randomUUID();
    await inUnitOfWork(ctx, async (w) => {
      expect(await w.queue.send('schedule-batch-sweep', {}, { id })).toBe(true);
      expect(await w.queue.send('schedule-batch-sweep', {}, { id })).toBe(true);
    });
    expect((await db().execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where id = ${id}::uuid`)).rows[0].n).toBe(1);

    const lost = crypto.randomUUID();
    await expect(inUnitOfWork(ctx, async (w) => { await w.queue.send('schedule-batch-sweep', {}, { id: lost }); throw new Error('rolled back'); })).rejects.toThrow();
    expect(await ctx.queue.jobState(db(), 'schedule-batch-sweep', lost)).toBeNull();

    const later = crypto.randomUUID();
    await inUnitOfWork(ctx, (w) => w.queue.send(SMS_DELIVER_QUEUE, { messageId: later }, { id: later, startAfter: 3600 }));
    const { rows } = await db().execute<{ state: string; waits: number }>(sql`
      select state::text, extract(epoch from start_after - now())::int as waits from pgboss.job where id = ${later}::uuid`);
    expect(rows[0].state).toBe('created');
    expect(rows[0].waits).toBeGreaterThan(3500);
    expect(await ctx.queue.send(db(), 'no-such-queue', {})).toBe(false);
  });
});
