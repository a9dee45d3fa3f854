/**
 * Jobs: reading (list, page, details, plumber counts) and every job mutation of spec 1 §4 with the
 * capability table of §6. Reads never show another company's jobs, and a plumber sees only jobs
 * assigned to them (others are 404). Mutations: another company's job is 404; a plumber touching a
 * job assigned to someone else gets 403 with the spec's text; a request that does not fit the job's
 * current state gets 409 with the job as it is now (`current`).
 *
 * Every write goes through `writeJob`, which bumps version, change_seq and updated_at, under the
 * company lock (tx.ts) taken by `lockedJob` / `lockedCompany` before anything is read.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  AddTaskRequest, CompleteJobRequest, ContactInfo, CreateJobRequest, DeleteTaskRequest, Job, PlumberJobCounts, ReassignJobsRequest, Task,
  TaskDeleteResult, TaskEditRequest, TaskReportRequest, UpdateJobNoteRequest, UpdateJobRequest, UpdateTaskRequest,
} from '../../src/domain/schemas';
import { JobStatus, JobType, Role, TaskStatus, UserStatus } from '../../src/domain/enums';
import { reportedTaskStatus } from '../../src/domain/taskForm';
import {
  canActOnJob, canChangePlumber, canDeleteJob, canSubmitJob, checkTaskDelete, isTaskFinished, openJobStatus, isTooFarAhead, JOB_DATE_ERRORS,
} from '../../src/domain/jobRules';
import type { UserContext } from '../auth/context';
import { addresses, feedTombstones, jobs, properties, tasks, users } from '../db/schema';
import { checkReport } from './taskReport';
import { badRequest, conflict, forbidden, notFound } from './errors';
import { lookupItem, lookupList } from './lookups';
import { lockCompany, type DbOrTx, type Tx } from './tx';
import { escapeLike } from './sqlLike';

export type JobRow = typeof jobs.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const date = (s: string | null | undefined): Date | null => (s ? new Date(s) : null);

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
 * replica's filter does (src/domain/jobList.ts): 1 → job New, 2 → job InProgress, 4 → job
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
export async function jobsPage(db: DbOrTx, user: UserContext, filter: JobFilter, pageNumber: number, pageSize: number) {
  const where = listCondition(user, filter);
  const pageRefs = db.select({ refNr: jobs.refNr }).from(jobs).where(where).orderBy(desc(jobs.refNr))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  const [page, total] = await Promise.all([
    db.select().from(jobs).where(inArray(jobs.refNr, pageRefs)).orderBy(desc(jobs.refNr)).then((rows) => toJobs(db, rows)),
    listTotal(db, user, filter, where),
  ]);
  return { jobs: page, numberOfPages: Math.ceil(total / pageSize) };
}

/** Every job matching the filter, newest first (GET /api/Jobs). */
/** GET /api/Jobs: the list's jobs, newest first, a bounded page at a time. */
export async function allJobs(db: DbOrTx, user: UserContext, filter: JobFilter, pageNumber: number, pageSize: number): Promise<Job[]> {
  const rows = await db.select().from(jobs).where(listCondition(user, filter)).orderBy(desc(jobs.refNr))
    .limit(pageSize).offset((pageNumber - 1) * pageSize);
  return toJobs(db, rows);
}

export async function getJob(db: DbOrTx, user: UserContext, jobId: string): Promise<Job> {
  const [row] = await db.select().from(jobs).where(and(eq(jobs.id, jobId), visibleJobs(user))).limit(1);
  if (!row) throw notFound('Job');
  return toJob(row, (await tasksOf(db, [row.id])).get(row.id) ?? []);
}

/** A company user by registration id, or 404 when not in the user's company. */
export async function companyUser(db: DbOrTx, user: UserContext, registrationId: number) {
  if (!user.companyId) throw notFound('User');
  const [row] = await db.select().from(users)
    .where(and(eq(users.registrationId, registrationId), eq(users.companyId, user.companyId))).limit(1);
  if (!row) throw notFound('User');
  return row;
}

