/**
 * The completed-jobs status report (spec 3 §2, §3, §5, §7; shapes in src/domain/schemas/reports.ts):
 * one row per live task of the company's live jobs completed in the range (jobs.completed_date, read
 * through the jobs_company_completed index), as a list, a page, or a streamed .xlsx.
 *
 * The spreadsheet is written by exceljs's streaming WorkbookWriter a batch of rows at a time, each
 * batch one short query keyed on the last row's sort key, waiting while the response is not drained:
 * memory stays flat whatever the row count, and no connection is held while a client downloads.
 */
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ReportLanguage, ReportPage, ReportQuery, ReportRow, ReportSpreadsheetQuery } from '../../src/domain/schemas/reports';
import { REPORT_LIST_MAX_ROWS, REPORT_LIST_TOO_LONG } from '../../src/domain/schemas/reports';
import { REPORT_NO_JOBS_MESSAGE } from '../../src/domain/serverErrors';
import {
  checkReportRange, parseReportDate, rangeInstants, REPORT_DEFAULT_PAGE_SIZE, REPORT_MAX_RANGE_DAYS, type ReportRange,
} from '../../src/domain/reportRange';
import { REPORT_TEXTS, reportLookupName } from '../../src/domain/reports/texts';
import type { UserContext } from '../auth/context';
import { requireAdmin } from '../auth/guards';
import type { Db } from '../db/index';
import { badRequest, HttpError, TooManyError } from '../http/errors';
import type { DbOrTx, Tx } from '../db/tx';
import { escapeLike } from '../repositories/sqlLike';

/** The query's range, or 400 naming the field (spec 3 §5: the end before the start is refused). */
export function readRange(fromDate: string, toDate: string): ReportRange {
  const from = parseReportDate(fromDate);
  if (!from) throw badRequest('querystring/fromDate', 'must be a real date as MM.DD.YYYY, YYYY.MM.DD or YYYY-MM-DD');
  const to = parseReportDate(toDate);
  if (!to) throw badRequest('querystring/toDate', 'must be a real date as MM.DD.YYYY, YYYY.MM.DD or YYYY-MM-DD');
  const problem = checkReportRange({ from, to });
  if (problem === 'toBeforeFrom') throw badRequest('querystring/toDate', 'must not be before fromDate');
  if (problem === 'rangeTooLong') throw badRequest('querystring/toDate', `must be at most ${REPORT_MAX_RANGE_DAYS} days after fromDate`);
  return { from, to };
}


/**
 * The report's rows of a company and range: the jobs by the completion index, then their live
 * tasks. Search is a case-insensitive "contains" over address, matrikkel number, reference number
 * and assignee: within a range of at most a year of one company's completed jobs, a filter over
 * the range's rows (no separate index needed).
 */
function rowsWhere(companyId: string, range: ReportRange, search: string | undefined): SQL {
  const { start, end } = rangeInstants(range);
  const term = search?.trim();
  const pattern = term ? `%${escapeLike(term)}%` : null;
  return sql`j.company_id = ${companyId} and j.deleted_at is null
    and j.completed_date >= ${start.toISOString()}::timestamptz and j.completed_date < ${end.toISOString()}::timestamptz
    ${pattern === null ? sql`` : sql`and (j.subscriber_text ilike ${pattern} or j.matrikkel_nummer ilike ${pattern}
      or j.ref_nr::text like ${pattern} or j.assignee_name ilike ${pattern})`}`;
}

const FROM = sql`from jobs j join tasks t on t.job_id = j.id and t.is_deleted = false`;
/** The task id last: tasks of a job with the same order and number still come in one order, page after page. */
const ORDER = sql`order by j.completed_date, j.ref_nr, t.task_order, t.task_no, t.id`;

/** A timestamp as RFC 3339 UTC text (the driver hands timestamps over as PostgreSQL's own text). */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Column names as the spec spells them. Statuses and types are read as ids and named in the user's
 * language afterwards (toRow), from src/domain/reports/texts.ts: the reference lists hold nb names only.
 */
