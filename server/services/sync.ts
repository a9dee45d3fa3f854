/**
 * GET /api/sync/changes?since=<cursor>: the per-user change feed (ours; the spec shows no sync call).
 *
 * Visible jobs are the ones the job list shows (admin: the company's; plumber: assigned to them).
 * The cursor is a change_seq value. A page holds the visible jobs changed after it (with their
 * tasks), oldest change first, at most FEED_PAGE_SIZE; `hasMore` says another page follows at once.
 * deletedJobIds lists jobs that left the user's view meanwhile: deleted (tombstone for everyone) or,
 * for a plumber, reassigned away from them. An absent, malformed or unknown (newer than the
 * database) cursor gives `reset: true`: the client replaces its replica with the pages that follow.
 *
 * Gap-free: company writes hold the company lock to commit (tx.ts), so in one snapshot every
 * committed row of the company at or below the company's highest sequence is visible; the cursor
 * never passes a row that could still commit below it.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../src/domain/schemas';
import type { UserContext } from '../auth/context';
import type { Db } from '../db/index';
import { feedTombstones, jobs } from '../db/schema';
import { toJobs, visibleJobs } from '../repositories/jobs';

export const FEED_PAGE_SIZE = 500;

function parseCursor(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export async function changeFeed(db: Db, user: UserContext, since: string | undefined): Promise<ChangeFeed> {
  const companyId = user.companyId;
  if (!companyId) return { cursor: '0', reset: true, jobs: [], deletedJobIds: [], hasMore: false };
  return db.transaction(async (tx) => {
    let start = parseCursor(since);
    if (start !== null) {
      const { rows } = await tx.execute<{ last: number }>(sql`select last_value::bigint as last from change_seq`);
      if (start > Number(rows[0].last)) start = null;
    }
    const reset = start === null;
    const from = start ?? 0;

    const rows = await tx.select().from(jobs).where(and(visibleJobs(user), gt(jobs.changeSeq, from)))
      .orderBy(asc(jobs.changeSeq)).limit(FEED_PAGE_SIZE + 1);
    const hasMore = rows.length > FEED_PAGE_SIZE;
    const page = rows.slice(0, FEED_PAGE_SIZE);
    let cursor: number;
    if (hasMore) {
      cursor = page[page.length - 1].changeSeq;
    } else {
      const { rows: top } = await tx.execute<{ top: number | null }>(sql`select greatest(
        (select max(${jobs.changeSeq}) from ${jobs} where ${jobs.companyId} = ${companyId}),
        (select max(${feedTombstones.seq}) from ${feedTombstones} where ${feedTombstones.companyId} = ${companyId})
      )::bigint as top`);
      cursor = Math.max(from, Number(top[0].top ?? 0));
    }

    let deletedJobIds: string[] = [];
    if (!reset) {
      const audience = user.isAdmin
        ? isNull(feedTombstones.registrationId)
        : or(isNull(feedTombstones.registrationId), eq(feedTombstones.registrationId, user.registrationId));
      const gone = await tx.selectDistinct({ jobId: feedTombstones.jobId }).from(feedTombstones)
        .where(and(eq(feedTombstones.companyId, companyId), gt(feedTombstones.seq, from), lte(feedTombstones.seq, cursor), audience));
      // A job that came back into view (reassigned back) is in `jobs`; it is not deleted.
      const present = new Set(page.map((j) => j.id));
      deletedJobIds = gone.map((g) => g.jobId).filter((id) => !present.has(id));
    }
    return { cursor: String(cursor), reset, jobs: await toJobs(tx, page), deletedJobIds, hasMore };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