/** Assigned: live jobs assigned to the plumber; completed: of those Completed or Closed; pending: the rest. */
export async function plumberJobCounts(db: DbOrTx, user: UserContext, registrationId: number): Promise<PlumberJobCounts> {
  const target = await companyUser(db, user, registrationId);
  if (!user.isAdmin && target.registrationId !== user.registrationId) throw forbidden();
  const [row] = await db.select({
    assigned: sql<number>`count(*)::int`,
    completed: sql<number>`(count(*) filter (where ${jobs.statusId} in (${JobStatus.Completed}, ${JobStatus.Closed})))::int`,
  }).from(jobs).where(and(eq(jobs.companyId, target.companyId!), eq(jobs.assignedToId, registrationId), isNull(jobs.deletedAt)));
  return { assigned: row.assigned, completed: row.completed, pending: row.assigned - row.completed };
}

// --- writing helpers ------------------------------------------------------------------------------

interface LockedJob {
  row: JobRow;
  tasks: TaskRow[];
  job: Job;
}

function requireCompany(user: UserContext): string {
  if (!user.companyId) throw forbidden();
  return user.companyId;
}

async function lockedCompany(tx: Tx, user: UserContext): Promise<string> {
  const companyId = requireCompany(user);
  await lockCompany(tx, companyId);
  return companyId;
}

/** Loads a live job of the user's company for writing: 404 when absent, 403 when not the user's to change. */
async function lockedJob(tx: Tx, user: UserContext, jobId: string, expectedVersion?: number): Promise<LockedJob> {
  const companyId = await lockedCompany(tx, user);
  const [row] = await tx.select().from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId), isNull(jobs.deletedAt))).limit(1);
  if (!row) throw notFound('Job');
  const jobTasks = (await tasksOf(tx, [row.id])).get(row.id) ?? [];
  const job = toJob(row, jobTasks);
  if (!canActOnJob(user, job)) throw forbidden();
  if (expectedVersion !== undefined && expectedVersion !== row.version) {
    throw conflict(`The job has changed on the server (version ${row.version}, expected ${expectedVersion})`, job);
  }
  return { row, tasks: jobTasks, job };
}

/** Applies a patch to a job and bumps version (by exactly one), change_seq and updated_at. */
async function writeJob(tx: Tx, jobId: string, patch: Partial<typeof jobs.$inferInsert>): Promise<void> {
  await tx.update(jobs)
    .set({ ...patch, version: sql`${jobs.version} + 1`, changeSeq: sql`nextval('change_seq')`, updatedAt: new Date() })
    .where(eq(jobs.id, jobId));
}

async function reloadJob(tx: Tx, jobId: string): Promise<Job> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return toJob(row, (await tasksOf(tx, [jobId])).get(jobId) ?? []);
}

/** New, InProgress and OnHold follow the tasks (spec 1 §4); Completed and Closed stay. */
const openStatus = openJobStatus;

/** Someone a job can be assigned to: an Activated plumber or admin of the company. */
async function assignableUser(tx: Tx, companyId: string, registrationId: number, field: string) {
  const [row] = await tx.select().from(users).where(and(
    eq(users.registrationId, registrationId), eq(users.companyId, companyId), eq(users.status, UserStatus.Activated),
    inArray(users.roleId, [Role.Plumber, Role.PlumberAdmin]),
  )).limit(1);
  if (!row) throw badRequest(field, 'must be the registration id of an activated plumber or admin of your company');
  return { registrationId: row.registrationId, name: `${row.firstName} ${row.lastName}` };
}

/**
 * Ids made on a device must be new. One the company already uses is a conflict; one another company
 * uses is answered as any id the user may not see (404), so nobody learns what exists elsewhere.
 */
async function checkFreeIds(tx: Tx, companyId: string, jobId: string | null, taskId: string): Promise<void> {
  if (jobId) {
    const [job] = await tx.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (job) throw job.companyId === companyId ? conflict(`A job with id ${jobId} already exists`) : notFound('Job');
  }
  const [task] = await tx.select({ companyId: jobs.companyId }).from(tasks).innerJoin(jobs, eq(jobs.id, tasks.jobId)).where(eq(tasks.id, taskId)).limit(1);
  if (task) throw task.companyId === companyId ? conflict(`A task with id ${taskId} already exists`) : notFound('Task');
}

/** Takes a job out of the feed of whoever could see it: one user (reassigned away) or everyone (deleted). */
async function tombstone(tx: Tx, jobId: string, companyId: string, registrationId: number | null): Promise<void> {
  await tx.insert(feedTombstones).values({ jobId, companyId, registrationId });
}

