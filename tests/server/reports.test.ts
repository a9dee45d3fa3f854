/**
 * The completed-jobs status report (spec 3 §2, §3, §5, §7): rows, date forms, whole Oslo days,
 * paging and search, the streamed .xlsx, and who may read it. Fixture jobs are inserted here and
 * the expected rows counted by hand in the comments.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus, TaskStatus } from '../../src/domain/enums';
import { REPORT_FILE_NAME_PATTERN } from '../../src/domain/reports/range';
import { REPORT_LIST_MAX_ROWS, REPORT_LIST_TOO_LONG, type ReportRow } from '../../src/domain/schemas/reports';
import { REPORT_NO_JOBS_MESSAGE } from '../../src/domain/serverErrors';
import { PassThrough } from 'node:stream';
import type { UserContext } from '../../server/auth/context';
import { jobs, tasks, users } from '../../server/db/schema';
import { claimSpreadsheetSlot, SPREADSHEET_LIMITS } from '../../server/services/reports/downloads';
import { openSpreadsheet, prepareSpreadsheet, writeSpreadsheet } from '../../server/services/reports/spreadsheet';
import { seedTestPeople, startTestApp, TEST_PASSWORD, tokenClaims, type TestApp, type TestPeople } from '../helpers/app';

const FORBIDDEN = "You don' have access to this API call";

let t: TestApp;
let people: TestPeople;
let admin: string;
let plumber: string;
let adminB: string;
const ref: Record<string, number> = {};
let olaReg = 0;

const MATRIKKEL = '4601000120003400000000';

async function addJob(key: string, o: {
  company?: 'A' | 'B'; completed: string | null; typeId?: number; statusId?: number; assignee: { reg: number; name: string };
  address?: string; notes?: string | null; deleted?: boolean;
  tasks: { status: number; completedAt?: string | null; old?: string; new?: string; notes?: string; deviationNote?: string; scheduleItemId?: number; deleted?: boolean }[];
}) {
  const jobId = randomUUID();
  const [row] = await t.database.db.insert(jobs).values({
    id: jobId, customerId: people.customerId, companyId: o.company === 'B' ? people.companyB.id : people.companyA.id,
    title: 'Utskifting av vannmåler', typeId: o.typeId ?? 2, statusId: o.statusId ?? JobStatus.Completed, severityId: 2,
    completedDate: o.completed ? new Date(o.completed) : null, assignedToId: o.assignee.reg, assigneeName: o.assignee.name,
    subscriberText: o.address ?? 'Kaigaten 1, 5015 Bergen', matrikkelNummer: MATRIKKEL, matrikkelenhetId: 1, notes: o.notes ?? null,
    createdBy: 'test', deletedAt: o.deleted ? new Date() : null,
  }).returning({ refNr: jobs.refNr });
  ref[key] = row.refNr;
  await t.database.db.insert(tasks).values(o.tasks.map((x, i) => ({
    id: randomUUID(), jobId, jobType: 'Replace', title: 'Utskifting av vannmåler', typeId: o.typeId ?? 2, statusId: x.status,
    taskOrder: i, taskNo: i + 1, isDeleted: x.deleted ?? false, scheduleItemId: x.scheduleItemId ?? null,
    completedAt: x.completedAt ? new Date(x.completedAt) : null, notes: x.notes ?? null,
    dismantleObj: x.old ? { serialNo: x.old } : null, newWaterMeterObj: x.new ? { serialNo: x.new } : null,
    additionalDetailsRequest: x.deviationNote ? { obstacle: false, note: x.deviationNote, deviationList: [], deviationImages: [] } : null,
  })));
}

beforeAll(async () => {
  t = await startTestApp();
  people = await seedTestPeople(t.database.db);
  admin = await t.login(people.email.adminA, TEST_PASSWORD);
  plumber = await t.login(people.email.plumberA, TEST_PASSWORD);
  adminB = await t.login(people.email.adminB, TEST_PASSWORD);
  const reg = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0].registrationId;
  olaReg = await reg(people.id.plumberA);
  const ola = { reg: olaReg, name: 'Ola Nordmann' };
  const kari = { reg: await reg(people.id.adminA), name: 'Kari Hansen' };
  const berit = { reg: await reg(people.id.adminB), name: 'Berit Berg' };

  // March 2025 in Oslo is 2025-02-28T23:00Z .. 2025-03-31T22:00Z (summer time from 30 March).
  // J1: 10 March, two live tasks and a deleted one -> 2 rows.
  await addJob('J1', {
    completed: '2025-03-10T09:00:00Z', assignee: ola, tasks: [
      { status: TaskStatus.Completed, completedAt: '2025-03-10T08:30:00Z', old: 'OLD-1', new: 'NEW-1', scheduleItemId: 77 },
      { status: TaskStatus.Deviation, completedAt: '2025-03-10T08:45:00Z', old: 'OLD-2', deviationNote: 'Stoppekran defekt' },
      { status: TaskStatus.Completed, deleted: true },
    ],
  });
  // J2: 23:30 Oslo on 31 March (the end date's last hour) -> 1 row.
  await addJob('J2', {
    completed: '2025-03-31T21:30:00Z', typeId: 1, assignee: kari, address: 'Storgata 5, 5013 Bergen', notes: 'Nøkkel hos nabo',
    tasks: [{ status: TaskStatus.Completed, completedAt: '2025-03-31T21:00:00Z', new: 'NEW-3' }],
  });
  // J3: 00:30 Oslo on 1 March (still 28 February in UTC) -> 1 row.
  await addJob('J3', { completed: '2025-02-28T23:30:00Z', assignee: kari, tasks: [{ status: TaskStatus.Obstacle, notes: 'Ingen hjemme' }] });
  // Outside: 00:30 Oslo on 1 April, 23:30 Oslo on 28 February, a deleted job, a job not completed, company B's job.
  await addJob('J4', { completed: '2025-03-31T22:30:00Z', assignee: ola, tasks: [{ status: TaskStatus.Completed }] });
  await addJob('J5', { completed: '2025-02-28T22:30:00Z', assignee: ola, tasks: [{ status: TaskStatus.Completed }] });
  await addJob('J6', { completed: '2025-03-15T10:00:00Z', assignee: ola, deleted: true, tasks: [{ status: TaskStatus.Completed }] });
  await addJob('J7', { completed: null, statusId: JobStatus.InProgress, assignee: ola, tasks: [{ status: TaskStatus.InProgress }] });
  await addJob('J8', { company: 'B', completed: '2025-03-12T10:00:00Z', assignee: berit, tasks: [{ status: TaskStatus.Completed }] });
  // June 2025: 20 jobs of one task each, one a day from 1 June, for paging.
  for (let i = 0; i < 20; i++) {
    await addJob(`P${i}`, { completed: new Date(Date.UTC(2025, 5, 1 + i, 8)).toISOString(), assignee: ola, tasks: [{ status: TaskStatus.Completed }] });
  }
});
afterAll(async () => { await t?.close(); });

const report = (token: string, query: string) => t.api(token, 'GET', `/api/Reports/ReconciliationReport?${query}`);
const MARCH = 'fromDate=03.01.2025&toDate=03.31.2025';

describe('GET /api/Reports/ReconciliationReport', () => {
  it('lists one row per live task of the jobs completed in the range, oldest first, with the spec\'s fields', async () => {
    const res = await report(admin, MARCH);
    expect(res.status).toBe(200);
    // J3 (1 row), J1 (2 rows), J2 (1 row).
    expect(res.body.map((r: { jobRef: number }) => r.jobRef)).toEqual([ref.J3, ref.J1, ref.J1, ref.J2]);
    expect(res.body[1]).toEqual({
      jobRef: ref.J1, jobStatus: 'Fullført', jobCompleted: '2025-03-10T09:00:00.000Z', jobType: 'Utskifting av vannmåler',
      assigneeName: 'Ola Nordmann', taskStatus: 'Fullført', taskCompleted: '2025-03-10T08:30:00.000Z', matrikkelnumber: MATRIKKEL,
      address: 'Kaigaten 1, 5015 Bergen', note: null, oldMeter: 'OLD-1', newMeter: 'NEW-1', isSchueduled: true,
    });
    expect(res.body[2]).toMatchObject({ taskStatus: 'Avvik', note: 'Stoppekran defekt', oldMeter: 'OLD-2', newMeter: null, isSchueduled: false });
    expect(res.body[3]).toMatchObject({ jobType: 'Ny vannmåler', note: 'Nøkkel hos nabo', address: 'Storgata 5, 5013 Bergen', assigneeName: 'Kari Hansen' });
    expect(res.body[0]).toMatchObject({ taskStatus: 'Hinder', note: 'Ingen hjemme', taskCompleted: null, oldMeter: null });
  });

  it('names job status, job type and task status in the language asked for (issue 12: the English UI showed nb names)', async () => {
    const en = await report(admin, `${MARCH}&lang=en`);
    expect(en.status).toBe(200);
    expect(en.body.map((r: ReportRow) => [r.jobStatus, r.jobType, r.taskStatus])).toEqual([
      ['Completed', 'Water meter replacement', 'Obstacle'],
      ['Completed', 'Water meter replacement', 'Completed'],
      ['Completed', 'Water meter replacement', 'Deviation'],
      ['Completed', 'New water meter', 'Completed'],
    ]);
    // The page the screen reads too; nb stays the default.
    const page = await report(admin, `${MARCH}&page=1&pageSize=15&lang=en`);
    expect(page.body.rows[0]).toMatchObject({ jobStatus: 'Completed', jobType: 'Water meter replacement', taskStatus: 'Obstacle' });
    expect((await report(admin, `${MARCH}&page=1&pageSize=15&lang=nb`)).body.rows[0]).toMatchObject({ taskStatus: 'Hinder' });
    expect((await report(admin, `${MARCH}&lang=de`)).status).toBe(400);
  });

  it('takes MM.DD.YYYY, YYYY.MM.DD and YYYY-MM-DD, and an end date with a time, all as whole Oslo days', async () => {
    const expected = [ref.J3, ref.J1, ref.J1, ref.J2];
    for (const q of ['fromDate=2025.03.01&toDate=2025.03.31', 'fromDate=2025-03-01&toDate=2025-03-31', 'fromDate=03.01.2025&toDate=03.31.2025%2023:59:59']) {
      const res = await report(admin, q);
      expect(res.status, q).toBe(200);
      expect(res.body.map((r: { jobRef: number }) => r.jobRef), q).toEqual(expected);
    }
    // A single day: the whole of 31 March, so J2 at 23:30 but not J4 at 00:30 on 1 April.
    expect((await report(admin, 'fromDate=2025-03-31&toDate=2025-03-31')).body.map((r: { jobRef: number }) => r.jobRef)).toEqual([ref.J2]);
    expect((await report(admin, 'fromDate=2025-04-01&toDate=2025-04-01')).body.map((r: { jobRef: number }) => r.jobRef)).toEqual([ref.J4]);
  });

  it('refuses an end before the start, unreal dates, other forms and ranges over 366 days (400 naming the field)', async () => {
    const before = await report(admin, 'fromDate=03.31.2025&toDate=03.01.2025');
    expect(before.status).toBe(400);
    expect(before.body.message).toMatch(/^querystring\/toDate /);
    expect((await report(admin, 'fromDate=02.30.2025&toDate=03.31.2025')).body.message).toMatch(/^querystring\/fromDate /);
    expect((await report(admin, 'fromDate=2025/03/01&toDate=2025-03-31')).status).toBe(400);
    expect((await report(admin, 'fromDate=2025-03-01')).status).toBe(400);
    // 2024-01-01..2024-12-31 is 366 days (leap year): allowed; one more day is not.
    expect((await report(admin, 'fromDate=2024-01-01&toDate=2024-12-31')).status).toBe(200);
    expect((await report(admin, 'fromDate=2024-01-01&toDate=2025-01-01')).status).toBe(400);
    expect((await report(admin, `${MARCH}&search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('pages when asked: { rows, total }, page sizes 15, 50, 100, 200 only', async () => {
    const june = 'fromDate=2025-06-01&toDate=2025-06-30';
    const first = await report(admin, `${june}&pageSize=15`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(20);
    expect(first.body.rows.map((r: { jobRef: number }) => r.jobRef)).toEqual(Array.from({ length: 15 }, (_v, i) => ref[`P${i}`]));
    const second = await report(admin, `${june}&pageSize=15&page=2`);
    expect(second.body).toMatchObject({ total: 20 });
    expect(second.body.rows.map((r: { jobRef: number }) => r.jobRef)).toEqual([15, 16, 17, 18, 19].map((i) => ref[`P${i}`]));
    // page alone: the default size 15.
    expect((await report(admin, `${june}&page=1`)).body.rows).toHaveLength(15);
    expect((await report(admin, `${june}&pageSize=50`)).body.rows).toHaveLength(20);
    expect((await report(admin, `${june}&pageSize=200&page=3`)).body).toEqual({ rows: [], total: 20 });
    const bad = await report(admin, `${june}&pageSize=20`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/pageSize/);
    expect((await report(admin, `${june}&pageSize=15&page=0`)).status).toBe(400);
    // A new completed job counts at once (the cached total follows the company's writes).
    await addJob('P20', { completed: '2025-06-25T08:00:00Z', assignee: { reg: olaReg, name: 'Ola Nordmann' }, tasks: [{ status: TaskStatus.Completed }] });
    expect((await report(admin, `${june}&pageSize=15&page=2`)).body.total).toBe(21);
  });

  it('searches address, matrikkel number, reference number and assignee, case-insensitively and literally', async () => {
    const refs = async (search: string) => (await report(admin, `${MARCH}&pageSize=15&search=${encodeURIComponent(search)}`)).body;
    expect(await refs('STORGATA')).toMatchObject({ total: 1, rows: [{ jobRef: ref.J2 }] });
    expect((await refs('ola nord')).rows.map((r: { jobRef: number }) => r.jobRef)).toEqual([ref.J1, ref.J1]);
    expect((await refs(String(ref.J3))).rows.map((r: { jobRef: number }) => r.jobRef)).toContain(ref.J3);
    expect((await refs('012000340')).total).toBe(4);
    expect((await refs('%')).total).toBe(0);
    expect((await refs('  ')).total).toBe(4);
  });

  it(`answers the unpaged list up to ${REPORT_LIST_MAX_ROWS} rows; past that 400 pointing to pages, which still read it`, async () => {
    await addJob('BIG', {
      completed: '2023-05-10T09:00:00Z', assignee: { reg: olaReg, name: 'Ola Nordmann' },
      tasks: Array.from({ length: REPORT_LIST_MAX_ROWS + 1 }, () => ({ status: TaskStatus.Completed })),
    });
    const MAY_2023 = 'fromDate=05.01.2023&toDate=05.31.2023';
    const res = await report(admin, MAY_2023);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`querystring ${REPORT_LIST_TOO_LONG}`);
    const page = await report(admin, `${MAY_2023}&page=11&pageSize=200`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(REPORT_LIST_MAX_ROWS + 1);
    expect(page.body.rows).toHaveLength(1);
  });

  it('is admin only (403 with the spec\'s text), and each admin sees only their own company', async () => {
    expect(await report(plumber, MARCH)).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: FORBIDDEN } });
    // Company B's admin has no agreement: the report needs none.
    const b = await report(adminB, MARCH);
    expect(b.status).toBe(200);
    expect(b.body.map((r: { jobRef: number }) => r.jobRef)).toEqual([ref.J8]);
    const anonymous = await fetch(`${t.baseUrl}/api/Reports/ReconciliationReport?${MARCH}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/Reports/ReconciliationReportSpreadsheet', () => {
  it('reads in batches that continue after the last row: the same rows in the same order as one read', async () => {
    const user = { companyId: people.companyA.id, isAdmin: true } as UserContext;
    const where = await prepareSpreadsheet(t.database.db, user, { fromDate: '03.01.2025', toDate: '03.31.2025' });
    const sheetRows = async (batch: number) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const ended = new Promise((resolve) => out.once('end', resolve));
      await writeSpreadsheet(t.database.db, where, out, { batch });
      await ended;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      return workbook.worksheets[0].getSheetValues().slice(2).map((r) => JSON.stringify(r));
    };
    const whole = await sheetRows(10_000);
    expect(whole.length).toBeGreaterThan(3);
    expect(await sheetRows(2)).toEqual(whole);
    expect(await sheetRows(1)).toEqual(whole);
  });

  it('keeps a few places per company: one company\'s exports never keep another\'s out (429 only for the first)', () => {
    const a = Array.from({ length: SPREADSHEET_LIMITS.perCompany }, () => claimSpreadsheetSlot(people.companyA.id));
    expect(() => claimSpreadsheetSlot(people.companyA.id)).toThrow(expect.objectContaining({ statusCode: 429 }));
    const b = claimSpreadsheetSlot(people.companyB.id);
    a[0]();
    a[0]();
    const again = claimSpreadsheetSlot(people.companyA.id);
    expect(() => claimSpreadsheetSlot(people.companyA.id)).toThrow(expect.objectContaining({ statusCode: 429 }));
    for (const release of [again, b, ...a.slice(1)]) release();
  });

  it('cuts a download nobody reads after the time limit, and its place is free again; the other company exports meanwhile', async () => {
    const stallMs = SPREADSHEET_LIMITS.stallMs;
    SPREADSHEET_LIMITS.stallMs = 400;
    try {
      const userA = { companyId: people.companyA.id, isAdmin: true } as UserContext;
      const userB = { companyId: people.companyB.id, isAdmin: true } as UserContext;
      const march = { fromDate: '03.01.2025', toDate: '03.31.2025' };
      // Company A's downloads, never read.
      const unread = await Promise.all(Array.from({ length: SPREADSHEET_LIMITS.perCompany }, () => openSpreadsheet(t.database.db, userA, march, () => {})));
      const cut = unread.map((body) => new Promise<Error | undefined>((resolve) => { body.once('error', resolve); body.once('close', () => resolve(undefined)); }));
      await expect(openSpreadsheet(t.database.db, userA, march, () => {})).rejects.toMatchObject({ statusCode: 429 });
      // Company B exports and reads its file while A's places are taken.
      const b = await openSpreadsheet(t.database.db, userB, march, () => {});
      const chunks: Buffer[] = [];
      for await (const c of b) chunks.push(c as Buffer);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
      expect(workbook.worksheets[0].rowCount).toBe(2);
      // A's unread downloads are cut once the limit has passed, and A exports again.
      const started = Date.now();
      const errors = await Promise.all(cut);
      expect(Date.now() - started).toBeLessThan(3000);
      for (const err of errors) expect(err?.message).toMatch(/not read for 400 ms/);
      expect(unread.every((body) => body.destroyed)).toBe(true);
      const again = await openSpreadsheet(t.database.db, userA, march, () => {});
      again.resume();
      await new Promise((resolve) => again.once('close', resolve));
    } finally {
      SPREADSHEET_LIMITS.stallMs = stallMs;
    }
  });

  async function download(token: string, query: string) {
    return fetch(`${t.baseUrl}/api/Reports/ReconciliationReportSpreadsheet?${query}`, {
      headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id) },
    });
  }

  it('streams an .xlsx of the same rows: typed cells, frozen header, filter, the spec\'s file name', async () => {
    const res = await download(admin, MARCH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = res.headers.get('content-disposition') ?? '';
    const star = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    expect(star).toBeTruthy();
    expect(decodeURIComponent(star!)).toMatch(REPORT_FILE_NAME_PATTERN);
    expect(disposition).toMatch(/^attachment; filename="Statusrapport vannmalermeldinger \d{2}\.\d{2}\.\d{4} \d{2}\.\d{2}\.xlsx"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    // The report screen's headings in Norwegian (no camelCase keys, no spec typo); the last says what it means.
    expect(header).toEqual(['Ref.nr.', 'Jobbstatus', 'Jobb fullført', 'Jobbtype', 'Rørlegger', 'Oppgavestatus', 'Oppgave fullført',
      'Matrikkelnummer', 'Adresse', 'Notat', 'Gammel måler', 'Ny måler', 'Knyttet til SMS-avtale']);
    expect(sheet.rowCount).toBe(1 + 4);
    const j3 = sheet.getRow(2);
    expect(j3.getCell(1).value).toBe(ref.J3);
    // Excel dates carry the Oslo wall-clock time: J3 was completed 00:30 on 1 March in Oslo.
    expect(j3.getCell(3).value).toBeInstanceOf(Date);
    expect((j3.getCell(3).value as Date).toISOString()).toBe('2025-03-01T00:30:00.000Z');
    expect(j3.getCell(3).numFmt).toBe('dd.mm.yyyy hh:mm');
    const j1 = sheet.getRow(3);
    expect(j1.getCell(7).value).toEqual(new Date('2025-03-10T09:30:00.000Z'));
    expect(j1.getCell(8).value).toBe(MATRIKKEL);
    expect(j1.getCell(13).value).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:M1');
  });

  it('heads the file in the user\'s language, as the report screen does', async () => {
    const res = await download(admin, `${MARCH}&lang=en`);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect((workbook.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(['Ref. no.', 'Job status', 'Job completed', 'Job type',
      'Plumber', 'Task status', 'Task completed', 'Cadastre number', 'Address', 'Note', 'Old meter', 'New meter', 'Tied to SMS appointment']);
    // The names are English too: J3's row (obstacle), then J1's.
    const names = (n: number) => [2, 4, 6].map((c) => workbook.worksheets[0].getRow(n).getCell(c).value);
    expect(names(2)).toEqual(['Completed', 'Water meter replacement', 'Obstacle']);
    expect(names(4)).toEqual(['Completed', 'Water meter replacement', 'Deviation']);
    expect((await download(admin, `${MARCH}&lang=de`)).status).toBe(400);
  });

  it('answers 429 with Retry-After when the company\'s places are taken, while another company downloads', async () => {
    const taken = Array.from({ length: SPREADSHEET_LIMITS.perCompany }, () => claimSpreadsheetSlot(people.companyA.id));
    try {
      const refused = await download(admin, MARCH);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      const other = await download(adminB, MARCH);
      expect(other.status).toBe(200);
      await other.arrayBuffer();
    } finally {
      for (const release of taken) release();
    }
    const ok = await download(admin, MARCH);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });

  it('writes text that starts like a formula (=, +, -, @) with a leading apostrophe, so it stays text', async () => {
    await addJob('F1', {
      completed: '2025-04-10T09:00:00Z', assignee: { reg: olaReg, name: '@SUM(1+1)' }, address: '=HYPERLINK("http://evil.example","Klikk")',
      notes: '+47 99 99 99 99', tasks: [{ status: TaskStatus.Completed, old: '-2+3', new: '\t=1+1', notes: 'Vanlig notat' }],
    });
    const res = await download(admin, 'fromDate=04.01.2025&toDate=04.30.2025');
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const row = sheet.getRow([...Array(sheet.rowCount).keys()].map((i) => i + 1).find((n) => sheet.getRow(n).getCell(1).value === ref.F1)!);
    expect(row.getCell(5).value).toBe("'@SUM(1+1)");
    expect(row.getCell(9).value).toBe('\'=HYPERLINK("http://evil.example","Klikk")');
    expect(row.getCell(10).value).toBe('Vanlig notat');
    expect(row.getCell(11).value).toBe("'-2+3");
    expect(row.getCell(12).value).toBe("'\t=1+1");
    for (let c = 1; c <= 13; c++) expect(row.getCell(c).formula).toBeUndefined();
  });

  it('refuses a range without jobs (400) and non-admins (403)', async () => {
    const empty = await download(admin, 'fromDate=01.01.2024&toDate=01.31.2024');
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe(REPORT_NO_JOBS_MESSAGE);
    expect((await download(plumber, MARCH)).status).toBe(403);
    expect((await download(admin, 'fromDate=03.31.2025&toDate=03.01.2025')).status).toBe(400);
  });
});
