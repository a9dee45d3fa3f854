/**
 * Jobs and their tasks in the database: row mapping, the list queries, and the writes every job
 * mutation is made of. Rules (who may do what, when) live in services/jobs/; this module only knows
 * how the rows are kept:
 * - every write of a company's jobs or tombstones runs after `lockCompanyJobs` in the same
 *   transaction, so within a company change_seq values commit in increasing order and a feed reader
 *   that has seen sequence S has seen every committed row of that company at or below S
 *   (services/sync.ts);
 * - `writeJob` bumps version (by exactly one), change_seq and updated_at with every change.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Job, PlumberJobCounts, Task } from '../../src/domain/schemas';
import { JobStatus, Role, TaskStatus, UserStatus } from '../../src/domain/enums';
import type { UserContext } from '../http/userContext';
import { feedTombstones, jobs, tasks, users } from '../db/schema';
import { lockInWork, type DbOrTx, type Tx, type Work } from '../db/tx';
import { escapeLike } from './sqlLike';

export type JobRow = typeof jobs.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function toTask(t: TaskRow): Task {
  return {
    taskId: t.id, jobId: t.jobId, jobType: t.jobType, title: t.title, typeId: t.typeId, statusId: t.statusId,
    description: t.description, isActive: t.isActive, isDeleted: t.isDeleted, taskOrder: t.taskOrder, taskNo: t.taskNo,
    externalRefId: t.externalRefId, externalRefText: t.externalRefText, assignedTo: t.assignedTo, assigneeName: t.assigneeName,
    scheduleItemId: t.scheduleItemId, startDate: iso(t.startDate),
    subscriberDetails: (t.subscriberDetails as Task['subscriberDetails']) ?? null,
    newWaterMeterObj: (t.newWaterMeterObj as Task['newWaterMeterObj']) ?? null,
    dismantleObj: (t.dismantleObj as Task['dismantleObj']) ?? null,
    additionalDetailsRequest: (t.additionalDetailsRequest as Task['additionalDetailsRequest']) ?? null,
    notes: t.notes,
  };
}

/** jobTasks holds the live tasks only, in task order: a deleted task leaves the job's list. */
export function toJob(j: JobRow, jobTasks: TaskRow[]): Job {
  return {
    jobId: j.id, refNr: j.refNr, title: j.title, typeId: j.typeId, statusId: j.statusId, severityId: j.severityId,
    description: j.description, scheduledDate: iso(j.scheduledDate), dueDate: iso(j.dueDate),
    completedDate: iso(j.completedDate), completedBy: j.completedBy, assignedToId: j.assignedToId,
    assigneeName: j.assigneeName, assignedDate: iso(j.assignedDate), subscriberText: j.subscriberText,
    matrikkel: { matrikkelNummer: j.matrikkelNummer, matrikkelenhetId: j.matrikkelenhetId, addressId: j.addressId },
    contactInfo: (j.contactInfo as Job['contactInfo']) ?? null, notes: j.notes, autoCreated: j.autoCreated,
    isDraft: j.isDraft, isNearByJob: j.isNearByJob,
    jobTasks: jobTasks.filter((t) => !t.isDeleted).sort((a, b) => a.taskOrder - b.taskOrder || a.taskNo - b.taskNo).map(toTask),
    companyId: j.companyId, createdBy: j.createdBy, createdAt: j.createdAt.toISOString(), updatedAt: j.updatedAt.toISOString(),
    version: j.version,
  };
}

/** Ids per query: each is one bind parameter, and PostgreSQL takes at most 65,535. */
const ID_BATCH = 10_000;

/** Live tasks of the given jobs, grouped by job id. */
export async function tasksOf(db: DbOrTx, jobIds: string[]): Promise<Map<string, TaskRow[]>> {
  const byJob = new Map<string, TaskRow[]>(jobIds.map((id) => [id, []]));
  for (let i = 0; i < jobIds.length; i += ID_BATCH) {
    const rows = await db.select().from(tasks)
      .where(and(inArray(tasks.jobId, jobIds.slice(i, i + ID_BATCH)), eq(tasks.isDeleted, false)))
      .orderBy(asc(tasks.jobId), asc(tasks.taskOrder), asc(tasks.taskNo));
    for (const t of rows) byJob.get(t.jobId)?.push(t);
  }
  return byJob;
}

