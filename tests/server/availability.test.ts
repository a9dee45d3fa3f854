/**
 * Plumber availability and unavailable time slots (spec 2 §3, §4, §7; shapes in
 * src/domain/schemas/availability.ts): every call's happy path, every refused field (400 naming it,
 * with its key), overlaps (409), who may (a plumber and an admin without agreement 403), another
 * company's plumbers, entries, schedules and slots never visible (404, nothing of theirs touched), the
 * planning week's facts following an absence, the laid items a write leaves outside the plumber's
 * time, past days read-only, a bounded read, an idempotent replay and the hub's SchedulesChanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, isoWeek, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { availableFrom, type WeekFacts } from '../../src/domain/scheduling/freeWeek';
import { NotificationType } from '../../src/domain/enums';
import type { PlumberNotification } from '../../src/domain/schemas';
import { plumberAvailability, scheduleItems, schedules, unavailableTimeSlots } from '../../server/db/schema';
import { tokenClaims } from '../helpers/app';
import { FORBIDDEN, listenHub, startDemo, type Demo, type Person } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, weekAhead } from './schedule-fixtures';

let demo: Demo;
let ola: number;
let per: number;
let nora: number;
let companyA: string;
let companyB: string;
/** A week to come whose Monday–Thursday are ordinary working days for Ola. */
let week: { year: number; weekNo: number };
let dates: string[];
const open: HubConnection[] = [];

const db = () => demo.t.database.db;
const BASE = '/api/PlumberAvailabilitySetting';
const today = () => osloDay(new Date());
const entry = (date: string, availabilityTypeId: number, startTime: string, endTime: string, reg = ola) => ({ userRegistrationId: reg, date, availabilityTypeId, startTime, endTime });
const rowsOf = (reg: number) => db().select().from(plumberAvailability).where(eq(plumberAvailability.registrationId, reg));
const planningWeek = async (): Promise<WeekFacts> => (await demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=${week.weekNo}&year=${week.year}`)).body;

beforeAll(async () => {
  demo = await startDemo();
  [ola, per, nora] = await Promise.all([registrationOf(demo, 'ola'), registrationOf(demo, 'per'), registrationOf(demo, 'nora')]);
  companyA = (await companyOf(demo, 'kari')).companyId;
  companyB = (await companyOf(demo, 'nora')).companyId;
  for (let ahead = 2; ; ahead++) {
    const w = weekAhead(ahead);
    const facts = (await demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${ola}&weekNo=${w.weekNo}&year=${w.year}`)).body as WeekFacts;
    if (!facts.holidays.length && facts.days.slice(0, 4).every((d) => d.hours.startTime === '07:00' && d.hours.endTime === '15:30')) {
      week = w;
      dates = facts.dates;
      break;
    }
  }
}, 240_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await demo?.close();
}, 240_000);

/** Ola's schedule of the week, made once. */
let scheduleId: number | undefined;
async function olaSchedule(): Promise<number> {
  if (scheduleId === undefined) {
    const res = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...week });
    expect([200, 201]).toContain(res.status);
    scheduleId = res.body.id as number;
  }
  return scheduleId;
}

/** An item laid for Ola on `date` from `from` (HH:mm) for `minutes`, written as the batch would have. */
async function layItem(date: string, from: string, minutes: number, address: string): Promise<number> {
  const [point] = await addPoints(demo, 'kari', 1);
  const start = osloInstant(date, Number(from.slice(0, 2)) * 60 + Number(from.slice(3)));
  const [row] = await db().insert(scheduleItems).values({
    scheduleId: await olaSchedule(), companyId: companyA, meterPointId: point, objectType: 2, status: 1, address, duration: minutes,
    scheduledDate: date, startTime: start, endTime: new Date(start.getTime() + minutes * 60_000), isScheduled: true, sequenceNumber: 1,
  }).returning();
  return row.id;
}

