/**
 * The photo's size and quality and the accepted files are written once, in src/domain/media, and the
 * device and the server both follow them (issue 14 §2): the server stores exactly the domain's types
 * (judged by content), re-encodes at the domain's side and quality; the device offers the domain's
 * types and reads a file's type by the same bytes the server does.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { looksLikePhoto, PHOTO_ACCEPT } from '../../src/data/photos/process';
import { storedSize } from '../../src/data/photos/processing';
import {
  MAX_IMAGE_SIDE, OFFERED_PHOTO_EXTENSIONS, OFFERED_PHOTO_TYPES, PHOTO_QUALITY, sniffImageType, STORED_IMAGE_TYPES,
} from '../../src/domain/media';
import { checkImage } from '../../server/media/image';

/** Formats sharp writes; each is offered to the server as a small picture. */
const FORMATS = ['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif'] as const;

const picture = (format: (typeof FORMATS)[number], width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } }).toFormat(format).toBuffer();

describe('the server takes the domain\'s image types, judged by content', () => {
  it.each(FORMATS)('image/%s: stored exactly when the domain lists it', async (format) => {
    const type = `image/${format}`;
    const bytes = await picture(format);
    if ((STORED_IMAGE_TYPES as readonly string[]).includes(type)) {
      await expect(checkImage(bytes)).resolves.toMatchObject({ contentType: type });
    } else {
      await expect(checkImage(bytes)).rejects.toMatchObject({ statusCode: 400 });
    }
  });

  it('every stored type is one sharp can write here (so the case above covers it)', () => {
    expect(STORED_IMAGE_TYPES.every((t) => (FORMATS as readonly string[]).includes(t.replace('image/', '')))).toBe(true);
  });

  it('re-encodes a larger photo to the domain\'s side and quality', async () => {
    const large = await picture('jpeg', 2400, 1600);
    const checked = await checkImage(large);
    expect(Math.max(checked.width, checked.height)).toBe(MAX_IMAGE_SIDE);
    const expected = await sharp(large).autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: Math.round(PHOTO_QUALITY * 100) }).toBuffer();
    expect(checked.bytes.equals(expected)).toBe(true);
  });
});

describe('the device offers and reads the same types', () => {
  it('offers every stored type, by type and by extension, and heic', () => {
    const offered = PHOTO_ACCEPT.split(',');
    for (const type of STORED_IMAGE_TYPES) expect(offered).toContain(type);
    for (const ext of OFFERED_PHOTO_EXTENSIONS) expect(offered).toContain(`.${ext}`);
    expect(offered).toEqual([...OFFERED_PHOTO_TYPES, ...OFFERED_PHOTO_EXTENSIONS.map((e) => `.${e}`)]);
    expect(offered).toContain('image/heic');
  });

  it('refuses early only what is plainly no photo', () => {
    expect(looksLikePhoto(new File([], 'IMG_1.JFIF'))).toBe(true);
    expect(looksLikePhoto(new File([], 'camera', { type: 'image/heic' }))).toBe(true);
    expect(looksLikePhoto(new File([], 'anim.gif', { type: 'image/gif' }))).toBe(false);
  });

  it('reads a file\'s type from the bytes the server judges it by', async () => {
    for (const format of FORMATS) {
      const bytes = new Uint8Array(await picture(format));
      expect(storedSize(bytes)?.type ?? null).toBe(sniffImageType(bytes));
    }
  });
});
