/**
 * Task images (spec 1 §7 Media). Who may see an image follows its job: the job's company, and of
 * that company admins and the job's plumber (another company: 404 as for anything unseen; another
 * plumber of the company: 403 with the spec's text). Images of a completed task or job are
 * read-only (409). Files go through the MediaStore: a new file is written (durably) before its row
 * (and removed again if the transaction fails); a file that lost its row is removed after the commit.
 * A company keeps at most its quota of image bytes (config mediaQuotaBytes): an upload or a
 * replacement that would go past it is refused with 413 and the errorKey MediaQuotaExceeded.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { JobStatus } from '../../src/domain/enums';
import { canActOnJob, isTaskFinished } from '../../src/domain/jobRules';
import { CAPTURE_CLOCK_SKEW_MS, describeStored, isFutureCapture, MEDIA_MODULE_ID, NO_MEDIA_FOUND, OBJECT_ID_DELIMITER, objectIdOf } from '../../src/domain/media';
import type { CustomProps, ImageAsset, ImageMetadata, UploadFields } from '../../src/domain/schemas';
import type { UserContext } from '../auth/context';
import { jobs, mediaAssets, tasks } from '../db/schema';
import type { CheckedImage } from '../media/image';
import { storageKey, type MediaStore } from '../media/store';
import { badRequest, conflict, forbidden, HttpError, notFound, RuleError } from '../http/errors';
import { visibleJobs } from '../repositories/jobs';
import type { DbOrTx, Tx, Work } from '../db/tx';

type AssetRow = typeof mediaAssets.$inferSelect;

/** Where a mutation's files go, and the work it leaves for after its commit: files no row refers to any more. */
export interface MediaEffects {
  store: MediaStore;
  /** Bytes of image files one company may keep. */
  quotaBytes: number;
  /** Keys written by this request: removed if the transaction fails. */
  written: string[];
  /** Keys to remove once the transaction has committed. */
  obsolete: string[];
}

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

const noMedia = () => new HttpError(404, NO_MEDIA_FOUND);

/** 413: the company's image storage would go past its quota; the device shows it by its errorKey. */
class QuotaExceeded extends HttpError {
  constructor(usedBytes: number, quotaBytes: number) {
    const mb = (n: number) => Math.ceil(n / 1024 / 1024);
    super(413, `The company's image storage is full (${mb(usedBytes)} of ${mb(quotaBytes)} MB used): delete images or ask for a larger quota`);
  }

  override body() {
    return { ...super.body(), errorKey: 'MediaQuotaExceeded' };
  }
}

/**
 * Refuses a file that would take the company past its quota. `replacing` is the size of the file it
 * replaces. The per-company lock, held to the commit, keeps two uploads from both taking the last room.
 */
async function checkQuota(tx: Tx, fx: MediaEffects, companyId: string, adding: number, replacing = 0): Promise<void> {
  if (adding <= replacing) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-quota:${companyId}`}, 0))`);
  const [{ used }] = await tx.select({ used: sql<string>`coalesce(sum(${mediaAssets.sizeBytes}), 0)` }).from(mediaAssets)
    .where(eq(mediaAssets.companyId, companyId));
  if (Number(used) - replacing + adding > fx.quotaBytes) throw new QuotaExceeded(Number(used), fx.quotaBytes);
}

/** Images of jobs the user may see (admin: the company's; plumber: own jobs). */
const visibleAssets = (user: UserContext): SQL => and(eq(mediaAssets.companyId, user.companyId ?? ''), visibleJobs(user))!;

export async function listImages(db: DbOrTx, user: UserContext, matrikkelenhetId: number, extra?: SQL): Promise<ImageAsset[]> {
  if (!user.companyId) throw noMedia();
  const rows = await db.select({ asset: mediaAssets }).from(mediaAssets)
    .innerJoin(jobs, eq(jobs.id, mediaAssets.jobId))
    .where(and(visibleAssets(user), eq(mediaAssets.matrikkelenhetId, matrikkelenhetId), extra))
    .orderBy(desc(mediaAssets.createdAt), mediaAssets.id)
    .limit(500);
  if (rows.length === 0) throw noMedia();
  return rows.map((r) => toAsset(r.asset));
}

