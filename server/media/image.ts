/**
 * Judging an uploaded file by its content, not by its name, against image bombs and hostile bytes.
 * In order, before any pixel is decoded:
 * - the bytes must start as a JPEG or PNG does;
 * - the header's size must be within MAX_INPUT_PIXELS and MAX_ASPECT_RATIO (a 778 KB PNG of
 *   100,000,000×1 pixels once took the process to 9 GB);
 * then, at most DECODE_SLOTS images at a time in the whole process, the file is decoded to its end
 * (a truncated or corrupt file is a 400, never a 500). A clean file that is kept as it is, is decoded
 * at an eighth of its size: a JPEG's entropy-coded data is still read through to its end marker, but
 * libjpeg skips the full inverse transform and nothing is scaled (about 9 ms of CPU for a device's
 * 1920×1440 photo, where decoding every pixel and summing them took 130 ms).
 *
 * What is stored: the received bytes themselves when they are a clean picture, else a re-encoding.
 * Clean means: at most MAX_IMAGE_SIDE on each side, nothing after the image's end marker, and no
 * segment but the picture's own (JPEG: JFIF header, tables, frame, scans, and one small ICC colour
 * profile, which Chromium's canvas writes; PNG: the critical chunks, transparency and the fixed-size
 * colour and density chunks). That is what the device sends (a JPEG of at most MAX_IMAGE_SIDE at
 * PHOTO_QUALITY from its canvas), so its photo is stored byte for byte and the stored hash
 * (contentHash) is the one the device computed. Anything else (EXIF or XMP with GPS positions, comments, text chunks, trailing
 * data such as a zip or an HTML page, larger pictures) is decoded, turned upright by its EXIF
 * orientation, scaled to at most MAX_IMAGE_SIDE and encoded again in its own format without any
 * metadata. Either way the answer names the hash of the bytes received (receivedHash), which is
 * what the device compares with its own.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, PHOTO_QUALITY, sniffImageType, type StoredImageType } from '../../src/domain/media';
import { badRequest, HttpError, TooManyError } from '../http/errors';

export interface CheckedImage {
  bytes: Buffer;
  contentType: StoredImageType;
  width: number;
  height: number;
  sha256: string;
  receivedSha256: string;
}

/**
 * Largest picture the server decodes: 24 megapixels (a 6000×4000 camera). The device sends at most
 * 1920×1920 (3.7 MP); a bigger upload comes from another client and is scaled down.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
/** Longer side over shorter side: a panorama passes, a 1-pixel ribbon does not. */
export const MAX_ASPECT_RATIO = 10;
/** Images decoded at once in this process; more wait (DECODE_QUEUE), then 429. */
export const DECODE_SLOTS = 2;
export const DECODE_QUEUE = 32;
const RETRY_AFTER_SECONDS = 5;

// The operation cache would keep decoded images of earlier requests alive for nothing.
sharp.cache(false);

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A re-encoded JPEG is as the device makes one (sharp takes the quality in percent). */
const JPEG_OPTIONS = { quality: Math.round(PHOTO_QUALITY * 100) };

/** Waiting turns for the decoder: DECODE_SLOTS run, DECODE_QUEUE wait, the rest are told to come back. */
const decoding = { running: 0, waiting: [] as (() => void)[] };

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding.running >= DECODE_SLOTS) {
    if (decoding.waiting.length >= DECODE_QUEUE) {
      throw new TooManyError(`Too many images are being processed: try again in ${RETRY_AFTER_SECONDS} s`, RETRY_AFTER_SECONDS);
    }
    // The slot is handed over by the one finishing, so `running` never goes past DECODE_SLOTS.
    await new Promise<void>((resolve) => decoding.waiting.push(resolve));
  } else {
    decoding.running += 1;
  }
  try {
    return await work();
  } finally {
    const next = decoding.waiting.shift();
    if (next) next();
    else decoding.running -= 1;
  }
}

const JFIF = Buffer.from('JFIF\0', 'latin1');
const ICC = Buffer.from('ICC_PROFILE\0', 'latin1');
/** An ICC profile as a canvas writes it (Chromium's sRGB is 472 bytes); larger ones are re-encoded. */
const MAX_KEPT_ICC_BYTES = 4096;

/** A JPEG holding only its picture (and one small, well-formed ICC profile) and ending at its EOI. */
function isCleanJpeg(b: Buffer): boolean {
  let i = 2;
  let icc = 0;
  while (i + 2 <= b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1];
    if (marker === 0xd9) return i + 2 === b.length;
    if (i + 4 > b.length) return false;
    const end = i + 2 + b.readUInt16BE(i + 2);
    if (end > b.length) return false;
    if (marker === 0xe0) {
      // The plain JFIF header, without a thumbnail.
      if (end - i !== 18 || !b.subarray(i + 4, i + 9).equals(JFIF)) return false;
    } else if (marker === 0xe2) {
      const profile = b.subarray(i + 4 + ICC.length + 2, end);
      const wellFormed = b.subarray(i + 4, i + 4 + ICC.length).equals(ICC) && b[i + 4 + ICC.length] === 1 && b[i + 5 + ICC.length] === 1
        && profile.length >= 128 && profile.readUInt32BE(0) === profile.length && profile.subarray(36, 40).toString('latin1') === 'acsp';
      icc += 1;
      if (!wellFormed || icc > 1 || profile.length > MAX_KEPT_ICC_BYTES) return false;
    } else if (!((marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || marker === 0xdb || marker === 0xdd || marker === 0xda)) {
      // Other APPn (EXIF, XMP, Adobe…), comments, and anything unusual.
      return false;
    }
    i = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      for (;;) {
        const ff = b.indexOf(0xff, i);
        if (ff < 0 || ff + 1 >= b.length) return false;
        const next = b[ff + 1];
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i = ff + 2;
        else if (next === 0xff) i = ff + 1;
        else {
          i = ff;
          break;
        }
      }
    }
  }
  return false;
}