function checkDates(scheduled: Date | null, due: Date | null): void {
  // "Not in the past" is checked where the date is entered: a command queued offline may reach us later.
  const now = new Date();
  if (isTooFarAhead(scheduled, now)) throw badRequest('body/scheduledDate', JOB_DATE_ERRORS.tooFarAhead);
  if (isTooFarAhead(due, now)) throw badRequest('body/dueDate', JOB_DATE_ERRORS.tooFarAhead);
  if (scheduled && due && scheduled.getTime() > due.getTime()) throw badRequest('scheduledDate', JOB_DATE_ERRORS.scheduledAfterDue);
}

/** How far ahead of the server a device's clock may run before its times are refused. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** How long a command made offline may wait in a device's outbox (a job created then is still taken). */
export const MAX_QUEUED_MS = 30 * 24 * 3600_000;

/**
 * The time a user did something, as their command carries it (madeAt, or a date the body names):
 * a change made offline reaches us at the sync, but the job's record keeps when the work was done.
 * Refused (400 naming the field) when it lies in the future beyond CLOCK_SKEW_MS or before `notBefore`
 * (the job's creation) by more than that; within the skew it is moved to the nearer bound, so a job
 * never starts before it existed nor finishes in the future. Absent: the server's time.
 */
export function workTime(field: string, sent: string | null | undefined, notBefore: Date, now = new Date()): Date {
  if (!sent) return now;
  const at = new Date(sent);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(field, 'must not be in the future');
  if (at.getTime() < notBefore.getTime() - CLOCK_SKEW_MS) throw badRequest(field, 'must not be before the job was created');
  return new Date(Math.min(now.getTime(), Math.max(notBefore.getTime(), at.getTime())));
}

// --- create ---------------------------------------------------------------------------------------

/** POST /api/Jobs: a new job (status New, its first task not started). Returns the job id. */
/** The create payload as validated (createdBy is not used: the job records the signed-in user). */
export type CreateJobInput = Omit<CreateJobRequest, 'createdBy'>;

export async function createJob(tx: Tx, user: UserContext, body: CreateJobInput): Promise<string> {
  const companyId = await lockedCompany(tx, user);
  const jobType = await lookupItem(tx, 'JobTypes', body.jobTypeId);
  if (!jobType) throw badRequest('jobTypeId', 'is not a known job type');
  if (body.jobTypeId === JobType.Avvik) throw badRequest('jobTypeId', 'Avvik jobs cannot be created');
  if (!user.isAdmin && body.assignedToId !== user.registrationId) throw forbidden();
  if (!user.isAdmin && body.dueDate) throw badRequest('dueDate', 'can only be set by an admin');
  const assignee = await assignableUser(tx, companyId, body.assignedToId, 'assignedToId');
  const scheduledDate = date(body.scheduledDate);
  const dueDate = user.isAdmin ? date(body.dueDate) : null;
  checkDates(scheduledDate, dueDate);

  const m = body.matrikkelDetails;
  const [property] = await tx.select().from(properties)
    .where(and(eq(properties.id, m.matrikkelenhetId), eq(properties.customerId, user.customerId))).limit(1);
  if (!property) throw badRequest('matrikkelDetails.matrikkelenhetId', 'is not a property of your customer');
  if (property.matrikkelNummer !== m.matrikkelNummer) throw badRequest('matrikkelDetails.matrikkelNummer', 'does not belong to matrikkelenhetId');
  if (m.addressId != null) {
    const [address] = await tx.select().from(addresses)
      .where(and(eq(addresses.id, m.addressId), eq(addresses.customerId, user.customerId))).limit(1);
    if (!address) throw badRequest('matrikkelDetails.addressId', 'is not an address of your customer');
    if (address.propertyId !== property.id && address.propertyId !== property.parentId) {
      throw badRequest('matrikkelDetails.addressId', 'is not an address of this property');
    }
  }

  const jobId = body.jobId ?? randomUUID();
  const t = body.taskRequest;
  await checkFreeIds(tx, companyId, jobId, t.taskId);

  const title = String(jobType.name);
  const shortName = String(jobType.shortName);
  const now = new Date();
  // A job created offline existed from when the plumber created it, not from the sync.
  const madeAt = workTime('body/madeAt', body.madeAt, new Date(now.getTime() - MAX_QUEUED_MS), now);
  await tx.insert(jobs).values({
    id: jobId, customerId: user.customerId, companyId, title, typeId: body.jobTypeId, statusId: JobStatus.New,
    severityId: body.severity, description: body.description, scheduledDate, dueDate,
    assignedToId: assignee.registrationId, assigneeName: assignee.name, assignedDate: madeAt,
    subscriberText: body.subscriberText, matrikkelNummer: m.matrikkelNummer, matrikkelenhetId: m.matrikkelenhetId,
    addressId: m.addressId ?? null, createdBy: user.email, createdAt: madeAt, updatedAt: now,
  });
  await tx.insert(tasks).values({
    id: t.taskId, jobId, jobType: shortName, title, typeId: body.jobTypeId, statusId: TaskStatus.NotStarted,
    description: t.description, isActive: t.isActive, taskOrder: t.taskOrder, taskNo: t.taskNo,
    externalRefId: t.externalRefId, externalRefText: t.externalRefText,
    assignedTo: assignee.registrationId, assigneeName: assignee.name, subscriberDetails: t.subscriberDetails,
  });
  return jobId;
}