const SELECT = sql`select j.ref_nr as "jobRef",
  j.status_id as "jobStatusId",
  ${isoText(sql`j.completed_date`)} as "jobCompleted",
  j.type_id as "jobTypeId",
  j.assignee_name as "assigneeName",
  t.status_id as "taskStatusId",
  ${isoText(sql`t.completed_at`)} as "taskCompleted",
  j.matrikkel_nummer as "matrikkelnumber",
  j.subscriber_text as "address",
  coalesce(nullif(t.notes, ''), nullif(t.additional_details_request->>'note', ''), nullif(j.notes, '')) as "note",
  nullif(t.dismantle_obj->>'serialNo', '') as "oldMeter",
  nullif(t.new_water_meter_obj->>'serialNo', '') as "newMeter",
  t.schedule_item_id is not null as "isSchueduled"`;

type DbRow = Omit<ReportRow, 'jobStatus' | 'jobType' | 'taskStatus'> & { jobStatusId: number; jobTypeId: number; taskStatusId: number };

const toRow = (lang: ReportLanguage) => ({ jobStatusId, jobTypeId, taskStatusId, ...r }: DbRow): ReportRow => ({
  jobRef: Number(r.jobRef),
  jobStatus: reportLookupName(lang, 'jobStatus', jobStatusId),
  jobCompleted: r.jobCompleted,
  jobType: reportLookupName(lang, 'jobType', jobTypeId),
  assigneeName: r.assigneeName,
  taskStatus: reportLookupName(lang, 'taskStatus', taskStatusId),
  taskCompleted: r.taskCompleted,
  matrikkelnumber: r.matrikkelnumber,
  address: r.address,
  note: r.note,
  oldMeter: r.oldMeter,
  newMeter: r.newMeter,
  isSchueduled: r.isSchueduled,
});

/**
 * GET /api/Reports/ReconciliationReport without paging: every row of the range, up to
 * REPORT_LIST_MAX_ROWS; a range holding more is 400 pointing to paging or the spreadsheet (an unbounded
 * answer was 27 MB for 40,000 rows and stalled the server for every company while it was serialised).
 */
export async function reportList(db: DbOrTx, user: UserContext, q: ReportQuery): Promise<ReportRow[]> {
  const companyId = requireAdmin(user);
  const where = rowsWhere(companyId, readRange(q.fromDate, q.toDate), q.search);
  const { rows } = await db.execute<DbRow>(sql`${SELECT} ${FROM} where ${where} ${ORDER} limit ${REPORT_LIST_MAX_ROWS + 1}`);
  if (rows.length > REPORT_LIST_MAX_ROWS) throw badRequest('querystring', REPORT_LIST_TOO_LONG);
  return rows.map(toRow(q.lang ?? 'nb'));
}

/**
 * Totals and page positions, cached per process the way the job list's totals are (services/jobs.ts
 * listTotal): every write to a company's jobs or tasks bumps the job's change_seq under the company
 * lock, so what was counted in a snapshot whose newest sequence was S stays right while it is still S.
 * Checking that is one index probe; counting is a join over every row of the range.
 *
 * Besides the total, the count keeps marks: the sort key (completed_date, ref_nr) of the job that
 * starts at about every MARK_EVERY-th row, with that row's position. A page at any offset then reads
 * only the rows from the mark at or before it to the mark after it (through jobs_company_completed,
 * which holds ref_nr for this), not every row before it.
 */
const POSITIONS_LIMIT = 200;
/**
 * Rows between marks: at least MARK_EVERY (the smallest page), more when a range would have over
 * MAX_MARKS. Close marks matter for a search matching few rows: the rows between two marks then
 * span many jobs of the range, all read to find the matching ones.
 */
const MARK_EVERY = 15;
const MAX_MARKS = 500;
interface Mark { row: number; completed: string; ref: number }
interface Positions { seq: number; total: number; marks: Mark[] }
const positions = new Map<string, Positions>();

