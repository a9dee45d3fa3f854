/**
 * Phone photos of Code 39 serial labels as the still-photo reader gets them (BarcodeScanner brings a
 * camera picture to at most 1600 px before reading): bwip-js labels, placed off-centre on a shaded
 * background, held a little askew (a turn of a few degrees and a perspective turn away), defocused,
 * with the camera's black and white levels, uneven light, sensor noise and JPEG. Issue "what tripped
 * a plumber in a walk" §5: labels of this kind that the reader had read were no longer read once the
 * photos' 3 px sharpened look was replaced (barcodeReader.ts PHOTO_SHARPEN_RADII).
 *
 * The pictures are kept in bench/fixtures/barcode/stills with the parameters that made them in its
 * labels.json (the same code and versions of bwip-js and sharp make them again:
 * `npx tsx bench/barcodeStills.ts` writes them anew), so that the test and the bench judge the same
 * bytes whatever a later libvips does to blur or JPEG.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { Symbology } from '../src/domain/tasks/barcode';

export const STILLS_DIR = path.resolve('bench/fixtures/barcode/stills');

/** How one still was made. */
export interface StillParams {
  /** The picture (the reader's 1600×1200). */
  width: number;
  height: number;
  /** The label's width as a share of the picture's. */
  frac: number;
  /** Turned by this many degrees (clockwise). */
  deg: number;
  /** Turned away about its vertical axis (0: facing the camera). */
  persp: number;
  /** Defocus, the Gaussian's σ in px. */
  blur: number;
  /** The label's contrast (1: as printed). */
  contrast: number;
  /** Sensor noise, its spread in grey levels. */
  noise: number;
  jpegQuality: number;
  seed: number;
}

export interface StillFixture { file: string; symbology: Symbology; text: string; params: StillParams }

/** xorshift32: the same picture on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 0x100000000;
  };
}

async function code39Label(text: string): Promise<{ data: Buffer; width: number; height: number }> {
  const png = await bwipjs.toBuffer({ bcid: 'code39', text, scale: 4, height: 10, includetext: true, textxalign: 'center', paddingwidth: 14, paddingheight: 6, backgroundcolor: 'FFFFFF' });
  const { data, info } = await sharp(png).flatten({ background: '#fff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** One still (JPEG) of a Code 39 label. */
export async function code39Still(text: string, o: StillParams): Promise<Buffer> {
  const { width: W, height: H } = o;
  const label = await code39Label(text);
  const { width: lw, height: lh, data: L } = label;
  const scale = (o.frac * W) / lw;
  const next = rng(o.seed);
  const cx = W / 2 + (next() - 0.5) * W * 0.2;
  const cy = H / 2 + (next() - 0.5) * H * 0.2;
  const a = (o.deg * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const k = o.persp / (lw * scale);
  const grey = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // Inverse mapping: the picture's pixel turned back, then the perspective undone, onto the label.
      const dx = x - cx;
      const dy = y - cy;
      const rx = cos * dx + sin * dy;
      const ry = -sin * dx + cos * dy;
      const u = rx / (1 - k * rx);
      const v = ry * (1 + k * u);
      const lx = u / scale + lw / 2;
      const ly = v / scale + lh / 2;
      // The background: a shaded, slightly textured surface.
      let g = 110 + ((x * 7 + y * 3) % 13) + 30 * Math.sin(x / 90) * Math.cos(y / 70);
      if (lx >= 0 && ly >= 0 && lx < lw - 1 && ly < lh - 1) {
        const x0 = Math.floor(lx), y0 = Math.floor(ly), fx = lx - x0, fy = ly - y0;
        const p = (xx: number, yy: number) => L[yy * lw + xx];
        g = (p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx) * (1 - fy) + (p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx) * fy;
        g = 128 + (g - 128) * o.contrast;
      }
      // Light falling off to the left, and the camera's black level.
      grey[y * W + x] = Math.max(0, Math.min(255, g * (0.7 + 0.3 * (x / W)) + 10));
    }
  }
  const raw = o.blur > 0 ? await sharp(grey, { raw: { width: W, height: H, channels: 1 } }).blur(o.blur).extractChannel(0).raw().toBuffer() : grey;
  const rgb = Buffer.alloc(W * H * 3);
  for (let i = 0; i < W * H; i++) {
    const n = (next() + next() + next() - 1.5) * o.noise;
    const v = Math.max(0, Math.min(255, raw[i] + n));
    // A warm white balance, as indoor light gives.
    rgb[i * 3] = Math.min(255, v * 1.04);
    rgb[i * 3 + 1] = v;
    rgb[i * 3 + 2] = v * 0.92;
  }
  return sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: o.jpegQuality }).toBuffer();
}

/** The kept stills (bench/fixtures/barcode/stills/labels.json). */
export function stillFixtures(): (StillFixture & { jpeg: Buffer })[] {
  const list = JSON.parse(fs.readFileSync(path.join(STILLS_DIR, 'labels.json'), 'utf8')) as StillFixture[];
  return list.map((f) => ({ ...f, jpeg: fs.readFileSync(path.join(STILLS_DIR, f.file)) }));
}

/** Writes every still of labels.json anew from its parameters. */
async function writeStills(): Promise<void> {
  const list = JSON.parse(fs.readFileSync(path.join(STILLS_DIR, 'labels.json'), 'utf8')) as StillFixture[];
  for (const f of list) fs.writeFileSync(path.join(STILLS_DIR, f.file), await code39Still(f.text, f.params));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeStills().then(() => process.exit(0), (e: unknown) => { console.error(e); process.exit(1); });
}
