/**
 * The barcode decoders the reader uses, shared with the benchmark (bench/barcode.ts) so its figures
 * are those of this code: ZXing-C++ (zxing-wasm) on the camera's frames and on still photos. It
 * replaced quagga2 by the benchmark's figures: on the generated camera labels quagga2 took misreads
 * as serials (EAN-8, Interleaved 2 of 5) and missed half the still photos; ZXing misread none and,
 * with the enhanced second look below, reads the blurred ones too. quagga2 still reads more of its
 * own test photos (small, soft codes in product shots), not what a meter label is.
 */
import type { ReaderOptions, ReadResult } from 'zxing-wasm/reader';
import { SCAN_BOX, SCAN_VIEW, type BarcodeRead, type Symbology } from '../../../domain/barcode';

type Zxing = typeof import('zxing-wasm/reader');

const SYMBOLOGY: Record<string, Symbology> = { Code128: 'code128', Code39: 'code39', EAN13: 'ean13', EAN8: 'ean8', ITF: 'i2of5' };

/**
 * Plain text (a Code 128 FNC1 arrives as GS, for cleanCode to drop; HRI would print GS1 brackets);
 * Code 39 as printed: its "extended" reading turns '/4' or '+A' into other characters.
 */
const BASE: ReaderOptions = {
  formats: ['Code128', 'Code39', 'EAN13', 'EAN8', 'ITF'],
  textMode: 'Plain',
  tryCode39ExtendedMode: false,
  eanAddOnSymbol: 'Ignore',
};

/** A camera frame's scan band: one label is wanted, upright; the next frame comes in 100 ms. */
export const FRAME_OPTIONS: ReaderOptions = { ...BASE, tryHarder: true, tryRotate: false, tryInvert: false, tryDownscale: true, maxNumberOfSymbols: 1 };
/** A still photo: any way up, the whole picture searched. */
export const PHOTO_OPTIONS: ReaderOptions = { ...BASE, tryHarder: true, tryRotate: true, tryInvert: false, tryDownscale: true, maxNumberOfSymbols: 4 };

/** Pixels as ImageData has them; Node has no ImageData, the bench passes this shape. */
export interface Pixels { data: Uint8ClampedArray; width: number; height: number }

export interface Rect { x: number; y: number; width: number; height: number }

/**
 * The part of a camera frame that is decoded: the scan box's height across the frame's whole width.
 * The view shows the frame scaled to cover it, so the box is box/scale frame pixels high; a long
 * label that runs out of the view's sides is still read, one above or below the box is not.
 */
export function scanBand(frameWidth: number, frameHeight: number): Rect {
  const scale = Math.max(SCAN_VIEW.width / frameWidth, SCAN_VIEW.height / frameHeight);
  const height = Math.min(frameHeight, Math.round(SCAN_BOX.height / scale));
  return { x: 0, y: Math.round((frameHeight - height) / 2), width: frameWidth, height };
}

export function cropPixels(image: Pixels, r: Rect): Pixels {
  const data = new Uint8ClampedArray(r.width * r.height * 4);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * image.width + r.x) * 4;
    data.set(image.data.subarray(from, from + r.width * 4), y * r.width * 4);
  }
  return { data, width: r.width, height: r.height };
}

export interface BarcodeDecoder {
  decode(image: Pixels, options: ReaderOptions): Promise<BarcodeRead[]>;
}

/**
 * A second look at pixels the decoder found nothing in: twice the size and sharpened along rows.
 * A defocused camera merges the narrow spaces of a label 2–3 px a module wide; ZXing thresholds
 * them away, but reads them once their edges are steepened (the benchmark's blurred labels).
 */
