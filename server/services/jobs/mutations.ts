/**
 * The job mutations of spec 1 §4 (create, the four PUT /api/Jobs bodies, delete or cancel), with the rules of
 * services/jobs/mutationChecks.ts. Each takes the unit of work it runs in (services/unitOfWork.ts).
 * Creating is split as every service an actor other than a signed-in user calls: the policy (who may
 * create what) and the core (the job's own rules and rows), which the system reaches through
 * createJobAs with its company's facts (server/http/actor.ts).
 */
import { randomUUID } from 'node:crypto';
import type {
  CompleteJobRequest, CreateJobRequest, DeletedJobs, DeleteJobsRequest, Job, ReassignJobsRequest, UpdateJobNoteRequest, UpdateJobRequest,
} from '../../../src/domain/schemas';
import { JobStatus, JobType, TaskStatus } from '../../../src/domain/enums';
import { canChangePlumber, canDeleteJob, canSubmitJob, liveTasks } from '../../../src/domain/jobs/rules';
import {
  jobEditEffect, noteEffect, reassignEffect, taskAssigneeEffect, taskEditEffect, type NewAssignee,
} from '../../../src/domain/jobs/effects';
import type { UserContext } from '../../auth/context';
import { actorName, type Actor } from '../../http/actor';
import type { Work } from '../../db/tx';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { assignJobTasks, insertJob, lockCompanyJobs, insertTask, reloadJob, toJob, tombstone, updateTaskRow, writeJob, type JobRow } from '../../repositories/jobs';
import { findCustomerAddress, findCustomerProperty } from '../../repositories/property';
import { command } from '../command';
import { lookupItem } from '../lookups';
import { cancelTiedItems, type TiedItem } from '../scheduling/jobCancel';
import {
  assignableUser, checkDates, checkFreeIds, date, jobsLockOf, lockedCompany, lockedJob, MAX_QUEUED_MS, requireCompany, workTime, type LockedJob,
} from './mutationChecks';

// --- create ---------------------------------------------------------------------------------------

/** The create payload as validated (createdBy is not used: the job records who created it). */
export type CreateJobInput = Omit<CreateJobRequest, 'createdBy'>;

/** The facts the creation's core needs of whoever creates a job: its company and customer, the author's name. */
export interface JobAuthor {
  companyId: string;
  customerId: string;
  /** Recorded as the job's createdBy: the user's e-mail, or the system's reason. */
  createdBy: string;
  /** A due date may be set (an admin, or the system for a company). */
  setsDueDate: boolean;
  /** The schedule item the job is made for (the system's job for a confirmed item): its task is tied to it, and the job is auto-created. */
  scheduleItemId?: number;
}

/**
 * Who may create what (spec 1 §6): a plumber only a job assigned to themselves, and no due date; an
 * admin any job of the company. Answers the author facts the core takes.
 */
function createPolicy(user: UserContext, body: CreateJobInput): JobAuthor {
  const companyId = requireCompany(user);
  if (!user.isAdmin && body.assignedToId !== user.registrationId) throw forbidden();
  if (!user.isAdmin && body.dueDate) throw badRequest('body/dueDate', 'can only be set by an admin');
  return { companyId, customerId: user.customerId, createdBy: user.email, setsDueDate: user.isAdmin };
}

/** POST /api/Jobs: a new job (status New, its first task not started). Returns the job id. */
export async function createJob(w: Work, user: UserContext, body: CreateJobInput, origin: { scheduleItemId?: number } = {}): Promise<string> {
  // The company lock first, as every job write takes it (the unit of work may already hold it).
  await lockedCompany(w, user);
  return createJobCore(w, { ...createPolicy(user, body), scheduleItemId: origin.scheduleItemId }, body);
}

/**
 * A job created for an actor: a user through the route's policy, or the system for its company. With
 * `origin.scheduleItemId` it is a schedule item's job (the system's for a confirmed item, an admin's for
 * an item submitted as a deviation): auto-created, its task tied to the item.
 */
