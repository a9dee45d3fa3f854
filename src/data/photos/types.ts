/** A task photo as the replica holds it (Dexie table `photos`). */
import type { PhotoMetadata } from './processing';

export type PhotoImageType = 'overview' | 'detail' | 'upstreamDetail' | 'deviation';
export type PhotoMeterKind = 'new' | 'old' | 'upstream' | 'deviation';

/** What names one photo to the server: the asset, its job and task, and the property it is filed under. */
export interface PhotoRef {
  assetId: string;
  jobId: string;
  taskId: string;
  matrikkelenhetsId: number;
}

/** assetId is made on the device; the server keeps it (POST /api/media takes the asset id). */
export interface StoredPhoto extends PhotoRef {
  imageType: PhotoImageType;
  meterKind: PhotoMeterKind;
  meterNumber: string | null;
  fileName: string;
  /** The stored picture (JPEG, at most 1920 px); dropped once the server confirmed it by hash. */
  blob: Blob | null;
  thumb: Blob;
  /** SHA-256 (hex) of blob: the server's answer must name the same hash. */
  sha256: string;
  metadata: PhotoMetadata;
  createdAt: string;
  /** local: not yet confirmed by the server; sent: confirmed by hash; mismatch: the server holds other bytes. */
  state: 'local' | 'sent' | 'mismatch';
  /** Deleted by the user; the row goes when the server confirmed the delete. */
  deleted?: boolean;
}
