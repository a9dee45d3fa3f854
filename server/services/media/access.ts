/**
 * Who may see and change an image (spec 1 §7 Media). Who may see one follows its job: the job's
 * company, and of that company admins and the job's plumber (another company: 404 as for anything
 * unseen; another plumber of the company: 403 with the spec's text). Images of a completed task or
 * job are read-only (409).
 */
import { JobStatus } from '../../../src/domain/enums';
import { canActOnJob, isTaskFinished } from '../../../src/domain/jobs/rules';
import { CAPTURE_CLOCK_SKEW_MS, isFutureCapture, NO_MEDIA_FOUND } from '../../../src/domain/media';
import type { ImageMetadata } from '../../../src/domain/schemas';
import type { UserContext } from '../../auth/context';
import type { DbOrTx, Work } from '../../db/tx';
import { conflict, forbidden, HttpError, RuleError } from '../../http/errors';
import { companyAsset, objectAssetIds, type AssetWithJob } from '../../repositories/media';

export const noMedia = () => new HttpError(404, NO_MEDIA_FOUND);

/** An image of the user's company, with its job and task; 404 when absent or another company's, 403 when not the user's job. */
export async function ownedAsset(db: DbOrTx, user: UserContext, assetId: string, matrikkelenhetId?: number): Promise<AssetWithJob> {
  if (!user.companyId) throw noMedia();
  const row = await companyAsset(db, user.companyId, assetId);
  if (!row || (matrikkelenhetId !== undefined && row.asset.matrikkelenhetId !== matrikkelenhetId)) throw noMedia();
  if (!canActOnJob(user, row.job)) throw forbidden();
  return row;
}

export function checkWritable(job: AssetWithJob['job'], task: AssetWithJob['task']): void {
  if (job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed) throw conflict('The job is completed: its images can no longer be changed');
  if (isTaskFinished(task)) throw conflict('The task is finished: its images can no longer be changed');
}

/** A photo is not taken in the future; a device clock a little ahead is allowed for. */
export function checkCaptureDate(metadata: ImageMetadata | null | undefined): void {
  if (isFutureCapture(metadata?.metadataCapturedDate, new Date(), CAPTURE_CLOCK_SKEW_MS)) {
    throw new RuleError('body/metadata/metadataCapturedDate', 'must not be in the future', 'CaptureDateInFuture');
  }
}

/** The images of one object id on a property that the user may change (all of them, or 404/403/409). */
export async function objectAssets(w: Work, user: UserContext, matrikkelenhetId: number, objectId: string): Promise<AssetWithJob[]> {
  const { tx } = w;
  if (!user.companyId) throw noMedia();
  const ids = await objectAssetIds(tx, user.companyId, matrikkelenhetId, objectId);
  if (ids.length === 0) throw noMedia();
  const owned = await Promise.all(ids.map((id) => ownedAsset(tx, user, id)));
  for (const o of owned) checkWritable(o.job, o.task);
  w.changes.note(user.companyId, 'media');
  return owned;
}
