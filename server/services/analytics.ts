/**
 * Analytics for the dashboard (spec 3 §2, §7), admin only. What each number means is written with
 * the shapes in src/domain/schemas/analytics.ts. Every count reads the caller's company's live jobs.
 */
import type { AnalyticsQuery, Assignments, JobAllocation, PlumberAllocation, PlumberCount, WeekCount } from '../../src/domain/schemas/analytics';
import { JobStatus } from '../../src/domain/enums';
import type { ReportRange } from '../../src/domain/reports/range';
import { addDays, daysBetween, formatIsoDay, isoWeekOf, osloDayParts } from '../../src/domain/time/oslo';
import type { UserContext } from '../auth/context';
import { requireAdmin } from '../auth/guards';
import { badRequest } from '../http/errors';
import { assignedPerType, assignedPerUserAndStatus, completedByWeek, overduePerUser, type AnalyticsFilter } from '../repositories/analytics';
import { companyUser } from './jobs/read';
import { lookupList } from './lookups';
import { readRange } from './reports/range';
import type { DbOrTx } from '../db/tx';

/** Without dates: the 12 ISO weeks up to today (Oslo), this week included. */
export const ANALYTICS_DEFAULT_WEEKS = 12;

export function analyticsRange(q: AnalyticsQuery, now = new Date()): ReportRange {
  if (q.fromDate === undefined && q.toDate === undefined) {
    const today = osloDayParts(now);
    return { from: addDays(isoWeekOf(today).monday, -7 * (ANALYTICS_DEFAULT_WEEKS - 1)), to: today };
  }
  if (q.fromDate === undefined) throw badRequest('querystring/fromDate', 'is required with toDate');
  if (q.toDate === undefined) throw badRequest('querystring/toDate', 'is required with fromDate');
  return readRange(q.fromDate, q.toDate);
}

interface Scope extends AnalyticsFilter {
  /** The named assignee's current name (when userId is given). */
  userName?: string;
}

/** Checks the caller and the filters: 403 for a non-admin, 404 for an assignee of another company. */
async function scopeOf(db: DbOrTx, user: UserContext, q: AnalyticsQuery): Promise<Scope> {
  const companyId = requireAdmin(user);
  const range = analyticsRange(q);
  const scope: Scope = { companyId, range, jobTypeId: q.jobTypeId };
  if (q.userId !== undefined) {
    const target = await companyUser(db, user, q.userId);
    scope.userId = target.registrationId;
    scope.userName = `${target.firstName} ${target.lastName}`;
  }
  return scope;
}

const byName = <T extends { name: string; userId: number }>(a: T, b: T) => a.name.localeCompare(b.name, 'nb') || a.userId - b.userId;

async function allocation(db: DbOrTx, s: Scope): Promise<JobAllocation> {
  const rows = await assignedPerUserAndStatus(db, s);
  const byUser = new Map<number, PlumberAllocation>();
  const entry = (userId: number, name: string) => {
    let e = byUser.get(userId);
    if (!e) byUser.set(userId, (e = { userId, name, new: 0, inProgress: 0, onHold: 0, completed: 0, closed: 0, total: 0 }));
    return e;
  };
  if (s.userId !== undefined) entry(s.userId, s.userName ?? '');
  const field: Record<number, keyof Omit<PlumberAllocation, 'userId' | 'name' | 'total'>> = {
    [JobStatus.New]: 'new', [JobStatus.InProgress]: 'inProgress', [JobStatus.OnHold]: 'onHold', [JobStatus.Completed]: 'completed', [JobStatus.Closed]: 'closed',
  };
  for (const r of rows) {
    const e = entry(r.user_id, r.name);
    const key = field[r.status_id];
    if (key) e[key] += r.n;
    e.total += r.n;
  }
  return { fromDate: formatIsoDay(s.range.from), toDate: formatIsoDay(s.range.to), plumbers: [...byUser.values()].sort(byName) };
}

async function assignments(db: DbOrTx, s: Scope): Promise<Assignments> {
  const open = [JobStatus.New, JobStatus.InProgress, JobStatus.OnHold];
  const done = [JobStatus.Completed, JobStatus.Closed];
  const [weeks, types, overdueRows, typeList] = await Promise.all([
    completedByWeek(db, s), assignedPerType(db, s, open), overduePerUser(db, s, done), lookupList(db, 'JobTypes'),
  ]);

  // Every ISO week the range touches, zeros included, so the chart's axis has no holes.
  const perWeek = new Map(weeks.map((w) => [w.week, w.n]));
  const completedPerWeek: WeekCount[] = [];
  const last = isoWeekOf(s.range.to).monday;
  for (let monday = isoWeekOf(s.range.from).monday; daysBetween(monday, last) >= 0; monday = addDays(monday, 7)) {
    const { isoYear, isoWeek } = isoWeekOf(monday);
    const weekStart = formatIsoDay(monday);
    completedPerWeek.push({ weekStart, isoYear, isoWeek, count: perWeek.get(weekStart) ?? 0 });
  }

  const perType = new Map(types.map((t) => [t.type_id, t.n]));
  const openByType = typeList
    .filter((t) => s.jobTypeId === undefined || t.id === s.jobTypeId)
    .map((t) => ({ jobTypeId: t.id, name: String(t.name ?? t.id), count: perType.get(t.id) ?? 0 }));

  const overdue: PlumberCount[] = overdueRows.map((r) => ({ userId: r.user_id, name: r.name, count: r.n }));
  if (s.userId !== undefined && overdue.length === 0) overdue.push({ userId: s.userId, name: s.userName ?? '', count: 0 });
  overdue.sort(byName);

  return { fromDate: formatIsoDay(s.range.from), toDate: formatIsoDay(s.range.to), completedPerWeek, openByType, overdue };
}

/** GET /api/Analytics/joballocation/company (userId in the query narrows it to one assignee). */
export async function companyAllocation(db: DbOrTx, user: UserContext, q: AnalyticsQuery): Promise<JobAllocation> {
  return allocation(db, await scopeOf(db, user, q));
}

/** GET /api/Analytics/joballocation/company/user/{id}. */
export async function userAllocation(db: DbOrTx, user: UserContext, registrationId: number, q: AnalyticsQuery): Promise<JobAllocation> {
  return allocation(db, await scopeOf(db, user, { ...q, userId: registrationId }));
}

/** GET /api/Analytics/assignments/company[/filter] and /assignments/company/user/filter. */
export async function companyAssignments(db: DbOrTx, user: UserContext, q: AnalyticsQuery): Promise<Assignments> {
  return assignments(db, await scopeOf(db, user, q));
}
