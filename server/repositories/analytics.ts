/**
 * The dashboard's counts in the database (spec 3 §2, §7): a company's live jobs, narrowed by job type
 * and assignee, counted within a range of whole Oslo days. What the numbers mean, and the shapes they
 * are answered in, belong to services/analytics.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rangeInstants, type ReportRange } from '../../src/domain/reports/range';
import { OSLO_TIME_ZONE } from '../../src/domain/time/oslo';
import type { DbOrTx } from '../db/tx';

/** Which jobs: a company's live jobs in a range, optionally of one type and one assignee. */
export interface AnalyticsFilter {
  companyId: string;
  range: ReportRange;
  jobTypeId?: number;
  userId?: number;
}

function jobFilter(f: AnalyticsFilter): SQL {
  return sql`j.company_id = ${f.companyId} and j.deleted_at is null
    ${f.jobTypeId ? sql`and j.type_id = ${f.jobTypeId}` : sql``}
    ${f.userId ? sql`and j.assigned_to_id = ${f.userId}` : sql``}`;
}

/** The assignee's name now (users), else as the job recorded it. */
const ASSIGNEE_NAME = sql`coalesce((select u.first_name || ' ' || u.last_name from users u
  where u.registration_id = j.assigned_to_id and u.company_id = j.company_id), min(j.assignee_name))`;

/** `column` within the range's whole Oslo days. */
function inRange(f: AnalyticsFilter, column: SQL): SQL {
  const { start, end } = rangeInstants(f.range);
  return sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;
}

/** When a job was handed to its assignee (created jobs without a recorded assignment: their creation). */
const ASSIGNED = sql`coalesce(j.assigned_date, j.created_at)`;

const idList = (ids: readonly number[]) => sql.join(ids.map((x) => sql`${x}`), sql`, `);

/** Jobs assigned in the range, per assignee and status. */
export async function assignedPerUserAndStatus(db: DbOrTx, f: AnalyticsFilter): Promise<{ user_id: number; name: string; status_id: number; n: number }[]> {
  const { rows } = await db.execute<{ user_id: number; name: string; status_id: number; n: number }>(sql`
    select j.assigned_to_id as user_id, ${ASSIGNEE_NAME} as name, j.status_id, count(*)::int as n
    from jobs j
    where ${jobFilter(f)} and ${inRange(f, ASSIGNED)}
    group by j.assigned_to_id, j.company_id, j.status_id`);
  return rows;
}

/** Jobs completed in the range, per ISO week (its Monday as YYYY-MM-DD, Oslo); weeks without any are absent. */
export async function completedByWeek(db: DbOrTx, f: AnalyticsFilter): Promise<{ week: string; n: number }[]> {
  const { rows } = await db.execute<{ week: string; n: number }>(sql`
    select to_char(date_trunc('week', j.completed_date at time zone ${OSLO_TIME_ZONE}::text), 'YYYY-MM-DD') as week, count(*)::int as n
    from jobs j
    where ${jobFilter(f)} and ${inRange(f, sql`j.completed_date`)}
    group by 1`);
  return rows;
}

/** Jobs assigned in the range with one of `statuses`, per job type. */
export async function assignedPerType(db: DbOrTx, f: AnalyticsFilter, statuses: readonly number[]): Promise<{ type_id: number; n: number }[]> {
  const { rows } = await db.execute<{ type_id: number; n: number }>(sql`
    select j.type_id, count(*)::int as n from jobs j
    where ${jobFilter(f)} and ${inRange(f, ASSIGNED)} and j.status_id in (${idList(statuses)})
    group by j.type_id`);
  return rows;
}

/** Jobs due in the range and before now, not in one of `doneStatuses`, per assignee. */
export async function overduePerUser(db: DbOrTx, f: AnalyticsFilter, doneStatuses: readonly number[]): Promise<{ user_id: number; name: string; n: number }[]> {
  const { rows } = await db.execute<{ user_id: number; name: string; n: number }>(sql`
    select j.assigned_to_id as user_id, ${ASSIGNEE_NAME} as name, count(*)::int as n from jobs j
    where ${jobFilter(f)} and ${inRange(f, sql`j.due_date`)} and j.due_date < now() and j.status_id not in (${idList(doneStatuses)})
    group by j.assigned_to_id, j.company_id`);
  return rows;
}
