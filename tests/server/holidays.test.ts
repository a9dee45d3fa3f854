/** /api/CompanyHolidayConfiguration (spec 3 §2, §5, §7): years, read-only past, every rule and permission. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeek, osloDay } from '../../src/domain/time/oslo';
import { norwegianPublicHolidays } from '../../src/domain/settings/holidays';
import { companyHolidays, users } from '../../server/db/schema';
import { OLA_EMAIL, seedWorkingCalendar } from '../../server/db/seedCalendar';
import { seedTestPeople, startTestApp, signInRoles, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string, plumber: string, adminNoAgreement: string, otherAdmin: string;

const base = '/api/CompanyHolidayConfiguration';
const today = osloDay(new Date());
const year = Number(today.slice(0, 4));
const next = year + 1;
const rowsOf = (companyId: string) => t.database.db.select().from(companyHolidays).where(eq(companyHolidays.companyId, companyId));
const full = (date: string, reason = 'Fridag') => ({ id: 0, groupId: people.companyA.id, date, holidayTypeId: 2, startTime: '06:00', endTime: '18:00', reason });
const half = (date: string, startTime = '06:00', endTime = '12:00') => ({ id: 0, groupId: people.companyA.id, date, holidayTypeId: 1, startTime, endTime, reason: 'Halv dag' });

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  ({ admin, plumber, adminNoAgreement, otherAdmin } = await signInRoles(t, people));
});
afterAll(async () => { await t?.close(); });

describe('adding holidays', () => {
  it('refuses a plumber, an admin without agreement and another company, writing nothing', async () => {
    expect((await t.api(plumber, 'POST', base, [full(`${next}-01-02`)])).status).toBe(403);
    expect((await t.api(adminNoAgreement, 'POST', base, [{ ...full(`${next}-01-02`), groupId: people.companyB.id }])).status).toBe(403);
    expect((await t.api(otherAdmin, 'POST', base, [full(`${next}-01-02`)])).status).toBe(404);
    expect(await rowsOf(people.companyA.id)).toHaveLength(0);
  });

  it('adds full and half days with the year and ISO week of their date', async () => {
    const res = await t.api(admin, 'POST', base, [half(`${next}-12-24`), full(`${next}-01-02`)]);
    expect(res.status).toBe(201);
    expect(res.body.map((h: { date: string }) => h.date)).toEqual([`${next}-01-02`, `${next}-12-24`]);
    expect(res.body[1]).toMatchObject({ year: next, weekNo: isoWeek(`${next}-12-24`).week, holidayTypeId: 1, startTime: '06:00', endTime: '12:00', groupId: people.companyA.id });
  });

  it('refuses each rule with a 400 naming the field, writing nothing', async () => {
    const cases: [unknown, number, RegExp][] = [
      [[full(`${next}-01-02`)], 400, /^body\/0\/date .* \(DateAlreadyInUse\)/],
      [[full(`${next}-03-03`), full(`${next}-03-03`)], 400, /^body\/1\/date .* \(DateAlreadyInUse\)/],
      [[full(`${next}-02-30`)], 400, /^body\/0\/date .*\(InvalidDate\)/],
      [[{ ...full(`${next}-03-04`), year }], 400, /^body\/0\/year must be .*\(InvalidYear\)/],
      [[{ ...full(`${next}-03-04`), weekNo: 40 }], 400, /^body\/0\/weekNo must be/],
      [[half(`${next}-03-05`, '12:00', '12:00')], 400, /^body\/0\/endTime must be within 06:00/],
      [[half(`${next}-03-05`, '05:00', '12:00')], 400, /^body\/0\/endTime must be within/],
      [[half(`${next}-03-05`, '12:00', '19:00')], 400, /^body\/0\/endTime must be within/],
      [[{ ...full(`${next}-03-05`), endTime: '12:00' }], 400, /^body\/0\/endTime must be within/],
      [[{ ...full(`${next}-03-05`), startTime: '6:00' }], 400, /startTime/],
      [[{ ...full(`${next}-03-05`), id: 5 }], 400, /^body\/0\/id must be 0/],
      [[full(`${next + 1}-03-05`)], 400, /^body\/0\/date must be one of/],
      [[full(`${year - 1}-12-30`)], 400, /is a past year: its calendar is read-only/],
      [[{ ...full(`${next}-03-05`), reason: 'x'.repeat(201) }], 400, /reason/],
      [[], 400, /must NOT have fewer than 1 items|minItems|fewer/],
    ];
    if (today > `${year}-01-01`) cases.push([[full(addDays(today, -1))], 400, /is in the past/]);
    for (const [body, status, message] of cases) {
      const res = await t.api(admin, 'POST', base, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await rowsOf(people.companyA.id)).toHaveLength(2);
  });

  it('gives concurrent additions of one date one 201 and 409s, never a 500', async () => {
    const date = `${next}-03-03`;
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => t.api(admin, 'POST', base, [full(date)])))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 400)).toBe(true);
    expect((await rowsOf(people.companyA.id)).filter((h) => h.date === date)).toHaveLength(1);
    await t.database.db.delete(companyHolidays).where(eq(companyHolidays.date, date));
  });

  it('takes today itself', async () => {
    const res = await t.api(admin, 'POST', base, [full(today, 'I dag')]);
    expect(res.status).toBe(201);
  });
});

describe('reading', () => {
  it('gives a year\'s calendar by date, to the company\'s admin only (spec 3 §6) and none other', async () => {
    expect((await t.api(plumber, 'GET', `${base}/year/${next}`)).status).toBe(403);
    const res = await t.api(admin, 'GET', `${base}/year/${next}`);
    expect(res.status).toBe(200);
    expect(res.body.map((h: { date: string }) => h.date)).toEqual([`${next}-01-02`, `${next}-12-24`]);
    expect((await t.api(otherAdmin, 'GET', `${base}/year/${next}`)).body).toEqual([]);
    expect((await t.api(admin, 'GET', `${base}/year/${next + 1}`)).status).toBe(400);
    expect((await t.api(admin, 'GET', `${base}/year/${year - 1}`)).status).toBe(200);
    expect((await t.api(admin, 'GET', `${base}/year/abc`)).status).toBe(400);
  });

  it('lists the holidays from today on, not the past ones', async () => {
    await t.database.db.insert(companyHolidays).values({
      companyId: people.companyA.id, date: `${year - 1}-12-24`, year: year - 1, weekNo: isoWeek(`${year - 1}-12-24`).week,
      holidayTypeId: 1, startTime: '06:00', endTime: '12:00', reason: 'Julaften',
    });
    const res = await t.api(plumber, 'GET', `${base}/holidays`);
    expect(res.status).toBe(200);
    expect(res.body.map((h: { date: string }) => h.date)).toEqual([today, `${next}-01-02`, `${next}-12-24`]);
  });
});

describe('saving a year', () => {
  it('replaces the year\'s calendar: keeps, changes, adds and deletes', async () => {
    const current = (await t.api(admin, 'GET', `${base}/year/${next}`)).body as { id: number; date: string }[];
    const [jan2, xmas] = current;
    const res = await t.api(admin, 'PUT', `${base}/year/${next}`, [
      { ...xmas, holidayTypeId: 2, startTime: '06:00', endTime: '18:00', reason: 'Hele julaften' },
      full(`${next}-12-31`, 'Nyttårsaften'),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.map((h: { date: string; id: number; holidayTypeId: number }) => [h.date, h.holidayTypeId]))
      .toEqual([[`${next}-12-24`, 2], [`${next}-12-31`, 2]]);
    expect(res.body[0].id).toBe(xmas.id);
    expect((await rowsOf(people.companyA.id)).some((r) => r.id === jan2.id)).toBe(false);
  });

  it('lets two holidays swap dates', async () => {
    const current = (await t.api(admin, 'GET', `${base}/year/${next}`)).body as { id: number; date: string }[];
    const moved = (h: { date: string }, date: string) => ({ ...h, date, weekNo: isoWeek(date).week });
    const res = await t.api(admin, 'PUT', `${base}/year/${next}`, [moved(current[0], current[1].date), moved(current[1], current[0].date)]);
    expect(res.status).toBe(200);
    expect(res.body.map((h: { id: number }) => h.id)).toEqual([current[1].id, current[0].id]);
  });

  it('refuses bad calendars whole: duplicates, other years, unknown ids, past years, wrong company', async () => {
    const before = await rowsOf(people.companyA.id);
    const current = (await t.api(admin, 'GET', `${base}/year/${next}`)).body as { id: number; date: string }[];
    const cases: [string, unknown, number, RegExp][] = [
      [`${base}/year/${next}`, [current[0], { ...full(current[0].date) }], 400, /DateAlreadyInUse/],
      [`${base}/year/${next}`, [full(`${year}-12-31`)], 400, /InvalidYear/],
      [`${base}/year/${next}`, [{ ...current[0], id: 999999 }], 404, /Holiday 999999 not found/],
      [`${base}/year/${next}`, [current[0], current[0]], 400, /listed twice/],
      [`${base}/year/${year - 1}`, [], 400, /^params\/year .* is a past year: its calendar is read-only/],
      [`${base}/year/${next + 1}`, [], 400, /^params\/year must be one of/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await t.api(admin, 'PUT', path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect((await t.api(plumber, 'PUT', `${base}/year/${next}`, [])).status).toBe(403);
    expect((await t.api(otherAdmin, 'PUT', `${base}/year/${next}`, [{ ...current[0], groupId: people.companyA.id }])).status).toBe(404);
    expect(await rowsOf(people.companyA.id)).toEqual(before);
  });

  it('keeps this year\'s past holidays when left out, and refuses changing one', async () => {
    if (today === `${year}-01-01`) return;
    const past = addDays(today, -1);
    const [row] = await t.database.db.insert(companyHolidays).values({
      companyId: people.companyA.id, date: past, year, weekNo: isoWeek(past).week, holidayTypeId: 2, startTime: '06:00', endTime: '18:00', reason: 'I går',
    }).returning();
    const res = await t.api(admin, 'PUT', `${base}/year/${year}`, []);
    expect(res.status).toBe(200);
    expect(res.body.map((h: { date: string }) => h.date)).toEqual([past]);
    const changed = await t.api(admin, 'PUT', `${base}/year/${year}`, [{ ...res.body[0], reason: 'Endret' }]);
    expect(changed.status).toBe(400);
    expect(changed.body.message).toMatch(/is in the past/);
    const taken = await t.api(admin, 'PUT', `${base}/year/${year}`, [full(past)]);
    expect(taken.status).toBe(400);
    expect((await t.api(admin, 'DELETE', `${base}/${row.id}`)).status).toBe(400);
  });
});

describe('deleting', () => {
  it('deletes the company\'s holiday by id; others are 403/404', async () => {
    const [first] = (await t.api(admin, 'GET', `${base}/year/${next}`)).body as { id: number }[];
    expect((await t.api(plumber, 'DELETE', `${base}/${first.id}`)).status).toBe(403);
    expect((await t.api(otherAdmin, 'DELETE', `${base}/${first.id}`)).status).toBe(404);
    const res = await t.api(admin, 'DELETE', `${base}/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: first.id });
    expect((await t.api(admin, 'DELETE', `${base}/${first.id}`)).status).toBe(404);
  });
});

describe('demo calendar', () => {
  it('seeds the company hours, Ola\'s own Friday, and this and next year\'s holidays', async () => {
    const [adminC] = await t.database.db.select().from(users).where(eq(users.id, people.id.adminC));
    const [ola] = await t.database.db.insert(users).values({
      ...adminC, id: undefined, registrationId: undefined, roleId: 1, email: OLA_EMAIL, firstName: 'Ola', lastName: 'Hansen', displayName: 'Ola Hansen',
    }).returning();
    await seedWorkingCalendar(t.database.db, people.companyC.id, new Date());
    const { year: y, week: w } = isoWeek(today);
    const olaWeek = await t.api(otherAdmin, 'GET', `/api/WorkingHoursSetting/filter?userRegistrationId=${ola.registrationId}&Year=${y}&WeekNo=${w}`);
    expect(olaWeek.body.map((d: { isEmployeeSpecific: boolean }) => d.isEmployeeSpecific)).toEqual([false, false, false, false, true, false, false]);
    expect(olaWeek.body[4]).toMatchObject({ startTime: '07:00', endTime: '13:00' });
    const res = await t.api(otherAdmin, 'GET', `${base}/year/${year}`);
    const dates = res.body.map((h: { date: string }) => h.date);
    expect(dates).toContain(`${year}-05-17`);
    expect(dates).toContain(`${year}-12-25`);
    expect(res.body.find((h: { date: string }) => h.date === `${year}-05-17`)).toMatchObject({ holidayTypeId: 2, startTime: '06:00', endTime: '18:00' });
    expect(res.body.find((h: { date: string }) => h.date === `${year}-12-24`)).toMatchObject({ holidayTypeId: 1, startTime: '06:00', endTime: '12:00' });
    // Twelve public holidays (fewer when two fall on one day: 2. pinsedag is 17 May in 2027) and three half days.
    expect(res.body).toHaveLength(norwegianPublicHolidays(year).length + 3);
    expect((await t.api(otherAdmin, 'GET', `${base}/year/${next}`)).body).toHaveLength(norwegianPublicHolidays(next).length + 3);
    const hours = await t.api(otherAdmin, 'GET', `/api/WorkingHoursSetting/filter?groupId=${people.companyC.id}`);
    expect(hours.body).toHaveLength(7);
    expect(hours.body[0]).toMatchObject({ startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' });
    expect(hours.body[6]).toMatchObject({ startTime: null, endTime: null });
  });
});