async function rowPositions(tx: Tx, companyId: string, range: ReportRange, search: string | undefined, where: SQL): Promise<Positions> {
  const { rows: [{ seq }] } = await tx.execute<{ seq: number }>(sql`select coalesce(max(change_seq), 0)::bigint as seq from jobs where company_id = ${companyId}`);
  const { start, end } = rangeInstants(range);
  const key = JSON.stringify([companyId, start.getTime(), end.getTime(), search?.trim().toLowerCase() ?? '']);
  const hit = positions.get(key);
  if (hit && hit.seq === Number(seq)) return hit;
  // Counted in the same snapshot as the sequence (the caller's repeatable-read transaction).
  const { rows } = await tx.execute<{ row: number; completed: string; ref: number; total: number }>(sql`
    with per_job as (
      select j.completed_date, j.ref_nr, count(*)::int as n ${FROM} where ${where} group by j.completed_date, j.ref_nr
    ), placed as (
      select completed_date, ref_nr, (sum(n) over (order by completed_date, ref_nr) - n)::int as pos, (sum(n) over ())::int as total from per_job
    )
    select distinct on (pos / greatest(${sql.raw(String(MARK_EVERY))}, total / ${sql.raw(String(MAX_MARKS))})) pos as "row",
      completed_date::text as completed, ref_nr as ref, total
    from placed order by pos / greatest(${sql.raw(String(MARK_EVERY))}, total / ${sql.raw(String(MAX_MARKS))}), pos`);
  const found: Positions = {
    seq: Number(seq), total: rows[0]?.total ?? 0, marks: rows.map((r) => ({ row: r.row, completed: r.completed, ref: Number(r.ref) })),
  };
  positions.delete(key);
  positions.set(key, found);
  if (positions.size > POSITIONS_LIMIT) positions.delete(positions.keys().next().value!);
  return found;
}

