/** POST /api/media (spec 1 §7 Media): a new image of a task the user works on, on that task's property. */
import { randomUUID } from 'node:crypto';
import { canActOnJob } from '../../../src/domain/jobs/rules';
import { MEDIA_MODULE_ID, objectIdOf } from '../../../src/domain/media';
import type { ImageAsset, UploadFields } from '../../../src/domain/schemas';
import type { UserContext } from '../../auth/context';
import type { Work } from '../../db/tx';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { CheckedImage } from '../../media/image';
import { companyTask, insertAsset, toAsset } from '../../repositories/media';
import { checkCaptureDate, checkWritable, noMedia } from './access';
import { command } from '../command';
import { checkQuota, putFile, storedMetadata, type MediaEffects } from './files';

/** The upload's fields as validated, and the file's safe name. */
export type UploadInput = UploadFields & { fileName: string };

export async function uploadImage(w: Work, user: UserContext, input: UploadInput, image: CheckedImage, fx: MediaEffects): Promise<ImageAsset> {
  const { tx } = w;
  checkCaptureDate(input.metadata);
  if (!user.companyId) throw notFound('Task');
  // A UUID is the same id in either case (RFC 9562); stored, answered and keyed in lower case.
  const assetId = (input.assetId ?? randomUUID()).toLowerCase();
  // The task and whether the image id is in use: one statement, checked in this order.
  const owner = await companyTask(tx, user.companyId, input.customProps.taskId, assetId);
  if (!owner) throw notFound('Task');
  if (!canActOnJob(user, owner.job)) throw forbidden();
  if (owner.job.matrikkelenhetId !== input.matrikkelenhetsId) {
    throw badRequest('body/matrikkelenhetsId', `must be the task's property (${owner.job.matrikkelenhetId})`);
  }
  checkWritable(owner.job, owner.task);

  const existing = owner.assetCompany;
  // An id in use elsewhere is answered as any id the user may not see.
  if (existing) throw existing === user.companyId ? conflict(`The image ${assetId} already exists`) : noMedia();

  const key = await putFile(fx, assetId, image);
  await checkQuota(tx, fx, owner.job.companyId, image.bytes.length);
  w.changes.note(owner.job.companyId, 'media');
  const row = await insertAsset(tx, {
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
  });
  return { ...toAsset(row), receivedHash: image.receivedSha256 };
}

/** POST /api/media: 201 (the routes' command, services/command.ts; fx: the request's file effects, routes/media.ts). */
export const uploadImageCommand = command({
  status: 201,
  run: (w, user, { input, image, fx }: { input: UploadInput; image: CheckedImage; fx: MediaEffects }) => uploadImage(w, user, input, image, fx),
});
