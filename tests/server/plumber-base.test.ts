/**
 * A plumber's own base (issue 24 §4: "a start and end at the plumber's base, a company address or per
 * plumber"): set and cleared by an admin on PUT /api/Users/userinformation, refused half, out of range or
 * from a plumber; and used over the company's base for that plumber's days everywhere planning reads a
 * base: the week's facts the page reads (GET /api/Schedule/planningWeek), the batch's layout (a day's
 * first stop starts after the drive from the plumber's base) and the calendar's drop.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { companySettings, meterPoints, scheduleItems, users } from '../../server/db/schema';
import { runScheduleBatch } from '../../server/services/scheduling/batch';
import { weekFacts } from '../../server/services/scheduling/week';
import { workingWeek } from '../../src/domain/scheduling/freeWeek';
import { baseMinutes } from '../../src/domain/scheduling/layout';
import { DEFAULT_TRAVEL } from '../../src/domain/scheduling/routeOrder';
import { SettingType } from '../../src/domain/settings/company';
import { isoWeekDates, osloDayMinute, osloInstant } from '../../src/domain/time/oslo';
import { FORBIDDEN, startDemo, type Demo, type Person } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf, submitBody, weekAhead } from './schedule-fixtures';

let demo: Demo;
let ola: number;
let per: number;
let companyId: string;
/** The company's base, in Sandvika among the test points; Ola's own lies some 25 km north of them. */
const COMPANY_BASE = { lat: 59.8912, lng: 10.5213 };
const OLA_BASE = { lat: 60.1, lng: 10.5 };

beforeAll(async () => {
  demo = await startDemo();
  ola = await registrationOf(demo, 'ola');
  per = await registrationOf(demo, 'per');
  ({ companyId } = await companyOf(demo, 'kari'));
  await demo.t.database.db.insert(companySettings).values([
    { companyId, settingTypeId: SettingType.BaseLatitude, value: String(COMPANY_BASE.lat) },
    { companyId, settingTypeId: SettingType.BaseLongitude, value: String(COMPANY_BASE.lng) },
  ]);
}, 240_000);
afterAll(async () => { await demo?.close(); }, 120_000);

/** The user's information as the edit form sends it, plus `extra`. */
async function infoOf(registrationId: number, extra: Record<string, unknown> = {}) {
  const p = (await demo.api('kari', 'GET', `/api/Users/${registrationId}`)).body as { firstName: string; lastName: string; displayName: string; telephone: string };
  return { firstName: p.firstName, lastName: p.lastName, displayName: p.displayName, telephone: p.telephone, objectId: String(registrationId), ...extra };
}
const put = async (who: Person, registrationId: number, extra: Record<string, unknown>) =>
  demo.api(who, 'PUT', '/api/Users/userinformation', await infoOf(registrationId, extra));
const baseRow = async (registrationId: number) => (await demo.t.database.db.select({ lat: users.baseLatitude, lng: users.baseLongitude })
  .from(users).where(eq(users.registrationId, registrationId)))[0];