describe('happy paths', () => {
  it('POST one entry answers it as saved (the slot\'s fields, Oslo instants) with no overlapped items; GET lists it', async () => {
    const [mon] = dates;
    const res = await demo.api('kari', 'POST', BASE, { ...entry(mon, 3, '08:00', '09:30'), reason: 'Tannlege' });
    expect(res.status).toBe(201);
    const saved = res.body.entries[0];
    expect(res.body).toEqual({ entries: [expect.any(Object)], overlappedItems: [] });
    expect(saved).toEqual({
      id: expect.any(Number), availabilitySlotId: saved.id, availabilityTypeId: 3, userRegistrationId: ola, date: mon, weekNo: week.weekNo,
      startTime: '08:00', endTime: '09:30', reason: 'Tannlege',
      startDateTime: osloInstant(mon, 8 * 60).toISOString(), endDateTime: osloInstant(mon, 9 * 60 + 30).toISOString(),
    });
    const listed = await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?from=${dates[0]}&to=${dates[6]}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([saved]);
    // Without a range: from today on.
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${ola}`)).body).toEqual([saved]);
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?to=${addDays(dates[0], -1)}&from=${today()}`)).body).toEqual([]);
    // GET /api/Schedule's plumberAvailabilityData reads the same row.
    await olaSchedule();
    const schedule = await demo.api('kari', 'GET', `/api/Schedule?assigneeId=${ola}&weekNo=${week.weekNo}&year=${week.year}`);
    expect(schedule.body.plumberAvailabilityData).toEqual([{ weekNo: week.weekNo, date: mon, availabilityType: 3, startTime: '08:00', endTime: '09:30' }]);
    expect((await demo.api('kari', 'DELETE', `${BASE}/${saved.id}`)).status).toBe(200);
  });

  it('POST bulk saves all in the order sent; PUT changes day, type and times; DELETE one and DELETE ids remove them', async () => {
    const [, tue, wed] = dates;
    const bulk = await demo.api('kari', 'POST', `${BASE}/bulk`, [entry(tue, 4, '15:30', '17:00'), entry(tue, 1, '06:00', '07:00'), entry(wed, 3, '12:00', '13:00', per)]);
    expect(bulk.status).toBe(201);
    expect(bulk.body.entries.map((e: { date: string; availabilityTypeId: number; userRegistrationId: number }) => [e.date, e.availabilityTypeId, e.userRegistrationId]))
      .toEqual([[tue, 4, ola], [tue, 1, ola], [wed, 3, per]]);
    expect(bulk.body.entries[0].reason).toBe('');
    const [ext, avail, perAbsent] = bulk.body.entries.map((e: { id: number }) => e.id);

    const put = await demo.api('kari', 'PUT', `${BASE}/${ext}`, { date: wed, availabilityTypeId: 4, startTime: '15:30', endTime: '16:00', reason: null });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ entries: [expect.objectContaining({ id: ext, date: wed, availabilityTypeId: 4, startTime: '15:30', endTime: '16:00', userRegistrationId: ola })], overlappedItems: [] });

    const one = await demo.api('kari', 'DELETE', `${BASE}/${ext}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ deletedIds: [ext], overlappedItems: [] });
    const many = await demo.api('kari', 'DELETE', `${BASE}/ids`, [avail, perAbsent, avail]);
    expect(many.body).toEqual({ deletedIds: [avail, perAbsent], overlappedItems: [] });
    expect((await db().select().from(plumberAvailability).where(inArray(plumberAvailability.id, [ext, avail, perAbsent])))).toEqual([]);
    expect((await demo.api('kari', 'DELETE', `${BASE}/${ext}`)).status).toBe(404);
  });

  it('unavailable slots: POST a span of the schedule\'s week, GET the schedule\'s, DELETE one', async () => {
    const sid = await olaSchedule();
    const made = await demo.api('kari', 'POST', '/api/unavailabletimeslots', { scheduleId: sid, date: dates[4], startTime: '13:00', endTime: '14:00' });
    expect(made.status).toBe(201);
    const slot = made.body.slot;
    expect(made.body).toEqual({
      slot: { id: expect.any(Number), scheduleId: sid, date: dates[4], startTime: '13:00', endTime: '14:00', startDateTime: osloInstant(dates[4], 13 * 60).toISOString(), endDateTime: osloInstant(dates[4], 14 * 60).toISOString() },
      overlappedItems: [],
    });
    expect((await demo.api('kari', 'GET', `/api/unavailabletimeslots/schedule/${sid}`)).body).toEqual([slot]);
    // The planning week's facts hold it.
    expect((await planningWeek()).unavailable).toEqual([{ date: dates[4], startTime: '13:00', endTime: '14:00' }]);
    expect((await demo.api('kari', 'DELETE', `/api/unavailabletimeslots/${slot.id}`)).body).toEqual({ deletedIds: [slot.id] });
    expect((await demo.api('kari', 'GET', `/api/unavailabletimeslots/schedule/${sid}`)).body).toEqual([]);
    expect((await demo.api('kari', 'DELETE', `/api/unavailabletimeslots/${slot.id}`)).status).toBe(404);
  });
});

describe('refused fields: 400 naming the field, nothing written', () => {
  it('refuses each rule of an entry on POST, bulk and PUT', async () => {
    const [mon] = dates;
    const before = (await rowsOf(ola)).length;
    const cases: [unknown, string, string | undefined][] = [
      [entry(mon, 2, '08:00', '09:00'), 'body/availabilityTypeId', 'Scheduling.AvailabilityTypeNotCreatable'],
      [entry(mon, 5, '08:00', '09:00'), 'body/availabilityTypeId', 'Scheduling.AvailabilityTypeNotCreatable'],
      [entry(mon, 6, '08:00', '09:00'), 'body/availabilityTypeId', undefined],
      [entry('2027-02-30', 3, '08:00', '09:00'), 'body/date', 'Scheduling.AvailabilityInvalidDate'],
      [entry(addDays(today(), -1), 3, '08:00', '09:00'), 'body/date', 'Scheduling.AvailabilityPastDate'],
      [entry(addDays(today(), 731), 3, '08:00', '09:00'), 'body/date', 'Scheduling.AvailabilityTooFarAhead'],
      [entry('11.12.2027', 3, '08:00', '09:00'), 'body/date', undefined],
      [entry(mon, 3, '08:10', '09:00'), 'body/startTime', 'Scheduling.AvailabilityTimeStep'],
      [entry(mon, 3, '08:00', '09:05'), 'body/endTime', 'Scheduling.AvailabilityTimeStep'],
      [entry(mon, 3, '05:45', '09:00'), 'body/startTime', 'Scheduling.AvailabilityOutsideWindow'],
      [entry(mon, 3, '17:00', '18:15'), 'body/endTime', 'Scheduling.AvailabilityOutsideWindow'],
      [entry(mon, 3, '10:00', '09:00'), 'body/endTime', 'Scheduling.AvailabilityInvalidTime'],
      [entry(mon, 3, '10:00', '10:00'), 'body/endTime', 'Scheduling.AvailabilityInvalidTime'],
      [entry(mon, 3, '8:00', '09:00'), 'body/startTime', undefined],
      [{ date: mon, availabilityTypeId: 3, startTime: '08:00', endTime: '09:00' }, 'body/userRegistrationId', undefined],
      [{ ...entry(mon, 3, '08:00', '09:00'), userRegistrationId: 0 }, 'body/userRegistrationId', undefined],
      [{ ...entry(mon, 3, '08:00', '09:00'), reason: 'x'.repeat(201) }, 'body/reason', undefined],
      [{ ...entry(mon, 3, '08:00', '09:00'), weekNo: 3 }, 'body/weekNo', undefined],
    ];
    for (const [body, field, errorKey] of cases) {
      const res = await demo.api('kari', 'POST', BASE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect(res.body.message.startsWith(`${field} `)).toBe(true);
      expect(res.body.errorKey).toBe(errorKey);
    }
    const backwards = await demo.api('kari', 'POST', BASE, entry(mon, 3, '10:00', '09:00'));
    expect(backwards.body.message).toBe('body/endTime Invalid time: to must be later than from');

    // Bulk: the refused entry is named by its index, and the valid one before it is not saved either.
    const bulk = await demo.api('kari', 'POST', `${BASE}/bulk`, [entry(mon, 3, '12:00', '13:00'), entry(mon, 3, '14:00', '13:00')]);
    expect(bulk.body).toMatchObject({ statusCode: 400, field: 'body/1/endTime', errorKey: 'Scheduling.AvailabilityInvalidTime' });
    expect((await demo.api('kari', 'POST', `${BASE}/bulk`, [])).body.field).toBe('body');
    const tooMany = Array.from({ length: 201 }, () => entry(mon, 3, '12:00', '13:00'));
    expect((await demo.api('kari', 'POST', `${BASE}/bulk`, tooMany)).body.field).toBe('body');
    expect((await demo.api('kari', 'DELETE', `${BASE}/ids`, Array.from({ length: 201 }, (_, i) => i + 1))).body.field).toBe('body');
    expect((await demo.api('kari', 'DELETE', `${BASE}/ids`, [1, 'x'])).body.field).toBe('body/1');

    // PUT: the same rules, named in its body.
    const saved = (await demo.api('kari', 'POST', BASE, entry(dates[3], 3, '12:00', '13:00'))).body.entries[0];
    const put = await demo.api('kari', 'PUT', `${BASE}/${saved.id}`, { date: dates[3], availabilityTypeId: 3, startTime: '12:00', endTime: '12:00' });
    expect(put.body).toMatchObject({ statusCode: 400, field: 'body/endTime', errorKey: 'Scheduling.AvailabilityInvalidTime' });
    const moveToPast = await demo.api('kari', 'PUT', `${BASE}/${saved.id}`, { date: addDays(today(), -1), availabilityTypeId: 3, startTime: '12:00', endTime: '13:00' });
    expect(moveToPast.body.field).toBe('body/date');
    expect((await demo.api('kari', 'PUT', `${BASE}/${saved.id}`, { ...entry(dates[3], 3, '12:00', '13:00') })).body.field).toBe('body/userRegistrationId');
    expect((await demo.api('kari', 'DELETE', `${BASE}/${saved.id}`)).status).toBe(200);
    expect((await rowsOf(ola)).length).toBe(before);
  });

  it('refuses a read\'s range that is not one', async () => {
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?from=2027-02-30`)).body.field).toBe('querystring/from');
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?to=2027-13-01`)).body.field).toBe('querystring/to');
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?from=yesterday`)).body.field).toBe('querystring/from');
    const backwards = await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?from=${dates[3]}&to=${dates[2]}`);
    expect(backwards).toMatchObject({ status: 400, body: { field: 'querystring/to' } });
  });

  it('refuses an unavailable slot outside its schedule\'s week, in the past, or with bad times', async () => {
    const sid = await olaSchedule();
    const slot = (date: string, startTime: string, endTime: string) => demo.api('kari', 'POST', '/api/unavailabletimeslots', { scheduleId: sid, date, startTime, endTime });
    expect((await slot(addDays(dates[0], -1), '08:00', '09:00')).body).toMatchObject({ field: 'body/date', errorKey: 'Scheduling.UnavailableSlotOutsideWeek' });
    expect((await slot(addDays(today(), -1), '08:00', '09:00')).body).toMatchObject({ field: 'body/date', errorKey: 'Scheduling.AvailabilityPastDate' });
    expect((await slot(dates[1], '09:00', '08:00')).body).toMatchObject({ field: 'body/endTime', errorKey: 'Scheduling.AvailabilityInvalidTime' });
    expect((await slot(dates[1], '08:20', '09:00')).body).toMatchObject({ field: 'body/startTime', errorKey: 'Scheduling.AvailabilityTimeStep' });
    expect((await slot(dates[1], '17:00', '19:00')).body).toMatchObject({ field: 'body/endTime', errorKey: 'Scheduling.AvailabilityOutsideWindow' });
    expect(await db().select().from(unavailableTimeSlots)).toEqual([]);
  });
});

describe('overlaps', () => {
  it('two entries of a plumber may not overlap on a day (409 Scheduling.AvailabilityOverlap); touching ones may; another plumber\'s do not count', async () => {
    const tue = dates[1];
    const first = (await demo.api('kari', 'POST', BASE, entry(tue, 3, '09:00', '11:00'))).body.entries[0];
    const clash = await demo.api('kari', 'POST', BASE, entry(tue, 1, '10:45', '12:00'));
    expect(clash.status).toBe(409);
    expect(clash.body.errorKey).toBe('Scheduling.AvailabilityOverlap');
    expect(clash.body.message).toContain(`entry ${first.id}`);
    const inside = await demo.api('kari', 'POST', `${BASE}/bulk`, [entry(tue, 3, '06:00', '07:00'), entry(tue, 4, '08:00', '18:00')]);
    expect(inside.status).toBe(409);
    const twiceInCall = await demo.api('kari', 'POST', `${BASE}/bulk`, [entry(tue, 3, '12:00', '13:00'), entry(tue, 3, '12:30', '13:30')]);
    expect(twiceInCall.status).toBe(409);
    expect(twiceInCall.body.message).toContain('body/1');
    const touching = await demo.api('kari', 'POST', `${BASE}/bulk`, [entry(tue, 3, '11:00', '12:00'), entry(tue, 1, '08:00', '09:00'), entry(tue, 3, '09:00', '11:00', per)]);
    expect(touching.status).toBe(201);
    const [, second] = touching.body.entries;
    // PUT: moving into another entry is refused; keeping its own span is not an overlap with itself.
    expect((await demo.api('kari', 'PUT', `${BASE}/${second.id}`, { date: tue, availabilityTypeId: 1, startTime: '08:00', endTime: '09:15' })).status).toBe(409);
    expect((await demo.api('kari', 'PUT', `${BASE}/${second.id}`, { date: tue, availabilityTypeId: 1, startTime: '07:45', endTime: '09:00' })).status).toBe(200);
    const ids = [first.id, ...touching.body.entries.map((e: { id: number }) => e.id)];
    expect((await demo.api('kari', 'DELETE', `${BASE}/ids`, ids)).status).toBe(200);
  });

  it('concurrent writes take turns on the plumber\'s time: of overlapping entries sent at once exactly one is saved', async () => {
    const fri = dates[4];
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => demo.api('kari', 'POST', BASE, entry(fri, i % 2 ? 3 : 4, '15:00', i % 2 ? '16:00' : '16:15'))));
    expect(sent.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const saved = (await rowsOf(ola)).filter((r) => r.date === fri);
    expect(saved).toHaveLength(1);
    expect((await demo.api('kari', 'DELETE', `${BASE}/${saved[0].id}`)).status).toBe(200);
  });

  it('two unavailable slots of a schedule may not overlap', async () => {
    const sid = await olaSchedule();
    const slot = (startTime: string, endTime: string) => demo.api('kari', 'POST', '/api/unavailabletimeslots', { scheduleId: sid, date: dates[2], startTime, endTime });
    const made = await slot('08:00', '09:00');
    expect(made.status).toBe(201);
    expect((await slot('08:45', '10:00')).body).toMatchObject({ statusCode: 409, errorKey: 'Scheduling.AvailabilityOverlap' });
    const next = await slot('09:00', '10:00');
    expect(next.status).toBe(201);
    for (const id of [made.body.slot.id, next.body.slot.id]) expect((await demo.api('kari', 'DELETE', `/api/unavailabletimeslots/${id}`)).status).toBe(200);
  });
});

describe('who may', () => {
  it('a plumber and an admin without agreement get 403 on every call', async () => {
    const sid = await olaSchedule();
    const before = (await rowsOf(ola)).length;
    const [row] = await db().insert(plumberAvailability).values({ companyId: companyA, registrationId: ola, date: dates[3], availabilityTypeId: 3, startTime: '06:00', endTime: '06:30' }).returning();
    const [slot] = await db().insert(unavailableTimeSlots).values({ companyId: companyA, scheduleId: sid, date: dates[3], startTime: '06:00', endTime: '06:30' }).returning();
    const calls: [string, string, unknown?][] = [
      ['POST', BASE, entry(dates[3], 3, '07:00', '08:00')],
      ['POST', `${BASE}/bulk`, [entry(dates[3], 3, '07:00', '08:00')]],
      ['GET', `${BASE}/plumber/${ola}`],
      ['PUT', `${BASE}/${row.id}`, { date: dates[3], availabilityTypeId: 3, startTime: '06:00', endTime: '07:00' }],
      ['DELETE', `${BASE}/${row.id}`],
      ['DELETE', `${BASE}/ids`, [row.id]],
      ['POST', '/api/unavailabletimeslots', { scheduleId: sid, date: dates[3], startTime: '07:00', endTime: '08:00' }],
      ['GET', `/api/unavailabletimeslots/schedule/${sid}`],
      ['DELETE', `/api/unavailabletimeslots/${slot.id}`],
    ];
    for (const who of ['ola', 'lars'] as Person[]) {
      for (const [method, path, body] of calls) {
        const res = await demo.api(who, method, path, body);
        expect(res.status, `${who} ${method} ${path}`).toBe(403);
        expect(res.body.message).toBe(FORBIDDEN);
      }
    }
    expect(await db().select().from(plumberAvailability).where(eq(plumberAvailability.id, row.id))).toEqual([row]);
    expect((await rowsOf(ola)).length).toBe(before + 1);
    expect(await db().select().from(unavailableTimeSlots)).toEqual([slot]);
    await db().delete(plumberAvailability).where(eq(plumberAvailability.id, row.id));
    await db().delete(unavailableTimeSlots).where(eq(unavailableTimeSlots.id, slot.id));
  });

  it('another company\'s plumbers, entries, schedules and slots are not there (404), and nothing of theirs changes', async () => {
    const [theirs] = await db().insert(plumberAvailability).values({ companyId: companyB, registrationId: nora, date: dates[3], availabilityTypeId: 3, startTime: '08:00', endTime: '09:00' }).returning();
    const [theirSchedule] = await db().insert(schedules).values({ companyId: companyB, assigneeId: nora, ...week }).returning();
    const [theirSlot] = await db().insert(unavailableTimeSlots).values({ companyId: companyB, scheduleId: theirSchedule.id, date: dates[3], startTime: '08:00', endTime: '09:00' }).returning();
    const mine = (await demo.api('kari', 'POST', BASE, entry(dates[3], 3, '10:00', '11:00'))).body.entries[0];

    expect((await demo.api('kari', 'POST', BASE, entry(dates[3], 3, '12:00', '13:00', nora))).status).toBe(404);
    expect((await demo.api('kari', 'POST', `${BASE}/bulk`, [entry(dates[3], 3, '12:00', '13:00'), entry(dates[3], 3, '12:00', '13:00', nora)])).status).toBe(404);
    expect((await demo.api('kari', 'POST', BASE, entry(dates[3], 3, '12:00', '13:00', 999_999))).status).toBe(404);
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${nora}`)).status).toBe(404);
    expect((await demo.api('kari', 'PUT', `${BASE}/${theirs.id}`, { date: dates[3], availabilityTypeId: 3, startTime: '08:00', endTime: '10:00' })).status).toBe(404);
    expect((await demo.api('kari', 'DELETE', `${BASE}/${theirs.id}`)).status).toBe(404);
    // Some ids of another company in a bulk delete: 404, and none is deleted (neither theirs nor mine).
    const mixed = await demo.api('kari', 'DELETE', `${BASE}/ids`, [mine.id, theirs.id]);
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toContain(String(theirs.id));
    expect((await db().select().from(plumberAvailability).where(inArray(plumberAvailability.id, [mine.id, theirs.id]))).map((r) => r.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect((await demo.api('kari', 'GET', `/api/unavailabletimeslots/schedule/${theirSchedule.id}`)).status).toBe(404);
    expect((await demo.api('kari', 'POST', '/api/unavailabletimeslots', { scheduleId: theirSchedule.id, date: dates[3], startTime: '10:00', endTime: '11:00' })).status).toBe(404);
    expect((await demo.api('kari', 'DELETE', `/api/unavailabletimeslots/${theirSlot.id}`)).status).toBe(404);

    expect(await db().select().from(plumberAvailability).where(eq(plumberAvailability.companyId, companyB))).toEqual([theirs]);
    expect(await db().select().from(unavailableTimeSlots).where(eq(unavailableTimeSlots.companyId, companyB))).toEqual([theirSlot]);
    expect((await demo.api('kari', 'DELETE', `${BASE}/${mine.id}`)).status).toBe(200);
  });
});