export async function toJobs(db: DbOrTx, rows: JobRow[]): Promise<Job[]> {
  const byJob = await tasksOf(db, rows.map((r) => r.id));
  return rows.map((r) => toJob(r, byJob.get(r.id) ?? []));
}

// --- reading --------------------------------------------------------------------------------------

/** The jobs a user may read: live jobs of their company; for a plumber only those assigned to them. */
export function visibleJobs(user: UserContext): SQL {
  if (!user.companyId) return sql`false`;
  const company = and(eq(jobs.companyId, user.companyId), isNull(jobs.deletedAt))!;
  return user.isAdmin ? company : and(company, eq(jobs.assignedToId, user.registrationId))!;
}

export interface JobFilter {
  /** Task/job status filter of spec 1 §4 (0 all, 1, 2, 4, 6, 8, 9); see statusCondition. */
  statusId?: number;
  /** Assignee registration id (admins; plumbers are always limited to themselves). 0 = all. */
  userId?: number;
  jobTypeId?: number;
  /** Case-insensitive part of the address (subscriberText). */
  address?: string;
}

/**
 * The list's status filter uses task-status numbers (spec 1 §4), mapped to jobs the way the
 * replica's filter does (src/domain/jobs/list.ts): 1 → job New, 2 → job InProgress, 4 → job
 * Completed, 6 → automatically created jobs, 8/9 → jobs with a live task in Obstacle/Deviation.
 */
function statusCondition(statusId: number): SQL | undefined {
  switch (statusId) {
    case TaskStatus.NotStarted: return eq(jobs.statusId, JobStatus.New);
    case TaskStatus.InProgress: return eq(jobs.statusId, JobStatus.InProgress);
    case TaskStatus.Completed: return eq(jobs.statusId, JobStatus.Completed);
    case TaskStatus.Automatic: return eq(jobs.autoCreated, true);
    case TaskStatus.Obstacle:
    case TaskStatus.Deviation:
      return sql`exists (select 1 from ${tasks} where ${tasks.jobId} = ${jobs.id} and ${tasks.isDeleted} = false and ${tasks.statusId} = ${statusId})`;
    default: return undefined;
  }
}


function listCondition(user: UserContext, filter: JobFilter): SQL {
  const assignee = user.isAdmin ? filter.userId ?? 0 : user.registrationId;
  const address = filter.address?.trim();
  return and(
    visibleJobs(user),
    assignee > 0 ? eq(jobs.assignedToId, assignee) : undefined,
    filter.jobTypeId ? eq(jobs.typeId, filter.jobTypeId) : undefined,
    filter.statusId ? statusCondition(filter.statusId) : undefined,
    address ? sql`${jobs.subscriberText} ilike ${`%${escapeLike(address)}%`}` : undefined,
  )!;
}

/**
 * List totals, cached per process. A company's jobs change only with a new change_seq (every write
 * bumps it, under the company lock: tx.ts), so a total counted when the company's newest sequence
 * was S stays right while it is still S. Checking that is one index probe; counting a large
 * company's list is a scan of its index. Nothing here is needed by another process.
 */
const TOTALS_LIMIT = 2000;
const totals = new Map<string, { seq: number; total: number }>();

async function listTotal(db: DbOrTx, user: UserContext, filter: JobFilter, where: SQL): Promise<number> {
  if (!user.companyId) return 0;
  const [{ seq }] = await db.select({ seq: sql<number>`coalesce(max(${jobs.changeSeq}), 0)::bigint` }).from(jobs)
    .where(eq(jobs.companyId, user.companyId));
  const key = JSON.stringify([user.companyId, user.isAdmin ? filter.userId ?? 0 : -user.registrationId, filter.jobTypeId ?? 0,
    filter.statusId ?? 0, filter.address?.trim().toLowerCase() ?? '']);
  const hit = totals.get(key);
  if (hit && hit.seq === Number(seq)) return hit.total;
  // Read after the sequence: a write committed in between makes the next request count again.
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where);
  totals.delete(key);
  totals.set(key, { seq: Number(seq), total });
  if (totals.size > TOTALS_LIMIT) totals.delete(totals.keys().next().value!);
  return total;
}


