/**
 * Task photos on the device: taken or picked, processed in the worker, stored in the replica and
 * queued for upload in one transaction; shown from the replica with their sending state; deleted
 * through the outbox. Also the storage the photos need: persistent, and a warning before it runs out.
 */
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { describeStored, isFutureCapture, THUMB_SIDE } from '../../domain/media';
import { dependentEntries, type OutboxEntry } from '../commands';
import { db } from '../db';
import { getSession } from '../identity';
import { newId } from '../ids';
import { enqueue } from '../outbox';
import { applyTables } from '../replay';
import { getUploadProgress, subscribeUploadProgress } from '../status';
import { apiFetchBlob } from '../transport';
import { processPhoto, startPhotoWorker } from './process';
import type { PhotoImageType, PhotoMeterKind, PhotoRef, StoredPhoto } from './types';

/** Where a new photo belongs: its job, task, property, kind and meter. */
export type PhotoTarget = Pick<StoredPhoto, 'jobId' | 'taskId' | 'matrikkelenhetsId' | 'imageType' | 'meterKind' | 'meterNumber'>;

let prepared = false;

/**
 * Readies, in idle moments, what a screen's first photo would otherwise set up in the main thread's
 * tasks while it is saved: the photo worker (its module then loads in its own thread) and the upload
 * command's check (its module loaded, then compiled, each in an idle moment of its own; outbox.ts
 * loads the same module on the first enqueue). Once per page; an image strip calls it when it shows.
 */
export function preparePhotoPath(): void {
  if (prepared) return;
  prepared = true;
  void (async () => {
    await idle();
    startPhotoWorker();
    await idle();
    const { prepareCommandCheck } = await import('../commandSchemas');
    await idle();
    prepareCommandCheck('uploadPhoto');
  })().catch(() => { prepared = false; });
}

/**
 * An idle moment of the main thread (a timer where there is no requestIdleCallback). Read from
 * globalThis: this module is also built for the service worker, whose types have none.
 */
const idle = () => new Promise<void>((resolve) => {
  const onIdle = (globalThis as { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number }).requestIdleCallback;
  if (typeof onIdle === 'function') onIdle.call(globalThis, () => resolve(), { timeout: 2000 });
  else setTimeout(resolve, 50);
});

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

/**
 * Hides the photo at once; the server deletes it after its upload (the outbox keeps the order).
 * A photo whose upload never left the device is not sent at all (cancelUnsentUpload).
 */
export async function deletePhoto(photo: PhotoRef): Promise<void> {
  if (await cancelUnsentUpload(photo)) return;
  await enqueue({ type: 'deletePhoto', body: refOf(photo) });
}

/** The photo's own later commands, which go with its upload. */
const OWN_COMMANDS: ReadonlySet<OutboxEntry['type']> = new Set(['rotatePhoto', 'updatePhotoMetadata']);

/**
 * An upload and a delete of the same photo cancel out while the upload has never been tried: its
 * queued rotations and date edits go with it, and the row too, in one transaction. Not when an
 * attempt started (it may have reached the server, whose copy the delete must then remove; replay
 * counts no attempt without a network), nor when another queued command needs the photo (a report
 * listing it). A replayer that reads the upload before this runs finds it gone when it would count
 * its attempt, and sends nothing (replay.ts sendEntry).
 */
async function cancelUnsentUpload(photo: PhotoRef): Promise<boolean> {
  const userId = getSession()?.userId;
  if (!userId) return false;
  return db.transaction('rw', applyTables(), async () => {
    const mine = await db.outbox.where('userId').equals(userId).toArray();
    const upload = mine.find((e) => e.type === 'uploadPhoto' && e.body.assetId === photo.assetId);
    if (!upload || upload.status !== 'pending' || upload.attempts > 0) return false;
    const dependents = dependentEntries(upload, mine);
    const ownUnsent = (e: OutboxEntry) =>
      OWN_COMMANDS.has(e.type) && (e.body as PhotoRef).assetId === photo.assetId && e.status === 'pending' && e.attempts === 0;
    if (!dependents.every(ownUnsent)) return false;
    await db.outbox.bulkDelete([upload, ...dependents].map((e) => e.seq!));
    await db.photos.delete(photo.assetId);
    return true;
  });
}

const refOf = (p: PhotoRef) => ({ assetId: p.assetId, jobId: p.jobId, taskId: p.taskId, matrikkelenhetsId: p.matrikkelenhetsId });

/**
 * Turns the photo clockwise (spec 1 §4: saving uploads the rotated copy replacing the old one). With
 * the picture on the device the turned copy replaces it there and is what the server gets; once
 * the device let go of it, the thumbnail is turned here and the server turns its own copy.
 */
