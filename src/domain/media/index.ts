/**
 * Task images (spec 1 §3 image asset, §7 Media): the image and meter kinds, the object id rule and
 * what a stored picture's metadata says, once for the server and the device; the photo's size and
 * quality (photo.ts) and the accepted files (fileTypes.ts) beside them. The shapes (TypeBox schemas)
 * are in schemas/media.ts.
 */
import type { CustomProps, ImageMetadata } from '../schemas/media';

export * from './fileTypes';
export * from './photo';

/** The spec's module id for water-meter media. */
export const MEDIA_MODULE_ID = 'VA';
/** Object ids join serial, task id, meter kind and image type with this (spec 1 §9). */
export const OBJECT_ID_DELIMITER = '_';
export const ImageType = { Overview: 'overview', Detail: 'detail', UpstreamDetail: 'upstreamDetail', Deviation: 'deviation' } as const;
export const MeterKind = { New: 'new', Old: 'old', Upstream: 'upstream', Deviation: 'deviation' } as const;

/** serial_taskId_meterKind_imageType (spec 1 §7); an unknown serial is left empty. */
export function objectIdOf(p: Pick<CustomProps, 'meterNumber' | 'taskId' | 'waterMeterType' | 'imageType'>): string {
  return [p.meterNumber ?? '', p.taskId, p.waterMeterType, p.imageType].join(OBJECT_ID_DELIMITER);
}

/** The spec's answer to a media path that finds nothing (spec 1 §8): the client shows it as text. */
export const NO_MEDIA_FOUND = 'No media found.';

/** EXIF orientation of a picture whose pixels are already upright. */
export const UPRIGHT = 1;

/**
 * The metadata of a stored picture says what that picture is: its size and bytes, and
 * upright, since the device and the server store pixels already turned (the camera's orientation
 * said only how to turn them). Used wherever a file is stored or replaced, and on a metadata edit.
 */
export function describeStored<M extends ImageMetadata>(
  metadata: M, stored: { width: number; height: number; sizeInBytes: number },
): M & { width: number; height: number; sizeInBytes: number; orientation: number } {
  return { ...metadata, width: stored.width, height: stored.height, sizeInBytes: stored.sizeInBytes, orientation: UPRIGHT };
}

/**
 * How far a device's clock may run ahead of the server's: a capture date up to this past the
 * server's now is still taken (the device itself refuses any date after its own now).
 */
export const CAPTURE_CLOCK_SKEW_MS = 60 * 60_000;

/** A photo is not taken in the future: true when this capture date lies after `now` (plus `skewMs`). */
export function isFutureCapture(capturedIso: string | null | undefined, now: Date, skewMs = 0): boolean {
  if (!capturedIso) return false;
  const at = Date.parse(capturedIso);
  return Number.isFinite(at) && at > now.getTime() + skewMs;
}