describe('planning and laid items', () => {
  it('an absence takes its hours from the planning week\'s facts; deleting it gives them back', async () => {
    const wed = dates[2];
    const before = await planningWeek();
    const start = { date: dates[0], minute: 0 };
    const made = await demo.api('kari', 'POST', BASE, entry(wed, 3, '08:00', '10:00'));
    expect(made.status).toBe(201);
    const after = await planningWeek();
    expect(after.availability).toContainEqual({ date: wed, availabilityType: 3, startTime: '08:00', endTime: '10:00' });
    expect(availableFrom(after, start)).toBe(availableFrom(before, start) - 120);
    // Extended time after the day's end adds its minutes.
    const ext = await demo.api('kari', 'POST', BASE, entry(wed, 4, '15:30', '17:00'));
    expect(availableFrom(await planningWeek(), start)).toBe(availableFrom(before, start) - 120 + 90);
    expect((await demo.api('kari', 'DELETE', `${BASE}/ids`, [made.body.entries[0].id, ext.body.entries[0].id])).status).toBe(200);
    expect(availableFrom(await planningWeek(), start)).toBe(availableFrom(before, start));
  });

  it('an absence over laid items is saved and lists them (id, address, start, end); an item left outside extended time or under an unavailable slot is listed too', async () => {
    const thu = dates[3];
    const under = await layItem(thu, '09:00', 60, 'Absensveien 1, 1337 Sandvika');
    const clear = await layItem(thu, '13:00', 60, 'Absensveien 2, 1337 Sandvika');
    const res = await demo.api('kari', 'POST', BASE, entry(thu, 3, '08:00', '12:00'));
    expect(res.status).toBe(201);
    expect(res.body.overlappedItems).toEqual([{
      id: under, scheduleId: await olaSchedule(), status: 1, address: 'Absensveien 1, 1337 Sandvika', scheduledDate: thu, startTime: '09:00', endTime: '10:00',
      scheduleStartDateTime: osloInstant(thu, 9 * 60).toISOString(), scheduleEndDateTime: osloInstant(thu, 10 * 60).toISOString(),
    }]);
    expect((await rowsOf(ola)).some((r) => r.id === res.body.entries[0].id)).toBe(true);
    // Moving the absence off the item: the answer lists none.
    const moved = await demo.api('kari', 'PUT', `${BASE}/${res.body.entries[0].id}`, { date: thu, availabilityTypeId: 3, startTime: '10:00', endTime: '12:00' });
    expect(moved.body.overlappedItems).toEqual([]);

    // An item in extended time: deleting the extended time lists it.
    const mon = dates[0];
    const ext = (await demo.api('kari', 'POST', BASE, entry(mon, 4, '15:30', '17:00'))).body;
    expect(ext.overlappedItems).toEqual([]);
    const late = await layItem(mon, '15:45', 60, 'Kveldsveien 3, 1337 Sandvika');
    const gone = await demo.api('kari', 'DELETE', `${BASE}/${ext.entries[0].id}`);
    expect(gone.body.overlappedItems.map((i: { id: number }) => i.id)).toEqual([late]);

    // An unavailable slot over an item.
    const blocked = await demo.api('kari', 'POST', '/api/unavailabletimeslots', { scheduleId: await olaSchedule(), date: thu, startTime: '13:30', endTime: '14:00' });
    expect(blocked.status).toBe(201);
    expect(blocked.body.overlappedItems.map((i: { id: number }) => i.id)).toEqual([clear]);

    await demo.api('kari', 'DELETE', `/api/unavailabletimeslots/${blocked.body.slot.id}`);
    await demo.api('kari', 'DELETE', `${BASE}/${res.body.entries[0].id}`);
    await db().delete(scheduleItems).where(inArray(scheduleItems.id, [under, clear, late]));
  });
});

