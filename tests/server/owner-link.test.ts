/**
 * A property owner answers a notice by its link as well as by SMS (spec 2 §4 Replies;
 * services/ownerAnswer.ts, routes/ownerAnswer.ts), with two server processes on one database and the
 * queue's workers running: the notice carries `{public URL}/a/{token}`, whose token opens the item's
 * appointment on either process with no sign-in; yes confirms (and the plumber's job follows), no
 * asks for another time (Rejected); a second answer by link or SMS is answered "already" and changes
 * nothing; a link and an SMS answer at the same moment apply once. A bent token, another item's id in
 * a token, a token past its expiry or made for another purpose are refused with a body that names
 * nothing, and an address past its limit is answered 429.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import { noticeMergeValues } from '../../src/domain/sms/notice';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { loadConfig } from '../../server/config';
import { scheduleItems, smsMessages, smsReplies, tasks } from '../../server/db/schema';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { OWNER_ANSWER_PURPOSE, ownerLinkSecret, signToken } from '../../server/security/ownerLink';
import { ITEM_REMINDER_QUEUE, type FollowUpJob } from '../../server/services/scheduling/followUps';
import { sendReminder } from '../../server/services/scheduling/followUpWork';
import { receiveReply } from '../../server/services/smsReplies';
import { startWorkers, type Workers } from '../../server/workers';
import { startTestApp, type TestApp } from '../helpers/app';
import { plainSite, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let second: TestApp;
let workers: Workers;
let secondWorkers: Workers;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-link-'));

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
const w = weekAhead(5);
const days = isoWeekDates(w.year, w.weekNo);
let nextSlot = 0;
let nextPhone = 92_300_000;

/** Items of Ola's week five weeks ahead, each in a half hour of its own, each with a contact mobile of its own. */
async function items(n: number): Promise<{ scheduleId: number; ids: number[]; mobiles: string[] }> {
  const { companyId } = await companyOf(demo, 'kari');
  const ola = await registrationOf(demo, 'ola');
  const points = await addPoints(demo, 'kari', n);
  const site = await plainSite(demo);
  const mobiles = Array.from({ length: n }, () => String(++nextPhone));
  return db().transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, ola, w.year, w.weekNo);
    const made = await insertItems(tx, mobiles.map((mobile, i) => {
      const slot = nextSlot++;
      const date = days[Math.floor(slot / 20)];
      const at = 7 * 60 + 30 * (slot % 20);
      return {
        scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Lenkeveien ${slot}, 1337 Sandvika`, agreementNo: 'AG',
        duration: 30, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, status: S.Scheduled,
        startTime: osloInstant(date, at), endTime: osloInstant(date, at + 30), matrikkelenhetId: site.nr,
        contactInformation: { id: 0, scheduleItemId: 0, mobileNo: mobile, contactPerson: { name: 'Eier' } },
      };
    }));
    return { scheduleId: row.id, ids: made.map((m) => m.id), mobiles };
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
const repliesOf = (id: number) => db().select().from(smsReplies).where(eq(smsReplies.scheduleItemId, id));

/** The link the item's notice carries, as the owner's phone shows it: the text's last line. */
async function linkOf(id: number): Promise<{ url: string; token: string }> {
  const { text } = await noticeOf(id);
  const last = text.split('\n').at(-1)!;
  const m = /^(https?:\/\/[^/]+)\/a\/([A-Za-z0-9_-]+)$/.exec(last);
  expect(m, `a link on the last line of: ${text}`).not.toBeNull();
  return { url: last, token: m![2] };
}

const open = async (token: string, base = demo.t.baseUrl) => {
  const res = await fetch(`${base}/api/ownerAnswer/${token}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const send = async (token: string, answer: unknown, base = demo.t.baseUrl) => {
  const res = await fetch(`${base}/api/ownerAnswer/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answer }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const sms = (from: string, text: string, id: string) => receiveReply(demo.t.app.context, { providerMessageId: id, from: `+47${from}`, to: '+4790000000', text });

describe('the owner\'s answer link', () => {
  it('a notice carries a short link whose token opens the item on either process, with only what the notice said', async () => {
    const { scheduleId, ids } = await items(1);
    await notify(scheduleId, ids);
    const { url, token } = await linkOf(ids[0]);
    expect(token).toHaveLength(27);
    expect(url.length).toBeLessThanOrEqual(60);
    const { text } = await noticeOf(ids[0]);
    const [item] = await db().select().from(scheduleItems).where(eq(scheduleItems.id, ids[0]));
    const values = noticeMergeValues(item.startTime, item.endTime, item.address);
    // The notice still says the time and place; the link is one line more.
    expect(text).toContain(values.Date);
    expect(text).toContain(values.TimeRange);

    for (const base of [demo.t.baseUrl, second.baseUrl]) {
      const page = await open(token, base);
      expect(page.status).toBe(200);
      expect(page.body).toEqual({
        date: values.Date, timeRange: values.TimeRange, address: item.address, companyName: expect.any(String), companyPhone: expect.any(String), state: 'open',
      });
      expect(page.body.companyName).not.toBe('');
    }
  });

  it('a reminder carries the item\'s link too, and the notice\'s link still opens it', async () => {
    const { scheduleId, ids } = await items(1);
    await notify(scheduleId, ids);
    const { rows } = await db().execute<{ data: FollowUpJob }>(sql`
      select data from pgboss.job where name = ${ITEM_REMINDER_QUEUE} and (data->>'itemId')::int = ${ids[0]} order by start_after limit 1`);
    expect(rows, 'the company sends reminders').toHaveLength(1);
    expect(await sendReminder(demo.t.app.context, rows[0].data)).toBe('sent');
    const [reminder] = await db().select().from(smsMessages).where(and(eq(smsMessages.scheduleItemId, ids[0]), eq(smsMessages.kind, 'reminder')));
    const m = /\n(https?:\/\/[^/]+)\/a\/([A-Za-z0-9_-]{27})$/.exec(reminder.text);
    expect(m, reminder.text).not.toBeNull();
    for (const token of [m![2], (await linkOf(ids[0])).token]) expect((await open(token)).body).toMatchObject({ state: 'open', address: expect.stringContaining('Lenkeveien') });
  });

  it('yes confirms and the plumber\'s job follows; a second answer by link or SMS is already answered and changes nothing', async () => {
    const { scheduleId, ids, mobiles } = await items(1);
    await notify(scheduleId, ids);
    const { token } = await linkOf(ids[0]);

    const yes = await send(token, 'yes', second.baseUrl);
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body).toMatchObject({ applied: true, appointment: { state: 'confirmed' } });
    await expect.poll(() => statuses(ids), { timeout: 20_000, interval: 250 }).toEqual([S.JobCreated]);
    expect(await db().select().from(tasks).where(eq(tasks.scheduleItemId, ids[0]))).toHaveLength(1);

    const [reply] = await repliesOf(ids[0]);
    const notice = await noticeOf(ids[0]);
    expect(reply).toMatchObject({ providerMessageId: `link:${ids[0]}:${notice.id}`, text: 'JA (lenke)', answer: 'yes', outcome: 'applied', fromNumber: `+47${mobiles[0]}`, inReplyTo: notice.id });

    // Again by link, now saying no: nothing moves, nothing more is recorded.
    const again = await send(token, 'no');
    expect(again.body).toMatchObject({ applied: false, appointment: { state: 'confirmed' } });
    expect(await repliesOf(ids[0])).toHaveLength(1);
    // By SMS after the link: kept in the log only.
    expect(await sms(mobiles[0], 'NEI', `link-test-${ids[0]}`)).toMatchObject({ outcome: 'noted' });
    expect(await statuses(ids)).toEqual([S.JobCreated]);
    expect((await open(token)).body).toMatchObject({ state: 'confirmed' });
  });

  it('no asks for another time (Rejected); an SMS answer first makes the link say so', async () => {
    const { scheduleId, ids, mobiles } = await items(2);
    await notify(scheduleId, ids);
    const [byLink, bySms] = ids;

    const no = await send((await linkOf(byLink)).token, 'no');
    expect(no.body).toMatchObject({ applied: true, appointment: { state: 'rejected' } });
    expect(await statuses([byLink])).toEqual([S.Rejected]);
    expect((await repliesOf(byLink))[0]).toMatchObject({ text: 'NEI (lenke)', answer: 'no', outcome: 'applied' });

    expect(await sms(mobiles[1], 'Ja', `link-test-${bySms}`)).toMatchObject({ outcome: 'applied' });
    const late = await send((await linkOf(bySms)).token, 'no');
    expect(late.body).toMatchObject({ applied: false, appointment: { state: 'confirmed' } });
    expect((await repliesOf(bySms)).map((r) => r.outcome).sort()).toEqual(['applied', 'noted']);
    await expect.poll(() => statuses([bySms]), { timeout: 20_000, interval: 250 }).toEqual([S.JobCreated]);
  });

  it('an item the office cancelled meanwhile is shown cancelled, and an answer is only noted', async () => {
    const { scheduleId, ids } = await items(1);
    await notify(scheduleId, ids);
    const { token } = await linkOf(ids[0]);
    await db().update(scheduleItems).set({ status: S.Cancelled }).where(eq(scheduleItems.id, ids[0]));
    expect((await open(token)).body).toMatchObject({ state: 'cancelled' });
    expect((await send(token, 'yes')).body).toMatchObject({ applied: false, appointment: { state: 'cancelled' } });
    expect(await statuses(ids)).toEqual([S.Cancelled]);
    expect((await repliesOf(ids[0])).map((r) => [r.text, r.outcome])).toEqual([['JA (lenke)', 'noted']]);
  });

  it('a link and an SMS answer at the same moment apply once', async () => {
    const { scheduleId, ids, mobiles } = await items(4);
    await notify(scheduleId, ids);
    for (const [i, id] of ids.entries()) {
      const { token } = await linkOf(id);
      // The link says yes and the SMS no (or the other way round): whichever came first holds.
      const [link, reply] = await Promise.all([
        send(token, i % 2 ? 'yes' : 'no', i % 2 ? demo.t.baseUrl : second.baseUrl),
        sms(mobiles[i], i % 2 ? 'NEI' : 'JA', `link-race-${id}`),
      ]);
      expect(link.status).toBe(200);
      const linkApplied = link.body.applied === true;
      expect(linkApplied !== (reply.outcome === 'applied'), `exactly one of the answers to item ${id} applied`).toBe(true);
      const rows = await repliesOf(id);
      expect(rows.map((r) => r.outcome).sort()).toEqual(['applied', 'noted']);
      const winner = rows.find((r) => r.outcome === 'applied')!;
      const [status] = await statuses([id]);
      if (winner.answer === 'no') expect(status).toBe(S.Rejected);
      else expect([S.Confirmed, S.JobCreated]).toContain(status);
    }
  });

  it('refuses a bent token, another item\'s id, an expired token and one made for another purpose, naming nothing', async () => {
    const { scheduleId, ids } = await items(2);
    await notify(scheduleId, ids);
    const { token } = await linkOf(ids[0]);
    const raw = Buffer.from(token, 'base64url');

    const bent = Buffer.from(raw);
    bent[bent.length - 1] ^= 1;
    const swapped = Buffer.from(raw);
    swapped.writeUInt32BE(ids[1], 0);
    const secret = await ownerLinkSecret(db());
    const [item] = await db().select().from(scheduleItems).where(eq(scheduleItems.id, ids[0]));
    const expired = signToken(secret, OWNER_ANSWER_PURPOSE, ids[0], Math.floor(Date.now() / 1000) - 60);
    const otherPurpose = signToken(secret, 'password-reset', ids[0], Math.floor(item.startTime!.getTime() / 1000));
    const otherSecret = signToken(Buffer.alloc(32, 7), OWNER_ANSWER_PURPOSE, ids[0], Math.floor(item.startTime!.getTime() / 1000));
    const noItem = signToken(secret, OWNER_ANSWER_PURPOSE, 2_000_000_000, Math.floor(item.startTime!.getTime() / 1000));

    const neutral = { statusCode: 404, error: 'Not Found', message: 'This link is not valid' };
    for (const bad of [bent.toString('base64url'), swapped.toString('base64url'), otherPurpose, otherSecret, noItem, token.slice(0, 26), `${token}A`]) {
      expect(await open(bad), bad).toEqual({ status: 404, body: neutral });
      expect(await send(bad, 'yes'), bad).toEqual({ status: 404, body: neutral });
    }
    expect(await open(expired)).toEqual({ status: 410, body: { statusCode: 410, error: 'Gone', message: 'This link has expired' } });
    expect((await send(expired, 'yes')).status).toBe(410);
    // Not a token at all, or a body that is not an answer: refused by the schema.
    expect((await open('x'.repeat(65))).status).toBe(400);
    expect((await open('bad%2Ftoken')).status).toBe(400);
    for (const body of ['maybe', 1, null]) expect((await send(token, body)).status).toBe(400);
    const extra = await fetch(`${demo.t.baseUrl}/api/ownerAnswer/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answer: 'yes', scheduleItemId: ids[1] }) });
    expect(extra.status).toBe(400);

    // Nothing moved, nothing recorded.
    expect(await statuses(ids)).toEqual([S.Notified, S.Notified]);
    expect([...(await repliesOf(ids[0])), ...(await repliesOf(ids[1]))]).toHaveLength(0);
  });

  it('an address past its limit is answered 429 before its token is read', async () => {
    const low = await startTestApp({ database: demo.t.database, config: { dataDir, rateLimit: { ...loadConfig().rateLimit, ownerAnswerPerIp: 2 } } });
    try {
      const { scheduleId, ids } = await items(1);
      await notify(scheduleId, ids);
      const { token } = await linkOf(ids[0]);
      // The count is per address across processes: this file's requests have used it already.
      const res = await fetch(`${low.baseUrl}/api/ownerAnswer/${token}`);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ statusCode: 429 });
      expect((await fetch(`${low.baseUrl}/api/ownerAnswer/${token}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"answer":"yes"}' })).status).toBe(429);
      expect(await statuses(ids)).toEqual([S.Notified]);
    } finally {
      await low.close();
    }
  });
});