/** GET /api/Reports/ReconciliationReport with page/pageSize: one page and the number of rows in all. */
export async function reportPage(db: Db, user: UserContext, q: ReportQuery): Promise<ReportPage> {
  const companyId = requireAdmin(user);
  const range = readRange(q.fromDate, q.toDate);
  const where = rowsWhere(companyId, range, q.search);
  const pageSize = q.pageSize ?? REPORT_DEFAULT_PAGE_SIZE;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  // One snapshot for the sequence, the positions and the page: the page is the one at `offset`.
  return db.transaction(async (tx) => {
    const { total, marks } = await rowPositions(tx, companyId, range, q.search, where);
    if (offset >= total) return { rows: [], total };
    // The last mark at or before the page's first row (marks[0] is row 0), the first at or after its end.
    const from = marks.findLast((m) => m.row <= offset)!;
    const to = marks.find((m) => m.row >= offset + pageSize);
    const within = sql`and (j.completed_date, j.ref_nr) >= (${from.completed}::timestamptz, ${from.ref}::bigint)
      ${to ? sql`and (j.completed_date, j.ref_nr) < (${to.completed}::timestamptz, ${to.ref}::bigint)` : sql``}`;
    // The page's tasks are found on the narrow columns first; only those rows are then read in full.
    const page = await tx.execute<DbRow>(sql`${SELECT} ${FROM}
      where t.id in (select t.id ${FROM} where ${where} ${within} ${ORDER} limit ${pageSize} offset ${offset - from.row}) ${ORDER}`);
    return { rows: page.rows.map(toRow(q.lang ?? 'nb')), total };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

// --- the spreadsheet ------------------------------------------------------------------------------

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read per query. */
const BATCH = 1000;
/**
 * Spreadsheets written at once: a few per company, so one company's downloads never keep another's
 * out, and more per process only as a guard on the server's own work; past either, 429. A download
 * that nobody reads for stallMs is cut and gives its place back (a reader that stops would otherwise
 * hold it for as long as it keeps the connection open). Tests shorten stallMs.
 */
export const SPREADSHEET_LIMITS = { perCompany: 2, perProcess: 16, stallMs: 60_000 };
const spreadsheetsRunning = new Map<string, number>();
let spreadsheetsInProcess = 0;
const DATE_FORMAT = 'dd.mm.yyyy hh:mm';

const COLUMNS: { key: keyof ReportRow; width: number; numFmt?: string }[] = [
  { key: 'jobRef', width: 10, numFmt: '0' },
  { key: 'jobStatus', width: 12 },
  { key: 'jobCompleted', width: 17, numFmt: DATE_FORMAT },
  { key: 'jobType', width: 26 },
  { key: 'assigneeName', width: 22 },
  { key: 'taskStatus', width: 12 },
  { key: 'taskCompleted', width: 17, numFmt: DATE_FORMAT },
  { key: 'matrikkelnumber', width: 26 },
  { key: 'address', width: 36 },
  { key: 'note', width: 40 },
  { key: 'oldMeter', width: 16 },
  { key: 'newMeter', width: 16 },
  { key: 'isSchueduled', width: 12 },
];

/**
 * Excel dates carry no time zone; the reader expects the Oslo wall-clock time. exceljs writes a
 * Date's UTC fields, so the cell gets a Date whose UTC fields are the Oslo time.
 */
const osloText = (column: SQL) => sql`to_char(${column} at time zone 'Europe/Oslo', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const SHEET_SELECT = sql`${SELECT}, ${osloText(sql`j.completed_date`)} as "jobCompletedOslo", ${osloText(sql`t.completed_at`)} as "taskCompletedOslo",
  j.completed_date::text as "kDate", t.task_order as "kOrder", t.task_no as "kNo", t.id as "kId"`;
type SheetRow = DbRow & {
  jobCompletedOslo: string; taskCompletedOslo: string | null; kDate: string; kOrder: number; kNo: number; kId: string;
};
/**
 * Rows after `last` in ORDER (the sort key, with the exact stored timestamp as PostgreSQL's text). The
 * jobs-only bound is redundant but lets the jobs_company_completed index start at the last job.
 */
const after = (last: SheetRow) => sql`and (j.completed_date, j.ref_nr) >= (${last.kDate}::timestamptz, ${Number(last.jobRef)})
  and (j.completed_date, j.ref_nr, t.task_order, t.task_no, t.id)
  > (${last.kDate}::timestamptz, ${Number(last.jobRef)}, ${last.kOrder}, ${last.kNo}, ${last.kId}::uuid)`;
const excelDate = (wallClock: string | null) => (wallClock ? new Date(wallClock) : null);

/**
 * Text a spreadsheet program could take for a formula (=, +, -, @, and tab or CR before them) gets a
 * leading apostrophe, as OWASP's CSV-injection advice has it: a note "=HYPERLINK(...)" is shown as
 * typed and stays text when the cell is edited.
 */
export function plainText(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cells(r: SheetRow, lang: ReportLanguage): unknown[] {
  const text = plainText;
  return [
    Number(r.jobRef), reportLookupName(lang, 'jobStatus', r.jobStatusId), excelDate(r.jobCompletedOslo), reportLookupName(lang, 'jobType', r.jobTypeId),
    text(r.assigneeName), reportLookupName(lang, 'taskStatus', r.taskStatusId),
    excelDate(r.taskCompletedOslo), text(r.matrikkelnumber), text(r.address), text(r.note), text(r.oldMeter), text(r.newMeter), r.isSchueduled,
  ];
}

/** Resolves when `out` takes more; throws when it was closed (the download was given up). */
async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('report download closed');
  if (!out.writableNeedDrain) {
    await new Promise((resolve) => setImmediate(resolve));
    return;
  }
  const gone = new AbortController();
  try {
    await Promise.race([once(out, 'drain', { signal: gone.signal }), once(out, 'close', { signal: gone.signal })]);
  } finally {
    gone.abort();
  }
  if (out.destroyed) throw new Error('report download closed');
}

/**
 * A place among the spreadsheets a company writes at once, or 429 when its places (or the process's)
 * are taken; the returned function gives it back (call it once the download has ended, however it ended).
 */
export function claimSpreadsheetSlot(companyId: string): () => void {
  const running = spreadsheetsRunning.get(companyId) ?? 0;
  if (running >= SPREADSHEET_LIMITS.perCompany) {
    throw new TooManyError(`Your company is already exporting ${running} reports; try again when one has finished downloading`, 60);
  }
  if (spreadsheetsInProcess >= SPREADSHEET_LIMITS.perProcess) throw new TooManyError('Too many reports are being exported right now; try again in a minute', 60);
  spreadsheetsRunning.set(companyId, running + 1);
  spreadsheetsInProcess++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    spreadsheetsInProcess--;
    const left = (spreadsheetsRunning.get(companyId) ?? 1) - 1;
    if (left > 0) spreadsheetsRunning.set(companyId, left);
    else spreadsheetsRunning.delete(companyId);
  };
}

/**
 * The body of a download: a pass-through that destroys itself when bytes wait in it and nobody has
 * asked for more for stallMs (_read is called whenever the reader takes data).
 */
class DownloadBody extends PassThrough {
  private lastRead = Date.now();
  private readonly watch: NodeJS.Timeout;

  constructor(stallMs: number) {
    super();
    this.watch = setInterval(() => {
      if (this.readableLength > 0 && Date.now() - this.lastRead >= stallMs) this.destroy(new Error(`report download not read for ${stallMs} ms`));
    }, Math.max(10, Math.floor(stallMs / 4)));
    this.watch.unref();
    this.once('close', () => clearInterval(this.watch));
  }

  override _read(size: number): void {
    this.lastRead = Date.now();
    super._read(size);
  }
}

/**
 * GET /api/Reports/ReconciliationReportSpreadsheet: the range checked (400 when it holds no rows), a
 * place claimed (429), and the .xlsx streaming into the returned body. The place is given back when the
 * body closes: read to the end, given up by the client, or cut for not being read.
 */
export async function openSpreadsheet(db: Db, user: UserContext, q: ReportSpreadsheetQuery, onError: (err: unknown) => void): Promise<Readable> {
  const companyId = requireAdmin(user);
  const where = await prepareSpreadsheet(db, user, q);
  const release = claimSpreadsheetSlot(companyId);
  const body = new DownloadBody(SPREADSHEET_LIMITS.stallMs);
  body.once('close', release);
  writeSpreadsheet(db, where, body, { lang: q.lang ?? 'nb' }).catch((err: unknown) => {
    if (!body.destroyed) onError(err);
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return body;
}

/** The range checked and known to hold rows; 400 with REPORT_NO_JOBS_MESSAGE when it holds none. */
export async function prepareSpreadsheet(db: Db, user: UserContext, q: ReportSpreadsheetQuery): Promise<SQL> {
  const companyId = requireAdmin(user);
  const where = rowsWhere(companyId, readRange(q.fromDate, q.toDate), q.search);
  const { rows } = await db.execute<{ any: boolean }>(sql`select exists (select 1 ${FROM} where ${where}) as "any"`);
  if (!rows[0].any) throw new HttpError(400, REPORT_NO_JOBS_MESSAGE);
  return where;
}

/**
 * Writes the report of `where` (from prepareSpreadsheet) as .xlsx into `out`, and ends it. Each
 * batch is its own query continuing after the previous batch's last row, so no transaction or
 * connection stays open while the writer waits for a slow download (the file is not one snapshot:
 * a job completed during the download may or may not be in it). openSpreadsheet claims the place.
 */
export async function writeSpreadsheet(db: Db, where: SQL, out: Writable, { lang = 'nb', batch = BATCH }: { lang?: ReportLanguage; batch?: number } = {}): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    // Fast deflate: the sheet is repetitive text, level 1 keeps it small and the CPU on the rows.
    stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Meterwork';
  const sheet = workbook.addWorksheet('Statusrapport', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Headed as the report screen heads it, in the user's language.
  sheet.columns = COLUMNS.map((c) => ({ header: REPORT_TEXTS[lang].column[c.key], key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  let last: SheetRow | null = null;
  for (;;) {
    const { rows }: { rows: SheetRow[] } = await db.execute<SheetRow>(
      sql`${SHEET_SELECT} ${FROM} where ${where} ${last ? after(last) : sql``} ${ORDER} limit ${batch}`,
    );
    for (const r of rows) sheet.addRow(cells(r, lang)).commit();
    if (rows.length < batch) break;
    last = rows[rows.length - 1];
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