/** POST /api/media/customprops: the property's images whose custom props hold every given value. */
export async function searchImages(db: DbOrTx, user: UserContext, matrikkelenhetId: number, props: Partial<CustomProps>): Promise<ImageAsset[]> {
  const given = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
  return listImages(db, user, matrikkelenhetId, sql`${mediaAssets.customProps} @> ${JSON.stringify(given)}::jsonb`);
}

interface Owned {
  asset: AssetRow;
  job: typeof jobs.$inferSelect;
  task: typeof tasks.$inferSelect;
}

/** An image of the user's company, with its job and task; 404 when absent or another company's, 403 when not the user's job. */
async function ownedAsset(db: DbOrTx, user: UserContext, assetId: string, matrikkelenhetId?: number): Promise<Owned> {
  if (!user.companyId) throw noMedia();
  const [row] = await db.select({ asset: mediaAssets, job: jobs, task: tasks }).from(mediaAssets)
    .innerJoin(jobs, eq(jobs.id, mediaAssets.jobId))
    .innerJoin(tasks, eq(tasks.id, mediaAssets.taskId))
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.companyId, user.companyId), sql`${jobs.deletedAt} is null`))
    .limit(1);
  if (!row || (matrikkelenhetId !== undefined && row.asset.matrikkelenhetId !== matrikkelenhetId)) throw noMedia();
  if (!canActOnJob(user, row.job)) throw forbidden();
  return row;
}

function checkWritable(job: typeof jobs.$inferSelect, task: typeof tasks.$inferSelect): void {
  if (job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed) throw conflict('The job is completed: its images can no longer be changed');
  if (isTaskFinished(task)) throw conflict('The task is finished: its images can no longer be changed');
}

export async function getImage(db: DbOrTx, user: UserContext, matrikkelenhetId: number, assetId: string, store: MediaStore): Promise<ImageAsset> {
  const { asset } = await ownedAsset(db, user, assetId, matrikkelenhetId);
  const bytes = await store.get(asset.storageKey);
  if (!bytes) throw noMedia();
  return toAsset(asset, bytes);
}

export async function imageFile(db: DbOrTx, user: UserContext, assetId: string, store: MediaStore) {
  const { asset } = await ownedAsset(db, user, assetId);
  const bytes = await store.get(asset.storageKey);
  if (!bytes) throw noMedia();
  return { bytes, contentType: asset.contentType, sha256: asset.sha256, version: asset.version };
}

async function putFile(fx: MediaEffects, assetId: string, image: CheckedImage): Promise<string> {
  const key = storageKey(assetId, image.sha256, image.contentType);
  await fx.store.put(key, image.bytes);
  fx.written.push(key);
  return key;
}

/** A photo is not taken in the future (issue 12); a device clock a little ahead is allowed for. */
function checkCaptureDate(metadata: ImageMetadata | null | undefined): void {
  if (isFutureCapture(metadata?.metadataCapturedDate, new Date(), CAPTURE_CLOCK_SKEW_MS)) {
    throw new RuleError('body/metadata/metadataCapturedDate', 'must not be in the future', 'CaptureDateInFuture');
  }
}

/** The metadata as stored with a file: what that file is (size, bytes, upright), over what was sent. */
const storedMetadata = (metadata: ImageMetadata | null | undefined, image: CheckedImage) =>
  metadata ? describeStored(metadata, { width: image.width, height: image.height, sizeInBytes: image.bytes.length }) : null;

/** The upload's fields as validated, and the file's safe name. */
export type UploadInput = UploadFields & { fileName: string };

