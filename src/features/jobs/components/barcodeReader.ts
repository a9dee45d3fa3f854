/**
 * The barcode decoders the reader uses, shared with the benchmark (bench/barcode.ts) so its figures
 * are those of this code: ZXing-C++ (zxing-wasm) on the camera's frames and on still photos. It
 * replaced quagga2 by the benchmark's figures: on the generated camera labels quagga2 took misreads
 * as serials (EAN-8, Interleaved 2 of 5, Code 128) and missed half the still photos; ZXing misread
 * none. ZXing alone misses a defocused or tilted label and a label photographed at a slant, so it
 * is given more than one look (sharpened, turned) until one reads.
 */
import type { ReaderOptions, ReadResult } from 'zxing-wasm/reader';
import { agreedPhotoCode, checkDigitHolds, SCAN_BOX, SCAN_VIEW, type BarcodeRead, type Symbology } from '../../../domain/tasks/barcode';

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
 * A look at pixels the decoder found nothing in: twice the size and sharpened along rows (an unsharp
 * mask over `radius` px of the doubled picture). A defocused camera merges the narrow spaces of a
 * label 2–3 px a module wide; ZXing thresholds them away, but reads them once their edges are
 * steepened. The radius has to match the blur: a wide one for a defocused label, a narrow one for
 * the fine modules of a label's far side when it is held at an angle.
 */
export function enhance(image: Pixels, amount = 2.5, radius = 3): Pixels {
  const { width: w, height: h, data } = image;
  const W = w * 2;
  const H = h * 2;
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) grey[i] = 0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2];
  // Bilinear to twice the size; the columns' sources worked out once.
  const x0s = new Int32Array(W);
  const x1s = new Int32Array(W);
  const fxs = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(w - 1, x0s[x] + 1);
    fxs[x] = sx - x0s[x];
  }
  const big = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(sy), fy = sy - y0;
    const r0 = y0 * w, r1 = Math.min(h - 1, y0 + 1) * w;
    for (let x = 0; x < W; x++) {
      const fx = fxs[x];
      const top = grey[r0 + x0s[x]] * (1 - fx) + grey[r0 + x1s[x]] * fx;
      const bottom = grey[r1 + x0s[x]] * (1 - fx) + grey[r1 + x1s[x]] * fx;
      big[y * W + x] = top * (1 - fy) + bottom * fy;
    }
  }
  // Unsharp mask along rows: the value minus the mean of the row around it, scaled by `amount`, added
  // back; the mean as a running sum (edges repeated), so a wide radius costs no more than a narrow one.
  const out = new Uint8ClampedArray(W * H * 4);
  const n = 2 * radius + 1;
  for (let y = 0; y < H; y++) {
    const row = y * W;
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += big[row + Math.min(W - 1, Math.max(0, k))];
    for (let x = 0; x < W; x++) {
      const v = big[row + x] + amount * (big[row + x] - sum / n);
      const o = (row + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = v;
      out[o + 3] = 255;
      sum += big[row + Math.min(W - 1, x + radius + 1)] - big[row + Math.max(0, x - radius)];
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
 * The looks at a camera frame's scan band, in turn until one reads: as it is; sharpened wide (a
 * defocused label); sharpened narrow (fine or foreshortened modules). One look alone missed 2–4 of
 * the bench's 14 labels a symbology, these three in turn none; a frame costs one decode when the
 * label is sharp, three at most.
 */
const FRAME_LOOKS: ((band: Pixels) => Pixels)[] = [(band) => band, (band) => enhance(band, 2.5, 5), (band) => enhance(band, 2.5, 2)];

/** A camera frame's scan band: its first read whose check digit holds, at most one. */
export async function readFrame(decoder: BarcodeDecoder, band: Pixels): Promise<BarcodeRead | null> {
  for (const look of FRAME_LOOKS) {
    const read = (await decoder.decode(look(band), FRAME_OPTIONS)).find(checkDigitHolds);
    if (read) return read;
  }
  return null;
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

/** The picture turned by `degrees` (clockwise) about its middle, on a canvas that holds all of it, white around. */
export function rotate(image: Pixels, degrees: number): Pixels {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const { width: w, height: h, data } = image;
  // Less a hair: cos 90° is 6e-17, not 0.
  const W = Math.ceil(Math.abs(w * cos) + Math.abs(h * sin) - 1e-9);
  const H = Math.ceil(Math.abs(w * sin) + Math.abs(h * cos) - 1e-9);
  const out = new Uint8ClampedArray(W * H * 4).fill(255);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // The source point under this pixel, bilinear.
      const dx = x - W / 2;
      const dy = y - H / 2;
      const sx = cos * dx + sin * dy + w / 2;
      const sy = -sin * dx + cos * dy + h / 2;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * w + x0) * 4;
      const i10 = i00 + 4;
      const i01 = i00 + w * 4;
      const i11 = i01 + 4;
      const o = (y * W + x) * 4;
      for (let k = 0; k < 3; k++) {
        out[o + k] = (data[i00 + k] * (1 - fx) + data[i10 + k] * fx) * (1 - fy) + (data[i01 + k] * (1 - fx) + data[i11 + k] * fx) * fy;
      }
    }
  }
  return { data: out, width: W, height: H };
}

/** Photos are searched at most this wide for the looks that enlarge or turn them (the decoder downscales the first itself). */
const LOOK_MAX_SIDE = 800;

/**
 * The unsharp mask's radii for a still photo, in turn. 3 px is the look photos had before the
 * frame's 5 and 2 px were added: a defocused label in a phone photo, at 800 px, can be
 * read at 3 px and at neither 2 nor 5 (a Code 39 label above all: its long, low-density pattern is
 * thin at 800 px), so the photos' own look comes first, then the frame's. Dropping it (commit
 * 885e990) lost Code 39 serial labels that had been read (bench/fixtures/barcode/stills).
 */
export const PHOTO_SHARPEN_RADII = [3, 5, 2] as const;

/**
 * A still photo's looks, in turn: as it is, then sharpened (PHOTO_SHARPEN_RADII); then turned by
 * 45°, 30° and −30°, as it is and sharpened. ZXing's linear readers scan rows and (tryRotate)
 * columns, so a label photographed at a slant, as a label on a pipe or a hand-held picture often is,
 * is read only once it is turned near upright: with the quarter turns of tryRotate every angle is
 * within 15° of one of them. On photographed labels they raised the reads from 21 to 37 of 43.
 */
function photoLooks(photo: Pixels): (() => Pixels)[] {
  const small = Math.max(photo.width, photo.height) > LOOK_MAX_SIDE ? shrink(photo, LOOK_MAX_SIDE) : photo;
  const looks: (() => Pixels)[] = [() => photo, ...PHOTO_SHARPEN_RADII.map((radius) => () => enhance(small, 2.5, radius))];
  for (const degrees of [45, 30, -30]) {
    let turned: Pixels | null = null;
    const turn = () => (turned ??= rotate(small, degrees));
    looks.push(turn, () => enhance(turn()));
  }
  return looks;
}

/**
 * The code in a still photo: the first look with a read whose check digit holds decides. Its reads
 * must agree (agreedPhotoCode): two different labels in one picture give no code, not either one.
 */
export async function readPhoto(decoder: BarcodeDecoder, photo: Pixels): Promise<string | null> {
  for (const look of photoLooks(photo)) {
    const reads = (await decoder.decode(look(), PHOTO_OPTIONS)).filter(checkDigitHolds);
    if (reads.length > 0) return agreedPhotoCode(reads);
  }
  return null;
}
