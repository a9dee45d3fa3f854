/** Image rows as the daily clean-up reads them (the media service's own queries are in services/media.ts). */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { mediaAssets } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

export interface StoredKey {
  id: string;
  companyId: string;
  storageKey: string;
  updatedAt: Date;
}

/**
 * Every row's storage key in byte order ("C" collation, as the media store lists its files), a page
 * at a time after `after`.
 */
export async function storageKeysAfter(db: DbOrTx, after: string, limit: number): Promise<StoredKey[]> {
  return db.select({ id: mediaAssets.id, companyId: mediaAssets.companyId, storageKey: mediaAssets.storageKey, updatedAt: mediaAssets.updatedAt })
    .from(mediaAssets)
    .where(gt(sql`${mediaAssets.storageKey} collate "C"`, after))
    .orderBy(sql`${mediaAssets.storageKey} collate "C"`)
    .limit(limit);
}

/** Deletes a row if it still names `storageKey` and has not changed since `before`; whether it did. */
export async function deleteStaleAsset(tx: Tx, id: string, storageKey: string, before: Date): Promise<boolean> {
  const gone = await tx.delete(mediaAssets)
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.storageKey, storageKey), lt(mediaAssets.updatedAt, before)))
    .returning({ id: mediaAssets.id });
  return gone.length > 0;
}
