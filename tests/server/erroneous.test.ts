/**
 * The error-handling page's list (spec 2 §2.4, §3, §4, §7 GET /api/ErroneousScheduleItem, §9; the rules:
 * src/domain/schemas/erroneous.ts): which items are listed and which not, their notice counts, the
 * Cancelled/Failure class per cancellation reason, the order, the ErrorThreshold warning, the window,
 * the company scope and the admin guard. One item goes the real way: a notice sent with the workers
 * running and the owner's NEI on the demo phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationReason } from '../../src/domain/enums';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import type { ErroneousScheduleItem } from '../../src/domain/schemas/erroneous';
import { SettingType } from '../../src/domain/settings/company';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { companySettings, scheduleItems, smsMessages, users } from '../../server/db/schema';
import type { SmsKind } from '../../server/db/schema/sms';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { startWorkers, type Workers } from '../../server/workers';
import { EMAILS, FORBIDDEN, startDemo, type Demo, type Person } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let workers: Workers;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-erroneous-'));

beforeAll(async () => {
  demo = await startDemo({ dataDir });
  workers = await startWorkers(demo.t.app.context, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await workers?.stop();
  await demo?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => demo.t.database.db;
let nextSlot = 0;
let nextPhone = 91_300_000;

/** Items of the admin's company in its first plumber's week `ahead` weeks from now, each in a half hour of its own. */
async function items(admin: Person, plumber: Person, specs: { status: number; cancellationTypeId?: number; mobile?: string }[], ahead = 3) {
  const w = weekAhead(ahead);
  const days = isoWeekDates(w.year, w.weekNo);
  const { companyId } = await companyOf(demo, admin);
  const assignee = await registrationOf(demo, plumber);
  const points = await addPoints(demo, admin, specs.length);
  return db().transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, assignee, w.year, w.weekNo);
    const made = await insertItems(tx, specs.map((spec, i) => {
      const slot = nextSlot++;
      const date = days[Math.floor(slot / 20) % 5];
      const at = 7 * 60 + 30 * (slot % 20);
      return {
        scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Feilveien ${slot}, 1337 Sandvika`, agreementNo: 'AG',
        duration: 30, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date, status: spec.status,
        cancellationTypeId: spec.cancellationTypeId ?? null, startTime: osloInstant(date, at), endTime: osloInstant(date, at + 30),
        contactInformation: { id: 0, scheduleItemId: 0, mobileNo: spec.mobile ?? String(++nextPhone), contactPerson: { name: 'Eier' } },
      };
    }));
    return { scheduleId: row.id, week: w, ids: made.map((m) => m.id) };
  });
}

/** `n` SMS of `kind` recorded for the item, as the outbox records them. */
async function sent(admin: Person, itemId: number, kind: SmsKind, n: number, status: 'delivered' | 'failed' = 'delivered') {
  const { companyId } = await companyOf(demo, admin);
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, EMAILS[admin]));
  await db().insert(smsMessages).values(Array.from({ length: n }, () => ({
    companyId, toNumber: '+4791300000', sender: 'Test', text: `${kind} text`, encoding: 'GSM-7' as const, segments: 1, characters: 9,
    kind, scheduleItemId: itemId, createdBy: u.id, status,
  })));
}

async function list(p: Person): Promise<ErroneousScheduleItem[]> {
  const res = await demo.api(p, 'GET', '/api/ErroneousScheduleItem');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ErroneousScheduleItem[];
}

async function setThreshold(admin: Person, value: string) {
  const { companyId } = await companyOf(demo, admin);
  await db().update(companySettings).set({ value })
    .where(and(eq(companySettings.companyId, companyId), eq(companySettings.settingTypeId, SettingType.ErrorThreshold)));
}

describe('GET /api/ErroneousScheduleItem', () => {
  it('lists the items an admin must act on with their notice counts, classes and warnings, the most notified first; not the others', async () => {
    const listed = await items('kari', 'ola', [
      { status: S.Rejected }, { status: S.Unknown }, { status: S.NoReply }, { status: S.NotificationFailed }, { status: S.SmsApiFailed },
      { status: S.JobCreationFailed },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.NoReply },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.UnknownReply },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.Rejection },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.Other },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.ExternalFailure },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.InternalFailure },
      { status: S.Cancelled, cancellationTypeId: CancellationReason.InvalidInformation },
    ]);
    const notListed = await items('kari', 'ola', [
      { status: S.Scheduled }, { status: S.NotificationInProgress }, { status: S.Notified }, { status: S.Confirmed },
      { status: S.JobCreated }, { status: S.Deviation }, { status: S.Obstacle },
    ]);
    const [rejected, unknown, noReply, notificationFailed, smsApiFailed] = listed.ids;
    // Notices and reminders count, failed ones too; acknowledgements, confirmations and cancellations do not.
    await sent('kari', noReply, 'notice', 1);
    await sent('kari', noReply, 'reminder', 4);
    await sent('kari', unknown, 'notice', 2);
    await sent('kari', unknown, 'acknowledgement', 3);
    await sent('kari', notificationFailed, 'notice', 1, 'failed');
    await sent('kari', smsApiFailed, 'cancellation', 2);
    await sent('kari', smsApiFailed, 'confirmation', 2);
    await sent('kari', notListed.ids[2], 'notice', 9);
    await setThreshold('kari', '3');

    const all = await list('kari');
    const mine = all.filter((e) => listed.ids.includes(e.id));
    expect(mine.map((e) => e.id).sort((a, b) => a - b)).toEqual([...listed.ids].sort((a, b) => a - b));
    expect(all.some((e) => notListed.ids.includes(e.id))).toBe(false);

    const byId = new Map(all.map((e) => [e.id, e]));
    const ola = await registrationOf(demo, 'ola');
    expect(byId.get(noReply)).toMatchObject({
      status: S.NoReply, numberOfNotifications: 5, exceedsThreshold: true, cancellationType: null, cancellationTypeId: null,
      scheduleId: listed.scheduleId, weekNo: listed.week.weekNo, year: listed.week.year, assigneeId: ola, assigneeName: 'Ola Hansen',
      address: expect.stringMatching(/^Feilveien \d+, 1337 Sandvika$/),
    });
    expect(byId.get(unknown)).toMatchObject({ numberOfNotifications: 2, exceedsThreshold: false });
    expect(byId.get(notificationFailed)).toMatchObject({ numberOfNotifications: 1 });
    expect(byId.get(smsApiFailed)).toMatchObject({ numberOfNotifications: 0 });
    expect(byId.get(rejected)).toMatchObject({ status: S.Rejected, numberOfNotifications: 0 });
    const [row] = await db().select().from(scheduleItems).where(eq(scheduleItems.id, rejected));
    expect(byId.get(rejected)!.dateCancelled).toBe(row.updatedAt.toISOString());
    expect(byId.get(rejected)!.scheduleStartDateTime).toBe(row.startTime!.toISOString());

    // spec 2 §4: Failure for ExternalFailure, InternalFailure and InvalidInformation, else Cancelled.
    const classOf = (reason: number) => mine.find((e) => e.cancellationTypeId === reason)!.cancellationType;
    expect([1, 2, 3, 4, 5, 6, 7].map(classOf)).toEqual(['Cancelled', 'Cancelled', 'Cancelled', 'Cancelled', 'Failure', 'Failure', 'Failure']);

    // The most notified first (spec 2 §2.4).
    const counts = all.map((e) => e.numberOfNotifications);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(all[0].id).toBe(noReply);

    // The threshold is exceeded, not reached; at 5 nothing is over it.
    await setThreshold('kari', '4');
    expect((await list('kari')).find((e) => e.id === noReply)!.exceedsThreshold).toBe(true);
    await setThreshold('kari', '5');
    expect((await list('kari')).filter((e) => e.exceedsThreshold)).toEqual([]);
    await setThreshold('kari', '3');
  });

  it('leaves out items far outside the window of the weeks around now', async () => {
    const far = await items('kari', 'ola', [{ status: S.NoReply }], 30);
    const past = await items('kari', 'ola', [{ status: S.Rejected }], -20);
    const near = await items('kari', 'ola', [{ status: S.Rejected }], -2);
    const ids = (await list('kari')).map((e) => e.id);
    expect(ids).toContain(near.ids[0]);
    expect(ids).not.toContain(far.ids[0]);
    expect(ids).not.toContain(past.ids[0]);
  });

  it('never lists another company\'s items; a plumber, and an admin whose company has no agreement in force, get 403', async () => {
    const theirs = await items('lars', 'nora', [{ status: S.NoReply }, { status: S.Cancelled, cancellationTypeId: CancellationReason.ExternalFailure }]);
    const ours = await items('kari', 'ola', [{ status: S.Unknown }]);
    const kari = (await list('kari')).map((e) => e.id);
    expect(kari).toContain(ours.ids[0]);
    expect(kari.some((id) => theirs.ids.includes(id))).toBe(false);

    for (const p of ['ola', 'lars'] as const) {
      const refused = await demo.api(p, 'GET', '/api/ErroneousScheduleItem');
      expect(refused.status, p).toBe(403);
      expect((refused.body as { message: string }).message).toBe(FORBIDDEN);
    }
  });

  it('a notice sent and answered NEI on the demo phone: the item is listed Rejected with its one notice', async () => {
    const { scheduleId, week, ids: [id] } = await items('kari', 'ola', [{ status: S.Scheduled }], 4);
    const res = await demo.api('kari', 'POST', '/api/Schedule/SendNotification', {
      scheduleId, assigneeId: await registrationOf(demo, 'ola'), assigneeName: 'Ola Hansen', notificationTemplateKey: 'Notice',
      scheduleItemIds: [id], isConfirmedManually: false, weekNo: week.weekNo, year: week.year,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const status = async () => (await db().select({ s: scheduleItems.status }).from(scheduleItems).where(inArray(scheduleItems.id, [id])))[0].s;
    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe(S.Notified);
    expect((await list('kari')).some((e) => e.id === id)).toBe(false);

    const phone = await demo.api('kari', 'GET', '/api/demoPhone/messages');
    const delivery = (phone.body as { providerRef: string; scheduleItemId: number | null; kind: string }[]).find((m) => m.scheduleItemId === id && m.kind === 'notice');
    expect(delivery).toBeDefined();
    const answered = await demo.api('kari', 'POST', '/api/demoPhone/reply', { providerRef: delivery!.providerRef, replyId: randomUUID(), text: 'NEI' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(await status()).toBe(S.Rejected);

    expect((await list('kari')).find((e) => e.id === id)).toMatchObject({
      status: S.Rejected, numberOfNotifications: 1, exceedsThreshold: false, cancellationType: null,
    });
  });
});
