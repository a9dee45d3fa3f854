/** /api/WorkingHoursSetting (spec 3 §3, §5, §7): company default, employees' own hours, every rule and permission. */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeek, isoWeekDates, osloDay } from '../../src/domain/time/oslo';
import { users, workingHours } from '../../server/db/schema';
import { seedTestPeople, startTestApp, signInRoles, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
let admin: string, plumber: string, adminNoAgreement: string, otherAdmin: string;
let plumberReg: number;
let adminReg: number;
let otherReg: number;

const url = '/api/WorkingHoursSetting';
const weekday = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const off = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
const week = () => [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, ...(dayOfWeek <= 5 ? weekday : off) }));
const regOf = async (id: string) => (await t.database.db.select({ r: users.registrationId }).from(users).where(eq(users.id, id)))[0].r;
const rowsOf = (companyId: string) => t.database.db.select().from(workingHours).where(eq(workingHours.companyId, companyId));

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  ({ admin, plumber, adminNoAgreement, otherAdmin } = await signInRoles(t, people));
  [plumberReg, adminReg, otherReg] = await Promise.all([regOf(people.id.plumberA), regOf(people.id.adminA), regOf(people.id.adminC)]);
});
afterAll(async () => { await t?.close(); });

describe('company default', () => {
  it('is 404 before the company has any', async () => {
    const res = await t.api(admin, 'GET', `${url}/filter?groupId=${people.companyA.id}`);
    expect(res.status).toBe(404);
  });

  it('refuses a plumber and an admin without agreement, and another company\'s group, writing nothing', async () => {
    const body = { groupId: people.companyA.id, workingHoursSettings: week() };
    expect((await t.api(plumber, 'POST', url, body)).status).toBe(403);
    expect((await t.api(adminNoAgreement, 'POST', url, { ...body, groupId: people.companyB.id })).status).toBe(403);
    expect((await t.api(otherAdmin, 'POST', url, body)).status).toBe(404);
    expect(await rowsOf(people.companyA.id)).toHaveLength(0);
  });

  it('is created as all seven days at once', async () => {
    const res = await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: week().slice(0, 5) });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body\/workingHoursSettings must hold all seven days/);
  });

  it('refuses each §5 rule with a 400 naming the field and the day, writing nothing', async () => {
    const cases: [Record<string, string | null>, RegExp][] = [
      [{ startTime: '12:00' }, /^body\/workingHoursSettings\/2\/lunchStartTime breaks the order .* \(Wednesday\)$/],
      [{ lunchEndTime: '11:00' }, /^body\/workingHoursSettings\/2\/lunchEndTime breaks the order/],
      [{ endTime: '11:45' }, /^body\/workingHoursSettings\/2\/endTime breaks the order/],
      [{ startTime: null }, /^body\/workingHoursSettings\/2\/startTime time must be specified \(Wednesday\)$/],
      [{ endTime: null }, /^body\/workingHoursSettings\/2\/endTime time must be specified/],
      [{ lunchEndTime: null }, /^body\/workingHoursSettings\/2\/lunchEndTime time must be specified/],
      [{ lunchStartTime: null }, /^body\/workingHoursSettings\/2\/lunchStartTime time must be specified/],
    ];
    for (const [change, message] of cases) {
      const days = week();
      Object.assign(days[2], change);
      const res = await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: days });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const badFormat = week();
    badFormat[0].startTime = '7:00';
    const res = await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: badFormat });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/workingHoursSettings\/0\/startTime|startTime/);
    const twice = week();
    twice[6].dayOfWeek = 1;
    expect((await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: twice })).body.message).toMatch(/dayOfWeek Monday is given twice/);
    const wrongType = week();
    Object.assign(wrongType[5], { workDayTypeId: 1 });
    expect((await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: wrongType })).body.message)
      .toMatch(/^body\/workingHoursSettings\/5\/workDayTypeId must be 2 for Saturday/);
    const withWeek = week();
    Object.assign(withWeek[0], { year: 2026, weekNo: 10 });
    expect((await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: withWeek })).body.message)
      .toMatch(/^body\/workingHoursSettings\/0\/year is for an employee's hours only/);
    expect(await rowsOf(people.companyA.id)).toHaveLength(0);
  });

  it('is created, read by admin and plumber, and a second create is 409', async () => {
    const created = await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: week() });
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(7);
    const read = await t.api(admin, 'GET', `${url}/filter?groupId=${people.companyA.id}`);
    expect(read.status).toBe(200);
    expect(read.body.map((d: { dayOfWeek: number; workDayTypeId: number }) => [d.dayOfWeek, d.workDayTypeId]))
      .toEqual([[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 2], [7, 3]]);
    expect(read.body[0]).toMatchObject({ userRegistrationId: null, ...weekday, year: null, weekNo: null });
    expect(read.body[6]).toMatchObject(off);
    expect((await t.api(plumber, 'GET', `${url}/filter?groupId=${people.companyA.id}`)).body).toEqual(read.body);
    expect((await t.api(otherAdmin, 'GET', `${url}/filter?groupId=${people.companyA.id}`)).status).toBe(404);
    const again = await t.api(admin, 'POST', url, { groupId: people.companyA.id, workingHoursSettings: week() });
    expect(again.status).toBe(409);
  });

  it('is updated by id; a bad row fails the whole request', async () => {
    const rows = (await t.api(admin, 'GET', `${url}/filter?groupId=${people.companyA.id}`)).body as { id: number; dayOfWeek: number }[];
    const monday = rows[0];
    const saturday = rows[5];
    const res = await t.api(admin, 'PUT', url, {
      groupId: people.companyA.id,
      workingHoursSettings: [
        { id: monday.id, dayOfWeek: 1, startTime: '08:00', lunchStartTime: null, lunchEndTime: null, endTime: '16:00' },
        { id: saturday.id, dayOfWeek: 6, ...weekday, endTime: '11:00' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^body\/workingHoursSettings\/1\/endTime breaks the order .*\(Saturday\)/);
    const unchanged = (await t.api(admin, 'GET', `${url}/filter?groupId=${people.companyA.id}`)).body;
    expect(unchanged[0]).toMatchObject(weekday);

    const ok = await t.api(admin, 'PUT', url, {
      groupId: people.companyA.id,
      workingHoursSettings: [
        { id: monday.id, dayOfWeek: 1, startTime: '08:00', lunchStartTime: null, lunchEndTime: null, endTime: '16:00' },
        { id: saturday.id, dayOfWeek: 6, startTime: '09:00', lunchStartTime: null, lunchEndTime: null, endTime: '13:00' },
      ],
    });
    expect(ok.status).toBe(200);
    const after = (await t.api(admin, 'GET', `${url}/filter?groupId=${people.companyA.id}`)).body;
    expect(after[0]).toMatchObject({ startTime: '08:00', lunchStartTime: null, endTime: '16:00' });
    expect(after[5]).toMatchObject({ startTime: '09:00', endTime: '13:00' });

    const moved = await t.api(admin, 'PUT', url, { groupId: people.companyA.id, workingHoursSettings: [{ id: monday.id, dayOfWeek: 2, ...weekday }] });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/dayOfWeek must be 1 \(Monday\)/);
    const noId = await t.api(admin, 'PUT', url, { groupId: people.companyA.id, workingHoursSettings: [{ dayOfWeek: 1, ...weekday }] });
    expect(noId.body.message).toMatch(/^body\/workingHoursSettings\/0\/id is required/);
    const missing = await t.api(admin, 'PUT', url, { groupId: people.companyA.id, workingHoursSettings: [{ id: 999999, dayOfWeek: 1, ...weekday }] });
    expect(missing.status).toBe(404);
    expect((await t.api(plumber, 'PUT', url, { groupId: people.companyA.id, workingHoursSettings: [{ id: monday.id, dayOfWeek: 1, ...off }] })).status).toBe(403);
  });

  it('cannot be deleted: a day is set off instead', async () => {
    const rows = (await t.api(admin, 'GET', `${url}/filter?groupId=${people.companyA.id}`)).body as { id: number }[];
    const res = await t.api(admin, 'DELETE', url, [rows[0].id]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/company default for Monday: set the day Off/);
  });
});

