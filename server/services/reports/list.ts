/**
 * The completed-jobs status report as a list or a page (spec 3 §2, §3, §5, §7; shapes in
 * src/domain/schemas/reports.ts), admin only; the rows are read by repositories/reports.ts.
 */
import { rangeInstants, REPORT_DEFAULT_PAGE_SIZE } from '../../../src/domain/reports/range';
import { REPORT_LIST_MAX_ROWS, REPORT_LIST_TOO_LONG, type ReportLanguage, type ReportPage, type ReportQuery, type ReportRow } from '../../../src/domain/schemas/reports';
import { reportLookupName } from '../../../src/domain/reports/texts';
import type { UserContext } from '../../auth/context';
import { requireAdmin } from '../../auth/guards';
import type { Db } from '../../db/index';
import type { DbOrTx, Tx } from '../../db/tx';
import { badRequest } from '../../http/errors';
import { companyJobsSeq, reportMarks, reportRows, reportRowsBetween, type ReportDbRow, type ReportFilter, type ReportMark } from '../../repositories/reports';
import { readRange } from './range';

/**
 * A row as answered: statuses and types named in the user's language, from
 * src/domain/reports/texts.ts (the reference lists hold nb names only).
 */
const toRow = (lang: ReportLanguage) => ({ jobStatusId, jobTypeId, taskStatusId, ...r }: ReportDbRow): ReportRow => ({
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

/** The rows a query asks for: the caller's company (403 for a non-admin), the range checked (400). */
export function reportFilter(user: UserContext, q: { fromDate: string; toDate: string; search?: string }): ReportFilter {
  const companyId = requireAdmin(user);
  return { companyId, range: readRange(q.fromDate, q.toDate), search: q.search };
}

/**
 * GET /api/Reports/ReconciliationReport without paging: every row of the range, up to
 * REPORT_LIST_MAX_ROWS; a range holding more is 400 pointing to paging or the spreadsheet (an unbounded
 * answer was 27 MB for 40,000 rows and stalled the server for every company while it was serialised).
 */
export async function reportList(db: DbOrTx, user: UserContext, q: ReportQuery): Promise<ReportRow[]> {
  const rows = await reportRows(db, reportFilter(user, q), REPORT_LIST_MAX_ROWS + 1);
  if (rows.length > REPORT_LIST_MAX_ROWS) throw badRequest('querystring', REPORT_LIST_TOO_LONG);
  return rows.map(toRow(q.lang ?? 'nb'));
}

/**
 * Totals and page positions, cached per process the way the job list's totals are (repositories/
 * jobs.ts listTotal): every write to a company's jobs or tasks bumps the job's change_seq under the company
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
interface Positions { seq: number; total: number; marks: ReportMark[] }
const positions = new Map<string, Positions>();

async function rowPositions(tx: Tx, f: ReportFilter): Promise<Positions> {
  const seq = await companyJobsSeq(tx, f.companyId);
  const { start, end } = rangeInstants(f.range);
  const key = JSON.stringify([f.companyId, start.getTime(), end.getTime(), f.search?.trim().toLowerCase() ?? '']);
  const hit = positions.get(key);
  if (hit && hit.seq === seq) return hit;
  // Counted in the same snapshot as the sequence (the caller's repeatable-read transaction).
  const found: Positions = { seq, ...(await reportMarks(tx, f, MARK_EVERY, MAX_MARKS)) };
  positions.delete(key);
  positions.set(key, found);
  if (positions.size > POSITIONS_LIMIT) positions.delete(positions.keys().next().value!);
  return found;
}

/** GET /api/Reports/ReconciliationReport with page/pageSize: one page and the number of rows in all. */
export async function reportPage(db: Db, user: UserContext, q: ReportQuery): Promise<ReportPage> {
  const f = reportFilter(user, q);
  const pageSize = q.pageSize ?? REPORT_DEFAULT_PAGE_SIZE;
  const offset = ((q.page ?? 1) - 1) * pageSize;
  // One snapshot for the sequence, the positions and the page: the page is the one at `offset`.
  return db.transaction(async (tx) => {
    const { total, marks } = await rowPositions(tx, f);
    if (offset >= total) return { rows: [], total };
    // The last mark at or before the page's first row (marks[0] is row 0), the first at or after its end.
    const from = marks.findLast((m) => m.row <= offset)!;
    const to = marks.find((m) => m.row >= offset + pageSize);
    const rows = await reportRowsBetween(tx, f, from, to, offset - from.row, pageSize);
    return { rows: rows.map(toRow(q.lang ?? 'nb')), total };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
