/**
 * Property owners' answers and what follows a notice (spec 2 §4 Replies, reminders and the
 * confirmation, Confirmed → JobCreated), with two server processes on one database and the queue's
 * workers running: an admin sends notices, the owners answer on the embedded gateway's demo phone
 * (POST /api/demoPhone/reply, read and applied as a provider's inbound SMS), and the items move: JA →
 * Confirmed → the plumber's job (auto-created, its task tied to the item, in the plumber's pull), NEI →
 * Rejected (and blacklisted), anything else → Unknown. An answer sent twice applies once; an owner with
 * two open notices is matched by the reply code the notices carry. The follow-ups (reminders, the
 * reply deadline, the confirmation 24 hours before) are queued when the notice is delivered or the
 * time agreed, each sent once when run twice or at once, and none for an item cancelled meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import { replyCodeOf } from '../../src/domain/sms/reply';
import { SettingType } from '../../src/domain/settings/company';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { companySettings, jobs, scheduleItems, smsGatewayDeliveries, smsMessages, smsReplies, tasks } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import {
  ITEM_CONFIRMATION_QUEUE, ITEM_DEADLINE_QUEUE, ITEM_JOB_QUEUE, ITEM_REMINDER_QUEUE, type FollowUpJob,
} from '../../server/services/scheduling/followUps';
import { replyDeadlinePassed, sendConfirmation, sendReminder } from '../../server/services/scheduling/followUpWork';
import { createItemJob } from '../../server/services/scheduling/itemJobs';
import { receiveReply } from '../../server/services/smsReplies';
import { deliverSms, queueSms, reportSms, SMS_REPORT_QUEUE } from '../../server/services/sms';
import { inUnitOfWork } from '../../server/services/unitOfWork';
import { pgBossQueue, type Queue } from '../../server/queue';
import { EmbeddedSmsGateway } from '../../server/sms/gateway';
import type { AppContext } from '../../server/context';
import { startWorkers, type Workers } from '../../server/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { plainSite, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let second: TestApp;
let workers: Workers;
let secondWorkers: Workers;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-replies-'));

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  second = await startTestApp({ database: demo.t.database, config: { dataDir, publicUrl: demo.t.baseUrl } });
  workers = await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5 });
  secondWorkers = await startWorkers(second.app.context, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await secondWorkers?.stop();
  await workers?.stop();
  await second?.close();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => demo.t.database.db;
const w = weekAhead(4);
const days = isoWeekDates(w.year, w.weekNo);
let nextSlot = 0;
let nextPhone = 91_200_000;
const phone = () => String(++nextPhone);

/**
 * Items of Ola's week four weeks ahead, each in a half hour of its own, with a contact mobile; `withProperty`
 * items name the register's property (their job can be made), the others a matrikkel number it lacks.
 */
