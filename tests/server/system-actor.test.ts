/**
 * Services any actor can call (server/http/actor.ts): a pg-boss job, with no signed-in person behind it,
 * confirms a schedule item for the owner and creates the plumber's job through the same services the
 * routes use (applyItemEvent, createJobAs), and the change reaches the plumber's device (its pull and
 * the hub). The policies hold for every actor: an admin cannot make an owner's event happen, a plumber
 * makes none, the system none of an admin's choices, and a refused transition writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { HubConnection } from '@microsoft/signalr';
import type { PlumberNotification } from '../../src/domain/api';
import { NotificationType } from '../../src/domain/enums';
import { ItemEvent } from '../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { addDays, isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import { jobs, scheduleItems } from '../../server/db/schema';
import { systemActor, userActor } from '../../server/http/actor';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { createJobAs } from '../../server/services/jobs/mutations';
import { applyItemEvent } from '../../server/services/scheduling/itemEvents';
import { inUnitOfWork } from '../../server/services/unitOfWork';
import type { UserContext } from '../../server/auth/context';
import { createBody, listenHub, startDemo, type Demo } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let boss: PgBoss;
const open: HubConnection[] = [];
const QUEUE = 'test-owner-replied';

beforeAll(async () => {
  demo = await startDemo();
  boss = new PgBoss({ connectionString: demo.t.database.url, max: 2 });
  boss.on('error', () => {});
  await boss.start();
  await boss.createQueue(QUEUE);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true, timeout: 2000 });
  await Promise.all(open.map((c) => c.stop()));
  await demo?.close();
});

let nextHour = 7;

/** A laid item of Ola's in a week to come, in `status`, each at an hour of its own (the plumber's time is never double-booked). */
async function olaItem(status: number): Promise<number> {
  const hour = nextHour++;
  const { companyId } = await companyOf(demo, 'ola');
  const ola = await registrationOf(demo, 'ola');
  const [point] = await addPoints(demo, 'ola', 1);
  const w = weekAhead(3);
  const date = isoWeekDates(w.year, w.weekNo)[1];
  const db = demo.t.database.db;
  return db.transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, ola, w.year, w.weekNo);
    const [item] = await insertItems(tx, [{
      scheduleId: row.id, companyId, meterPointId: point, objectId: null, objectType: 2, address: 'Testveien 1, 1337 Sandvika', agreementNo: 'AG',
      duration: 45, latitude: 59.9, longitude: 10.5, sequenceNumber: 1, isScheduled: true, scheduledDate: date,
      startTime: osloInstant(date, hour * 60), endTime: osloInstant(date, hour * 60 + 45), status,
    }]);
    return item.id;
  });
}

const statusOf = async (id: number) => (await demo.t.database.db.select({ s: scheduleItems.status }).from(scheduleItems).where(eq(scheduleItems.id, id)))[0].s;

/** The signed-in user a route would see for a demo person (its claims as the server builds them). */
async function userOf(p: 'kari' | 'ola'): Promise<UserContext> {
  const { companyId, customerId } = await companyOf(demo, p);
  return {
    userId: randomUUID(), registrationId: await registrationOf(demo, p), roleId: p === 'kari' ? 2 : 1, isAdmin: p === 'kari', companyId, customerId,
    customerNumber: '', email: `${p}@example.test`, name: p, hasAgreement: true,
  };
}