// --- the four PUT /api/Jobs bodies --------------------------------------------------------------

/**
 * The edit form: dates, description, severity, assignee, task descriptions. The job's status is
 * derived from its tasks, and task statuses change only by draft/report, so `status` and the
 * tasks' statusId in the body are not applied.
 */
export async function updateJob(tx: Tx, user: UserContext, body: UpdateJobRequest): Promise<Job> {
  const { row, tasks: jobTasks, job } = await lockedJob(tx, user, body.jobId, body.expectedVersion);
  if (body.jobTypeId !== row.typeId) throw badRequest('jobTypeId', 'of an existing job cannot be changed');
  const byId = new Map(jobTasks.map((t) => [t.id, t]));
  body.taskEditRequests.forEach((edit, i) => {
    if (edit.jobId !== row.id || !byId.has(edit.taskId)) throw badRequest(`taskEditRequests/${i}/taskId`, 'is not a task of this job');
    if (edit.isDeleted) throw badRequest(`taskEditRequests/${i}/isDeleted`, 'must be false: delete tasks with DELETE /api/Tasks');
  });

  const patch: Partial<typeof jobs.$inferInsert> = {
    description: body.description, severityId: body.severity, scheduledDate: date(body.scheduledDate),
    // The due date is read-only for plumbers (spec 1 §6): theirs is kept whatever the form sends.
    dueDate: user.isAdmin ? date(body.dueDate) : row.dueDate,
  };
  checkDates(patch.scheduledDate ?? null, patch.dueDate ?? null);
  let assignee: { registrationId: number; name: string } | null = null;
  if (body.plumberId !== row.assignedToId) {
    if (!canChangePlumber(job)) throw conflict('The plumber can only be changed while the job is not started', job);
    assignee = await assignableUser(tx, row.companyId, body.plumberId, 'plumberId');
    Object.assign(patch, { assignedToId: assignee.registrationId, assigneeName: assignee.name, assignedDate: workTime('body/madeAt', body.madeAt, row.createdAt) });
  }
  for (const edit of body.taskEditRequests) await applyTaskEdit(tx, edit, assignee);
  if (assignee) await tombstone(tx, row.id, row.companyId, row.assignedToId);
  await writeJob(tx, row.id, patch);
  return reloadJob(tx, row.id);
}

async function applyTaskEdit(tx: Tx, edit: TaskEditRequest, assignee: { registrationId: number; name: string } | null) {
  await tx.update(tasks).set({
    description: edit.description,
    ...(assignee ? { assignedTo: assignee.registrationId, assigneeName: assignee.name } : {}),
  }).where(eq(tasks.id, edit.taskId));
}

/** Note change: notes and severity. The status in the body is the client's view and is not applied. */
export async function updateJobNote(tx: Tx, user: UserContext, body: UpdateJobNoteRequest): Promise<Job> {
  const { row } = await lockedJob(tx, user, body.jobId, body.expectedVersion);
  await writeJob(tx, row.id, { notes: body.notes, severityId: body.severity });
  return reloadJob(tx, row.id);
}