async function items(mobiles: string[], opts: { withProperty?: boolean; status?: number } = {}): Promise<{ scheduleId: number; ids: number[] }> {
  const { companyId } = await companyOf(demo, 'kari');
  const ola = await registrationOf(demo, 'ola');
  const points = await addPoints(demo, 'kari', mobiles.length);
  const site = await plainSite(demo);
  return db().transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, ola, w.year, w.weekNo);
    const made = await insertItems(tx, mobiles.map((mobile, i) => {
      const slot = nextSlot++;
      const date = days[Math.floor(slot / 20)];
      const at = 7 * 60 + 30 * (slot % 20);
      return {
        scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Svarveien ${slot}, 1337 Sandvika`, agreementNo: 'AG',
        duration: 30, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, status: opts.status ?? S.Scheduled,
        startTime: osloInstant(date, at), endTime: osloInstant(date, at + 30),
        matrikkelenhetId: opts.withProperty === false ? '0219000990009900000000' : site.nr,
        contactInformation: { id: 0, scheduleItemId: 0, mobileNo: mobile, contactPerson: { name: 'Eier' } },
      };
    }));
    return { scheduleId: row.id, ids: made.map((m) => m.id) };
  });
}

async function notify(scheduleId: number, ids: number[]): Promise<void> {
  const res = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', {
    scheduleId, assigneeId: await registrationOf(demo, 'ola'), assigneeName: 'Ola Hansen', notificationTemplateKey: 'Notice',
    scheduleItemIds: ids, isConfirmedManually: false, weekNo: w.weekNo, year: w.year,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual(ids.map(() => S.Notified));
}

const statuses = async (ids: number[]) => (await db().select({ id: scheduleItems.id, s: scheduleItems.status }).from(scheduleItems)
  .where(inArray(scheduleItems.id, ids))).sort((a, b) => a.id - b.id).map((r) => r.s);
const noticeOf = async (id: number) => (await db().select().from(smsMessages)
  .where(and(eq(smsMessages.scheduleItemId, id), eq(smsMessages.kind, 'notice'))))[0];

/** The demo phone's delivery of the item's notice. */
async function deliveryOf(id: number): Promise<string> {
  const res = await demo.api('kari', 'GET', '/api/demoPhone/messages');
  expect(res.status).toBe(200);
  const found = (res.body as { providerRef: string; scheduleItemId: number | null; kind: string }[]).find((m) => m.scheduleItemId === id && m.kind === 'notice');
  expect(found, `a delivery of item ${id}'s notice`).toBeDefined();
  return found!.providerRef;
}

const answer = async (id: number, text: string, replyId = randomUUID(), who: 'kari' | 'ola' | 'lars' = 'kari') =>
  demo.api(who, 'POST', '/api/demoPhone/reply', { providerRef: await deliveryOf(id), replyId, text });

describe('owners answer a notice', () => {
  it('JA confirms and the plumber\'s job is made and pulled, and its obstacle report closes the item; NEI rejects and blacklists; anything else is Unknown; an answer sent twice applies once', async () => {
    const { scheduleId, ids } = await items([phone(), phone(), phone()]);
    await notify(scheduleId, ids);
    const [yes, no, unclear] = ids;

    const replyId = randomUUID();
    const first = await answer(yes, ' Ja takk! ', replyId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ duplicate: false, answer: 'yes', outcome: 'applied', scheduleItemId: yes });
    const again = await answer(yes, ' Ja takk! ', replyId);
    expect(again.body).toMatchObject({ duplicate: true });
    expect(await db().select().from(smsReplies).where(eq(smsReplies.scheduleItemId, yes))).toHaveLength(1);

    expect((await answer(no, 'NEI')).body).toMatchObject({ answer: 'no', outcome: 'applied', status: S.Rejected });
    expect((await answer(unclear, 'Ja, men kan dere komme etter 12?')).body).toMatchObject({ answer: 'unknown', status: S.Unknown });

    // The job: made once by the system for Ola, auto-created, its task tied to the item; the item JobCreated.
    await expect.poll(() => statuses([yes]), { timeout: 20_000, interval: 250 }).toEqual([S.JobCreated]);
    const made = await db().select({ jobId: tasks.jobId, assignedTo: tasks.assignedTo }).from(tasks).where(eq(tasks.scheduleItemId, yes));
    expect(made).toHaveLength(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.id, made[0].jobId));
    expect(job).toMatchObject({ autoCreated: true, assignedToId: await registrationOf(demo, 'ola'), createdBy: 'system: the owner agreed the time', typeId: 2 });
    const [item] = await db().select().from(scheduleItems).where(eq(scheduleItems.id, yes));
    expect(job.scheduledDate?.getTime()).toBe(item.startTime!.getTime());
    const pull = await demo.api('ola', 'GET', '/api/sync/changes');
    expect(JSON.stringify(pull.body)).toContain(job.id);
    // Ola finds nobody at home: his obstacle report closes the item as Obstacle.
    const [task] = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.scheduleItemId, yes));
    const obstacle = await demo.api('ola', 'POST', `/api/jobs/task/${task.id}`, {
      jobId: job.id, isDraft: false, jobTasks: [{ taskId: task.id, additionalDetailsRequest: { deviationList: [7] } }],
    });
    expect(obstacle.status, JSON.stringify(obstacle.body)).toBe(200);
    expect(await statuses([yes])).toEqual([S.Obstacle]);

    // The rejection is on the blacklist (the owner's time is not booked again that day).
    const black = await demo.api('kari', 'GET', `/api/ScheduleBlacklist?adress=${encodeURIComponent(`Svarveien ${nextSlot - 2}, 1337 Sandvika`)}`);
    expect(black.status).toBe(200);
    expect(black.body.length).toBeGreaterThan(0);

    // The SMS log holds the notice and the owner's answer, in order.
    const log = await demo.api('kari', 'GET', `/api/ScheduleItem/${no}/smsDialogs`);
    expect(log.body.map((e: { smsType: string; isMessageFromSender: boolean }) => [e.smsType, e.isMessageFromSender])).toEqual([['notice', true], ['reply', false]]);
    expect(log.body[1]).toMatchObject({ text: 'NEI', status: 'applied' });
    // "Update the SMS log" asks the gateway again for what is on its way and answers the same log.
    const updated = await demo.api('kari', 'POST', '/api/Schedule/UpdateSmsLog', { scheduleItemId: no });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual(log.body);
    expect((await demo.api('ola', 'POST', '/api/Schedule/UpdateSmsLog', { scheduleItemId: no })).status).toBe(403);
    expect((await demo.api('kari', 'POST', '/api/Schedule/UpdateSmsLog', { scheduleItemId: 2_000_000_000 })).status).toBe(404);
    expect((await demo.api('kari', 'POST', '/api/Schedule/UpdateSmsLog', { scheduleItemId: 'x' })).status).toBe(400);
    // The demo phone shows the answer under its message.
    const phoneView = await demo.api('kari', 'GET', '/api/demoPhone/messages');
    const noMsg = phoneView.body.find((m: { scheduleItemId: number }) => m.scheduleItemId === no);
    expect(noMsg.replies.map((r: { text: string }) => r.text)).toEqual(['NEI']);
  });

  it('an owner with two open notices gets each one\'s reply code, and an answer with a code moves only that item; one without a code makes the newest Unknown', async () => {
    const owner = phone();
    const { scheduleId, ids } = await items([owner, owner]);
    await notify(scheduleId, ids);
    for (const id of ids) expect((await noticeOf(id)).text).toContain(`JA ${replyCodeOf(id)}`);

    expect((await answer(ids[1], `ja ${replyCodeOf(ids[1])}`)).body).toMatchObject({ outcome: 'applied', scheduleItemId: ids[1] });
    expect((await statuses([ids[0]]))).toEqual([S.Notified]);
    // Now only one is open: a plain answer finds it.
    expect((await answer(ids[0], 'Nei')).body).toMatchObject({ outcome: 'applied', scheduleItemId: ids[0], status: S.Rejected });

    const other = phone();
    const two = await items([other, other]);
    await notify(two.scheduleId, two.ids);
    const plain = await answer(two.ids[0], 'JA');
    expect(plain.body).toMatchObject({ outcome: 'ambiguous', status: S.Unknown });
    expect((await statuses(two.ids)).filter((s) => s === S.Unknown)).toHaveLength(1);
    expect((await statuses(two.ids)).filter((s) => s === S.Notified)).toHaveLength(1);
  });

  it('a job the register cannot make leaves the item JobCreationFailed; a reply to an item already agreed is only noted', async () => {
    const { scheduleId, ids } = await items([phone()], { withProperty: false });
    await notify(scheduleId, ids);
    expect((await answer(ids[0], 'ja')).body).toMatchObject({ outcome: 'applied', status: S.Confirmed });
    await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual([S.JobCreationFailed]);
    expect(await db().select().from(tasks).where(eq(tasks.scheduleItemId, ids[0]))).toHaveLength(0);
    expect((await answer(ids[0], 'ja, det stemmer')).body).toMatchObject({ outcome: 'noted', status: S.JobCreationFailed });
  });

  it('a reply before the delivery report proves the notice arrived; one from a number no notice went to is kept unmatched', async () => {
    const { companyId } = await companyOf(demo, 'kari');
    const owner = phone();
    const { ids } = await items([owner], { status: S.NotificationInProgress });
    const [kari] = (await db().execute<{ id: string }>(sql`select id from users where email = 'kari.nordmann@sandvika-ror.no'`)).rows;
    // A notice on its way (no delivery job: the worker must not deliver it during the test).
    await db().insert(smsMessages).values({
      companyId, toNumber: `+47${owner}`, sender: 'Test', text: 'Varsel', encoding: 'GSM-7', segments: 1, characters: 6, kind: 'notice',
      scheduleItemId: ids[0], createdBy: kari.id, status: 'handed_over',
    });
    const out = await receiveReply(demo.t.app.context, { providerMessageId: `t:${randomUUID()}`, from: `+47${owner}`, to: 'Test', text: 'JA' });
    expect(out).toMatchObject({ outcome: 'applied', answer: 'yes' });
    expect((await statuses(ids))[0]).toBeOneOf([S.Confirmed, S.JobCreated]);

    const stranger = await receiveReply(demo.t.app.context, { providerMessageId: `t:${randomUUID()}`, from: '+4799999999', to: 'Test', text: 'JA' });
    expect(stranger).toMatchObject({ outcome: 'unmatched', scheduleItemId: null });
  });

  it('the demo phone is an admin\'s of the message\'s company: a plumber is refused and another company\'s admin finds no such message', async () => {
    const { scheduleId, ids } = await items([phone()]);
    await notify(scheduleId, ids);
    const ref = await deliveryOf(ids[0]);
    expect((await demo.api('ola', 'POST', '/api/demoPhone/reply', { providerRef: ref, replyId: randomUUID(), text: 'JA' })).status).toBe(403);
    // An admin without an agreement in force (Lars) is refused as on every scheduling route.
    expect((await demo.api('lars', 'POST', '/api/demoPhone/reply', { providerRef: ref, replyId: randomUUID(), text: 'JA' })).status).toBe(403);
    expect((await demo.api('kari', 'POST', '/api/demoPhone/reply', { providerRef: ref, replyId: randomUUID(), text: '' })).status).toBe(400);
    expect(await statuses(ids)).toEqual([S.Notified]);

    // A message of another company (Lars's), delivered by the embedded gateway: Kari neither sees nor answers it.
    const { companyId: theirs } = await companyOf(demo, 'lars');
    const [larsUser] = (await db().execute<{ id: string }>(sql`select id from users where email = 'lars.eriksen@bekkestua-vvs.no'`)).rows;
    const [msg] = await db().insert(smsMessages).values({
      companyId: theirs, toNumber: '+4790000001', sender: 'Bekkestua', text: 'Their notice', encoding: 'GSM-7', segments: 1, characters: 12, kind: 'test',
      createdBy: larsUser.id, status: 'delivered',
    }).returning();
    const [delivery] = await db().insert(smsGatewayDeliveries).values({ reference: msg.id, toNumber: msg.toNumber, sender: msg.sender, text: msg.text }).returning();
    expect((await demo.api('kari', 'POST', '/api/demoPhone/reply', { providerRef: delivery.providerRef, replyId: randomUUID(), text: 'JA' })).status).toBe(404);
    expect((await demo.api('kari', 'GET', '/api/demoPhone/messages')).body.some((m: { providerRef: string }) => m.providerRef === delivery.providerRef)).toBe(false);
    expect(await db().select().from(smsReplies).where(eq(smsReplies.fromNumber, '+4790000001'))).toHaveLength(0);
  });
});

