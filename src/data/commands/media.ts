/**
 * Task photos (spec 1 §7 Media, module 'VA'): upload and delete. The picture itself stays in the
 * replica's `photos` table (the outbox holds only its description), so the upload reads it when it
 * is sent; the photo is kept until the server's answer names the same SHA-256 as the device made.
 * A photo deleted before its upload ever left the device is not sent at all (photos/store.ts).
 * A report that lists a photo waits for its upload (the report refers to the asset id, the upload
 * creates it); a deleted photo is hidden at once and its row removed when the server confirmed.
 */
import { describeStored, MEDIA_MODULE_ID } from '../../domain/media';
import { db } from '../db';
import type { PhotoMetadata } from '../photos/processing';
import type { PhotoImageType, PhotoMeterKind, PhotoRef } from '../photos/types';
import { defineCommands } from './define';

export interface UploadPhotoBody extends PhotoRef {
  fileName: string;
  customProps: { meterNumber: string | null; taskId: string; waterMeterType: PhotoMeterKind; imageType: PhotoImageType };
  metadata: PhotoMetadata;
}

export type DeletePhotoBody = PhotoRef;

export interface RotatePhotoBody extends PhotoRef {
  /** Clockwise, in the preview's 90° steps. */
  degrees: 90 | 180 | 270;
}

export interface PhotoMetadataBody extends PhotoRef {
  metadata: PhotoMetadata;
}

export interface MediaCommandBodies {
  uploadPhoto: UploadPhotoBody;
  deletePhoto: DeletePhotoBody;
  rotatePhoto: RotatePhotoBody;
  updatePhotoMetadata: PhotoMetadataBody;
}

/** Queued commands that send this photo's picture (its upload, a rotation with the turned copy). */
async function picturesQueued(jobId: string, assetId: string): Promise<number> {
  const entries = await db.outbox.where('jobIds').equals(jobId).toArray();
  return entries.filter((e) => (e.type === 'uploadPhoto' || e.type === 'rotatePhoto') && e.status === 'pending' && e.body.assetId === assetId).length;
}

/**
 * The device's copy may go once the server names the hash of the very bytes the device holds and
 * nothing queued still sends them. Another hash is a mismatch and the copy stays, unless a queued
 * rotation sends the current picture again (the user turned it while this was under way): its
 * answer decides.
 */
async function confirmByHash(answer: unknown, jobId: string, assetId: string): Promise<void> {
  const a = (answer ?? {}) as AnsweredAsset;
  const photo = await db.photos.get(assetId);
  if (!photo) return;
  const later = await picturesQueued(jobId, assetId);
  const confirmed = a.assetId === assetId && (a.receivedHash ?? a.contentHash) === photo.sha256;
  if (confirmed) await db.photos.put({ ...photo, state: 'sent', blob: later === 0 ? null : photo.blob });
  else if (later === 0) await db.photos.put({ ...photo, state: 'mismatch' });
}

/** The photo's file is missing on the device: nothing can be sent (the user sees it as failed). */
export class PhotoFileMissing extends Error {
  constructor(assetId: string) {
    super(`The photo ${assetId} is no longer on this device`);
  }
}

interface AnsweredAsset {
  assetId?: unknown;
  contentHash?: unknown;
  receivedHash?: unknown;
  width?: unknown;
  height?: unknown;
  sizeInBytes?: unknown;
}

export const mediaCommands = defineCommands<MediaCommandBodies>({
  uploadPhoto: {
    keepsJobVersions: true,
    schema: 'UploadPhotoCommand',
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
    // The row is written with the command (enqueue's alsoWrite), the picture being no JSON.
    apply: async () => undefined,
    // The server names the hash of the bytes it received; equal to ours, our copy may go.
    settle: (answer, b) => confirmByHash(answer, b.jobId, b.assetId),
  },

  deletePhoto: {
    keepsJobVersions: true,
    schema: 'DeletePhotoCommand',
    request: (b) => ({
      method: 'DELETE',
      path: `/api/media/module/${MEDIA_MODULE_ID}/matrikkelenhet/${b.matrikkelenhetsId}/${encodeURIComponent(b.assetId)}`,
      json: undefined,
    }),
    jobIds: (b) => [b.jobId],
    refersTo: (b) => [b.taskId, b.assetId],
    async apply(b) {
      const photo = await db.photos.get(b.assetId);
      if (photo && !photo.deleted) await db.photos.put({ ...photo, deleted: true });
    },
    async settle(_answer, b) {
      await db.photos.delete(b.assetId);
    },
  },

  rotatePhoto: {
    keepsJobVersions: true,
    schema: 'RotatePhotoCommand',
    // With the picture still on the device, the turned copy itself (the same bytes however often it
    // is sent); once the device let go of it, the turn for the server to make.
    async request(b) {
      const photo = await db.photos.get(b.assetId);
      const form = new FormData();
      if (photo?.blob) form.set('mediafile', photo.blob, photo.fileName);
      else form.set('degrees', String(b.degrees));
      return { method: 'PUT', path: `/api/media/rotate/${encodeURIComponent(b.assetId)}`, form };
    },
    jobIds: (b) => [b.jobId],
    refersTo: (b) => [b.taskId, b.assetId],
    // The turned picture and thumbnail are written with the command (enqueue's alsoWrite).
    apply: async () => undefined,
    // A sent copy is judged by its hash; a turn the server made itself has no bytes of ours to
    // compare, and its answer says what the turned copy is.
    async settle(answer, b) {
      const photo = await db.photos.get(b.assetId);
      if (photo?.blob) return confirmByHash(answer, b.jobId, b.assetId);
      const a = (answer ?? {}) as AnsweredAsset;
      if (photo && typeof a.width === 'number' && typeof a.height === 'number' && typeof a.sizeInBytes === 'number') {
        await db.photos.put({ ...photo, metadata: describeStored(photo.metadata, { width: a.width, height: a.height, sizeInBytes: a.sizeInBytes }) });
      }
    },
  },

  updatePhotoMetadata: {
    keepsJobVersions: true,
    schema: 'PhotoMetadataCommand',
    request: (b) => ({
      method: 'PUT',
      path: '/api/media/metadata',
      json: { moduleId: MEDIA_MODULE_ID, matrikkelenhetsId: b.matrikkelenhetsId, assetId: b.assetId, metadata: b.metadata },
    }),
    jobIds: (b) => [b.jobId],
    refersTo: (b) => [b.taskId, b.assetId],
    async apply(b) {
      const photo = await db.photos.get(b.assetId);
      if (photo) await db.photos.put({ ...photo, metadata: b.metadata });
    },
    // Nothing to settle: the answer names the server's file, which this command did not send.
  },
});
