/**
 * The photo pipeline, off the main thread (issue 5 §3): EXIF read with exifr, the picture decoded
 * with its EXIF orientation applied (createImageBitmap 'from-image'), resized with pica to at most
 * 1920 px, encoded as JPEG at quality 0.8, plus a thumbnail and the file's SHA-256. A file the
 * browser cannot decode (HEIC in Chromium, a corrupt file) is answered with reason 'undecodable'.
 */
import exifr from 'exifr';
import pica from 'pica';
import { fitWithin, metadataFrom, PHOTO_QUALITY, sha256Hex, THUMB_SIDE } from './processing';
import type { PhotoJob, PhotoJobResult } from './worker-protocol';

interface WorkerScope {
  onmessage: ((e: MessageEvent<PhotoJob>) => void) | null;
  postMessage(message: PhotoJobResult): void;
}
const scope = self as unknown as WorkerScope;

// Inside this worker pica needs no workers of its own; 'cib' is the browser's own resize where it
// is good enough, 'js' the fallback. (WebAssembly would need 'wasm-unsafe-eval' in the CSP.)
const resizer = pica({ features: ['js', 'cib'] });
// pica makes its scratch canvases with document.createElement unless told it runs in its own worker.
resizer.createCanvas = (width: number, height: number) => new OffscreenCanvas(width, height);

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

async function resized(bitmap: ImageBitmap | OffscreenCanvas, max: number, quality: number): Promise<{ blob: Blob; width: number; height: number; canvas: OffscreenCanvas }> {
  const size = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = new OffscreenCanvas(size.width, size.height);
  await resizer.resize(bitmap, canvas, { filter: 'mks2013', quality: 3 });
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  return { blob, canvas, ...size };
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
    bitmap = await createImageBitmap(job.file, { imageOrientation: 'from-image' });
  } catch {
    return { id: job.id, ok: false, reason: 'undecodable' };
  }
  try {
    const source = job.rotate ? turned(bitmap, job.rotate) : bitmap;
    const main = await resized(source, job.maxSide, PHOTO_QUALITY);
    // The thumbnail from the 1920 px picture, not the camera's 12 megapixels again (half the time).
    const thumb = await resized(main.canvas, THUMB_SIDE, 0.7);
    const bytes = await main.blob.arrayBuffer();
    return {
      id: job.id,
      ok: true,
      blob: main.blob,
      thumb: thumb.blob,
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