describe('employee hours', () => {
  const { year, week: weekNo } = isoWeek(osloDay(new Date()));

  it('without their own rows are the company\'s, with the dates of the ISO week', async () => {
    const res = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=${year}&WeekNo=${weekNo}`);
    expect(res.status).toBe(200);
    expect(res.body.map((d: { date: string }) => d.date)).toEqual(isoWeekDates(year, weekNo));
    expect(res.body.every((d: { isEmployeeSpecific: boolean; userRegistrationId: number }) => !d.isEmployeeSpecific && d.userRegistrationId === plumberReg)).toBe(true);
    expect(res.body[0]).toMatchObject({ dayOfWeek: 1, startTime: '08:00', endTime: '16:00' });
  });

  it('are written by the admin for an employee of the company only', async () => {
    const friday = { dayOfWeek: 5, startTime: '07:00', lunchStartTime: null, lunchEndTime: null, endTime: '13:00' };
    expect((await t.api(plumber, 'POST', url, { groupId: people.companyA.id, userRegistrationId: plumberReg, workingHoursSettings: [friday] })).status).toBe(403);
    expect((await t.api(admin, 'POST', url, { groupId: people.companyA.id, userRegistrationId: otherReg, workingHoursSettings: [friday] })).status).toBe(404);
    const bad = await t.api(admin, 'POST', url, { groupId: people.companyA.id, userRegistrationId: plumberReg, workingHoursSettings: [{ ...friday, lunchStartTime: '10:00' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('body/workingHoursSettings/0/lunchEndTime time must be specified (Friday)');

    const created = await t.api(admin, 'POST', url, { groupId: people.companyA.id, userRegistrationId: plumberReg, workingHoursSettings: [friday] });
    expect(created.status).toBe(201);
    expect(created.body[0]).toMatchObject({ userRegistrationId: plumberReg, dayOfWeek: 5, endTime: '13:00' });
    const dup = await t.api(admin, 'POST', url, { groupId: people.companyA.id, userRegistrationId: plumberReg, workingHoursSettings: [friday] });
    expect(dup.status).toBe(409);
  });

  it('apply to their day only; a week-specific row wins over the standing one', async () => {
    const thisWeek = await t.api(plumber, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=${year}&WeekNo=${weekNo}`);
    expect(thisWeek.status).toBe(200);
    expect(thisWeek.body[4]).toMatchObject({ isEmployeeSpecific: true, isWeekSpecific: false, endTime: '13:00' });
    expect(thisWeek.body[3]).toMatchObject({ isEmployeeSpecific: false, endTime: '15:30' });

    const special = await t.api(admin, 'POST', url, {
      groupId: people.companyA.id, userRegistrationId: plumberReg,
      workingHoursSettings: [{ dayOfWeek: 5, year, weekNo, startTime: '10:00', lunchStartTime: null, lunchEndTime: null, endTime: '14:00' }],
    });
    expect(special.status).toBe(201);
    const after = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&year=${year}&weekNo=${weekNo}`);
    expect(after.body[4]).toMatchObject({ isEmployeeSpecific: true, isWeekSpecific: true, startTime: '10:00', id: special.body[0].id });
    const next = isoWeek(addDays(osloDay(new Date()), 7));
    const nextWeek = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=${next.year}&WeekNo=${next.week}`);
    expect(nextWeek.body[4]).toMatchObject({ isWeekSpecific: false, endTime: '13:00' });
    // Saved this week "from now on": the weeks before keep the company's hours.
    const last = isoWeek(addDays(osloDay(new Date()), -7));
    const lastWeek = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=${last.year}&WeekNo=${last.week}`);
    expect(lastWeek.body[4]).toMatchObject({ isEmployeeSpecific: false, endTime: '15:30' });
  });

  it('changed or removed "from now on" leave the weeks before as they were', async () => {
    const last = isoWeek(addDays(osloDay(new Date()), -7));
    const weekOf = async (w: { year: number; week: number }) =>
      (await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${adminReg}&Year=${w.year}&WeekNo=${w.week}`)).body as { startTime: string; endTime: string; isEmployeeSpecific: boolean }[];
    // Standing hours from before (as the demo data's, with no start week): Thursday 06:00-14:00.
    const [old] = await t.database.db.insert(workingHours).values({
      companyId: people.companyA.id, registrationId: adminReg, dayOfWeek: 4, startTime: '06:00', endTime: '14:00',
    }).returning();
    expect((await weekOf(last))[3]).toMatchObject({ isEmployeeSpecific: true, startTime: '06:00' });

    const changed = await t.api(admin, 'PUT', url, {
      groupId: people.companyA.id, userRegistrationId: adminReg,
      workingHoursSettings: [{ id: old.id, dayOfWeek: 4, startTime: '09:00', lunchStartTime: null, lunchEndTime: null, endTime: '17:00' }],
    });
    expect(changed.status).toBe(200);
    expect((await weekOf(last))[3]).toMatchObject({ startTime: '06:00', endTime: '14:00' });
    expect((await weekOf({ year, week: weekNo }))[3]).toMatchObject({ startTime: '09:00', endTime: '17:00' });
    // Changed again the same week: in place, no third row.
    const again = await t.api(admin, 'PUT', url, {
      groupId: people.companyA.id, userRegistrationId: adminReg,
      workingHoursSettings: [{ id: changed.body[0].id, dayOfWeek: 4, startTime: '08:00', lunchStartTime: null, lunchEndTime: null, endTime: '16:00' }],
    });
    expect(again.status).toBe(200);
    const thursdays = () => t.database.db.select().from(workingHours)
      .where(and(eq(workingHours.registrationId, adminReg), eq(workingHours.dayOfWeek, 4)));
    expect(await thursdays()).toHaveLength(2);

    const removed = await t.api(admin, 'DELETE', url, [again.body[0].id]);
    expect(removed.status).toBe(200);
    expect((await weekOf({ year, week: weekNo }))[3]).toMatchObject({ isEmployeeSpecific: false, endTime: '15:30' });
    expect((await weekOf(last))[3]).toMatchObject({ isEmployeeSpecific: true, startTime: '06:00' });
    // Back to the company's this week, so a new create is not a conflict.
    const created = await t.api(admin, 'POST', url, {
      groupId: people.companyA.id, userRegistrationId: adminReg, workingHoursSettings: [{ dayOfWeek: 4, ...weekday }],
    });
    expect(created.status).toBe(201);
    expect((await weekOf(last))[3]).toMatchObject({ startTime: '06:00' });
    await t.database.db.delete(workingHours).where(and(eq(workingHours.registrationId, adminReg), eq(workingHours.dayOfWeek, 4)));
  });

  it('a plumber reads only their own; another company\'s employee is 404; bad weeks are 400', async () => {
    expect((await t.api(plumber, 'GET', `${url}/filter?userRegistrationId=${adminReg}&Year=${year}&WeekNo=${weekNo}`)).status).toBe(403);
    expect((await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${otherReg}&Year=${year}&WeekNo=${weekNo}`)).status).toBe(404);
    const w53 = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=2025&WeekNo=53`);
    expect(w53.status).toBe(400);
    expect(w53.body.message).toMatch(/^querystring\/WeekNo must be a week of 2025/);
    expect((await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=2026`)).body.message).toMatch(/^querystring\/WeekNo is required/);
    expect((await t.api(admin, 'GET', `${url}/filter`)).body.message).toMatch(/^querystring\/groupId/);
    expect((await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=1999&WeekNo=1`)).status).toBe(400);
  });

  it('are deleted by id back to the company\'s hours; a missing id deletes nothing', async () => {
    const own = await t.database.db.select().from(workingHours)
      .where(and(eq(workingHours.companyId, people.companyA.id), eq(workingHours.registrationId, plumberReg)));
    expect(own).toHaveLength(2);
    expect((await t.api(plumber, 'DELETE', url, [own[0].id])).status).toBe(403);
    expect((await t.api(otherAdmin, 'DELETE', url, [own[0].id])).status).toBe(404);
    expect((await t.api(admin, 'DELETE', url, [own[0].id, 999999])).status).toBe(404);
    expect((await t.api(admin, 'DELETE', url, [])).status).toBe(400);
    const res = await t.api(admin, 'DELETE', url, own.map((r) => r.id));
    expect(res.status).toBe(200);
    expect(res.body.deletedIds.sort()).toEqual(own.map((r) => r.id).sort());
    const back = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=${year}&WeekNo=${weekNo}`);
    expect(back.body[4]).toMatchObject({ isEmployeeSpecific: false, endTime: '15:30' });
  });

  describe('a whole week in one PUT (the editor\'s one request)', () => {
    const monday = { dayOfWeek: 1, startTime: '06:00', lunchStartTime: null, lunchEndTime: null, endTime: '12:00' };
    const useCompany = (dayOfWeek: number, w?: { year: number; weekNo: number }) => ({ dayOfWeek, ...w, useCompany: true, ...off });
    const plumberRows = () => t.database.db.select().from(workingHours)
      .where(and(eq(workingHours.companyId, people.companyA.id), eq(workingHours.registrationId, plumberReg)));
    const save = (workingHoursSettings: object[], extra: object = {}) => t.api(admin, 'PUT', url, {
      groupId: people.companyA.id, userRegistrationId: plumberReg, workingHoursSettings, answerWeek: { year, weekNo }, ...extra,
    });

    it('names days by weekday and week, and answers the week as it now applies', async () => {
      expect(await plumberRows()).toHaveLength(0);
      const res = await save([monday, { dayOfWeek: 2, year, weekNo, ...weekday, endTime: '14:00' }, useCompany(3)]);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(7);
      expect(res.body[0]).toMatchObject({ isEmployeeSpecific: true, isWeekSpecific: false, startTime: '06:00', endTime: '12:00' });
      expect(res.body[1]).toMatchObject({ isEmployeeSpecific: true, isWeekSpecific: true, endTime: '14:00' });
      expect(res.body[2]).toMatchObject({ isEmployeeSpecific: false, endTime: '15:30' });
      const read = await t.api(admin, 'GET', `${url}/filter?userRegistrationId=${plumberReg}&Year=${year}&WeekNo=${weekNo}`);
      expect(res.body).toEqual(read.body);
      expect(await plumberRows()).toHaveLength(2);
    });

    it('a week with one bad day writes nothing, even when the bad day comes after days already written', async () => {
      const before = await plumberRows();
      const companyMonday = (await t.database.db.select().from(workingHours).where(and(
        eq(workingHours.companyId, people.companyA.id), isNull(workingHours.registrationId), eq(workingHours.dayOfWeek, 4),
      )))[0];
      // Days 0-5 are written in turn; day 6 names the company default's row and is refused then.
      const res = await save([
        { ...monday, startTime: '05:00' }, useCompany(2, { year, weekNo }), { dayOfWeek: 3, ...weekday }, useCompany(1, { year, weekNo }),
        { dayOfWeek: 5, year, weekNo, ...weekday }, { dayOfWeek: 6, ...weekday }, { id: companyMonday.id, dayOfWeek: 4, ...weekday },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('body/workingHoursSettings/6/id is not a day of this employee');
      expect(await plumberRows()).toEqual(before);
    });

    it('useCompany takes the employee\'s own hours away (a week row, or standing hours from now on) and the company\'s apply', async () => {
      // From now on for a day shown with a week row: that week's row goes and the standing hours are set.
      const dropWeek = await save([useCompany(2, { year, weekNo }), { dayOfWeek: 2, ...weekday, endTime: '13:00' }]);
      expect(dropWeek.status).toBe(200);
      expect(dropWeek.body[1]).toMatchObject({ isEmployeeSpecific: true, isWeekSpecific: false, endTime: '13:00' });
      const res = await save([useCompany(1), useCompany(2)]);
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ isEmployeeSpecific: false, startTime: '08:00', endTime: '16:00' });
      expect(res.body[1]).toMatchObject({ isEmployeeSpecific: false, endTime: '15:30' });
      // Saved this week, so nothing is kept for earlier weeks.
      expect(await plumberRows()).toHaveLength(0);
      // Nothing of the employee's there: useCompany changes nothing and is no error.
      expect((await save([useCompany(7)])).status).toBe(200);
    });

    it('refuses useCompany where it means nothing, naming the field, and answerWeek without an employee', async () => {
      const bad: [object, string, string?][] = [
        [{ ...useCompany(1), startTime: '07:00' }, 'body/workingHoursSettings/0/startTime must be null with useCompany'],
        [{ ...useCompany(1), id: 5 }, 'body/workingHoursSettings/0/id must be absent with useCompany'],
      ];
      for (const [day, message] of bad) {
        const res = await save([day]);
        expect(res.status).toBe(400);
        expect(res.body.message.startsWith(message), res.body.message).toBe(true);
      }
      const post = await t.api(admin, 'POST', url, { groupId: people.companyA.id, userRegistrationId: plumberReg, workingHoursSettings: [useCompany(1)] });
      expect(post.body.message).toBe('body/workingHoursSettings/0/useCompany is for PUT: POST creates hours');
      const company = await t.api(admin, 'PUT', url, { groupId: people.companyA.id, workingHoursSettings: [useCompany(1)] });
      expect(company.body.message).toMatch(/^body\/workingHoursSettings\/0\/useCompany is for an employee's hours only/);
      const noEmployee = await t.api(admin, 'PUT', url, { groupId: people.companyA.id, workingHoursSettings: [{ id: 1, ...monday }], answerWeek: { year, weekNo } });
      expect(noEmployee.body.message).toBe('body/answerWeek is for an employee\'s save only');
      expect(await plumberRows()).toHaveLength(0);
    });
  });

  it('a write with an Idempotency-Key applies once', async () => {
    const body = { groupId: people.companyA.id, userRegistrationId: adminReg, workingHoursSettings: [{ dayOfWeek: 2, ...weekday }] };
    const first = await t.api(admin, 'POST', url, body, { 'idempotency-key': 'wh-1' });
    const second = await t.api(admin, 'POST', url, body, { 'idempotency-key': 'wh-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
  });
});