export function enhance(image: Pixels, amount = 2.5, radius = 3): Pixels {
  const { width: w, height: h, data } = image;
  const W = w * 2;
  const H = h * 2;
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = 0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2];
  // Bilinear to twice the size.
  const big = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(sy), y1 = Math.min(h - 1, y0 + 1), fy = sy - y0;
    for (let x = 0; x < W; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(sx), x1 = Math.min(w - 1, x0 + 1), fx = sx - x0;
      big[y * W + x] = (grey[y0 * w + x0] * (1 - fx) + grey[y0 * w + x1] * fx) * (1 - fy) + (grey[y1 * w + x0] * (1 - fx) + grey[y1 * w + x1] * fx) * fy;
    }
  }
  // Unsharp mask along rows: the value minus the mean of the row around it, scaled by `amount`, added back.
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    for (let x = 0; x < W; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += big[row + Math.min(W - 1, Math.max(0, x + k))];
      const v = big[row + x] + amount * (big[row + x] - sum / (2 * radius + 1));
      const o = (row + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = v;
      out[o + 3] = 255;
    }
  }
  return { data: out, width: W, height: H };
}

const toRead = (r: ReadResult): BarcodeRead | null => {
  const symbology = SYMBOLOGY[r.format];
  return r.isValid && symbology ? { symbology, text: r.text } : null;
};

/**
 * ZXing with its .wasm from `wasmUrl` (the app: our own origin, precached by the service worker)
 * or given as bytes (the bench in Node).
 */
export async function loadZxing(wasm: { url: string } | { binary: ArrayBuffer }): Promise<BarcodeDecoder> {
  const zx: Zxing = await import('zxing-wasm/reader');
  await zx.prepareZXingModule({
    overrides: 'url' in wasm ? { locateFile: (file: string) => (file.endsWith('.wasm') ? wasm.url : file) } : { wasmBinary: wasm.binary },
    fireImmediately: true,
  });
  return {
    async decode(image, options) {
      // Named, not spread: a real ImageData keeps its fields on the prototype.
      const results = await zx.readBarcodes({ data: image.data, width: image.width, height: image.height } as ImageData, options);
      return results.map(toRead).filter((r): r is BarcodeRead => r !== null);
    },
  };
}

/**
 * A camera frame's scan band, as it is or enhanced (`second`: the live reader alternates them, so a
 * frame costs one decode, and a blurred label is looked at every other frame). At most one read.
 */
export async function readFrame(decoder: BarcodeDecoder, band: Pixels, second: boolean): Promise<BarcodeRead | null> {
  const [read] = await decoder.decode(second ? enhance(band) : band, FRAME_OPTIONS);
  return read ?? null;
}

/** The picture at most `maxSide` wide and high, each pixel the mean of those it covers. */
export function shrink(image: Pixels, maxSide: number): Pixels {
  const f = Math.max(image.width, image.height) / maxSide;
  const w = Math.max(1, Math.floor(image.width / f));
  const h = Math.max(1, Math.floor(image.height / f));
  const sum = new Float64Array(w * h * 3);
  const count = new Uint32Array(w * h);
  for (let y = 0; y < image.height; y++) {
    const ty = Math.min(h - 1, Math.floor(y / f));
    for (let x = 0; x < image.width; x++) {
      const t = ty * w + Math.min(w - 1, Math.floor(x / f));
      const o = (y * image.width + x) * 4;
      sum[t * 3] += image.data[o];
      sum[t * 3 + 1] += image.data[o + 1];
      sum[t * 3 + 2] += image.data[o + 2];
      count[t]++;
    }
  }
  const data = new Uint8ClampedArray(w * h * 4);
  for (let t = 0; t < w * h; t++) {
    data[t * 4] = sum[t * 3] / count[t];
    data[t * 4 + 1] = sum[t * 3 + 1] / count[t];
    data[t * 4 + 2] = sum[t * 3 + 2] / count[t];
    data[t * 4 + 3] = 255;
  }
  return { data, width: w, height: h };
}

/** Photos are searched at most this wide for the enhanced look (the decoder downscales the first itself). */
const ENHANCE_MAX_SIDE = 800;

/** Every read of a still photo: as it is, and enhanced; agreedPhotoCode decides. */
export async function readPhoto(decoder: BarcodeDecoder, photo: Pixels): Promise<BarcodeRead[]> {
  const reads = await decoder.decode(photo, PHOTO_OPTIONS);
  const small = Math.max(photo.width, photo.height) > ENHANCE_MAX_SIDE ? shrink(photo, ENHANCE_MAX_SIDE) : photo;
  return [...reads, ...await decoder.decode(enhance(small), PHOTO_OPTIONS)];
}