export async function createJobAs(w: Work, actor: Actor, body: CreateJobInput, origin: { scheduleItemId?: number } = {}): Promise<string> {
  if (actor.kind === 'user') return createJob(w, actor.user, body, origin);
  return createJobCore(w, {
    companyId: actor.companyId, customerId: actor.customerId, createdBy: actorName(actor), setsDueDate: true, scheduleItemId: origin.scheduleItemId,
  }, body);
}

/** The rules of a new job that do not ask who is calling, and its rows. Takes the company's job lock. */
async function createJobCore(w: Work, author: JobAuthor, body: CreateJobInput): Promise<string> {
  const { companyId, customerId } = author;
  await lockCompanyJobs(w, companyId);
  const jobType = await lookupItem(w.tx, 'JobTypes', body.jobTypeId);
  if (!jobType) throw badRequest('body/jobTypeId', 'is not a known job type');
  if (body.jobTypeId === JobType.Avvik) throw badRequest('body/jobTypeId', 'Avvik jobs cannot be created');
  const assignee = await assignableUser(w, companyId, body.assignedToId, 'body/assignedToId');
  const scheduledDate = date(body.scheduledDate);
  const dueDate = author.setsDueDate ? date(body.dueDate) : null;
  checkDates(scheduledDate, dueDate);

  const m = body.matrikkelDetails;
  const property = await findCustomerProperty(w.tx, customerId, m.matrikkelenhetId);
  if (!property) throw badRequest('body/matrikkelDetails/matrikkelenhetId', 'is not a property of your customer');
  if (property.matrikkelNummer !== m.matrikkelNummer) throw badRequest('body/matrikkelDetails/matrikkelNummer', 'does not belong to matrikkelenhetId');
  if (m.addressId != null) {
    const address = await findCustomerAddress(w.tx, customerId, m.addressId);
    if (!address) throw badRequest('body/matrikkelDetails/addressId', 'is not an address of your customer');
    if (address.propertyId !== property.id && address.propertyId !== property.parentId) {
      throw badRequest('body/matrikkelDetails/addressId', 'is not an address of this property');
    }
  }

  const jobId = body.jobId ?? randomUUID();
  const t = body.taskRequest;
  await checkFreeIds(w, companyId, jobId, t.taskId);

  const title = String(jobType.name);
  const shortName = String(jobType.shortName);
  const now = new Date();
  // A job created offline existed from when the plumber created it, not from the sync.
  const madeAt = workTime('body/madeAt', body.madeAt, new Date(now.getTime() - MAX_QUEUED_MS), now);
  await insertJob(w.tx, {
    id: jobId, customerId, companyId, title, typeId: body.jobTypeId, statusId: JobStatus.New,
    severityId: body.severity, description: body.description, scheduledDate, dueDate,
    assignedToId: assignee.registrationId, assigneeName: assignee.name, assignedDate: madeAt,
    subscriberText: body.subscriberText, matrikkelNummer: m.matrikkelNummer, matrikkelenhetId: m.matrikkelenhetId,
    addressId: m.addressId ?? null, createdBy: author.createdBy, createdAt: madeAt, updatedAt: now, autoCreated: author.scheduleItemId !== undefined,
  });
  await insertTask(w.tx, {
    id: t.taskId, jobId, jobType: shortName, title, typeId: body.jobTypeId, statusId: TaskStatus.NotStarted,
    description: t.description, isActive: t.isActive, taskOrder: t.taskOrder, taskNo: t.taskNo,
    externalRefId: t.externalRefId, externalRefText: t.externalRefText,
    assignedTo: assignee.registrationId, assigneeName: assignee.name, subscriberDetails: t.subscriberDetails,
    scheduleItemId: author.scheduleItemId ?? null,
  });
  return jobId;
}

// --- the four PUT /api/Jobs bodies --------------------------------------------------------------

/**
 * The edit form: dates, description, severity, assignee, task descriptions. The job's status is
 * derived from its tasks, and task statuses change only by draft/report, so `status` and the
 * tasks' statusId in the body are not applied.
 */