describe('PUT /api/Users/userinformation: a plumber\'s own base', () => {
  it('an admin sets it (kept to six decimals), it is answered on the plumber, and both null clears it', async () => {
    const set = await put('kari', per, { baseLatitude: 59.91234567, baseLongitude: 10.75 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ id: per, baseLatitude: 59.912346, baseLongitude: 10.75 });
    expect(await baseRow(per)).toEqual({ lat: 59.912346, lng: 10.75 });
    expect((await demo.api('kari', 'GET', `/api/Users/${per}`)).body).toMatchObject({ baseLatitude: 59.912346, baseLongitude: 10.75 });
    // The names saved without the base leave it as it is.
    expect((await put('kari', per, {})).status).toBe(200);
    expect(await baseRow(per)).toEqual({ lat: 59.912346, lng: 10.75 });
    const cleared = await put('kari', per, { baseLatitude: null, baseLongitude: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ baseLatitude: null, baseLongitude: null });
    expect(await baseRow(per)).toEqual({ lat: null, lng: null });
  });

  it('refuses half a base, a coordinate out of range and a plumber setting one (their own too), naming the problem and writing nothing', async () => {
    await put('kari', ola, { baseLatitude: 60.5, baseLongitude: 11 });
    const refused = async (extra: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await put('kari', ola, extra);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toMatch(message);
    };
    await refused({ baseLatitude: 60 }, 'body/baseLongitude', /^body\/baseLongitude must be set together with baseLatitude: a base is both coordinates or neither/);
    await refused({ baseLongitude: 10 }, 'body/baseLatitude', /must be set together with baseLongitude/);
    await refused({ baseLatitude: 60, baseLongitude: null }, 'body/baseLongitude', /both coordinates or neither/);
    await refused({ baseLatitude: null, baseLongitude: 10 }, 'body/baseLatitude', /both coordinates or neither/);
    await refused({ baseLatitude: 80, baseLongitude: 10 }, 'body/baseLatitude', /^body\/baseLatitude must be <= 72/);
    await refused({ baseLatitude: 60, baseLongitude: 45 }, 'body/baseLongitude', /^body\/baseLongitude must be <= 32/);
    await refused({ baseLatitude: 0, baseLongitude: 0 }, 'body/baseLatitude', /must be >= 57/);
    await refused({ baseLatitude: 'nord', baseLongitude: 10 }, 'body/baseLatitude', /^body\/baseLatitude must be a number/);
    expect(await baseRow(ola)).toEqual({ lat: 60.5, lng: 11 });

    // A plumber may edit their own names, not their base (planning is the admin's).
    const own = await put('ola', ola, { baseLatitude: 59.9, baseLongitude: 10.6 });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(FORBIDDEN);
    expect((await put('ola', ola, { baseLatitude: null, baseLongitude: null })).status).toBe(403);
    expect(await baseRow(ola)).toEqual({ lat: 60.5, lng: 11 });
    expect((await put('ola', ola, {})).status).toBe(200);
    expect(await baseRow(ola)).toEqual({ lat: 60.5, lng: 11 });
    // The plumber sees their own base.
    expect((await demo.api('ola', 'GET', `/api/Users/${ola}`)).body).toMatchObject({ baseLatitude: 60.5, baseLongitude: 11 });
  });

  it('the database holds a base whole and in range whatever writes it', async () => {
    const write = (lat: number | null, lng: number | null) =>
      demo.t.database.db.update(users).set({ baseLatitude: lat, baseLongitude: lng }).where(eq(users.registrationId, per));
    await expect(write(59.9, null)).rejects.toThrow();
    await expect(write(12, 10)).rejects.toThrow();
    await expect(write(59.9, 40)).rejects.toThrow();
    expect(await baseRow(per)).toEqual({ lat: null, lng: null });
  });
});