describe('past days, a bounded read, replays and open screens', () => {
  it('an entry or slot on a past day is read-only (409 Scheduling.AvailabilityPastReadOnly)', async () => {
    const yesterday = addDays(today(), -1);
    const [old] = await db().insert(plumberAvailability).values({ companyId: companyA, registrationId: ola, date: yesterday, availabilityTypeId: 3, startTime: '08:00', endTime: '09:00' }).returning();
    const w = isoWeek(yesterday);
    const made = await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, year: w.year, weekNo: w.week });
    const [oldSlot] = await db().insert(unavailableTimeSlots).values({ companyId: companyA, scheduleId: made.body.id, date: yesterday, startTime: '08:00', endTime: '09:00' }).returning();
    const put = await demo.api('kari', 'PUT', `${BASE}/${old.id}`, { date: dates[3], availabilityTypeId: 3, startTime: '06:00', endTime: '06:15' });
    expect(put.body).toMatchObject({ statusCode: 409, errorKey: 'Scheduling.AvailabilityPastReadOnly' });
    expect((await demo.api('kari', 'DELETE', `${BASE}/${old.id}`)).body.errorKey).toBe('Scheduling.AvailabilityPastReadOnly');
    expect((await demo.api('kari', 'DELETE', `/api/unavailabletimeslots/${oldSlot.id}`)).body.errorKey).toBe('Scheduling.AvailabilityPastReadOnly');
    expect(await db().select().from(plumberAvailability).where(eq(plumberAvailability.id, old.id))).toEqual([old]);
    // A past range is still read.
    expect((await demo.api('kari', 'GET', `${BASE}/plumber/${ola}?from=${yesterday}&to=${yesterday}`)).body.map((e: { id: number }) => e.id)).toEqual([old.id]);
    await db().delete(plumberAvailability).where(eq(plumberAvailability.id, old.id));
    await db().delete(unavailableTimeSlots).where(eq(unavailableTimeSlots.id, oldSlot.id));
  });

  it('a read answers at most 1000 entries, whole days, and names the day to go on from (X-Next-From)', async () => {
    const first = addDays(today(), 100);
    const days = Array.from({ length: 21 }, (_, d) => addDays(first, d));
    const quarters = Array.from({ length: 48 }, (_, q) => 6 * 60 + q * 15);
    const hm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await db().insert(plumberAvailability).values(days.flatMap((date) => quarters.map((m) => ({
      companyId: companyA, registrationId: per, date, availabilityTypeId: 4, startTime: hm(m), endTime: hm(m + 15),
    }))));
    const token = await demo.token('kari');
    const read = (query: string) => fetch(`${demo.t.baseUrl}${BASE}/plumber/${per}${query}`, { headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) } });
    const page = await read(`?from=${first}`);
    const body = await page.json() as { date: string; startTime: string }[];
    expect(body).toHaveLength(20 * 48);
    expect(body[0]).toMatchObject({ date: first, startTime: '06:00' });
    expect(body[body.length - 1]).toMatchObject({ date: days[19], startTime: '17:45' });
    expect(page.headers.get('x-next-from')).toBe(days[20]);
    const rest = await read(`?from=${days[20]}`);
    expect(await rest.json()).toHaveLength(48);
    expect(rest.headers.get('x-next-from')).toBeNull();
    await db().delete(plumberAvailability).where(eq(plumberAvailability.registrationId, per));
  });

  it('a repeated Idempotency-Key answers the first write again and saves once', async () => {
    const key = { 'idempotency-key': `availability-${Date.now()}` };
    const body = entry(dates[4], 3, '06:00', '07:00');
    const first = await demo.api('kari', 'POST', BASE, body, key);
    const again = await demo.api('kari', 'POST', BASE, body, key);
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    const saved = (await rowsOf(ola)).filter((r) => r.date === dates[4] && r.startTime === '06:00');
    expect(saved).toHaveLength(1);
    await demo.api('kari', 'DELETE', `${BASE}/${saved[0].id}`);
  });

  it('tells the company\'s open screens SchedulesChanged after a write, nobody after a refused one, no other company', async () => {
    const admin: PlumberNotification[] = await listenHub(demo, 'kari', open);
    const other: PlumberNotification[] = await listenHub(demo, 'nora', open);
    const changed = (list: PlumberNotification[]) => list.filter((n) => n.NotificationType === NotificationType.SchedulesChanged).length;
    // The previous test's delete is told a moment after its answer: let it pass before counting.
    await new Promise((r) => setTimeout(r, 500));
    admin.length = 0;
    const refused = await demo.api('kari', 'POST', BASE, entry(dates[4], 3, '09:00', '08:00'));
    expect(refused.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(changed(admin)).toBe(0);
    const made = await demo.api('kari', 'POST', BASE, entry(dates[4], 3, '09:00', '10:00'));
    expect(made.status).toBe(201);
    await expect.poll(() => changed(admin), { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await demo.api('kari', 'DELETE', `${BASE}/${made.body.entries[0].id}`)).status).toBe(200);
    await expect.poll(() => changed(admin), { timeout: 5000 }).toBe(2);
    expect(changed(other)).toBe(0);
    expect(other).toEqual([]);
    // The database's view agrees with the answers: nothing of Ola's is left from this file.
    expect((await db().execute<{ n: number }>(sql`select count(*)::int as n from plumber_availability where registration_id = ${ola}`)).rows[0].n).toBe(0);
  });
});