/** Manual completion: every task finished and the job not yet Completed/Closed (spec 1 §4). */
export async function completeJob(
  tx: Tx, user: UserContext, body: Pick<CompleteJobRequest, 'jobId' | 'status' | 'completedDate' | 'expectedVersion'>,
): Promise<Job> {
  if (body.status !== JobStatus.Completed) throw badRequest('status', `must be ${JobStatus.Completed} (Completed) in a completion request`);
  const { row, tasks: jobTasks, job } = await lockedJob(tx, user, body.jobId, body.expectedVersion);
  if (!canSubmitJob(user, job)) {
    const message = job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed
      ? 'The job is already completed'
      : 'The job can only be completed when all its tasks are completed, deviation or obstacle';
    throw conflict(message, job);
  }
  // When the plumber completed it (checked like any work time), and never before its last task's report.
  const lastTask = Math.max(0, ...jobTasks.map((t) => t.completedAt?.getTime() ?? 0));
  const completedDate = new Date(Math.max(workTime('body/completedDate', body.completedDate, row.createdAt).getTime(), lastTask));
  await writeJob(tx, row.id, { statusId: JobStatus.Completed, completedBy: user.email, completedDate, isDraft: false });
  return reloadJob(tx, row.id);
}

/** Change plumber on one or more jobs: all or nothing, each job not started (spec 1 §4). */
export async function reassignJobs(tx: Tx, user: UserContext, body: ReassignJobsRequest): Promise<Job[]> {
  if (body.assigneeId === 0) throw badRequest('assigneeId', 'must name a plumber');
  const companyId = requireCompany(user);
  const ids = [...new Set(body.jobsList)];
  const locked: LockedJob[] = [];
  for (const id of ids) locked.push(await lockedJob(tx, user, id));
  for (const { job } of locked) {
    if (!canChangePlumber(job)) throw conflict(`The plumber can only be changed while the job is not started (job ${job.refNr})`, job);
  }
  const assignee = await assignableUser(tx, companyId, body.assigneeId, 'assigneeId');
  const out: Job[] = [];
  for (const { row } of locked) {
    if (row.assignedToId !== assignee.registrationId) {
      const assignedDate = workTime('body/madeAt', body.madeAt, row.createdAt);
      await tx.update(tasks).set({ assignedTo: assignee.registrationId, assigneeName: assignee.name }).where(eq(tasks.jobId, row.id));
      await tombstone(tx, row.id, row.companyId, row.assignedToId);
      await writeJob(tx, row.id, { assignedToId: assignee.registrationId, assigneeName: assignee.name, assignedDate });
    }
    out.push(await reloadJob(tx, row.id));
  }
  return out;
}

// --- delete ---------------------------------------------------------------------------------------

/** Soft delete: the row stays (deleted_at) and a tombstone tells every replica. */
export async function softDeleteJob(tx: Tx, row: JobRow): Promise<void> {
  await writeJob(tx, row.id, { deletedAt: new Date() });
  await tombstone(tx, row.id, row.companyId, null);
}

/**
 * DELETE /api/Jobs: all or nothing; each job New, or InProgress with its first task not scheduled.
 * The cancellation-SMS fields of automatically created jobs are accepted; sending them belongs to
 * scheduling (spec 2) and is not done here.
 */
export async function deleteJobs(tx: Tx, user: UserContext, jobIds: string[]): Promise<string[]> {
  const ids = [...new Set(jobIds)];
  const locked: LockedJob[] = [];
  for (const id of ids) locked.push(await lockedJob(tx, user, id));
  for (const { job } of locked) {
    if (!canDeleteJob(job)) throw conflict(`The job cannot be deleted in its current status (job ${job.refNr})`, job);
  }
  for (const { row } of locked) await softDeleteJob(tx, row);
  return ids;
}

// --- draft and report -----------------------------------------------------------------------------

function deviationIds(list: unknown, field: string): number[] {
  if (list == null) return [];
  if (!Array.isArray(list)) throw badRequest(field, 'must be an array');
  return list.map((item, i) => {
    const id = typeof item === 'number' ? item : typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest(`${field}/${i}`, 'must be a deviation item or its id');
    return id;
  });
}