describe('planning reads the plumber\'s own base over the company\'s', () => {
  beforeAll(async () => {
    expect((await put('kari', ola, { baseLatitude: OLA_BASE.lat, baseLongitude: OLA_BASE.lng })).status).toBe(200);
  });

  it('the week\'s facts the page reads: Ola\'s own base, Per (none of his own) the company\'s', async () => {
    const w = weekAhead(2);
    const facts = (id: number) => demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${id}&year=${w.year}&weekNo=${w.weekNo}`);
    expect((await facts(ola)).body.base).toEqual(OLA_BASE);
    expect((await facts(per)).body.base).toEqual(COMPANY_BASE);
  });

  it('the batch: each day starts and ends at Ola\'s base, its first stop starting after the drive from there', async () => {
    const w = weekAhead(3);
    const schedule = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...w })).body as { id: number; year: number; weekNo: number; assigneeId: number };
    const points = await addPoints(demo, 'kari', 14);
    const body = submitBody(schedule, points, 60);
    const submitted = await demo.api('kari', 'POST', '/api/Scheduler', body);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    expect(await runScheduleBatch(demo.t.app.context, body.batchJobId)).toBe('Completed');

    const items = await demo.t.database.db.select().from(scheduleItems).where(eq(scheduleItems.batchJobId, body.batchJobId));
    expect(items.filter((i) => i.startTime)).toHaveLength(14);
    const positions = new Map((await demo.t.database.db.select({ id: meterPoints.id, lat: meterPoints.lat, lng: meterPoints.lng }).from(meterPoints)
      .where(inArray(meterPoints.id, points))).map((p) => [p.id, p]));
    const free = workingWeek(await weekFacts(demo.t.database.db, companyId, ola, w.year, w.weekNo));
    const byDay = new Map<string, { minute: number; end: number; point: { lat: number | null; lng: number | null } }[]>();
    for (const i of items) {
      const at = osloDayMinute(i.startTime!);
      byDay.set(at.date, [...byDay.get(at.date) ?? [], { minute: at.minute, end: osloDayMinute(i.endTime!).minute, point: positions.get(i.meterPointId)! }]);
    }
    expect(byDay.size).toBeGreaterThanOrEqual(2);
    for (const [date, day] of byDay) {
      const spans = free.find((d) => d.date === date)!.spans;
      const first = day.reduce((a, b) => (b.minute < a.minute ? b : a));
      const last = day.reduce((a, b) => (b.end > a.end ? b : a));
      const fromOla = baseMinutes({ id: 0, duration: 60, ...first.point }, { base: OLA_BASE, travel: DEFAULT_TRAVEL });
      const fromCompany = baseMinutes({ id: 0, duration: 60, ...first.point }, { base: COMPANY_BASE, travel: DEFAULT_TRAVEL });
      // The drive from Ola's base is what the day's start waits for, and much longer than the company's.
      expect(fromOla).toBeGreaterThan(fromCompany + 20);
      expect(first.minute, date).toBe(spans[0][0] + fromOla);
      // The last stop leaves the drive back to Ola's base before the day ends.
      expect(last.end + baseMinutes({ id: 0, duration: 60, ...last.point }, { base: OLA_BASE, travel: DEFAULT_TRAVEL })).toBeLessThanOrEqual(spans[spans.length - 1][1]);
    }
  });

  it('the calendar\'s drop: a card at the start of Ola\'s day is refused for the drive from his base, and taken once the drive fits', async () => {
    const w = weekAhead(5);
    const dates = isoWeekDates(w.year, w.weekNo);
    const sched = (await demo.api('kari', 'POST', '/api/Schedule', { assigneeId: ola, ...w })).body as { id: number; year: number; weekNo: number; assigneeId: number };
    const [p] = await addPoints(demo, 'kari', 1);
    const [point] = await demo.t.database.db.select({ lat: meterPoints.lat, lng: meterPoints.lng }).from(meterPoints).where(eq(meterPoints.id, p));
    const free = workingWeek(await weekFacts(demo.t.database.db, companyId, ola, w.year, w.weekNo));
    const dayStart = free.find((d) => d.date === dates[1])!.spans[0][0];
    const drive = baseMinutes({ id: 0, duration: 60, ...point }, { base: OLA_BASE, travel: DEFAULT_TRAVEL });
    const dropAt = (minute: number) => demo.api('kari', 'POST', '/api/Scheduler/singleitem', {
      batchJobId: randomUUID(), scheduleId: sched.id, weekNo: sched.weekNo, year: sched.year, assigneeId: sched.assigneeId,
      scheduleItems: [{ id: 0, assignmentType: 2, waterMeterPointId: p, duration: 60, sequenceNumber: 0, isScheduled: false }],
      plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(dates[1], minute).toISOString(), scheduleStartTime: '06:00', scheduleEndTime: '18:00',
    });
    // From the company's base (a few minutes away) a start 10 minutes into the day would do; from Ola's it does not.
    const early = await dropAt(dayStart + 10);
    expect(early.status).toBe(409);
    expect(early.body.errorKey).toBe('Scheduling.NotEnoughSlotSpace');
    expect(early.body.message).toMatch(/drive from the base/);
    const taken = await dropAt(dayStart + drive);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const rows = await demo.t.database.db.select().from(scheduleItems).where(and(eq(scheduleItems.scheduleId, sched.id), eq(scheduleItems.meterPointId, p)));
    expect(rows.map((r) => osloDayMinute(r.startTime!).minute)).toEqual([dayStart + drive]);
  });

  it('with Ola\'s base cleared his days start at the company\'s again', async () => {
    expect((await put('kari', ola, { baseLatitude: null, baseLongitude: null })).status).toBe(200);
    const w = weekAhead(2);
    expect((await demo.api('kari', 'GET', `/api/Schedule/planningWeek?assigneeId=${ola}&year=${w.year}&weekNo=${w.weekNo}`)).body.base).toEqual(COMPANY_BASE);
  });
});
