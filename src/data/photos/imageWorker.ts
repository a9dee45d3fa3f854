/**
 * The photo pipeline, off the main thread: EXIF read with exifr; a camera
 * JPEG decoded at a fraction of its size by WebCodecs' ImageDecoder (else by createImageBitmap) and
 * brought to at most 1920 px by the browser's high-quality scaler, its EXIF orientation applied: the
 * camera's 12 megapixels are never decoded whole nor resized in JavaScript (pica took several times
 * longer for no sharper a picture: bench/photoPath.ts). Encoded as JPEG at quality 0.8, plus a
 * thumbnail and the file's SHA-256. A file the browser cannot decode (HEIC in Chromium, a corrupt
 * file) is answered 'undecodable'.
 */
import exifr from 'exifr';
import { PHOTO_QUALITY, THUMB_QUALITY, THUMB_SIDE } from '../../domain/media';
import { decodeSize, fitWithin, HEADER_BYTES, jpegDecodeSize, metadataFrom, sha256Hex, storedSize, uprightSize } from './processing';
import type { PhotoJob, PhotoJobResult } from './worker-protocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<PhotoJob>) => void) | null;
  postMessage(message: PhotoJobResult): void;
}
const scope = self as unknown as WorkerScope;

/** The picture turned clockwise by 90, 180 or 270 degrees. */
function turned(bitmap: ImageBitmap, degrees: 90 | 180 | 270): OffscreenCanvas {
  const quarter = degrees !== 180;
  const canvas = new OffscreenCanvas(quarter ? bitmap.height : bitmap.width, quarter ? bitmap.width : bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  return canvas;
}

/** `source` scaled so that its longer side is at most `max` (a new bitmap; the source is kept). */
function scaled(source: ImageBitmap | OffscreenCanvas, max: number): Promise<ImageBitmap> {
  const size = fitWithin(source.width, source.height, max);
  return createImageBitmap(source, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' });
}

/**
 * JPEG of the picture. Drawn, not handed over with 'bitmaprenderer': a bitmap may keep its EXIF turn
 * aside for drawing, and a handed-over one came out unturned (Chromium 150).
 */
async function jpeg(source: ImageBitmap | OffscreenCanvas, quality: number): Promise<Blob> {
  if (source instanceof OffscreenCanvas) return source.convertToBlob({ type: 'image/jpeg', quality });
  const canvas = new OffscreenCanvas(source.width, source.height);
  canvas.getContext('2d')!.drawImage(source, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
}

/**
 * A camera JPEG decoded at a fraction of its size (jpegDecodeSize) by WebCodecs' ImageDecoder, then
 * brought to `max` and turned upright (the frame carries the EXIF orientation; createImageBitmap
 * applies it). Null where there is no ImageDecoder, or it decoded smaller than asked: then the
 * picture is decoded whole.
 */
async function viaImageDecoder(file: Blob, stored: { width: number; height: number }, max: number): Promise<ImageBitmap | null> {
  const desired = jpegDecodeSize(stored, max);
  if (!desired || typeof ImageDecoder !== 'function') return null;
  const decoder = new ImageDecoder({ data: file.stream(), type: 'image/jpeg', desiredWidth: desired.width, desiredHeight: desired.height });
  try {
    const { image } = await decoder.decode();
    try {
      const upright = { width: image.displayWidth, height: image.displayHeight };
      if (Math.max(upright.width, upright.height) < max) return null;
      return await createImageBitmap(image, { ...decodeSize(upright, max), resizeQuality: 'high' });
    } finally {
      image.close();
    }
  } catch {
    return null;
  } finally {
    decoder.close();
  }
}

/**
 * The picture upright and at most `max` px: decoded at (about) that size when the file's header
 * tells its size, else decoded whole and scaled. Should the browser have read another orientation
 * than exifr (the longer side not the expected one), the result is scaled once more: never over `max`.
 */
async function decoded(file: Blob, exif: Record<string, unknown> | null, max: number): Promise<ImageBitmap> {
  const stored = storedSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
  const resize = stored ? decodeSize(uprightSize(stored, exif?.Orientation), max) : null;
  const bitmap = (resize && stored?.type === 'image/jpeg' ? await viaImageDecoder(file, stored, max) : null)
    ?? await createImageBitmap(file, { imageOrientation: 'from-image', ...(resize ? { ...resize, resizeQuality: 'high' as const } : {}) });
  if (Math.max(bitmap.width, bitmap.height) <= max) return bitmap;
  try {
    return await scaled(bitmap, max);
  } finally {
    bitmap.close();
  }
}

async function run(job: PhotoJob): Promise<PhotoJobResult> {
  const started = performance.now();
  let exif: Record<string, unknown> | null = null;
  try {
    // Raw values (Orientation 6, not 'Rotate 90 CW'); dates revived as Date.
    exif = (await exifr.parse(job.file, { tiff: true, exif: true, gps: true, ifd1: false, xmp: false, icc: false, iptc: false, translateValues: false })) ?? null;
  } catch {
    exif = null; // no EXIF, or unreadable: the photo is still usable
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await decoded(job.file, exif, job.maxSide);
  } catch {
    return { id: job.id, ok: false, reason: 'undecodable' };
  }
  try {
    // A turn (the preview's rotate) starts from the stored picture, already at its size.
    const main = job.rotate ? turned(bitmap, job.rotate) : bitmap;
    const blob = await jpeg(main, PHOTO_QUALITY);
    // The thumbnail from the 1920 px picture, not the camera's 12 megapixels again.
    const small = await scaled(main, THUMB_SIDE);
    const thumb = await jpeg(small, THUMB_QUALITY);
    small.close();
    const bytes = await blob.arrayBuffer();
    return {
      id: job.id,
      ok: true,
      blob,
      thumb,
      sha256: await sha256Hex(bytes),
      metadata: metadataFrom(exif, { width: main.width, height: main.height, bytes: bytes.byteLength }),
      ms: Math.round(performance.now() - started),
    };
  } finally {
    bitmap.close();
  }
}

scope.onmessage = (e) => {
  void run(e.data).then(
    (result) => scope.postMessage(result),
    (err: unknown) => scope.postMessage({ id: e.data.id, ok: false, reason: 'failed', detail: err instanceof Error ? err.message : String(err) }),
  );
};