describe('a notice\'s delivery report (the embedded gateway\'s delay, EMBEDDED_SMS_DELIVERY_DELAY_MS)', () => {
  it('the notice is handed over and reported pending: the item stays NotificationInProgress and the demo phone shows it pending; after the delay it is delivered, once, and only then Notified', async () => {
    const DELAY = 300;
    const { companyId } = await companyOf(demo, 'kari');
    const { ids: [id] } = await items([phone()], { status: S.NotificationInProgress });
    const [kari] = (await db().execute<{ id: string }>(sql`select id from users where email = 'kari.nordmann@sandvika-ror.no'`)).rows;
    // Both processes' gateways wait DELAY ms; the notice is recorded without its delivery job, so this test hands it over itself.
    const gateway = () => new EmbeddedSmsGateway(db(), { deliveryDelayMs: DELAY });
    const a: AppContext = { ...demo.t.app.context, sms: gateway() };
    const b: AppContext = { ...second.app.context, sms: gateway() };
    const noJobs: Queue = { ...pgBossQueue, send: async () => false, on: () => ({ send: async () => false }) };
    const row = await inUnitOfWork({ ...a, queue: noJobs }, (w) => queueSms(w, {
      companyId, to: '+4791999001', text: 'Varsel om målerbytte', sender: 'Sandvika Rør', createdBy: kari.id, kind: 'notice', scheduleItemId: id,
    }));

    expect(await deliverSms(a, row.id)).toBe('handed_over');
    expect(await statuses([id])).toEqual([S.NotificationInProgress]);
    const delivery = async () => ((await demo.api('kari', 'GET', '/api/demoPhone/messages')).body as { scheduleItemId: number; delivery: string }[])
      .find((m) => m.scheduleItemId === id)?.delivery;
    expect(await delivery()).toBe('pending');
    // The pending report asked the gateway again in a second (its hint, rounded up), not in a minute.
    const { rows: again } = await db().execute<{ waits: number }>(sql`
      select extract(epoch from start_after - created_on)::float8 as waits from pgboss.job
      where name = ${SMS_REPORT_QUEUE} and data->>'messageId' = ${row.id} and state = 'created'`);
    expect(again).toHaveLength(1);
    expect(again[0].waits).toBeGreaterThanOrEqual(0.9);
    expect(again[0].waits).toBeLessThanOrEqual(2);

    await new Promise((resolve) => setTimeout(resolve, DELAY + 50));
    // Asked by both processes at once: recorded once, and the item moves once.
    expect(await Promise.all([reportSms(a, row.id), reportSms(b, row.id)])).toEqual(['delivered', 'delivered']);
    expect(await statuses([id])).toEqual([S.Notified]);
    expect(await delivery()).toBe('delivered');
    expect((await followUps(id)).filter((q) => q.name === ITEM_REMINDER_QUEUE)).toHaveLength(2);
    // The report job the pending report sent runs later on the workers (whose gateways wait the configured
    // delay, and may send another) and changes nothing.
    await expect.poll(async () => {
      const { rows: states } = await db().execute<{ state: string }>(sql`
        select state::text from pgboss.job where name = ${SMS_REPORT_QUEUE} and data->>'messageId' = ${row.id}`);
      return states.length > 0 && states.every((r) => r.state === 'completed');
    }, { timeout: 15_000, interval: 200 }).toBe(true);
    expect(await noticeOf(id)).toMatchObject({ status: 'delivered' });
    expect(await statuses([id])).toEqual([S.Notified]);
    expect((await followUps(id)).filter((q) => q.name === ITEM_REMINDER_QUEUE)).toHaveLength(2);
  });
});

