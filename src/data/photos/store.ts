/**
 * Task photos on the device: taken or picked, processed in the worker, stored in the replica and
 * queued for upload in one transaction; shown from the replica with their sending state; deleted
 * through the outbox. Also the storage the photos need: persistent, and a warning before it runs out.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { newId } from '../ids';
import { enqueue } from '../outbox';
import { processPhoto } from './process';
import type { PhotoImageType, PhotoMeterKind, StoredPhoto } from './types';

export interface PhotoTarget {
  jobId: string;
  taskId: string;
  matrikkelenhetsId: number;
  imageType: PhotoImageType;
  meterKind: PhotoMeterKind;
  meterNumber: string | null;
}

/** Resizes the picture off the main thread, then stores it and queues its upload, atomically. */
export async function addPhoto(file: Blob, target: PhotoTarget, now = new Date()): Promise<StoredPhoto> {
  const processed = await processPhoto(file);
  const assetId = newId();
  const fileName = `${target.imageType}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.jpg`;
  const photo: StoredPhoto = {
    assetId,
    ...target,
    fileName,
    blob: processed.blob,
    thumb: processed.thumb,
    sha256: processed.sha256,
    metadata: processed.metadata,
    createdAt: now.toISOString(),
    state: 'local',
  };
  await enqueue({
    type: 'uploadPhoto',
    body: {
      assetId,
      jobId: target.jobId,
      taskId: target.taskId,
      matrikkelenhetsId: target.matrikkelenhetsId,
      fileName,
      customProps: { meterNumber: target.meterNumber, taskId: target.taskId, waterMeterType: target.meterKind, imageType: target.imageType },
      metadata: processed.metadata,
    },
  }, { alsoWrite: () => db.photos.put(photo) });
  void ensurePersistentStorage();
  return photo;
}

/** Hides the photo at once; the server deletes it after its upload (the outbox keeps the order). */
export async function deletePhoto(photo: Pick<StoredPhoto, 'assetId' | 'jobId' | 'taskId' | 'matrikkelenhetsId'>): Promise<void> {
  await enqueue({
    type: 'deletePhoto',
    body: { assetId: photo.assetId, jobId: photo.jobId, taskId: photo.taskId, matrikkelenhetsId: photo.matrikkelenhetsId },
  });
}

/** What the plumber sees beside each photo. */
export type PhotoSendState =
  | { kind: 'waiting' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; seq: number; status: number; message: string; errorKey?: string }
  | { kind: 'mismatch' };

export interface TaskPhoto {
  photo: StoredPhoto;
  send: PhotoSendState;
}

const NONE: TaskPhoto[] = [];

/** The task's photos of one type (and meter, when given), oldest first, with their sending state (live). */
export function useTaskPhotos(taskId: string, imageType: PhotoImageType, meterKind?: PhotoMeterKind): TaskPhoto[] {
  return useLiveQuery(async () => {
    const photos = (await db.photos.where('[taskId+imageType]').equals([taskId, imageType]).sortBy('createdAt'))
      .filter((p) => !p.deleted && (meterKind === undefined || p.meterKind === meterKind));
    if (photos.length === 0) return NONE;
    const entries = (await db.outbox.where('jobIds').equals(photos[0].jobId).toArray()).filter((e) => e.type === 'uploadPhoto');
    return photos.map((photo) => {
      const entry = entries.find((e) => e.type === 'uploadPhoto' && e.body.assetId === photo.assetId);
      let send: PhotoSendState;
      if (entry?.status === 'failed') {
        send = { kind: 'failed', seq: entry.seq!, status: entry.error?.status ?? 0, message: entry.error?.message ?? '', errorKey: entry.error?.errorKey };
      } else if (entry) {
        // Being sent: an attempt started and has not failed (a failed attempt sets lastError).
        send = entry.attempts > 0 && !entry.lastError ? { kind: 'sending' } : { kind: 'waiting' };
      }
      else send = photo.state === 'mismatch' ? { kind: 'mismatch' } : photo.state === 'sent' ? { kind: 'sent' } : { kind: 'waiting' };
      return { photo, send };
    });
  }, [taskId, imageType, meterKind], NONE);
}

/** The parts of navigator.storage used here (typed apart: the worker's lib has no persist()). */
interface StorageLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ quota?: number; usage?: number }>;
}

const storageManager = () => (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage;

/** Asks the browser not to evict the replica (photos not yet sent live only here). */
export async function ensurePersistentStorage(): Promise<boolean> {
  const storage = storageManager();
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** Below this much free space the forms warn: a dozen photos and their thumbnails. */
export const LOW_STORAGE_BYTES = 50 * 1024 * 1024;

/** Free space left for the app, or null when the browser does not say. */
export async function freeStorageBytes(): Promise<number | null> {
  const storage = storageManager();
  if (!storage?.estimate) return null;
  try {
    const { quota, usage } = await storage.estimate();
    return quota === undefined || usage === undefined ? null : Math.max(0, quota - usage);
  } catch {
    return null;
  }
}
