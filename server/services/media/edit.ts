/** Changing task images (spec 1 §4, §7 Media): a rotated file, the metadata, a new serial (and file) by object id. */
import { describeStored, OBJECT_ID_DELIMITER } from '../../../src/domain/media';
import type { CustomProps, ImageAsset, ImageMetadata } from '../../../src/domain/schemas';
import type { UserContext } from '../../auth/context';
import type { Work } from '../../db/tx';
import { badRequest } from '../../http/errors';
import type { CheckedImage } from '../../media/image';
import { lockAsset, toAsset, updateAsset, type AssetRow } from '../../repositories/media';
import { checkCaptureDate, checkWritable, noMedia, objectAssets, ownedAsset } from './access';
import { replaceFile, type MediaEffects } from './files';
import { command } from '../command';

/** PUT /api/media/rotate/{id}: the rotated copy replaces the image (spec 1 §4 image rotation). */
export async function replaceImageFile(w: Work, user: UserContext, assetId: string, make: (asset: AssetRow, bytes: Buffer) => Promise<CheckedImage>, fx: MediaEffects): Promise<ImageAsset> {
  const { tx } = w;
  const { asset, job, task } = await ownedAsset(tx, user, assetId);
  checkWritable(job, task);
  await lockAsset(tx, assetId);
  const current = await fx.store.get(asset.storageKey);
  if (!current) throw noMedia();
  const image = await make(asset, current);
  const row = await replaceFile(w, fx, asset, image);
  return { ...toAsset(row), receivedHash: image.receivedSha256 };
}

/** PUT /api/media/metadata. */
export async function updateMetadata(w: Work, user: UserContext, body: { matrikkelenhetsId: number; assetId: string; metadata: ImageMetadata }): Promise<ImageAsset> {
  const { tx } = w;
  checkCaptureDate(body.metadata);
  const { asset, job, task } = await ownedAsset(tx, user, body.assetId, body.matrikkelenhetsId);
  checkWritable(job, task);
  w.changes.note(job.companyId, 'media');
  // The file's size is the file's: an edit changes what a person says about the photo, not that.
  const metadata = describeStored(body.metadata, { width: asset.width, height: asset.height, sizeInBytes: asset.sizeBytes });
  return toAsset(await updateAsset(tx, body.assetId, { metadata }));
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
      out.push(toAsset(await updateAsset(w.tx, asset.id, patch)));
    }
  }
  return out;
}

// --- the routes' commands (services/command.ts; fx: the request's file effects, routes/media.ts) ------
/** PUT /api/media/metadata. */
export const updateMetadataCommand = command({ status: 200, run: updateMetadata });
/** PUT /api/media: the object's images, each with the new file or under the new object id. */
export const replaceByObjectCommand = command({
  status: 200,
  run: (w, user, { body, image, fx }: { body: Parameters<typeof replaceByObject>[2]; image: CheckedImage | null; fx: MediaEffects }) => replaceByObject(w, user, body, image, fx),
});
/** PUT /api/media/rotate/{id}: the image's file replaced by what `make` makes of it. */
export const replaceImageFileCommand = command({
  status: 200,
  run: (w, user, { assetId, make, fx }: { assetId: string; make: Parameters<typeof replaceImageFile>[3]; fx: MediaEffects }) => replaceImageFile(w, user, assetId, make, fx),
});