/** POST /api/media: a new image of a task the user works on, on that task's property. */
export async function uploadImage(w: Work, user: UserContext, input: UploadInput, image: CheckedImage, fx: MediaEffects): Promise<ImageAsset> {
  const { tx } = w;
  checkCaptureDate(input.metadata);
  if (!user.companyId) throw notFound('Task');
  const [owner] = await tx.select({ job: jobs, task: tasks }).from(tasks)
    .innerJoin(jobs, eq(jobs.id, tasks.jobId))
    .where(and(eq(tasks.id, input.customProps.taskId), eq(jobs.companyId, user.companyId), sql`${jobs.deletedAt} is null`, eq(tasks.isDeleted, false)))
    .limit(1);
  if (!owner) throw notFound('Task');
  if (!canActOnJob(user, owner.job)) throw forbidden();
  if (owner.job.matrikkelenhetId !== input.matrikkelenhetsId) {
    throw badRequest('body/matrikkelenhetsId', `must be the task's property (${owner.job.matrikkelenhetId})`);
  }
  checkWritable(owner.job, owner.task);

  // A UUID is the same id in either case (RFC 9562); stored, answered and keyed in lower case.
  const assetId = (input.assetId ?? randomUUID()).toLowerCase();
  const [existing] = await tx.select({ companyId: mediaAssets.companyId }).from(mediaAssets).where(eq(mediaAssets.id, assetId)).limit(1);
  // An id in use elsewhere is answered as any id the user may not see.
  if (existing) throw existing.companyId === user.companyId ? conflict(`The image ${assetId} already exists`) : noMedia();

  const key = await putFile(fx, assetId, image);
  await checkQuota(tx, fx, owner.job.companyId, image.bytes.length);
  w.changes.note(owner.job.companyId, 'media');
  const [row] = await tx.insert(mediaAssets).values({
    id: assetId,
    customerId: owner.job.customerId,
    companyId: owner.job.companyId,
    jobId: owner.job.id,
    taskId: owner.task.id,
    moduleId: MEDIA_MODULE_ID,
    matrikkelenhetId: input.matrikkelenhetsId,
    objectId: objectIdOf(input.customProps),
    customProps: input.customProps,
    fileName: input.fileName,
    contentType: image.contentType,
    sizeBytes: image.bytes.length,
    width: image.width,
    height: image.height,
    sha256: image.sha256,
    storageKey: key,
    metadata: storedMetadata(input.metadata, image),
    createdBy: user.email,
  }).returning();
  return { ...toAsset(row), receivedHash: image.receivedSha256 };
}

async function replaceFile(w: Work, fx: MediaEffects, asset: AssetRow, image: CheckedImage, patch: Partial<AssetRow> = {}): Promise<AssetRow> {
  const { tx } = w;
  const key = await putFile(fx, asset.id, image);
  await checkQuota(tx, fx, asset.companyId, image.bytes.length, asset.sizeBytes);
  w.changes.note(asset.companyId, 'media');
  const [row] = await tx.update(mediaAssets).set({
    ...patch,
    metadata: storedMetadata(asset.metadata as ImageMetadata | null, image),
    contentType: image.contentType, sizeBytes: image.bytes.length, width: image.width, height: image.height,
    sha256: image.sha256, storageKey: key, version: sql`${mediaAssets.version} + 1`, updatedAt: new Date(),
  }).where(eq(mediaAssets.id, asset.id)).returning();
  if (asset.storageKey !== key) fx.obsolete.push(asset.storageKey);
  return row;
}

/** PUT /api/media/rotate/{id}: the rotated copy replaces the image (spec 1 §4 image rotation). */
export async function replaceImageFile(w: Work, user: UserContext, assetId: string, make: (asset: AssetRow, bytes: Buffer) => Promise<CheckedImage>, fx: MediaEffects): Promise<ImageAsset> {
  const { tx } = w;
  const { asset, job, task } = await ownedAsset(tx, user, assetId);
  checkWritable(job, task);
  await tx.execute(sql`select 1 from media_assets where id = ${assetId} for update`);
  const current = await fx.store.get(asset.storageKey);
  if (!current) throw noMedia();
  const image = await make(asset, current);
  const row = await replaceFile(w, fx, asset, image);
  return { ...toAsset(row), receivedHash: image.receivedSha256 };
}

export async function updateMetadata(w: Work, user: UserContext, body: { matrikkelenhetsId: number; assetId: string; metadata: ImageMetadata }): Promise<ImageAsset> {
  const { tx } = w;
  checkCaptureDate(body.metadata);
  const { asset, job, task } = await ownedAsset(tx, user, body.assetId, body.matrikkelenhetsId);
  checkWritable(job, task);
  w.changes.note(job.companyId, 'media');
  // The file's size is the file's: an edit changes what a person says about the photo, not that.
  const metadata = describeStored(body.metadata, { width: asset.width, height: asset.height, sizeInBytes: asset.sizeBytes });
  const [row] = await tx.update(mediaAssets)
    .set({ metadata, version: sql`${mediaAssets.version} + 1`, updatedAt: new Date() })
    .where(eq(mediaAssets.id, body.assetId)).returning();
  return toAsset(row);
}