describe('a pg-boss job acting for the company', () => {
  it('confirms an item for its owner, creates the plumber\'s job and marks the item JobCreated; the plumber\'s device hears and pulls it', async () => {
    const ctx = demo.t.app.context;
    const ola = await listenHub(demo, 'ola', open);
    const kari = await listenHub(demo, 'kari', open);
    const item = await olaItem(ScheduleItemStatus.Notified);
    const { companyId, customerId } = await companyOf(demo, 'ola');
    const body = await createBody(demo, 'ola', 2, { scheduledDate: addDays(new Date().toISOString().slice(0, 10), 10) + 'T07:00:00.000Z' });

    // The job the worker runs: no user, the system for the company with the reason.
    await boss.work<{ item: number; companyId: string; customerId: string; body: typeof body }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      const actor = systemActor(job.data.companyId, job.data.customerId, 'owner replied JA by SMS');
      await inUnitOfWork(ctx, async (w) => {
        await applyItemEvent(w, actor, [job.data.item], ItemEvent.OwnerConfirmed);
        await createJobAs(w, actor, job.data.body);
        await applyItemEvent(w, actor, [job.data.item], ItemEvent.JobCreated);
      });
    });
    const jobId = await boss.send(QUEUE, { item, companyId, customerId, body });
    expect(jobId).not.toBeNull();

    await expect.poll(() => statusOf(item), { timeout: 15_000, interval: 200 }).toBe(ScheduleItemStatus.JobCreated);
    const [made] = await demo.t.database.db.select().from(jobs).where(eq(jobs.id, body.jobId));
    expect(made).toMatchObject({ companyId, customerId, assignedToId: await registrationOf(demo, 'ola'), createdBy: 'system: owner replied JA by SMS' });

    // The plumber's device: told by the hub, and the job is in its pull.
    const heard = (events: PlumberNotification[], type: string) => events.some((e) => e.NotificationType === type);
    await expect.poll(() => heard(ola, NotificationType.JobsChanged), { timeout: 5000 }).toBe(true);
    await expect.poll(() => heard(kari, NotificationType.SchedulesChanged), { timeout: 5000 }).toBe(true);
    const pull = await demo.api('ola', 'GET', '/api/sync/changes');
    expect(pull.status).toBe(200);
    expect(JSON.stringify(pull.body)).toContain(body.jobId);
  });

  it('a job the system creates keeps the customer\'s rules: another customer\'s property is refused, and nothing is written', async () => {
    const ctx = demo.t.app.context;
    const item = await olaItem(ScheduleItemStatus.Confirmed);
    const { companyId } = await companyOf(demo, 'ola');
    // A customer (water utility) the property does not belong to.
    const actor = systemActor(companyId, randomUUID(), 'owner replied JA by SMS');
    const body = await createBody(demo, 'ola', 2);
    await expect(inUnitOfWork(ctx, async (w) => {
      await applyItemEvent(w, actor, [item], ItemEvent.JobCreated);
      await createJobAs(w, actor, body);
    })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('matrikkelenhetId') });
    expect(await statusOf(item)).toBe(ScheduleItemStatus.Confirmed);
    expect(await demo.t.database.db.select().from(jobs).where(eq(jobs.id, body.jobId))).toHaveLength(0);
  });
});

describe('the policy of each actor', () => {
  it('an admin confirms manually and cancels, but cannot make an owner\'s reply happen; a plumber makes nothing happen', async () => {
    const ctx = demo.t.app.context;
    const kari = userActor(await userOf('kari'));
    const notified = await olaItem(ScheduleItemStatus.Notified);
    await expect(inUnitOfWork(ctx, (w) => applyItemEvent(w, kari, [notified], ItemEvent.OwnerConfirmed)))
      .rejects.toMatchObject({ statusCode: 409, errorKey: 'Scheduling.StatusNotAllowed' });
    const done = await inUnitOfWork(ctx, (w) => applyItemEvent(w, kari, [notified], ItemEvent.ConfirmManually));
    expect(done.changed.map((i) => i.status)).toEqual([ScheduleItemStatus.Confirmed]);
    const ola = userActor(await userOf('ola'));
    await expect(inUnitOfWork(ctx, (w) => applyItemEvent(w, ola, [notified], ItemEvent.Cancel, { cancellationTypeId: 4 })))
      .rejects.toMatchObject({ statusCode: 403 });
  });

  it('a refused transition refuses the whole event and writes nothing; cancel passes by what it skips', async () => {
    const ctx = demo.t.app.context;
    const kari = userActor(await userOf('kari'));
    const scheduled = await olaItem(ScheduleItemStatus.Scheduled);
    const jobCreated = await olaItem(ScheduleItemStatus.JobCreated);
    await expect(inUnitOfWork(ctx, (w) => applyItemEvent(w, kari, [scheduled, jobCreated], ItemEvent.ConfirmManually)))
      .rejects.toMatchObject({ statusCode: 409, errorKey: 'Scheduling.ChangeStatusErrorMsg' });
    expect([await statusOf(scheduled), await statusOf(jobCreated)]).toEqual([ScheduleItemStatus.Scheduled, ScheduleItemStatus.JobCreated]);

    const out = await inUnitOfWork(ctx, (w) => applyItemEvent(w, kari, [scheduled, jobCreated], ItemEvent.Cancel, { cancellationTypeId: 4 }));
    expect(out.skipped).toEqual([jobCreated]);
    expect(out.changed.map((i) => [i.id, i.status, i.cancellationTypeId])).toEqual([[scheduled, ScheduleItemStatus.Cancelled, 4]]);
  });

  it('the system makes none of an admin\'s choices, and another company\'s item is not there', async () => {
    const ctx = demo.t.app.context;
    const item = await olaItem(ScheduleItemStatus.Notified);
    const { companyId, customerId } = await companyOf(demo, 'ola');
    const other = await companyOf(demo, 'lars');
    await expect(inUnitOfWork(ctx, (w) => applyItemEvent(w, systemActor(companyId, customerId, 'test'), [item], ItemEvent.ConfirmManually)))
      .rejects.toThrow("the system does not make 'confirmManually' happen");
    await expect(inUnitOfWork(ctx, (w) => applyItemEvent(w, systemActor(other.companyId, other.customerId, 'test'), [item], ItemEvent.OwnerConfirmed)))
      .rejects.toMatchObject({ statusCode: 404 });
    expect(() => systemActor(companyId, customerId, ' ')).toThrow('with a reason');
    expect(await statusOf(item)).toBe(ScheduleItemStatus.Notified);
  });
});
