/**
 * The completed-jobs status report's rows in the database (spec 3 §2, §7): one row per live task of
 * the company's live jobs completed in the range (jobs.completed_date, read through the
 * jobs_company_completed index). Statuses and types come as ids: services/reports/ names them in the
 * user's language and decides paging, limits and the spreadsheet.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rangeInstants, type ReportRange } from '../../src/domain/reports/range';
import type { ReportRow } from '../../src/domain/schemas/reports';
import { OSLO_TIME_ZONE } from '../../src/domain/time/oslo';
import type { DbOrTx, Tx } from '../db/tx';
import { escapeLike } from './sqlLike';

/** Which rows: a company's, completed within the range, optionally matching a search. */
export interface ReportFilter {
  companyId: string;
  range: ReportRange;
  search?: string;
}

/**
 * The report's rows of a company and range: the jobs by the completion index, then their live
 * tasks. Search is a case-insensitive "contains" over address, matrikkel number, reference number
 * and assignee: within a range of at most a year of one company's completed jobs, a filter over
 * the range's rows (no separate index needed).
 */
function rowsWhere({ companyId, range, search }: ReportFilter): SQL {
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

/** Column names as the spec spells them; statuses and types as ids. */
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

/** A report row as read: the reference as the driver gives a bigint, statuses and type as ids. */
export type ReportDbRow = Omit<ReportRow, 'jobRef' | 'jobStatus' | 'jobType' | 'taskStatus'> & {
  jobRef: number | string; jobStatusId: number; jobTypeId: number; taskStatusId: number;
};

/** The filter's rows in report order, at most `limit`. */
export async function reportRows(db: DbOrTx, f: ReportFilter, limit: number): Promise<ReportDbRow[]> {
  const { rows } = await db.execute<ReportDbRow>(sql`${SELECT} ${FROM} where ${rowsWhere(f)} ${ORDER} limit ${limit}`);
  return rows;
}

/** Whether the filter holds any row. */
export async function anyReportRow(db: DbOrTx, f: ReportFilter): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(sql`select exists (select 1 ${FROM} where ${rowsWhere(f)}) as "any"`);
  return rows[0].any;
}

/** The newest change sequence of a company's jobs: every write to its jobs or tasks raises it. */
export async function companyJobsSeq(tx: Tx, companyId: string): Promise<number> {
  const { rows: [{ seq }] } = await tx.execute<{ seq: number }>(sql`select coalesce(max(change_seq), 0)::bigint as seq from jobs where company_id = ${companyId}`);
  return Number(seq);
}

/** A row's position and the sort key (completed_date as PostgreSQL's text, ref_nr) of the job it starts. */
export interface ReportMark { row: number; completed: string; ref: number }

/**
 * The filter's number of rows and marks: the position of the first row of a job about every
 * `every` rows (more apart when there would be over `most` marks), with that job's sort key.
 */
export async function reportMarks(tx: Tx, f: ReportFilter, every: number, most: number): Promise<{ total: number; marks: ReportMark[] }> {
  const { rows } = await tx.execute<{ row: number; completed: string; ref: number; total: number }>(sql`
    with per_job as (
      select j.completed_date, j.ref_nr, count(*)::int as n ${FROM} where ${rowsWhere(f)} group by j.completed_date, j.ref_nr
    ), placed as (
      select completed_date, ref_nr, (sum(n) over (order by completed_date, ref_nr) - n)::int as pos, (sum(n) over ())::int as total from per_job
    )
    select distinct on (pos / greatest(${sql.raw(String(every))}, total / ${sql.raw(String(most))})) pos as "row",
      completed_date::text as completed, ref_nr as ref, total
    from placed order by pos / greatest(${sql.raw(String(every))}, total / ${sql.raw(String(most))}), pos`);
  return { total: rows[0]?.total ?? 0, marks: rows.map((r) => ({ row: r.row, completed: r.completed, ref: Number(r.ref) })) };
}

/**
 * `limit` rows from `offset` rows after the mark `from` (and before the mark `to`): only the jobs
 * between the two marks are read. The page's tasks are found on the narrow columns first; only
 * those rows are then read in full.
 */
export async function reportRowsBetween(tx: Tx, f: ReportFilter, from: ReportMark, to: ReportMark | undefined, offset: number, limit: number): Promise<ReportDbRow[]> {
  const within = sql`and (j.completed_date, j.ref_nr) >= (${from.completed}::timestamptz, ${from.ref}::bigint)
    ${to ? sql`and (j.completed_date, j.ref_nr) < (${to.completed}::timestamptz, ${to.ref}::bigint)` : sql``}`;
  const { rows } = await tx.execute<ReportDbRow>(sql`${SELECT} ${FROM}
    where t.id in (select t.id ${FROM} where ${rowsWhere(f)} ${within} ${ORDER} limit ${limit} offset ${offset}) ${ORDER}`);
  return rows;
}

/**
 * Excel dates carry no time zone; the reader expects the Oslo wall-clock time. exceljs writes a
 * Date's UTC fields, so the cell gets a Date whose UTC fields are the Oslo time.
 */
const osloText = (column: SQL) => sql`to_char(${column} at time zone ${OSLO_TIME_ZONE}::text, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const SHEET_SELECT = sql`${SELECT}, ${osloText(sql`j.completed_date`)} as "jobCompletedOslo", ${osloText(sql`t.completed_at`)} as "taskCompletedOslo",
  j.completed_date::text as "kDate", t.task_order as "kOrder", t.task_no as "kNo", t.id as "kId"`;

/** A spreadsheet row: the report row, its times as Oslo wall-clock text, and its sort key. */
export type SheetRow = ReportDbRow & {
  jobCompletedOslo: string; taskCompletedOslo: string | null; kDate: string; kOrder: number; kNo: number; kId: string;
};

/**
 * Rows after `last` in ORDER (the sort key, with the exact stored timestamp as PostgreSQL's text). The
 * jobs-only bound is redundant but lets the jobs_company_completed index start at the last job.
 */
const after = (last: SheetRow) => sql`and (j.completed_date, j.ref_nr) >= (${last.kDate}::timestamptz, ${Number(last.jobRef)})
  and (j.completed_date, j.ref_nr, t.task_order, t.task_no, t.id)
  > (${last.kDate}::timestamptz, ${Number(last.jobRef)}, ${last.kOrder}, ${last.kNo}, ${last.kId}::uuid)`;

/** The next `limit` spreadsheet rows after `last` (from the first when null), one short query. */
export async function sheetRowsAfter(db: DbOrTx, f: ReportFilter, last: SheetRow | null, limit: number): Promise<SheetRow[]> {
  const { rows } = await db.execute<SheetRow>(sql`${SHEET_SELECT} ${FROM} where ${rowsWhere(f)} ${last ? after(last) : sql``} ${ORDER} limit ${limit}`);
  return rows;
}