export async function deleteImage(w: Work, user: UserContext, matrikkelenhetId: number, assetId: string, fx: MediaEffects): Promise<{ deleted: string[] }> {
  const { tx } = w;
  const { asset, job, task } = await ownedAsset(tx, user, assetId, matrikkelenhetId);
  checkWritable(job, task);
  w.changes.note(job.companyId, 'media');
  await tx.delete(mediaAssets).where(eq(mediaAssets.id, asset.id));
  fx.obsolete.push(asset.storageKey);
  return { deleted: [asset.id] };
}

/** The images of one object id on a property that the user may change (all of them, or 404/403). */
async function objectAssets(w: Work, user: UserContext, matrikkelenhetId: number, objectId: string): Promise<Owned[]> {
  const { tx } = w;
  if (!user.companyId) throw noMedia();
  const rows = await tx.select({ asset: mediaAssets }).from(mediaAssets)
    .where(and(eq(mediaAssets.companyId, user.companyId), eq(mediaAssets.matrikkelenhetId, matrikkelenhetId), eq(mediaAssets.objectId, objectId)))
    .orderBy(desc(mediaAssets.createdAt), mediaAssets.id);
  if (rows.length === 0) throw noMedia();
  const owned = await Promise.all(rows.map((r) => ownedAsset(tx, user, r.asset.id)));
  for (const o of owned) checkWritable(o.job, o.task);
  w.changes.note(user.companyId, 'media');
  return owned;
}

/** DELETE /api/media by object id. */
export async function deleteByObject(w: Work, user: UserContext, matrikkelenhetId: number, objectId: string, fx: MediaEffects): Promise<{ deleted: string[] }> {
  const { tx } = w;
  const owned = await objectAssets(w, user, matrikkelenhetId, objectId);
  for (const { asset } of owned) {
    await tx.delete(mediaAssets).where(eq(mediaAssets.id, asset.id));
    fx.obsolete.push(asset.storageKey);
  }
  return { deleted: owned.map((o) => o.asset.id) };
}

/**
 * PUT /api/media by object id: the images get NewObjectId (a meter's serial changed), and when a file
 * is sent it replaces the newest of them. Only the serial may change: the rest of an object id names
 * the task, meter kind and image type, and moving images into another task (another plumber's)
 * would let them block that plumber's delete by object id.
 */
export async function replaceByObject(
  w: Work, user: UserContext, body: { matrikkelenhetsId: number; CurrentObjectId: string; NewObjectId?: string }, image: CheckedImage | null, fx: MediaEffects,
): Promise<ImageAsset[]> {
  const afterSerial = (id: string) => id.slice(id.indexOf(OBJECT_ID_DELIMITER));
  if (body.NewObjectId !== undefined && (!body.NewObjectId.includes(OBJECT_ID_DELIMITER) || afterSerial(body.NewObjectId) !== afterSerial(body.CurrentObjectId))) {
    throw badRequest('body/NewObjectId', `must differ from CurrentObjectId only in the serial before the first "${OBJECT_ID_DELIMITER}"`);
  }
  const owned = await objectAssets(w, user, body.matrikkelenhetsId, body.CurrentObjectId);
  const objectId = body.NewObjectId ?? body.CurrentObjectId;
  const out: ImageAsset[] = [];
  for (const [i, { asset }] of owned.entries()) {
    const props = { ...(asset.customProps as CustomProps) };
    const serial = objectId.split('_')[0];
    if (body.NewObjectId) props.meterNumber = serial || null;
    const patch = { objectId, customProps: props };
    if (i === 0 && image) {
      out.push({ ...toAsset(await replaceFile(w, fx, asset, image, patch)), receivedHash: image.receivedSha256 });
    } else {
      const [row] = await w.tx.update(mediaAssets).set({ ...patch, version: sql`${mediaAssets.version} + 1`, updatedAt: new Date() })
        .where(eq(mediaAssets.id, asset.id)).returning();
      out.push(toAsset(row));
    }
  }
  return out;
}