/** The queued follow-up jobs of an item (pg-boss's table), by queue. */
async function followUps(id: number): Promise<{ name: string; startAfter: Date; data: FollowUpJob }[]> {
  const { rows } = await db().execute<{ name: string; start_after: Date; data: FollowUpJob }>(sql`
    select name, start_after, data from pgboss.job where name in (${ITEM_REMINDER_QUEUE}, ${ITEM_DEADLINE_QUEUE}, ${ITEM_CONFIRMATION_QUEUE}, ${ITEM_JOB_QUEUE})
    and (data->>'itemId')::int = ${id} order by start_after`);
  return rows.map((r) => ({ name: r.name, startAfter: new Date(r.start_after), data: r.data }));
}
const sentOf = async (id: number, kind: 'reminder' | 'confirmation') =>
  db().select().from(smsMessages).where(and(eq(smsMessages.scheduleItemId, id), eq(smsMessages.kind, kind)));

describe('what follows a notice', () => {
  it('a delivered notice queues its reminders (the company\'s 2, an hour apart) and its reply deadline; a reminder is sent once however often it runs', async () => {
    const { scheduleId, ids } = await items([phone()]);
    await notify(scheduleId, ids);
    const queued = await followUps(ids[0]);
    const reminders = queued.filter((q) => q.name === ITEM_REMINDER_QUEUE);
    const deadline = queued.find((q) => q.name === ITEM_DEADLINE_QUEUE)!;
    expect(reminders).toHaveLength(2);
    expect(reminders[1].startAfter.getTime() - reminders[0].startAfter.getTime()).toBe(3_600_000);
    expect(deadline.startAfter.getTime() - reminders[1].startAfter.getTime()).toBe(3_600_000);

    const ctx = demo.t.app.context;
    const runs = await Promise.all([sendReminder(ctx, reminders[0].data), sendReminder(second.app.context, reminders[0].data), sendReminder(ctx, reminders[0].data)]);
    expect(runs.filter((r) => r === 'sent')).toHaveLength(1);
    const sent = await sentOf(ids[0], 'reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('Påminnelse');
    expect(sent[0].toNumber).toBe((await noticeOf(ids[0])).toNumber);
    expect(await sendReminder(ctx, reminders[1].data)).toBe('sent');
    expect(await sentOf(ids[0], 'reminder')).toHaveLength(2);

    // The deadline passes unanswered: NoReply (the company does not make jobs of unanswered items).
    expect(await replyDeadlinePassed(ctx, deadline.data)).toBe('moved');
    expect(await statuses(ids)).toEqual([S.NoReply]);
    expect(await replyDeadlinePassed(ctx, deadline.data)).toBe('stale');
  });

  it('under NoReplyAutoJobCreation an unanswered item becomes the plumber\'s job at its deadline', async () => {
    const { companyId } = await companyOf(demo, 'kari');
    await db().insert(companySettings).values({ companyId, settingTypeId: SettingType.NoReplyAutoJobCreation, value: 'true' });
    try {
      const { scheduleId, ids } = await items([phone()]);
      await notify(scheduleId, ids);
      const deadline = (await followUps(ids[0])).find((q) => q.name === ITEM_DEADLINE_QUEUE)!;
      expect(await replyDeadlinePassed(demo.t.app.context, deadline.data)).toBe('moved');
      await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual([S.JobCreated]);
      expect(await db().select().from(tasks).where(eq(tasks.scheduleItemId, ids[0]))).toHaveLength(1);
    } finally {
      await db().delete(companySettings).where(and(eq(companySettings.companyId, companyId), eq(companySettings.settingTypeId, SettingType.NoReplyAutoJobCreation)));
    }
  });

  it('a cancelled item\'s reminders and deadline send nothing; an answered item has no deadline', async () => {
    const { scheduleId, ids } = await items([phone(), phone()]);
    await notify(scheduleId, ids);
    const [cancelled, answered] = ids;
    await db().update(scheduleItems).set({ status: S.Cancelled }).where(eq(scheduleItems.id, cancelled));
    const steps = await followUps(cancelled);
    for (const s of steps) {
      if (s.name === ITEM_REMINDER_QUEUE) expect(await sendReminder(demo.t.app.context, s.data)).toBe('stale');
      if (s.name === ITEM_DEADLINE_QUEUE) expect(await replyDeadlinePassed(demo.t.app.context, s.data)).toBe('stale');
    }
    expect(await sentOf(cancelled, 'reminder')).toHaveLength(0);
    expect(await statuses([cancelled])).toEqual([S.Cancelled]);

    expect((await answer(answered, 'nei')).body).toMatchObject({ status: S.Rejected });
    const deadline = (await followUps(answered)).find((q) => q.name === ITEM_DEADLINE_QUEUE)!;
    expect(await replyDeadlinePassed(demo.t.app.context, deadline.data)).toBe('stale');
    expect(await statuses([answered])).toEqual([S.Rejected]);
  });

  it('an agreed time queues its confirmation 24 hours before the start, sent once; the job is asked once however often', async () => {
    const { scheduleId, ids } = await items([phone()]);
    await notify(scheduleId, ids);
    expect((await answer(ids[0], 'JA')).body).toMatchObject({ status: S.Confirmed });
    const [item] = await db().select().from(scheduleItems).where(eq(scheduleItems.id, ids[0]));
    const queued = await followUps(ids[0]);
    const confirmation = queued.find((q) => q.name === ITEM_CONFIRMATION_QUEUE)!;
    expect(confirmation.startAfter.getTime()).toBe(item.startTime!.getTime() - 24 * 3_600_000);
    expect(queued.filter((q) => q.name === ITEM_JOB_QUEUE)).toHaveLength(1);
    await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual([S.JobCreated]);
    // The job's step run again (a second process, a retry) makes no second job.
    expect(await createItemJob(demo.t.app.context, item.companyId, ids[0])).toBe('not-agreed');
    expect(await db().select().from(tasks).where(eq(tasks.scheduleItemId, ids[0]))).toHaveLength(1);

    const runs = await Promise.all([sendConfirmation(demo.t.app.context, confirmation.data), sendConfirmation(second.app.context, confirmation.data)]);
    expect(runs.filter((r) => r === 'sent')).toHaveLength(1);
    const sent = await sentOf(ids[0], 'confirmation');
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('bekreftet');
  });
});
