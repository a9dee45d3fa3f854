/**
 * Image rows (media_assets): the row mapping, the queries the media service is made of, and those the
 * daily clean-up reads. Rules (who may see or change an image, quotas, the files) live in services/media/.
 */
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { CustomProps, ImageAsset, ImageMetadata } from '../../src/domain/schemas';
import type { UserContext } from '../http/userContext';
import { jobs, mediaAssets, tasks } from '../db/schema';
import { advisoryLock, type DbOrTx, type Tx } from '../db/tx';
import { visibleJobs } from './jobs';

export type AssetRow = typeof mediaAssets.$inferSelect;
export type NewAssetRow = typeof mediaAssets.$inferInsert;

export function toAsset(row: AssetRow, fileContent?: Buffer): ImageAsset {
  return {
    assetId: row.id,
    fileName: row.fileName,
    assetType: row.contentType,
    blobUri: `/api/media/file/${row.id}?v=${row.version}`,
    createdBy: row.createdBy,
    createdDate: row.createdAt.toISOString(),
    objectId: row.objectId,
    moduleId: row.moduleId,
    matrikkelenhetsId: row.matrikkelenhetId,
    customProps: row.customProps as CustomProps,
    metadata: (row.metadata as ImageMetadata | null) ?? null,
    width: row.width,
    height: row.height,
    sizeInBytes: row.sizeBytes,
    contentHash: row.sha256,
    version: row.version,
    ...(fileContent ? { fileContent: fileContent.toString('base64') } : {}),
  };
}

// --- reading --------------------------------------------------------------------------------------

/** Images of jobs the user may see (admin: the company's; plumber: own jobs), on one property, newest first (at most `limit`). */
export async function visibleAssets(db: DbOrTx, user: UserContext, matrikkelenhetId: number, customProps: Record<string, unknown> | null, limit: number): Promise<AssetRow[]> {
  const rows = await db.select({ asset: mediaAssets }).from(mediaAssets)
    .innerJoin(jobs, eq(jobs.id, mediaAssets.jobId))
    .where(and(
      eq(mediaAssets.companyId, user.companyId ?? ''), visibleJobs(user), eq(mediaAssets.matrikkelenhetId, matrikkelenhetId),
      customProps ? sql`${mediaAssets.customProps} @> ${JSON.stringify(customProps)}::jsonb` : undefined,
    ))
    .orderBy(desc(mediaAssets.createdAt), mediaAssets.id)
    .limit(limit);
  return rows.map((r) => r.asset);
}

export interface AssetWithJob {
  asset: AssetRow;
  job: typeof jobs.$inferSelect;
  task: typeof tasks.$inferSelect;
}

/** An image of the company, with its live job and its task; undefined when there is none. */
export async function companyAsset(db: DbOrTx, companyId: string, assetId: string): Promise<AssetWithJob | undefined> {
  const [row] = await db.select({ asset: mediaAssets, job: jobs, task: tasks }).from(mediaAssets)
    .innerJoin(jobs, eq(jobs.id, mediaAssets.jobId))
    .innerJoin(tasks, eq(tasks.id, mediaAssets.taskId))
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.companyId, companyId), sql`${jobs.deletedAt} is null`))
    .limit(1);
  return row;
}

/**
 * A live task of a live job of the company, with its job; undefined when there is none. With
 * `assetId`, also the company of the image with that id, whichever company it is (null when the id
 * is free), read in the same statement.
 */
export async function companyTask(db: DbOrTx, companyId: string, taskId: string, assetId?: string) {
  const [row] = await db.select({
    job: jobs, task: tasks,
    assetCompany: assetId === undefined ? sql<string | null>`null` : sql<string | null>`(select ${mediaAssets.companyId} from ${mediaAssets} where ${mediaAssets.id} = ${assetId})`,
  }).from(tasks)
    .innerJoin(jobs, eq(jobs.id, tasks.jobId))
    .where(and(eq(tasks.id, taskId), eq(jobs.companyId, companyId), sql`${jobs.deletedAt} is null`, eq(tasks.isDeleted, false)))
    .limit(1);
  return row;
}

/** Ids of the company's images of one object id on a property, newest first. */
export async function objectAssetIds(db: DbOrTx, companyId: string, matrikkelenhetId: number, objectId: string): Promise<string[]> {
  const rows = await db.select({ id: mediaAssets.id }).from(mediaAssets)
    .where(and(eq(mediaAssets.companyId, companyId), eq(mediaAssets.matrikkelenhetId, matrikkelenhetId), eq(mediaAssets.objectId, objectId)))
    .orderBy(desc(mediaAssets.createdAt), mediaAssets.id);
  return rows.map((r) => r.id);
}

/**
 * Bytes of image files the company keeps, read under the company's quota lock, held to the commit:
 * two uploads cannot both take the last room.
 */
export async function lockedCompanyBytes(tx: Tx, companyId: string): Promise<number> {
  await advisoryLock(tx, `media-quota:${companyId}`);
  const [{ used }] = await tx.select({ used: sql<string>`coalesce(sum(${mediaAssets.sizeBytes}), 0)` }).from(mediaAssets)
    .where(eq(mediaAssets.companyId, companyId));
  return Number(used);
}

// --- writing --------------------------------------------------------------------------------------

/** Locks an image's row until the commit (a file replacement reads the current file under it). */
export async function lockAsset(tx: Tx, assetId: string): Promise<void> {
  await tx.execute(sql`select 1 from media_assets where id = ${assetId} for update`);
}

export async function insertAsset(tx: Tx, values: NewAssetRow): Promise<AssetRow> {
  const [row] = await tx.insert(mediaAssets).values(values).returning();
  return row;
}

/** Changes an image's row; its version goes up by one and updated_at to now. */
export async function updateAsset(tx: Tx, assetId: string, patch: Partial<AssetRow>): Promise<AssetRow> {
  const [row] = await tx.update(mediaAssets).set({ ...patch, version: sql`${mediaAssets.version} + 1`, updatedAt: new Date() })
    .where(eq(mediaAssets.id, assetId)).returning();
  return row;
}

export async function deleteAsset(tx: Tx, assetId: string): Promise<void> {
  await tx.delete(mediaAssets).where(eq(mediaAssets.id, assetId));
}

// --- the daily clean-up ---------------------------------------------------------------------------

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

/** The custom properties of every image of a task (which meter and image type each shows). */
export async function taskImageProps(db: DbOrTx, taskId: string): Promise<Record<string, unknown>[]> {
  const rows = await db.select({ customProps: mediaAssets.customProps }).from(mediaAssets).where(eq(mediaAssets.taskId, taskId));
  return rows.map((r) => r.customProps);
}