/** A contact person needs both a name and a mobile number (spec 1 §5). */
function checkContact(contactInfo: ContactInfo | null): void {
  const person = contactInfo?.contactPerson;
  if (person == null) return;
  if (!person.name.trim() || !person.mobileNo.trim()) throw badRequest('body/contactInfo/contactPerson', 'must have both name and mobileNo');
}

/**
 * Save draft (body isDraft true): the task and job become InProgress, a not-started task gets a
 * start date. Send report (isDraft false): the task becomes Completed, or with deviation items
 * Deviation (any item of type deviation) or Obstacle (all obstacles) and the new-meter object is
 * cleared; the job is no longer a draft and is InProgress. The task's form objects and the job's
 * contact are stored as sent.
 */
export async function saveTaskReport(tx: Tx, user: UserContext, taskId: string, body: TaskReportRequest): Promise<Job> {
  const index = body.jobTasks.findIndex((t) => t.taskId === taskId);
  if (index < 0) throw badRequest('body/jobTasks', `must contain the task ${taskId}`);
  const sent = body.jobTasks[index];
  const { row, tasks: jobTasks, job } = await lockedJob(tx, user, body.jobId, body.expectedVersion);
  const task = jobTasks.find((t) => t.id === taskId);
  if (!task) throw notFound('Task');
  if (row.statusId === JobStatus.Completed || row.statusId === JobStatus.Closed) throw conflict('The job is completed', job);
  if (isTaskFinished(task)) throw conflict('The task is finished and can no longer be changed', job);

  const draft = body.isDraft === true;
  // Start and completion are when the plumber did the work on the device, not when it was synced.
  const madeAt = workTime('body/madeAt', body.madeAt, row.createdAt);
  const startDate = task.startDate ?? (sent.startDate ? workTime(`body/jobTasks/${index}/startDate`, sent.startDate, row.createdAt) : madeAt);
  const patch: Partial<typeof tasks.$inferInsert> = {
    startDate,
    ...('subscriberDetails' in sent && sent.subscriberDetails ? { subscriberDetails: sent.subscriberDetails } : {}),
    ...('newWaterMeterObj' in sent ? { newWaterMeterObj: sent.newWaterMeterObj ?? null } : {}),
    ...('dismantleObj' in sent ? { dismantleObj: sent.dismantleObj ?? null } : {}),
    ...('additionalDetailsRequest' in sent ? { additionalDetailsRequest: sent.additionalDetailsRequest ?? null } : {}),
    ...('notes' in sent ? { notes: sent.notes ?? null } : {}),
  };
  if (draft) {
    patch.statusId = TaskStatus.InProgress;
  } else {
    // A start given with the report may lie after its madeAt only within the clock skew.
    patch.completedAt = new Date(Math.max(madeAt.getTime(), startDate.getTime()));
    const field = `body/jobTasks/${index}/additionalDetailsRequest/deviationList`;
    const ids = deviationIds(sent.additionalDetailsRequest?.deviationList, field);
    if (ids.length === 0) {
      await checkReport(tx, row, task, jobTasks, sent, [], `body/jobTasks/${index}`);
      patch.statusId = TaskStatus.Completed;
    } else {
      const known = new Map((await lookupList(tx, 'Deviation')).map((d) => [d.id, d]));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) throw badRequest(field, `holds an unknown deviation id ${unknown}`);
      const chosen = ids.map((id) => ({ id, deviationType: Number(known.get(id)!.deviationType) }));
      await checkReport(tx, row, task, jobTasks, sent, chosen, `body/jobTasks/${index}`);
      patch.statusId = reportedTaskStatus(chosen);
      patch.newWaterMeterObj = null;
    }
  }
  if (body.contactInfo !== undefined) checkContact(body.contactInfo);
  await tx.update(tasks).set(patch).where(eq(tasks.id, taskId));
  const after = jobTasks.map((t) => (t.id === taskId ? { statusId: patch.statusId! } : t));
  await writeJob(tx, row.id, {
    isDraft: draft, statusId: openStatus(row.statusId, after), ...(body.contactInfo !== undefined ? { contactInfo: body.contactInfo } : {}),
  });
  return reloadJob(tx, row.id);
}

// --- tasks ----------------------------------------------------------------------------------------