/**
 * One page (1-based) of the filtered list, newest first (highest reference number first). The page's
 * reference numbers are found first (index-only over the list indexes), then only those rows are
 * read, so a deep page does not fetch every row it skips.
 */
export async function findJobsPage(db: DbOrTx, user: UserContext, filter: JobFilter, pageNumber: number, pageSize: number) {
  const where = listCondition(user, filter);
  const pageRefs = db.select({ refNr: jobs.refNr }).from(jobs).where(where).orderBy(desc(jobs.refNr))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  const [page, total] = await Promise.all([
    db.select().from(jobs).where(inArray(jobs.refNr, pageRefs)).orderBy(desc(jobs.refNr)).then((rows) => toJobs(db, rows)),
    listTotal(db, user, filter, where),
  ]);
  return { jobs: page, total };
}

/** A bounded page of the list's jobs, newest first. */
export async function findJobs(db: DbOrTx, user: UserContext, filter: JobFilter, pageNumber: number, pageSize: number): Promise<Job[]> {
  const rows = await db.select().from(jobs).where(listCondition(user, filter)).orderBy(desc(jobs.refNr))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  return toJobs(db, rows);
}

/** A job the user may read, or undefined. */
export async function findVisibleJob(db: DbOrTx, user: UserContext, jobId: string): Promise<Job | undefined> {
  const [row] = await db.select().from(jobs).where(and(eq(jobs.id, jobId), visibleJobs(user))).limit(1);
  return row ? toJob(row, (await tasksOf(db, [row.id])).get(row.id) ?? []) : undefined;
}

export type UserRow = typeof users.$inferSelect;

/** A user of the company by registration id. */
export async function findCompanyUser(db: DbOrTx, companyId: string, registrationId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users)
    .where(and(eq(users.registrationId, registrationId), eq(users.companyId, companyId))).limit(1);
  return row;
}

/** Assigned: live jobs assigned to the plumber; completed: of those Completed or Closed; pending: the rest. */
export async function countPlumberJobs(db: DbOrTx, companyId: string, registrationId: number): Promise<PlumberJobCounts> {
  const [row] = await db.select({
    assigned: sql<number>`count(*)::int`,
    completed: sql<number>`(count(*) filter (where ${jobs.statusId} in (${JobStatus.Completed}, ${JobStatus.Closed})))::int`,
  }).from(jobs).where(and(eq(jobs.companyId, companyId), eq(jobs.assignedToId, registrationId), isNull(jobs.deletedAt)));
  return { assigned: row.assigned, completed: row.completed, pending: row.assigned - row.completed };
}

// --- writing --------------------------------------------------------------------------------------

/** The key of a company's job lock. */
export const companyJobsLock = (companyId: string) => `company:${companyId}`;

/** Takes the company's job lock (see the module comment), once per unit of work, and notes that the work changes its jobs. */
export async function lockCompanyJobs(w: Work, companyId: string): Promise<void> {
  await lockInWork(w, companyJobsLock(companyId));
  w.changes.note(companyId, 'jobs');
}

/**
 * A live job of the company with its live tasks (in tasksOf's order), read under the company lock, or
 * undefined. One query: the job joined with its tasks.
 */
export async function findLiveJob(tx: Tx, companyId: string, jobId: string): Promise<{ row: JobRow; tasks: TaskRow[] } | undefined> {
  const rows = await tx.select({ job: jobs, task: tasks }).from(jobs)
    .leftJoin(tasks, and(eq(tasks.jobId, jobs.id), eq(tasks.isDeleted, false)))
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId), isNull(jobs.deletedAt)))
    .orderBy(asc(tasks.taskOrder), asc(tasks.taskNo));
  if (rows.length === 0) return undefined;
  return { row: rows[0].job, tasks: rows.flatMap((r) => (r.task ? [r.task] : [])) };
}

