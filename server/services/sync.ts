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
import type { ChangeFeed } from '../../src/domain/schemas';
import type { UserContext } from '../auth/context';
import type { Db } from '../db/index';
import { toJobs } from '../repositories/jobs';
import { companyTopSeq, jobsChangedAfter, lastChangeSeq, tombstonedJobIds } from '../repositories/sync';

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
      if (start > await lastChangeSeq(tx)) start = null;
    }
    const reset = start === null;
    const from = start ?? 0;

    const rows = await jobsChangedAfter(tx, user, from, FEED_PAGE_SIZE + 1);
    const hasMore = rows.length > FEED_PAGE_SIZE;
    const page = rows.slice(0, FEED_PAGE_SIZE);
    let cursor: number;
    if (hasMore) {
      cursor = page[page.length - 1].changeSeq;
    } else {
      cursor = Math.max(from, await companyTopSeq(tx, companyId));
    }

    let deletedJobIds: string[] = [];
    if (!reset) {
      const gone = await tombstonedJobIds(tx, user, companyId, from, cursor);
      // A job that came back into view (reassigned back) is in `jobs`; it is not deleted.
      const present = new Set(page.map((j) => j.id));
      deletedJobIds = gone.filter((id) => !present.has(id));
    }
    return { cursor: String(cursor), reset, jobs: await toJobs(tx, page), deletedJobIds, hasMore };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
