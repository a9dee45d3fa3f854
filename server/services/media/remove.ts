/** Deleting task images (spec 1 §7 Media): one by its id, or all of an object id. Files go after the commit. */
import type { UserContext } from '../../auth/context';
import type { Work } from '../../db/tx';
import { deleteAsset } from '../../repositories/media';
import { checkWritable, objectAssets, ownedAsset } from './access';
import { command } from '../command';
import type { MediaEffects } from './files';

/** DELETE /api/media/module/{moduleId}/matrikkelenhet/{id}/{assetId}. */
export async function deleteImage(w: Work, user: UserContext, matrikkelenhetId: number, assetId: string, fx: MediaEffects): Promise<{ deleted: string[] }> {
  const { tx } = w;
  const { asset, job, task } = await ownedAsset(tx, user, assetId, matrikkelenhetId);
  checkWritable(job, task);
  w.changes.note(job.companyId, 'media');
  await deleteAsset(tx, asset.id);
  fx.obsolete.push(asset.storageKey);
  return { deleted: [asset.id] };
}

/** DELETE /api/media by object id. */
export async function deleteByObject(w: Work, user: UserContext, matrikkelenhetId: number, objectId: string, fx: MediaEffects): Promise<{ deleted: string[] }> {
  const owned = await objectAssets(w, user, matrikkelenhetId, objectId);
  for (const { asset } of owned) {
    await deleteAsset(w.tx, asset.id);
    fx.obsolete.push(asset.storageKey);
  }
  return { deleted: owned.map((o) => o.asset.id) };
}

// --- the routes' commands (services/command.ts; fx: the request's file effects, routes/media.ts) ------
export const deleteImageCommand = command({
  status: 200,
  run: (w, user, { matrikkelenhetId, assetId, fx }: { matrikkelenhetId: number; assetId: string; fx: MediaEffects }) => deleteImage(w, user, matrikkelenhetId, assetId, fx),
});
export const deleteByObjectCommand = command({
  status: 200,
  run: (w, user, { matrikkelenhetId, objectId, fx }: { matrikkelenhetId: number; objectId: string; fx: MediaEffects }) => deleteByObject(w, user, matrikkelenhetId, objectId, fx),
});
