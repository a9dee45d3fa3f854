/**
 * What every job mutation shares (spec 1 §4, the capability table of §6): another company's job is
 * 404; a plumber touching a job assigned to someone else gets 403 with the spec's text; a request
 * that does not fit the job's current version gets 409 with the job as it is now (`current`). Times a
 * device sends are checked here (`workTime`). Every write runs under the company lock, taken by
 * `lockedJob` / `lockedCompany` before anything is read (repositories/jobs.ts).
 */
import type { Job } from '../../../src/domain/schemas';
import { canActOnJob, isTooFarAhead, JOB_DATE_ERRORS } from '../../../src/domain/jobs/rules';
import type { UserContext } from '../../auth/context';
import type { Work } from '../../db/tx';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import {
  companyJobsLock, findAssignableUser, findLiveJob, jobIdOwner, lockCompanyJobs, taskIdOwner, toJob, type JobRow, type TaskRow,
} from '../../repositories/jobs';

export interface LockedJob {
  row: JobRow;
  tasks: TaskRow[];
  job: Job;
}

export const date = (s: string | null | undefined): Date | null => (s ? new Date(s) : null);

export function requireCompany(user: UserContext): string {
  if (!user.companyId) throw forbidden();
  return user.companyId;
}

/**
 * The lock a job mutation of `user` takes first (the company's job lock), for the unit of work to take
 * with its first statement (services/unitOfWork.ts `lockFirst`); none without a company (refused anyway).
 */
export function jobsLockOf(user: UserContext): string | undefined {
  return user.companyId ? companyJobsLock(user.companyId) : undefined;
}

export async function lockedCompany(w: Work, user: UserContext): Promise<string> {
  const companyId = requireCompany(user);
  await lockCompanyJobs(w, companyId);
  return companyId;
}

/** Loads a live job of the user's company for writing: 404 when absent, 403 when not the user's to change. */
export async function lockedJob(w: Work, user: UserContext, jobId: string, expectedVersion?: number): Promise<LockedJob> {
  const companyId = await lockedCompany(w, user);
  const found = await findLiveJob(w.tx, companyId, jobId);
  if (!found) throw notFound('Job');
  const job = toJob(found.row, found.tasks);
  if (!canActOnJob(user, job)) throw forbidden();
  if (expectedVersion !== undefined && expectedVersion !== found.row.version) {
    throw conflict(`The job has changed on the server (version ${found.row.version}, expected ${expectedVersion})`, job);
  }
  return { ...found, job };
}

/** Someone a job can be assigned to: an Activated plumber or admin of the company. */
export async function assignableUser(w: Work, companyId: string, registrationId: number, field: string) {
  const row = await findAssignableUser(w.tx, companyId, registrationId);
  if (!row) throw badRequest(field, 'must be the registration id of an activated plumber or admin of your company');
  return { registrationId: row.registrationId, name: `${row.firstName} ${row.lastName}` };
}

/**
 * Ids made on a device must be new. One the company already uses is a conflict; one another company
 * uses is answered as any id the user may not see (404), so nobody learns what exists elsewhere.
 */
export async function checkFreeIds(w: Work, companyId: string, jobId: string | null, taskId: string): Promise<void> {
  if (jobId) {
    const owner = await jobIdOwner(w.tx, jobId);
    if (owner) throw owner === companyId ? conflict(`A job with id ${jobId} already exists`) : notFound('Job');
  }
  const owner = await taskIdOwner(w.tx, taskId);
  if (owner) throw owner === companyId ? conflict(`A task with id ${taskId} already exists`) : notFound('Task');
}

export function checkDates(scheduled: Date | null, due: Date | null): void {
  // "Not in the past" is checked where the date is entered: a command queued offline may reach us later.
  const now = new Date();
  if (isTooFarAhead(scheduled, now)) throw badRequest('body/scheduledDate', JOB_DATE_ERRORS.tooFarAhead);
  if (isTooFarAhead(due, now)) throw badRequest('body/dueDate', JOB_DATE_ERRORS.tooFarAhead);
  if (scheduled && due && scheduled.getTime() > due.getTime()) throw badRequest('body/scheduledDate', JOB_DATE_ERRORS.scheduledAfterDue);
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
