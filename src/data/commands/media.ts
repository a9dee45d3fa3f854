/**
 * Task photos (spec 1 §7 Media, module 'VA'): upload and delete. The picture itself stays in the
 * replica's `photos` table (the outbox holds only its description), so the upload reads it when it
 * is sent; the photo is kept until the server's answer names the same SHA-256 as the device made.
 * A report that lists a photo waits for its upload (the report refers to the asset id, the upload
 * creates it); a deleted photo is hidden at once and its row removed when the server confirmed.
 */
import { MEDIA_MODULE_ID } from '../../domain/media';
import { db } from '../db';
import type { PhotoMetadata } from '../photos/processing';
import type { PhotoImageType, PhotoMeterKind } from '../photos/types';
import type { CommandDef } from './types';

export interface UploadPhotoBody {
  assetId: string;
  jobId: string;
  taskId: string;
  matrikkelenhetsId: number;
  fileName: string;
  customProps: { meterNumber: string | null; taskId: string; waterMeterType: PhotoMeterKind; imageType: PhotoImageType };
  metadata: PhotoMetadata;
}

export interface DeletePhotoBody {
  assetId: string;
  jobId: string;
  taskId: string;
  matrikkelenhetsId: number;
}

export interface MediaCommandBodies {
  uploadPhoto: UploadPhotoBody;
  deletePhoto: DeletePhotoBody;
}

/** The photo's file is missing on the device: nothing can be sent (the user sees it as failed). */
export class PhotoFileMissing extends Error {
  constructor(assetId: string) {
    super(`The photo ${assetId} is no longer on this device`);
  }
}

const noConflict = () => [];

interface AnsweredAsset {
  assetId?: unknown;
  contentHash?: unknown;
  receivedHash?: unknown;
}

export const mediaCommands: { [K in keyof MediaCommandBodies]: CommandDef<MediaCommandBodies[K]> } = {
  uploadPhoto: {
    async request(b) {
      const photo = await db.photos.get(b.assetId);
      if (!photo?.blob) throw new PhotoFileMissing(b.assetId);
      const form = new FormData();
      form.set('moduleId', MEDIA_MODULE_ID);
      form.set('matrikkelenhetsId', String(b.matrikkelenhetsId));
      form.set('assetId', b.assetId);
      form.set('metadata', JSON.stringify(b.metadata));
      form.set('customProps', JSON.stringify(b.customProps));
      form.set('mediafile', photo.blob, b.fileName);
      return { method: 'POST', path: '/api/media', form };
    },
    jobIds: (b) => [b.jobId],
    creates: (b) => [b.assetId],
    refersTo: (b) => [b.taskId],
    version: null,
    // The row is written with the command (enqueue's alsoWrite), the picture being no JSON.
    apply: async () => undefined,
    answerJobs: () => [],
    async settle(answer, b) {
      const a = (answer ?? {}) as AnsweredAsset;
      const photo = await db.photos.get(b.assetId);
      if (!photo) return;
      // The server names the hash of the bytes it received; equal to ours, our copy may go.
      const confirmed = a.assetId === b.assetId && (a.receivedHash ?? a.contentHash) === photo.sha256;
      await db.photos.put(confirmed ? { ...photo, state: 'sent', blob: null } : { ...photo, state: 'mismatch' });
    },
    labelKey: 'Command.uploadPhoto',
    subject: () => null,
    conflict: noConflict,
  },

  deletePhoto: {
    request: (b) => ({
      method: 'DELETE',
      path: `/api/media/module/${MEDIA_MODULE_ID}/matrikkelenhet/${b.matrikkelenhetsId}/${encodeURIComponent(b.assetId)}`,
      json: undefined,
    }),
    jobIds: (b) => [b.jobId],
    creates: () => [],
    refersTo: (b) => [b.taskId, b.assetId],
    version: null,
    async apply(b) {
      const photo = await db.photos.get(b.assetId);
      if (photo && !photo.deleted) await db.photos.put({ ...photo, deleted: true });
    },
    answerJobs: () => [],
    async settle(_answer, b) {
      await db.photos.delete(b.assetId);
    },
    labelKey: 'Command.deletePhoto',
    subject: () => null,
    conflict: noConflict,
  },
};

