/**
 * What a photo becomes before it is stored on the device (spec 1 §5: the size and quality in
 * src/domain/media/photo.ts, everything compressed; spec 1 §3 image metadata). Pure helpers shared
 * by the worker and tests.
 */
import { describeStored, isFutureCapture, MAX_IMAGE_SIDE, sniffImageType, type StoredImageType } from '../../domain/media';

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

/** The start of a file that holds its size: JPEG's APP segments (EXIF, XMP, ICC) come before its frame header. */
export const HEADER_BYTES = 256 * 1024;

/**
 * A JPEG's or PNG's pixel size as stored (before any EXIF orientation), from the start of the file
 * (HEADER_BYTES): JPEG's frame header (SOFn), PNG's IHDR. Null for anything else, or when the frame
 * header lies further in: then the picture is decoded whole to learn its size.
 */
export function storedSize(bytes: Uint8Array): { width: number; height: number; type: StoredImageType } | null {
  const at16 = (i: number) => (bytes[i] << 8) | bytes[i + 1];
  const type = sniffImageType(bytes);
  if (type === 'image/png' && bytes.length >= 24) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const size = { width: view.getUint32(16), height: view.getUint32(20), type: 'image/png' as const };
    return size.width > 0 && size.height > 0 ? size : null;
  }
  if (type !== 'image/jpeg') return null;
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    // Fill bytes, and the markers that carry no length.
    if (marker === 0xff) { i += 1; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const size = { width: at16(i + 7), height: at16(i + 5), type: 'image/jpeg' as const };
      return size.width > 0 && size.height > 0 ? size : null;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + at16(i + 2);
  }
  return null;
}

/** EXIF orientations 5–8 stand the picture on its side: upright, its width and height change places. */
export function uprightSize(stored: { width: number; height: number }, orientation: unknown): { width: number; height: number } {
  const sideways = typeof orientation === 'number' && orientation >= 5 && orientation <= 8;
  return sideways ? { width: stored.height, height: stored.width } : { width: stored.width, height: stored.height };
}

/**
 * The size to ask a JPEG decoder for (ImageDecoder's desiredWidth/Height, as stored, not turned): a
 * JPEG decodes at n/8 of its size for little more than the work of the smaller picture, and this is
 * the smallest n/8 whose longer side still reaches `max`, so that only a slight resize follows. Null
 * when that is the whole picture.
 */
export function jpegDecodeSize(stored: { width: number; height: number }, max = MAX_IMAGE_SIDE): { width: number; height: number } | null {
  const eighths = Math.ceil((8 * max) / Math.max(stored.width, stored.height));
  if (eighths >= 8) return null;
  return { width: Math.ceil((stored.width * eighths) / 8), height: Math.ceil((stored.height * eighths) / 8) };
}

/**
 * What the worker asks createImageBitmap for: the upright picture's longer side brought to `max`
 * (never enlarged), the other side left to the browser to keep the proportions, so that no rounding
 * can make the longer side exceed `max`. Null when the picture is small enough as it is.
 */
export function decodeSize(upright: { width: number; height: number }, max = MAX_IMAGE_SIDE): { resizeWidth: number } | { resizeHeight: number } | null {
  if (Math.max(upright.width, upright.height) <= max) return null;
  return upright.width >= upright.height ? { resizeWidth: max } : { resizeHeight: max };
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
