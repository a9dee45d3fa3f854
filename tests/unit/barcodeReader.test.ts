/**
 * Issue 12: ZXing reads the pixels it is given, in the shape the browser gives them: an ImageData
 * keeps data, width and height on its prototype (a spread of it lost them, and nothing was read).
 */
import fs from 'node:fs';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { loadZxing, readFrame, type Pixels } from '../../src/features/jobs/components/barcodeReader';

class ImageDataLike implements Pixels {
  readonly #px: Pixels;
  constructor(px: Pixels) { this.#px = px; }
  get data() { return this.#px.data; }
  get width() { return this.#px.width; }
  get height() { return this.#px.height; }
}

it('reads an EAN-8 label from pixels whose fields live on the prototype, as an ImageData', async () => {
  const png = await bwipjs.toBuffer({ bcid: 'ean8', text: '96385074', scale: 2, height: 10, paddingwidth: 12, paddingheight: 4, backgroundcolor: 'FFFFFF' });
  const { data, info } = await sharp(png).flatten({ background: '#fff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const bytes = fs.readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
  const zxing = await loadZxing({ binary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  const pixels = new ImageDataLike({ data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height });
  expect(await readFrame(zxing, pixels, false)).toEqual({ symbology: 'ean8', text: '96385074' });
  expect(await readFrame(zxing, pixels, true)).toEqual({ symbology: 'ean8', text: '96385074' });
});