export async function updateJob(w: Work, user: UserContext, body: UpdateJobRequest): Promise<Job> {
  const { row, tasks: jobTasks, job } = await lockedJob(w, user, body.jobId, body.expectedVersion);
  if (body.jobTypeId !== row.typeId) throw badRequest('body/jobTypeId', 'of an existing job cannot be changed');
  const byId = new Map(jobTasks.map((t) => [t.id, t]));
  body.taskEditRequests.forEach((edit, i) => {
    if (edit.jobId !== row.id || !byId.has(edit.taskId)) throw badRequest(`body/taskEditRequests/${i}/taskId`, 'is not a task of this job');
    if (edit.isDeleted) throw badRequest(`body/taskEditRequests/${i}/isDeleted`, 'must be false: delete tasks with DELETE /api/Tasks');
  });

  let assignee: NewAssignee | null = null;
  if (body.plumberId !== row.assignedToId) {
    if (!canChangePlumber(job)) throw conflict('The plumber can only be changed while the job is not started', job);
    const to = await assignableUser(w, row.companyId, body.plumberId, 'body/plumberId');
    assignee = { id: to.registrationId, name: to.name };
  }
  const madeAt = assignee ? workTime('body/madeAt', body.madeAt, row.createdAt) : row.assignedDate;
  const edit = { description: body.description, severity: body.severity, scheduledDate: date(body.scheduledDate), dueDate: date(body.dueDate), plumberId: body.plumberId };
  const patch = jobEditEffect<Date | null>(row, edit, user.isAdmin, assignee, madeAt);
  checkDates(patch.scheduledDate, patch.dueDate);
  for (const e of body.taskEditRequests) await updateTaskRow(w.tx, e.taskId, taskEditEffect(e, assignee));
  if (assignee) await tombstone(w.tx, row.id, row.companyId, row.assignedToId);
  await writeJob(w.tx, row.id, patch);
  return reloadJob(w.tx, row.id);
}

/** Note change: notes and severity. The status in the body is the client's view and is not applied. */
export async function updateJobNote(w: Work, user: UserContext, body: UpdateJobNoteRequest): Promise<Job> {
  const { row, tasks: jobTasks } = await lockedJob(w, user, body.jobId, body.expectedVersion);
  // The tasks, read under the company lock, are as the note leaves them.
  return toJob(await writeJob(w.tx, row.id, noteEffect(body)), jobTasks);
}

/** Manual completion: every task finished and the job not yet Completed/Closed (spec 1 §4). */
export async function completeJob(
  w: Work, user: UserContext, body: Pick<CompleteJobRequest, 'jobId' | 'status' | 'completedDate' | 'expectedVersion'>,
): Promise<Job> {
  if (body.status !== JobStatus.Completed) throw badRequest('body/status', `must be ${JobStatus.Completed} (Completed) in a completion request`);
  const { row, tasks: jobTasks, job } = await lockedJob(w, user, body.jobId, body.expectedVersion);
  if (!canSubmitJob(user, job)) {
    const message = job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed
      ? 'The job is already completed'
      : 'The job can only be completed when all its tasks are completed, deviation or obstacle';
    throw conflict(message, job);
  }
  // When the plumber completed it (checked like any work time), and never before its last task's report.
  const lastTask = Math.max(0, ...jobTasks.map((t) => t.completedAt?.getTime() ?? 0));
  const completedDate = new Date(Math.max(workTime('body/completedDate', body.completedDate, row.createdAt).getTime(), lastTask));
  // Completion leaves the tasks as they are.
  return toJob(await writeJob(w.tx, row.id, { statusId: JobStatus.Completed, completedBy: user.email, completedDate, isDraft: false }), jobTasks);
}

