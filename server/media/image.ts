/**
 * Judging an uploaded file by its content (issue: files judged by content, not by name): the bytes
 * must start as a JPEG or PNG does and decode completely; anything else is refused with the reason.
 * Images larger than MAX_IMAGE_SIDE are scaled down, so the server never holds more than the device
 * would have sent.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '../../src/domain/media';
import { badRequest } from '../services/errors';

export interface CheckedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  sha256: string;
  receivedSha256: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export function sniffImageType(bytes: Buffer): 'image/jpeg' | 'image/png' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

/** Decodes the whole image (a truncated or corrupt file fails here) and scales it down if needed. */
export async function checkImage(bytes: Buffer, field = 'mediafile'): Promise<CheckedImage> {
  if (bytes.length === 0) throw badRequest(field, 'is empty');
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(field, `is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest(field, 'is not a JPEG or PNG image (judged by its content, not its name)');
  let width: number;
  let height: number;
  try {
    // failOn 'truncated' makes a cut-off file an error rather than a grey bottom half.
    const decoded = await sharp(bytes, { failOn: 'truncated', limitInputPixels: 100_000_000 }).raw().toBuffer({ resolveWithObject: true });
    ({ width, height } = decoded.info);
  } catch (err) {
    throw badRequest(field, `is not a readable image: ${(err as Error).message.split('\n')[0].slice(0, 120)}`);
  }
  const receivedSha256 = sha256(bytes);
  if (Math.max(width, height) <= MAX_IMAGE_SIDE) return { bytes, contentType, width, height, sha256: receivedSha256, receivedSha256 };
  const pipeline = sharp(bytes).resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside' }).keepMetadata();
  const scaled = await (contentType === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 80 })).toBuffer({ resolveWithObject: true });
  return { bytes: scaled.data, contentType, width: scaled.info.width, height: scaled.info.height, sha256: sha256(scaled.data), receivedSha256 };
}

/** Turns an image by 90, 180 or 270 degrees clockwise, in its own format. */
export async function rotateImage(bytes: Buffer, contentType: string, degrees: 90 | 180 | 270): Promise<CheckedImage> {
  // Upright first (the EXIF orientation applied and dropped), then the turn the user asked for.
  const pipeline = sharp(bytes).autoOrient().rotate(degrees);
  const out = await (contentType === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 80 })).toBuffer({ resolveWithObject: true });
  const hash = sha256(out.data);
  return { bytes: out.data, contentType: contentType === 'image/png' ? 'image/png' : 'image/jpeg', width: out.info.width, height: out.info.height, sha256: hash, receivedSha256: hash };
}