/**
 * Applies a patch to a job and bumps version (by exactly one), change_seq and updated_at; answers
 * the row as written (a write that leaves the tasks alone needs no reloadJob).
 */
export async function writeJob(tx: Tx, jobId: string, patch: Partial<typeof jobs.$inferInsert>): Promise<JobRow> {
  const [row] = await tx.update(jobs)
    .set({ ...patch, version: sql`${jobs.version} + 1`, changeSeq: sql`nextval('change_seq')`, updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
    .returning();
  return row;
}

export async function reloadJob(tx: Tx, jobId: string): Promise<Job> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return toJob(row, (await tasksOf(tx, [jobId])).get(jobId) ?? []);
}

/** Takes a job out of the feed of whoever could see it: one user (reassigned away) or everyone (deleted). */
export async function tombstone(tx: Tx, jobId: string, companyId: string, registrationId: number | null): Promise<void> {
  await tx.insert(feedTombstones).values({ jobId, companyId, registrationId });
}

/** An Activated plumber or admin of the company. */
export async function findAssignableUser(tx: Tx, companyId: string, registrationId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(and(
    eq(users.registrationId, registrationId), eq(users.companyId, companyId), eq(users.status, UserStatus.Activated),
    inArray(users.roleId, [Role.Plumber, Role.PlumberAdmin]),
  )).limit(1);
  return row;
}

/** The company owning a job id (deleted jobs included), if any. */
export async function jobIdOwner(tx: Tx, jobId: string): Promise<string | undefined> {
  const [job] = await tx.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return job?.companyId;
}

/** The company owning a task id (deleted tasks included), if any. */
export async function taskIdOwner(tx: Tx, taskId: string): Promise<string | undefined> {
  const [task] = await tx.select({ companyId: jobs.companyId }).from(tasks).innerJoin(jobs, eq(jobs.id, tasks.jobId)).where(eq(tasks.id, taskId)).limit(1);
  return task?.companyId;
}

export async function insertJob(tx: Tx, row: typeof jobs.$inferInsert): Promise<void> {
  await tx.insert(jobs).values(row);
}

export async function insertTask(tx: Tx, row: typeof tasks.$inferInsert): Promise<TaskRow> {
  const [inserted] = await tx.insert(tasks).values(row).returning();
  return inserted;
}

export async function updateTaskRow(tx: Tx, taskId: string, patch: Partial<typeof tasks.$inferInsert>): Promise<TaskRow> {
  const [updated] = await tx.update(tasks).set(patch).where(eq(tasks.id, taskId)).returning();
  return updated;
}

/** Gives every task of a job (deleted ones too) to a new assignee. */
export async function assignJobTasks(tx: Tx, jobId: string, assignee: { assignedTo: number; assigneeName: string }): Promise<void> {
  await tx.update(tasks).set(assignee).where(eq(tasks.jobId, jobId));
}

/** The highest task number and order a job has used; deleted tasks count, so a number is never reused. */
export async function taskNumbersUsed(tx: Tx, jobId: string): Promise<{ maxNo: number; maxOrder: number }> {
  const [row] = await tx.select({
    maxNo: sql<number>`coalesce(max(${tasks.taskNo}), 0)::int`, maxOrder: sql<number>`coalesce(max(${tasks.taskOrder}), -1)::int`,
  }).from(tasks).where(eq(tasks.jobId, jobId));
  return row;
}

/** The live job whose task is tied to a schedule item (the job made for it when it was confirmed), if any. */
export async function jobOfScheduleItem(tx: DbOrTx, itemId: number): Promise<string | undefined> {
  const [row] = await tx.select({ jobId: tasks.jobId }).from(tasks).where(and(eq(tasks.scheduleItemId, itemId), eq(tasks.isDeleted, false))).limit(1);
  return row?.jobId;
}
