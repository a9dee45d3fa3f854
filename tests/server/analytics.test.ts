/**
 * Analytics (spec 3 §7; shapes in src/domain/schemas/analytics.ts): numbers checked against a small
 * fixture counted by hand below, filters, who may read, and bad input.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus } from '../../src/domain/enums';
import { jobs, users } from '../../server/db/schema';
import { seedTestPeople, startTestApp, TEST_PASSWORD, type TestApp, type TestPeople } from '../helpers/app';

const FORBIDDEN = "You don' have access to this API call";

let t: TestApp;
let people: TestPeople;
let admin: string;
let plumber: string;
let adminB: string;
let ola = 0;
let kari = 0;
let berit = 0;
let cato = 0;

const { New, InProgress, OnHold, Completed, Closed } = JobStatus;
const PAST = '2020-01-01T00:00:00Z';
const FUTURE = '2099-01-01T00:00:00Z';

async function addJob(o: {
  company?: 'A' | 'B'; who: number; typeId: number; statusId: number; assigned: string; completed?: string; due?: string; deleted?: boolean;
}) {
  await t.database.db.insert(jobs).values({
    id: randomUUID(), customerId: people.customerId, companyId: o.company === 'B' ? people.companyB.id : people.companyA.id,
    title: 'x', typeId: o.typeId, statusId: o.statusId, severityId: 2, assignedToId: o.who, assigneeName: 'as recorded',
    assignedDate: new Date(o.assigned), createdAt: new Date(o.assigned), completedDate: o.completed ? new Date(o.completed) : null,
    dueDate: o.due ? new Date(o.due) : null, subscriberText: 'Kaigaten 1', matrikkelNummer: '4601000120003400000000', matrikkelenhetId: 1,
    createdBy: 'test', deletedAt: o.deleted ? new Date() : null,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  admin = await t.login(people.email.adminA, TEST_PASSWORD);
  plumber = await t.login(people.email.plumberA, TEST_PASSWORD);
  adminB = await t.login(people.email.adminB, TEST_PASSWORD);
  const reg = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0].registrationId;
  ola = await reg(people.id.plumberA); // Ola Nordmann
  kari = await reg(people.id.adminA); // Kari Hansen
  berit = await reg(people.id.adminB);
  cato = await reg(people.id.adminC);

  // Range 2025-03-03 (Monday, ISO week 10) .. 2025-03-23 (Sunday, week 12).
  await addJob({ who: ola, typeId: 2, statusId: New, assigned: '2025-03-04T10:00:00Z', due: '2025-03-14T10:00:00Z' }); // A1 due in the range, overdue, open
  await addJob({ who: ola, typeId: 2, statusId: InProgress, assigned: '2025-03-05T10:00:00Z', due: FUTURE }); // A2 open
  await addJob({ who: ola, typeId: 1, statusId: Completed, assigned: '2025-03-06T10:00:00Z', completed: '2025-03-07T10:00:00Z', due: PAST }); // A3 week 10
  // A4: 23:30 UTC on Sunday 16 March is 00:30 Monday 17 March in Oslo: week 12, not 11.
  await addJob({ who: kari, typeId: 3, statusId: Completed, assigned: '2025-03-10T10:00:00Z', completed: '2025-03-16T23:30:00Z' });
  await addJob({ who: kari, typeId: 1, statusId: OnHold, assigned: '2025-03-11T10:00:00Z', due: '2020-06-01T00:00:00Z' }); // A5 open; overdue, due before the range
  await addJob({ who: kari, typeId: 2, statusId: Closed, assigned: '2025-03-12T10:00:00Z', completed: '2025-03-13T12:00:00Z' }); // A6 week 11
  await addJob({ who: ola, typeId: 2, statusId: New, assigned: '2025-02-20T10:00:00Z', due: '2025-03-20T10:00:00Z' }); // A7 assigned before the range, due in it; overdue, open
  await addJob({ who: ola, typeId: 1, statusId: New, assigned: '2025-03-05T10:00:00Z', due: PAST, deleted: true }); // A8 deleted: nowhere
  await addJob({ who: kari, typeId: 2, statusId: Completed, assigned: '2025-03-10T10:00:00Z', completed: '2025-03-11T12:00:00Z' }); // A9 week 11
  await addJob({ who: ola, typeId: 1, statusId: Completed, assigned: '2025-02-10T10:00:00Z', completed: '2025-03-04T12:00:00Z' }); // A10 week 10
  await addJob({ company: 'B', who: berit, typeId: 1, statusId: New, assigned: '2025-03-05T10:00:00Z', due: '2025-03-06T10:00:00Z' }); // B1: company B only
});
afterAll(async () => { await t?.close(); });

const RANGE = 'fromDate=2025-03-03&toDate=2025-03-23';
const get = (token: string, path: string) => t.api(token, 'GET', `/api/Analytics/${path}`);
const zero = { new: 0, inProgress: 0, onHold: 0, completed: 0, closed: 0 };

describe('job allocation', () => {
  it('counts jobs assigned in the range by current status per assignee', async () => {
    const res = await get(admin, `joballocation/company?${RANGE}`);
    expect(res.status).toBe(200);
    // Kari: A4 completed, A5 on hold, A6 closed, A9 completed. Ola: A1 new, A2 in progress, A3 completed (A7, A10 before the range, A8 deleted).
    expect(res.body).toEqual({
      fromDate: '2025-03-03', toDate: '2025-03-23',
      plumbers: [
        { userId: kari, name: 'Kari Hansen', ...zero, onHold: 1, completed: 2, closed: 1, total: 4 },
        { userId: ola, name: 'Ola Nordmann', ...zero, new: 1, inProgress: 1, completed: 1, total: 3 },
      ],
    });
  });

  it('filters by job type, and by assignee (also through /user/{id}, with zeros when there is nothing)', async () => {
    // Type 2 (Replace): Kari A6 closed, A9 completed; Ola A1 new, A2 in progress.
    const replace = await get(admin, `joballocation/company?${RANGE}&jobTypeId=2`);
    expect(replace.body.plumbers).toEqual([
      { userId: kari, name: 'Kari Hansen', ...zero, completed: 1, closed: 1, total: 2 },
      { userId: ola, name: 'Ola Nordmann', ...zero, new: 1, inProgress: 1, total: 2 },
    ]);
    const olaOnly = await get(admin, `joballocation/company/user/${ola}?${RANGE}`);
    expect(olaOnly.body.plumbers).toEqual([{ userId: ola, name: 'Ola Nordmann', ...zero, new: 1, inProgress: 1, completed: 1, total: 3 }]);
    const viaQuery = await get(admin, `joballocation/company?${RANGE}&userId=${ola}`);
    expect(viaQuery.body.plumbers).toEqual(olaOnly.body.plumbers);
    // Ola has no type 3 job in the range.
    const none = await get(admin, `joballocation/company/user/${ola}?${RANGE}&jobTypeId=3`);
    expect(none.body.plumbers).toEqual([{ userId: ola, name: 'Ola Nordmann', ...zero, total: 0 }]);
  });

  it('answers 404 for an assignee of another company', async () => {
    expect((await get(admin, `joballocation/company/user/${berit}`)).status).toBe(404);
    expect((await get(admin, `joballocation/company/user/${cato}`)).status).toBe(404);
    expect((await get(admin, `joballocation/company?userId=${berit}`)).status).toBe(404);
    expect((await get(admin, 'joballocation/company/user/999999')).status).toBe(404);
  });
});

describe('assignments', () => {
  it('counts completions per ISO week (Oslo time), open work by type and overdue jobs per assignee', async () => {
    const res = await get(admin, `assignments/company/filter?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fromDate: '2025-03-03', toDate: '2025-03-23',
      // Week 10: A3, A10. Week 11: A6, A9. Week 12: A4 (Monday 00:30 in Oslo).
      completedPerWeek: [
        { weekStart: '2025-03-03', isoYear: 2025, isoWeek: 10, count: 2 },
        { weekStart: '2025-03-10', isoYear: 2025, isoWeek: 11, count: 2 },
        { weekStart: '2025-03-17', isoYear: 2025, isoWeek: 12, count: 1 },
      ],
      // Assigned in the range and open now: A1 (type 2), A2 (2), A5 (1); not A7, assigned before the range (issue 12).
      openByType: [
        { jobTypeId: 1, name: 'Ny vannmåler', count: 1 },
        { jobTypeId: 2, name: 'Utskifting av vannmåler', count: 2 },
        { jobTypeId: 3, name: 'Demontering av vannmåler', count: 0 },
        { jobTypeId: 4, name: 'Avvik', count: 0 },
      ],
      // Due in the range, due date passed and not completed: Ola A1, A7 (A3 is completed); not Kari's A5, due in 2020 (issue 12).
      overdue: [{ userId: ola, name: 'Ola Nordmann', count: 2 }],
    });
  });

  it('filters by job type and by assignee', async () => {
    const replace = await get(admin, `assignments/company/filter?${RANGE}&jobTypeId=2`);
    // Type 2: week 11 A6, A9; open A1, A2; overdue Ola A1, A7.
    expect(replace.body.completedPerWeek.map((w: { count: number }) => w.count)).toEqual([0, 2, 0]);
    expect(replace.body.openByType).toEqual([{ jobTypeId: 2, name: 'Utskifting av vannmåler', count: 2 }]);
    expect(replace.body.overdue).toEqual([{ userId: ola, name: 'Ola Nordmann', count: 2 }]);

    const olaOnly = await get(admin, `assignments/company/user/filter?userId=${ola}&${RANGE}`);
    // Ola: week 10 A3, A10; open A1, A2 (type 2); overdue A1, A7.
    expect(olaOnly.body.completedPerWeek.map((w: { count: number }) => w.count)).toEqual([2, 0, 0]);
    expect(olaOnly.body.openByType.map((x: { count: number }) => x.count)).toEqual([0, 2, 0, 0]);
    expect(olaOnly.body.overdue).toEqual([{ userId: ola, name: 'Ola Nordmann', count: 2 }]);
    expect((await get(admin, `assignments/company/user/filter?userId=${berit}&${RANGE}`)).status).toBe(404);
    expect((await get(admin, `assignments/company/user/filter?${RANGE}`)).status).toBe(400);
  });

  it('without a range covers the 12 ISO weeks up to this one', async () => {
    const res = await get(admin, 'assignments/company');
    expect(res.status).toBe(200);
    const weeks = res.body.completedPerWeek as { weekStart: string }[];
    expect(weeks).toHaveLength(12);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    const monday = new Date(`${today}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    expect(weeks[11].weekStart).toBe(monday.toISOString().slice(0, 10));
    expect(res.body.toDate).toBe(today);
    // Every chart keeps to the range (issue 12): the fixture's open and overdue jobs lie years before these weeks.
    expect(res.body.openByType.map((x: { count: number }) => x.count)).toEqual([0, 0, 0, 0]);
    expect(res.body.overdue).toEqual([]);
    // And a range holding them counts them (A5: assigned in March 2025, due in June 2020).
    const around = await get(admin, 'assignments/company/filter?fromDate=2020-06-01&toDate=2020-06-01');
    expect(around.body.overdue).toEqual([{ userId: kari, name: 'Kari Hansen', count: 1 }]);
  });
});

describe('access and input', () => {
  const paths = () => [
    'joballocation/company', `joballocation/company/user/${ola}`, 'assignments/company', `assignments/company/filter?${RANGE}`,
    `assignments/company/user/filter?userId=${ola}`,
  ];

  it('is admin only: a plumber gets 403 with the spec\'s text on every path', async () => {
    for (const p of paths()) {
      expect(await get(plumber, p), p).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
    }
  });

  it('needs no agreement, and shows each admin only their company', async () => {
    const res = await get(adminB, `joballocation/company?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.body.plumbers).toEqual([{ userId: berit, name: 'Berit Berg', ...zero, new: 1, total: 1 }]);
    const b = await get(adminB, `assignments/company/filter?${RANGE}`);
    expect(b.body.overdue).toEqual([{ userId: berit, name: 'Berit Berg', count: 1 }]);
  });

  it('refuses a half range, an end before the start, a range over 366 days and unknown job types (400)', async () => {
    for (const q of ['fromDate=2025-03-03', 'toDate=2025-03-03', 'fromDate=2025-03-23&toDate=2025-03-03', 'fromDate=2024-01-01&toDate=2025-01-01',
      `${RANGE}&jobTypeId=9`, `${RANGE}&userId=0`, 'fromDate=31.12.2025&toDate=2026-01-01']) {
      const res = await get(admin, `assignments/company/filter?${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await get(admin, 'joballocation/company?fromDate=2025-03-03')).body.message).toMatch(/^querystring\/toDate/);
  });
});