/** Chunks a PNG may keep: the picture's own and fixed-size colour and density hints (sharp writes pHYs). */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'pHYs', 'sRGB', 'gAMA', 'cHRM']);

/** A PNG of only the kept chunks, ending at IEND. */
function isCleanPng(b: Buffer): boolean {
  let i = 8;
  while (i + 12 <= b.length) {
    const type = b.subarray(i + 4, i + 8).toString('latin1');
    const end = i + 12 + b.readUInt32BE(i);
    if (!PNG_KEPT.has(type) || end > b.length) return false;
    if (type === 'IEND') return end === b.length;
    i = end;
  }
  return false;
}

const unreadable = (field: string, err: unknown) => {
  if (err instanceof HttpError) return err;
  return badRequest(field, `is not a readable image: ${String((err as Error)?.message ?? err).split('\n')[0].slice(0, 120)}`);
};

/**
 * Checks an uploaded picture and gives the bytes to store (see the module's comment): refused by its
 * header when too large or too narrow, decoded fully in a decoder slot, kept when clean, else
 * re-encoded upright at most MAX_IMAGE_SIDE without metadata.
 */
export async function checkImage(bytes: Buffer, field = 'mediafile'): Promise<CheckedImage> {
  if (bytes.length === 0) throw badRequest(field, 'is empty');
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(field, `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest(field, 'is not a JPEG or PNG image (judged by its content, not its name)');
  let header: Metadata;
  try {
    // The header only: no pixel is decoded here.
    header = await sharp(bytes).metadata();
  } catch (err) {
    throw unreadable(field, err);
  }
  const { width = 0, height = 0 } = header;
  if (width < 1 || height < 1) throw badRequest(field, 'has no width or height in its header');
  if (width * height > MAX_INPUT_PIXELS) {
    throw badRequest(field, `is ${width}×${height} pixels: more than the ${MAX_INPUT_PIXELS / 1_000_000} megapixels the server takes`);
  }
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT_RATIO) {
    throw badRequest(field, `is ${width}×${height} pixels: one side is more than ${MAX_ASPECT_RATIO} times the other`);
  }
  const receivedSha256 = sha256(bytes);
  const clean = Math.max(width, height) <= MAX_IMAGE_SIDE && (contentType === 'image/png' ? isCleanPng(bytes) : isCleanJpeg(bytes));
  // The pixel limit holds even if a decoder sees another size than the header said.
  const input = (failOn: FailOn) => sharp(bytes, { failOn, limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });
  return withDecodeSlot(async () => {
    try {
      if (clean) {
        // Decoded to the end at 1/8 scale (a JPEG shrinks on load; a PNG is read line by line).
        await decodeWhole((failOn) => input(failOn).resize(Math.max(1, Math.ceil(width / 8)), Math.max(1, Math.ceil(height / 8)), { fit: 'fill', kernel: 'nearest' }).raw().toBuffer());
        return { bytes, contentType, width, height, sha256: receivedSha256, receivedSha256 };
      }
      const out = await decodeWhole((failOn) => {
        const pipeline = input(failOn).autoOrient().resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
        return (contentType === 'image/png' ? pipeline.png() : pipeline.jpeg(JPEG_OPTIONS)).toBuffer({ resolveWithObject: true });
      });
      return { bytes: out.data, contentType, width: out.info.width, height: out.info.height, sha256: sha256(out.data), receivedSha256 };
    } catch (err) {
      throw unreadable(field, err);
    }
  });
}

type FailOn = 'warning' | 'truncated';

/**
 * A decoder's warning that pixels are missing: libjpeg's "Corrupt JPEG data: premature end of data
 * segment" when a scan ends (or is absent) before its last block, e.g. a header claiming 4800×4800
 * followed by no scan data and an end marker; libjpeg fills the rest in grey and calls it a warning.
 */
const MISSING_PIXELS = /premature end/i;

/**
 * Decodes with every decoder warning fatal (sharp's failOn 'warning': libvips hands no warning to
 * JavaScript otherwise, so this is the only way to see one). A warning of missing pixels refuses the
 * file; any other (a few stray bytes before a marker, which some cameras write; an unknown JFIF
 * version) loses no pixel, so the file is decoded once more failing only on a cut-off or corrupt one
 * (failOn 'truncated', a cut-off file an error rather than a grey bottom half), as it was before.
 */
async function decodeWhole<T>(run: (failOn: FailOn) => Promise<T>): Promise<T> {
  try {
    return await run('warning');
  } catch (err) {
    if (MISSING_PIXELS.test(String((err as Error)?.message ?? err))) throw err;
    return run('truncated');
  }
}

/** Turns a stored image by 90, 180 or 270 degrees clockwise, in its own format. */
export async function rotateImage(bytes: Buffer, contentType: string, degrees: 90 | 180 | 270): Promise<CheckedImage> {
  return withDecodeSlot(async () => {
    // Upright first (the EXIF orientation applied and dropped), then the turn the user asked for.
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().rotate(degrees);
    const out = await (contentType === 'image/png' ? pipeline.png() : pipeline.jpeg(JPEG_OPTIONS)).toBuffer({ resolveWithObject: true });
    const hash = sha256(out.data);
    return { bytes: out.data, contentType: contentType === 'image/png' ? 'image/png' : 'image/jpeg', width: out.info.width, height: out.info.height, sha256: hash, receivedSha256: hash };
  });
}
