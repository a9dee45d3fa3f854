/**
 * Issue 12: ZXing reads the pixels it is given, in the shape the browser gives them (an ImageData
 * keeps data, width and height on its prototype; a spread of it lost them, and nothing was read),
 * and it is given more than one look: a defocused label in a single camera frame, a label
 * photographed at a slant, but never one of two different labels in one photo.
 */
import fs from 'node:fs';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { frame, labelImage } from '../../bench/barcodeLabels';
import { stillFixtures } from '../../bench/barcodeStills';
import { cropPixels, enhance, FRAME_OPTIONS, loadZxing, PHOTO_OPTIONS, readFrame, readPhoto, rotate, scanBand, shrink, type BarcodeDecoder, type Pixels } from '../../src/features/jobs/components/barcodeReader';

class ImageDataLike implements Pixels {
  readonly #px: Pixels;
  constructor(px: Pixels) { this.#px = px; }
  get data() { return this.#px.data; }
  get width() { return this.#px.width; }
  get height() { return this.#px.height; }
}

let zxing: BarcodeDecoder;
beforeAll(async () => {
  const bytes = fs.readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
  zxing = await loadZxing({ binary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
});

const label = (bcid: string, text: string, scale = 2) =>
  bwipjs.toBuffer({ bcid, text, scale, height: 10, paddingwidth: 12, paddingheight: 4, backgroundcolor: 'FFFFFF' });

/** The PNG on a light grey picture `width`×`height`, centred; as pixels. */
async function picture(png: Buffer, width: number, height: number): Promise<Pixels> {
  const img = sharp({ create: { width, height, channels: 3, background: '#c8c8c8' } }).composite([{ input: await sharp(png).flatten({ background: '#fff' }).toBuffer() }]);
  const { data, info } = await img.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

it('reads an EAN-8 label from pixels whose fields live on the prototype, as an ImageData', async () => {
  const png = await label('ean8', '96385074');
  const { data, info } = await sharp(png).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new ImageDataLike({ data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height });
  expect(await readFrame(zxing, pixels)).toEqual({ symbology: 'ean8', text: '96385074' });
  expect(await readPhoto(zxing, pixels)).toBe('96385074');
});

describe('more than one look', () => {
  it('reads a defocused Code 39 label in one camera band (the sharpened look), which as it is gives nothing', async () => {
    // A camera frame as the bench makes its "blur" ones: σ 1.6 px of defocus, 2.3 px a module, JPEG 60.
    const jpeg = await frame(await labelImage('code39', 'SN-88410273'), { blur: 1.6, tilt: 0, contrast: 1, glare: 0, noise: 3 }, 1);
    const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    const band = cropPixels(px, scanBand(px.width, px.height));
    expect(await zxing.decode(band, FRAME_OPTIONS)).toEqual([]);
    expect(await readFrame(zxing, band)).toEqual({ symbology: 'code39', text: 'SN-88410273' });
  });

  it('reads a Code 128 label photographed at a slant of 40°', async () => {
    const photo = rotate(await picture(await label('code128', 'KM2024-000417'), 640, 480), 40);
    expect(await zxing.decode(photo, { formats: ['Code128'], tryHarder: true, tryRotate: true })).toEqual([]);
    expect(await readPhoto(zxing, photo)).toBe('KM2024-000417');
  });

  it('gives no code for a photo of two different labels', async () => {
    const a = await sharp(await label('code128', '71234567')).flatten({ background: '#fff' }).toBuffer();
    const b = await sharp(await label('ean13', '5701234567899')).flatten({ background: '#fff' }).toBuffer();
    const { data, info } = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8c8c8' } })
      .composite([{ input: a, top: 60, left: 40 }, { input: b, top: 300, left: 40 }]).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const photo = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    expect((await zxing.decode(photo, { formats: ['Code128', 'EAN13'], tryHarder: true })).map((r) => r.text).sort()).toEqual(['5701234567899', '71234567']);
    expect(await readPhoto(zxing, photo)).toBeNull();
  });
});

it('turns a picture about its middle onto a canvas that holds all of it', () => {
  const px: Pixels = { data: new Uint8ClampedArray(40 * 20 * 4).fill(0), width: 40, height: 20 };
  const quarter = rotate(px, 90);
  expect([quarter.width, quarter.height]).toEqual([20, 40]);
  const eighth = rotate(px, 45);
  expect([eighth.width, eighth.height]).toEqual([43, 43]);
  // The middle is the picture's (black), a corner of the larger canvas is white.
  const at = (p: Pixels, x: number, y: number) => p.data[(y * p.width + x) * 4];
  expect(at(eighth, 21, 21)).toBe(0);
  expect(at(eighth, 0, 0)).toBe(255);
});

describe('phone stills of Code 39 serial labels (bench/fixtures/barcode/stills)', () => {
  const stills = stillFixtures();
  const photoOf = async (jpeg: Buffer): Promise<Pixels> => {
    const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  };

  it('reads both serial labels the reader read before its 3 px look was dropped, which the 2 and 5 px looks miss', async () => {
    for (const still of stills.filter((s) => s.file.endsWith('-a.jpg'))) {
      const photo = await photoOf(still.jpeg);
      const small = shrink(photo, 800);
      expect(await zxing.decode(photo, PHOTO_OPTIONS), still.file).toEqual([]);
      expect(await zxing.decode(enhance(small, 2.5, 5), PHOTO_OPTIONS), still.file).toEqual([]);
      expect(await zxing.decode(enhance(small, 2.5, 2), PHOTO_OPTIONS), still.file).toEqual([]);
      expect(await readPhoto(zxing, photo), still.file).toBe(still.text);
    }
  });

  it('reads every kept still as its label says, none as another code', async () => {
    expect(stills.length).toBeGreaterThanOrEqual(4);
    for (const still of stills) expect(await readPhoto(zxing, await photoOf(still.jpeg)), still.file).toBe(still.text);
  });
});
