/**
 * The change feed's reads (services/sync.ts): jobs by change_seq and the tombstones of jobs that left a
 * user's view. Gap-free because company writes commit in change_seq order (repositories/jobs.ts).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { UserContext } from '../http/userContext';
import { feedTombstones, jobs } from '../db/schema';
import type { DbOrTx } from '../db/tx';
import { visibleJobs, type JobRow } from './jobs';

/** The last change_seq handed out (by anyone). */
export async function lastChangeSeq(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ last: number }>(sql`select last_value::bigint as last from change_seq`);
  return Number(rows[0].last);
}

/** The jobs the user may read that changed after `after`, oldest change first. */
export async function jobsChangedAfter(db: DbOrTx, user: UserContext, after: number, limit: number): Promise<JobRow[]> {
  return db.select().from(jobs).where(and(visibleJobs(user), gt(jobs.changeSeq, after)))
    .orderBy(asc(jobs.changeSeq)).limit(limit);
}

/** The company's highest sequence over its jobs and tombstones; 0 when it has none. */
export async function companyTopSeq(db: DbOrTx, companyId: string): Promise<number> {
  const { rows } = await db.execute<{ top: number | null }>(sql`select greatest(
    (select max(${jobs.changeSeq}) from ${jobs} where ${jobs.companyId} = ${companyId}),
    (select max(${feedTombstones.seq}) from ${feedTombstones} where ${feedTombstones.companyId} = ${companyId})
  )::bigint as top`);
  return Number(rows[0].top ?? 0);
}

/**
 * Jobs that left the user's view with a tombstone in (after, upTo]: deleted for everyone, or for a
 * plumber also reassigned away from them.
 */
export async function tombstonedJobIds(db: DbOrTx, user: UserContext, companyId: string, after: number, upTo: number): Promise<string[]> {
  const audience = user.isAdmin
    ? isNull(feedTombstones.registrationId)
    : or(isNull(feedTombstones.registrationId), eq(feedTombstones.registrationId, user.registrationId));
  const gone = await db.selectDistinct({ jobId: feedTombstones.jobId }).from(feedTombstones)
    .where(and(eq(feedTombstones.companyId, companyId), gt(feedTombstones.seq, after), lte(feedTombstones.seq, upTo), audience));
  return gone.map((g) => g.jobId);
}