/** POST /api/Tasks: another task on an open job; admin or the assignee. Returns the new task. */
export async function addTask(tx: Tx, user: UserContext, body: AddTaskRequest): Promise<Task> {
  const { row, tasks: jobTasks, job } = await lockedJob(tx, user, body.jobId);
  if (row.statusId === JobStatus.Completed || row.statusId === JobStatus.Closed) throw conflict('Tasks cannot be added to a completed job', job);
  const taskId = body.taskId ?? randomUUID();
  await checkFreeIds(tx, row.companyId, null, taskId);
  // Numbers continue after deleted tasks too, so a number is never reused within a job.
  const [{ maxNo, maxOrder }] = await tx.select({
    maxNo: sql<number>`coalesce(max(${tasks.taskNo}), 0)::int`, maxOrder: sql<number>`coalesce(max(${tasks.taskOrder}), -1)::int`,
  }).from(tasks).where(eq(tasks.jobId, row.id));
  const first = jobTasks[0];
  const [inserted] = await tx.insert(tasks).values({
    id: taskId, jobId: row.id, jobType: first?.jobType ?? String((await lookupItem(tx, 'JobTypes', row.typeId))?.shortName ?? ''),
    title: row.title, typeId: row.typeId, statusId: TaskStatus.NotStarted, description: body.description ?? null,
    taskOrder: maxOrder + 1, taskNo: maxNo + 1, externalRefId: body.externalRefId ?? null, externalRefText: body.externalRefText ?? null,
    assignedTo: row.assignedToId, assigneeName: row.assigneeName,
    subscriberDetails: body.subscriberDetails ?? first?.subscriberDetails ?? null,
  }).returning();
  await writeJob(tx, row.id, { statusId: openStatus(row.statusId, [...jobTasks, inserted]) });
  return toTask(inserted);
}

/** PUT /api/Tasks: description, notes, start date and subscriber details (building/housing unit) of an unfinished task. */
export async function updateTask(tx: Tx, user: UserContext, body: UpdateTaskRequest): Promise<Task> {
  const { row, tasks: jobTasks, job } = await lockedJob(tx, user, body.jobId, body.expectedVersion);
  const task = jobTasks.find((t) => t.id === body.taskId);
  if (!task) throw notFound('Task');
  if (isTaskFinished(task)) throw conflict('The task is finished and can no longer be changed', job);
  const patch: Partial<typeof tasks.$inferInsert> = {};
  if (body.description !== undefined) patch.description = body.description;
  if (body.notes !== undefined) patch.notes = body.notes;
  if (body.startDate !== undefined) patch.startDate = date(body.startDate);
  if (body.subscriberDetails !== undefined) patch.subscriberDetails = body.subscriberDetails;
  const [updated] = Object.keys(patch).length > 0
    ? await tx.update(tasks).set(patch).where(eq(tasks.id, task.id)).returning()
    : [task];
  await writeJob(tx, row.id, {});
  return toTask(updated);
}

/**
 * DELETE /api/Tasks (spec 1 §4): only a task that is neither finished nor scheduled, while the job
 * is not completed. Deleting the job's last task deletes the job.
 */
export async function deleteTask(tx: Tx, user: UserContext, body: DeleteTaskRequest): Promise<TaskDeleteResult> {
  const { row, tasks: jobTasks, job } = await lockedJob(tx, user, body.jobId);
  const task = jobTasks.find((t) => t.id === body.taskId);
  if (!task) throw notFound('Task');
  const check = checkTaskDelete(job, task);
  if (check === 'jobCompleted') throw conflict('Tasks of a completed job cannot be deleted', job);
  if (check === 'completedTask') throw conflict('A finished task cannot be deleted', job);
  if (check === 'scheduledTask') throw conflict('A task with a schedule item cannot be deleted', job);
  await tx.update(tasks).set({ isDeleted: true, isActive: false }).where(eq(tasks.id, task.id));
  const rest = jobTasks.filter((t) => t.id !== task.id);
  if (rest.length === 0) {
    await softDeleteJob(tx, row);
    return { taskId: task.id, jobId: row.id, jobDeleted: true, job: null };
  }
  await writeJob(tx, row.id, { statusId: openStatus(row.statusId, rest) });
  return { taskId: task.id, jobId: row.id, jobDeleted: false, job: await reloadJob(tx, row.id) };
}
