/**
 * The page's side of the photo worker: one worker, started on first use, jobs answered in turn.
 * The form never waits on the main thread: decoding, resizing and encoding run in the worker.
 */
import { MAX_IMAGE_SIDE, OFFERED_PHOTO_EXTENSIONS, OFFERED_PHOTO_TYPES, offeredAsPhoto } from '../../domain/media';
import type { PhotoJob, PhotoJobResult } from './worker-protocol';

export type ProcessedPhoto = Extract<PhotoJobResult, { ok: true }>;

export class PhotoRejected extends Error {
  constructor(readonly reason: 'undecodable' | 'failed' | 'type') {
    super(`photo ${reason}`);
  }
}

/** What the file input offers (spec 1 §5): jpg, jpeg, png, jfif, and heic (refused when undecodable). */
export const PHOTO_ACCEPT = [...OFFERED_PHOTO_TYPES, ...OFFERED_PHOTO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (r: PhotoJobResult) => void>();

function photoWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./imageWorker.ts', import.meta.url), { type: 'module', name: 'photos' });
  worker.onmessage = (e: MessageEvent<PhotoJobResult>) => {
    waiting.get(e.data.id)?.(e.data);
    waiting.delete(e.data.id);
  };
  return worker;
}

/** Starts the worker ahead of the first photo (its module loads in its own thread meanwhile), where there are workers. */
export function startPhotoWorker(): void {
  if (typeof Worker === 'function') photoWorker();
}

/** By name and declared type only to refuse early what is plainly no photo; the content decides. */
export function looksLikePhoto(file: File): boolean {
  return offeredAsPhoto(file.name, file.type);
}

export async function processPhoto(file: Blob, maxSide = MAX_IMAGE_SIDE, rotate: PhotoJob['rotate'] = 0): Promise<ProcessedPhoto> {
  const id = nextId++;
  const result = await new Promise<PhotoJobResult>((resolve) => {
    waiting.set(id, resolve);
    const job: PhotoJob = { id, file, maxSide, ...(rotate ? { rotate } : {}) };
    photoWorker().postMessage(job);
  });
  if (!result.ok) throw new PhotoRejected(result.reason);
  return result;
}