export async function rotatePhoto(shown: StoredPhoto, degrees: 90 | 180 | 270): Promise<void> {
  // The row as it is now (a screen may hold an older copy).
  const photo = (await db.photos.get(shown.assetId)) ?? shown;
  const quarter = degrees !== 180;
  let next: StoredPhoto;
  if (photo.blob) {
    const turned = await processPhoto(photo.blob, Math.max(photo.metadata.width, photo.metadata.height), degrees);
    next = { ...photo, blob: turned.blob, thumb: turned.thumb, sha256: turned.sha256, state: 'local', metadata: describeStored(photo.metadata, turned.metadata) };
  } else {
    // Until the server's answer says what its turned copy is (rotatePhoto's settle).
    const thumb = await processPhoto(photo.thumb, THUMB_SIDE, degrees);
    const { width, height, sizeInBytes } = photo.metadata;
    next = { ...photo, thumb: thumb.blob, metadata: describeStored(photo.metadata, quarter ? { width: height, height: width, sizeInBytes } : { width, height, sizeInBytes }) };
  }
  await enqueue({ type: 'rotatePhoto', body: { ...refOf(photo), degrees } }, { alsoWrite: () => db.photos.put(next) });
}

/** A capture date after now: the preview's field refuses it, and so does this. */
export class CaptureDateInFuture extends Error {
  constructor() {
    super('A photo cannot be taken in the future');
  }
}

/** The capture date the plumber corrected (metadata edit, PUT /api/media/metadata). */
export async function setPhotoCaptureDate(shown: StoredPhoto, date: Date | null, now = new Date()): Promise<void> {
  if (date && isFutureCapture(date.toISOString(), now)) throw new CaptureDateInFuture();
  const photo = (await db.photos.get(shown.assetId)) ?? shown;
  await enqueue({ type: 'updatePhotoMetadata', body: { ...refOf(photo), metadata: { ...photo.metadata, metadataCapturedDate: date ? date.toISOString() : null } } });
}

/** The picture at full size: the device's copy, else the server's (null offline once sent). */
export async function fullPicture(photo: StoredPhoto, signal?: AbortSignal): Promise<Blob | null> {
  if (photo.blob) return photo.blob;
  try {
    return await apiFetchBlob(`/api/media/file/${encodeURIComponent(photo.assetId)}`, signal);
  } catch {
    return null;
  }
}

/** What the plumber sees beside each photo. */
export type PhotoSendState =
  | { kind: 'waiting' }
  /** key: the upload command's, to find its progress (useUploadProgress). */
  | { kind: 'sending'; key: string }
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
    return photos.map((photo) => ({ photo, send: photoSendState(photo, entries.find((e) => e.type === 'uploadPhoto' && e.body.assetId === photo.assetId)) }));
  }, [taskId, imageType, meterKind], NONE);
}

/** What the plumber sees beside a photo, from its row and its queued upload (if any). */
export function photoSendState(photo: StoredPhoto, upload: OutboxEntry | undefined): PhotoSendState {
  if (upload?.status === 'failed') {
    return { kind: 'failed', seq: upload.seq!, status: upload.error?.status ?? 0, message: upload.error?.message ?? '', errorKey: upload.error?.errorKey };
  }
  // Being sent: an attempt started and has not failed (a failed attempt sets lastError).
  if (upload) return upload.attempts > 0 && !upload.lastError ? { kind: 'sending', key: upload.key } : { kind: 'waiting' };
  return photo.state === 'mismatch' ? { kind: 'mismatch' } : photo.state === 'sent' ? { kind: 'sent' } : { kind: 'waiting' };
}

/** The parts of navigator.storage used here (typed apart: the worker's lib has no persist()). */
interface StorageLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ quota?: number; usage?: number }>;
}

const storageManager = () => (globalThis as { navigator?: { storage?: StorageLike } }).navigator?.storage;

/**
 * The photos of one kind as a report lists them ({ assetId, text, url }): the device's, after any an
 * earlier report or draft listed that this device did not take.
 */
export function useListedPhotos(taskId: string, listedBefore: unknown, imageType: PhotoImageType, meterKind?: PhotoMeterKind) {
  const photos = useTaskPhotos(taskId, imageType, meterKind);
  const before = (Array.isArray(listedBefore) ? listedBefore : [])
    .filter((img) => typeof (img as { assetId?: unknown } | null)?.assetId !== 'string');
  const listed = [...before, ...photos.map(({ photo }) => ({ assetId: photo.assetId, text: photo.fileName, url: `/api/media/file/${photo.assetId}` }))];
  return { count: photos.length, listed };
}

/** The share sent (0–1) of an upload under way in this page, or null (not started, or in the worker). */
export function useUploadProgress(key: string | null): number | null {
  const all = useSyncExternalStore(subscribeUploadProgress, getUploadProgress, getUploadProgress);
  return key === null ? null : all.get(key) ?? null;
}

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
