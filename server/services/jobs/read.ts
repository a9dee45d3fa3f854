/**
 * Reading jobs (spec 1 §4): the list, a page of it, one job, a plumber's counts. Nothing of another
 * company is ever visible, and a plumber sees only jobs assigned to them (others are 404).
 */
import type { Job, PlumberJobCounts } from '../../../src/domain/schemas';
import type { UserContext } from '../../auth/context';
import type { DbOrTx } from '../../db/tx';
import { forbidden, notFound } from '../../http/errors';
import { countPlumberJobs, findCompanyUser, findJobs, findJobsPage, findVisibleJob, type JobFilter, type UserRow } from '../../repositories/jobs';

export type { JobFilter };

/** One page (1-based) of the filtered list, newest first, with the number of pages. */
export async function jobsPage(db: DbOrTx, user: UserContext, filter: JobFilter, pageNumber: number, pageSize: number) {
  const { jobs, total } = await findJobsPage(db, user, filter, pageNumber, pageSize);
  return { jobs, numberOfPages: Math.ceil(total / pageSize) };
}

/** GET /api/Jobs: the list's jobs, newest first, a bounded page at a time. */
export function allJobs(db: DbOrTx, user: UserContext, filter: JobFilter, pageNumber: number, pageSize: number): Promise<Job[]> {
  return findJobs(db, user, filter, pageNumber, pageSize);
}

export async function getJob(db: DbOrTx, user: UserContext, jobId: string): Promise<Job> {
  const job = await findVisibleJob(db, user, jobId);
  if (!job) throw notFound('Job');
  return job;
}

/** A company user by registration id, or 404 when not in the user's company. */
export async function companyUser(db: DbOrTx, user: UserContext, registrationId: number): Promise<UserRow> {
  const row = user.companyId ? await findCompanyUser(db, user.companyId, registrationId) : undefined;
  if (!row) throw notFound('User');
  return row;
}

/** Assigned, completed and pending jobs of a plumber: admins for anyone of the company, a plumber for themselves. */
export async function plumberJobCounts(db: DbOrTx, user: UserContext, registrationId: number): Promise<PlumberJobCounts> {
  const target = await companyUser(db, user, registrationId);
  if (!user.isAdmin && target.registrationId !== user.registrationId) throw forbidden();
  return countPlumberJobs(db, target.companyId!, registrationId);
}