/** Change plumber on one or more jobs: all or nothing, each job not started (spec 1 §4). */
export async function reassignJobs(w: Work, user: UserContext, body: ReassignJobsRequest): Promise<Job[]> {
  if (body.assigneeId === 0) throw badRequest('body/assigneeId', 'must name a plumber');
  const companyId = requireCompany(user);
  const ids = [...new Set(body.jobsList)];
  const locked: LockedJob[] = [];
  for (const id of ids) locked.push(await lockedJob(w, user, id));
  for (const { job } of locked) {
    if (!canChangePlumber(job)) throw conflict(`The plumber can only be changed while the job is not started (job ${job.refNr})`, job);
  }
  const assignee = await assignableUser(w, companyId, body.assigneeId, 'body/assigneeId');
  const out: Job[] = [];
  for (const { row } of locked) {
    if (row.assignedToId !== assignee.registrationId) {
      const assignedDate = workTime('body/madeAt', body.madeAt, row.createdAt);
      const to = { id: assignee.registrationId, name: assignee.name };
      await assignJobTasks(w.tx, row.id, taskAssigneeEffect(to));
      await tombstone(w.tx, row.id, row.companyId, row.assignedToId);
      await writeJob(w.tx, row.id, reassignEffect(row, to, assignedDate));
    }
    out.push(await reloadJob(w.tx, row.id));
  }
  return out;
}

// --- delete ---------------------------------------------------------------------------------------

/** Soft delete: the row stays (deleted_at) and a tombstone tells every replica. */
export async function softDeleteJob(w: Work, row: JobRow): Promise<void> {
  await writeJob(w.tx, row.id, { deletedAt: new Date() });
  await tombstone(w.tx, row.id, row.companyId, null);
}

/**
 * DELETE /api/Jobs (the body's rules: DeleteJobsBody in src/domain/schemas/jobs.ts): all or nothing;
 * each job New, or InProgress with its first task not scheduled. An automatically created job's tied
 * schedule items are cancelled in the same unit of work, with the SMS the body asks for
 * (scheduling/jobCancel.ts): the admin's cancellation of spec 1 §4.
 */
export async function deleteJobs(w: Work, user: UserContext, body: DeleteJobsRequest): Promise<DeletedJobs> {
  const ids = [...new Set(body.jobList.map((j) => j.jobId))];
  const locked: LockedJob[] = [];
  for (const id of ids) locked.push(await lockedJob(w, user, id));
  for (const { job } of locked) {
    if (!canDeleteJob(job)) throw conflict(`The job cannot be deleted in its current status (job ${job.refNr})`, job);
  }
  const tied: TiedItem[] = locked.filter(({ row }) => row.autoCreated)
    .flatMap(({ job }) => liveTasks(job).flatMap((t) => (t.scheduleItemId == null ? [] : [{ jobId: job.jobId, scheduleItemId: t.scheduleItemId }])));
  if (!tied.length && body.sendSms) throw badRequest('body/sendSms', 'applies only to an automatically created job made for a schedule item');
  const cancelled = tied.length ? await cancelTiedItems(w, user, tied, body) : null;
  for (const { row } of locked) await softDeleteJob(w, row);
  return { deletedJobIds: ids, ...cancelled };
}

// --- the routes' commands (services/command.ts): each under its company's jobs lock -------------------

/** POST /api/Jobs: 200 with the new job's id. */
export const createJobCommand = command({ status: 200, lock: jobsLockOf, run: createJob });

/** PUT /api/Jobs: the body's shape picks the mutation; 200 with the job, or the jobs a reassignment moved. */
export const putJobsCommand = command({
  status: 200,
  lock: jobsLockOf,
  run: async (w, user, body: ReassignJobsRequest | CompleteJobRequest | UpdateJobRequest | UpdateJobNoteRequest): Promise<Job | Job[]> => {
    if ('jobsList' in body) return reassignJobs(w, user, body);
    if ('completedBy' in body) return completeJob(w, user, body);
    if ('taskEditRequests' in body) return updateJob(w, user, body);
    return updateJobNote(w, user, body);
  },
});

/** DELETE /api/Jobs: 200 with { deletedJobIds } (and, for cancelled automatic jobs, what became of their items). */
export const deleteJobsCommand = command({ status: 200, lock: jobsLockOf, run: deleteJobs });
