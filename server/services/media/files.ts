/**
 * An image's file and its room in the company's storage. Files go through the MediaStore: a new file
 * is written (durably) before its row (and removed again if the transaction fails); a file that lost
 * its row is removed after the commit. A company keeps at most its quota of image bytes (config
 * mediaQuotaBytes): an upload or a replacement that would go past it is refused with 413 and the
 * errorKey MediaQuotaExceeded.
 */
import { describeStored } from '../../../src/domain/media';
import type { ImageMetadata } from '../../../src/domain/schemas';
import type { Tx, Work } from '../../db/tx';
import { HttpError } from '../../http/errors';
import type { CheckedImage } from '../../media/image';
import { storageKey, type MediaStore } from '../../media/store';
import { lockedCompanyBytes, updateAsset, type AssetRow } from '../../repositories/media';

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
export async function checkQuota(tx: Tx, fx: MediaEffects, companyId: string, adding: number, replacing = 0): Promise<void> {
  if (adding <= replacing) return;
  const used = await lockedCompanyBytes(tx, companyId);
  if (used - replacing + adding > fx.quotaBytes) throw new QuotaExceeded(used, fx.quotaBytes);
}

export async function putFile(fx: MediaEffects, assetId: string, image: CheckedImage): Promise<string> {
  const key = storageKey(assetId, image.sha256, image.contentType);
  await fx.store.put(key, image.bytes);
  fx.written.push(key);
  return key;
}

/** The metadata as stored with a file: what that file is (size, bytes, upright), over what was sent. */
export const storedMetadata = (metadata: ImageMetadata | null | undefined, image: CheckedImage) =>
  metadata ? describeStored(metadata, { width: image.width, height: image.height, sizeInBytes: image.bytes.length }) : null;

/** A new file for an image's row (and `patch` with it); the old file is removed after the commit. */
export async function replaceFile(w: Work, fx: MediaEffects, asset: AssetRow, image: CheckedImage, patch: Partial<AssetRow> = {}): Promise<AssetRow> {
  const { tx } = w;
  const key = await putFile(fx, asset.id, image);
  await checkQuota(tx, fx, asset.companyId, image.bytes.length, asset.sizeBytes);
  w.changes.note(asset.companyId, 'media');
  const row = await updateAsset(tx, asset.id, {
    ...patch,
    metadata: storedMetadata(asset.metadata as ImageMetadata | null, image),
    contentType: image.contentType, sizeBytes: image.bytes.length, width: image.width, height: image.height,
    sha256: image.sha256, storageKey: key,
  });
  if (asset.storageKey !== key) fx.obsolete.push(asset.storageKey);
  return row;
}
