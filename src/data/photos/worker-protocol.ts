/** Messages between the page and the photo worker (imageWorker.ts). */
import type { PhotoMetadata } from './processing';

export interface PhotoJob {
  id: number;
  file: Blob;
  maxSide: number;
  /** Turn the picture clockwise by this much first (the preview's rotate, spec 1 §4). */
  rotate?: 0 | 90 | 180 | 270;
}

export type PhotoJobResult =
  | { id: number; ok: true; blob: Blob; thumb: Blob; sha256: string; metadata: PhotoMetadata; ms: number }
  | { id: number; ok: false; reason: 'undecodable' | 'failed'; detail?: string };
