/**
 * The daily clean-up (workers/index.ts runs it once a day, in one process): what crashes and time
 * leave behind.
 * - Stored answers of idempotent requests older than a device may keep a command queued, twice over:
 *   a replay after that would be refused anyway as too old (services/jobs/mutationChecks.ts MAX_QUEUED_MS).
 * - Image files that no row names: an upload whose transaction failed after the file was written
 *   and before its clean-up ran (a crash), or an old version whose removal after commit failed.
 * - Rows whose file is gone (a store lost it): the image cannot be shown or downloaded again; the row
 *   goes, the devices are told (MediaChanged), and it is logged as an error to look into.
 * - Half-written files of a crash during a write.
 * - The assignment lists' change log folded to a row per company, its totals kept (foldListChanges).
 * - The Twilio adapter's rows of messages settled (or gone) more than TWILIO_ROW_RETENTION_MS ago.
 * Nothing younger than GRACE_MS is touched: an upload in flight writes its file before its row
 * commits, and a replacement writes the new file before the row names it.
 */
import type { AppContext } from '../context';
import type { StoredFile } from '../media/store';
import { foldListChanges } from '../repositories/assignments';
import { deleteAnswersBefore } from '../repositories/idempotency';
import { deleteStaleAsset, storageKeysAfter, type StoredKey } from '../repositories/media';
import { deleteSettledTwilioRows, TWILIO_ROW_RETENTION_MS } from '../sms/twilio';
import { MAX_QUEUED_MS } from './jobs/mutationChecks';
import { inUnitOfWork } from './unitOfWork';

export const ANSWER_RETENTION_MS = 2 * MAX_QUEUED_MS;
export const GRACE_MS = 60 * 60_000;
const PAGE = 1000;

export interface CleanupResult {
  answers: number;
  orphanFiles: number;
  missingFiles: number;
  unfinishedFiles: number;
  twilioRows: number;
}

async function* rowsInKeyOrder(ctx: AppContext): AsyncIterable<StoredKey> {
  let after = '';
  for (;;) {
    const page = await storageKeysAfter(ctx.db, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1].storageKey;
  }
}

export async function dailyCleanup(ctx: AppContext, now = new Date()): Promise<CleanupResult> {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const result: CleanupResult = {
    answers: await deleteAnswersBefore(ctx.db, new Date(now.getTime() - ANSWER_RETENTION_MS)),
    orphanFiles: 0, missingFiles: 0, unfinishedFiles: 0,
    twilioRows: await deleteSettledTwilioRows(ctx.db, new Date(now.getTime() - TWILIO_ROW_RETENTION_MS)),
  };
  await foldListChanges(ctx.db);

  const orphan = async (file: StoredFile) => {
    if (file.modifiedAt >= cutoff) return;
    await ctx.media.remove(file.key);
    result.orphanFiles++;
  };
  const missing = async (row: StoredKey) => {
    if (row.updatedAt >= cutoff || (await ctx.media.get(row.storageKey)) !== null) return;
    const deleted = await inUnitOfWork(ctx, async (w) => {
      const gone = await deleteStaleAsset(w.tx, row.id, row.storageKey, cutoff);
      if (gone) w.changes.note(row.companyId, 'media');
      return gone;
    });
    if (!deleted) return;
    result.missingFiles++;
    ctx.log.error({ assetId: row.id, storageKey: row.storageKey }, 'daily clean-up: an image row had no file; the row was removed');
  };

  // Both sides in the keys' byte order: one pass, whatever the number of images.
  const files = ctx.media.list()[Symbol.asyncIterator]();
  let file = await files.next();
  for await (const row of rowsInKeyOrder(ctx)) {
    while (!file.done && file.value.key < row.storageKey) {
      await orphan(file.value);
      file = await files.next();
    }
    if (!file.done && file.value.key === row.storageKey) file = await files.next();
    else await missing(row);
  }
  for (; !file.done; file = await files.next()) await orphan(file.value);

  result.unfinishedFiles = await ctx.media.removeUnfinished(cutoff);
  return result;
}
