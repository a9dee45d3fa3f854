/**
 * What a photo becomes before it is stored on the device (spec 1 §5: max side 1920, quality 0.8,
 * everything compressed; spec 1 §3 image metadata). Pure helpers shared by the worker and tests.
 */
import { describeStored, isFutureCapture, MAX_IMAGE_SIDE } from '../../domain/media';

export const PHOTO_QUALITY = 0.8;
/** The carousel's thumbnails: small enough to keep hundreds in the replica. */
export const THUMB_SIDE = 240;

/** Spec 1 §3 image asset metadata, as read from the photo's EXIF (null where the photo says nothing). */
export interface PhotoMetadata {
  deviceMake: string | null;
  deviceOS: string | null;
  deviceModel: string | null;
  metadataCapturedDate: string | null;
  iSO: number | null;
  /** Exposure time in seconds (shown as 1/250 by shutterText). */
  shutterSpeed: number | null;
  latitude: number | null;
  longitude: number | null;
  direction: number | null;
  /** Of the stored picture: always 1 (upright), its pixels turned as the camera said (describeStored). */
  orientation: number | null;
  width: number;
  height: number;
  sizeInBytes: number;
}

/** The size a photo is stored at: its longest side at most `max`, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A shutter speed as photographers write it: 1/250, or 2 s. */
export function shutterText(exposure: unknown): string | null {
  if (typeof exposure !== 'number' || !Number.isFinite(exposure) || exposure <= 0) return null;
  return exposure >= 1 ? `${Math.round(exposure * 10) / 10} s` : `1/${Math.round(1 / exposure)}`;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 100) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The spec's metadata from exifr's output, the stored size and the stored file's bytes. The camera's
 * orientation is not kept: the stored picture is turned by it, and its width and height say how it
 * stands. A capture date after `now` is a camera clock set wrong: left out, for the plumber to give.
 */
export function metadataFrom(exif: Record<string, unknown> | null | undefined, stored: { width: number; height: number; bytes: number }, now = new Date()): PhotoMetadata {
  const e = exif ?? {};
  const taken = e.DateTimeOriginal ?? e.CreateDate ?? e.ModifyDate;
  const captured = taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken.toISOString() : null;
  return describeStored({
    deviceMake: text(e.Make),
    deviceOS: text(e.Software),
    deviceModel: text(e.Model),
    metadataCapturedDate: isFutureCapture(captured, now) ? null : captured,
    iSO: num(e.ISO),
    shutterSpeed: num(e.ExposureTime),
    latitude: num(e.latitude),
    longitude: num(e.longitude),
    direction: num(e.GPSImgDirection),
    orientation: null,
  }, { width: stored.width, height: stored.height, sizeInBytes: stored.bytes });
}

/** Hex SHA-256 of the stored file: the server's answer names the same hash when it has the photo. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
