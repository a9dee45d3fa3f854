/** Reading task images (spec 1 §7 Media): a property's list, a search by custom props, one image, its file. */
import type { CustomProps, ImageAsset } from '../../../src/domain/schemas';
import type { UserContext } from '../../auth/context';
import type { DbOrTx } from '../../db/tx';
import type { MediaStore } from '../../media/store';
import { toAsset, visibleAssets } from '../../repositories/media';
import { noMedia, ownedAsset } from './access';

/** Most images one list answers. */
const LIST_LIMIT = 500;

/** GET /api/media/module/{moduleId}/matrikkelenhet/{id}: the property's images the user may see (admin: the company's; plumber: own jobs). */
export async function listImages(db: DbOrTx, user: UserContext, matrikkelenhetId: number, customProps: Record<string, unknown> | null = null): Promise<ImageAsset[]> {
  if (!user.companyId) throw noMedia();
  const rows = await visibleAssets(db, user, matrikkelenhetId, customProps, LIST_LIMIT);
  if (rows.length === 0) throw noMedia();
  return rows.map((r) => toAsset(r));
}

/** POST /api/media/customprops: the property's images whose custom props hold every given value. */
export async function searchImages(db: DbOrTx, user: UserContext, matrikkelenhetId: number, props: Partial<CustomProps>): Promise<ImageAsset[]> {
  const given = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
  return listImages(db, user, matrikkelenhetId, given);
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
