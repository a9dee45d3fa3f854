/**
 * The barcode benchmark's labels (issue 12): serial labels of the five symbologies drawn with
 * bwip-js and put through what a phone camera does to them, each frame a 640×480 JPEG at quality
 * 60: defocus blur, a label held at an angle (a projective warp), low contrast, glare, sensor noise,
 * and all of these mildly at once. A label is seen as several frames (the label shifts a little,
 * the noise changes), as the live reader sees it. Also the photographed labels kept in
 * bench/fixtures/barcode (see its README for where they come from and their licences).
 */
import fs from 'node:fs';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { Symbology } from '../src/domain/tasks/barcode';

export const FRAME = { width: 640, height: 480 };
const JPEG_QUALITY = 60;

export const CONDITIONS = ['clean', 'blur', 'perspective', 'low contrast', 'glare', 'noise', 'camera'] as const;
export type Condition = (typeof CONDITIONS)[number];

export interface LabelCase {
  symbology: Symbology;
  text: string;
  condition: Condition;
  /** JPEG frames of the label as the camera delivers them. */
  frames: Buffer[];
}

export interface PhotoCase {
  symbology: Symbology;
  text: string;
  file: string;
  jpeg: Buffer;
}

/** Serials as meters carry them, two per symbology (EAN and ITF-14 with their check digits). */
export const LABEL_TEXTS: Record<Symbology, string[]> = {
  code128: ['71234567', 'KM2024-000417'],
  code39: ['0032548', 'SN-88410273'],
  ean13: ['7038010055010', '5701234567899'],
  ean8: ['96385074', '40123455'],
  i2of5: ['0032548012', '15400141288763'],
};

const BCID: Record<Symbology, string> = { code128: 'code128', code39: 'code39', ean13: 'ean13', ean8: 'ean8', i2of5: 'interleaved2of5' };

/** xorshift32: the same labels on every run. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s / 0x100000000;
  };
}

/** A normal deviate (Box–Muller). */
const gauss = (next: () => number) => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());

/**
 * The label as printed (bars, human-readable text, white margin), as large in the frame as when the
 * plumber fills the scan box with it: 2.3 px a module, at most 600 px wide.
 */
export async function labelImage(symbology: Symbology, text: string): Promise<{ data: Buffer; width: number; height: number }> {
  const png = await bwipjs.toBuffer({ bcid: BCID[symbology], text, scale: 2, height: 12, includetext: true, textxalign: 'center',
    paddingwidth: 10, paddingheight: 4, backgroundcolor: 'FFFFFF' });
  const { width = 0 } = await sharp(png).metadata();
  const img = sharp(png).flatten({ background: '#ffffff' }).resize({ width: Math.min(600, Math.round(width * 1.15)), kernel: 'lanczos3' }).removeAlpha();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Degrade { blur: number; tilt: number; contrast: number; glare: number; noise: number }
const DEGRADE: Record<Condition, Degrade> = {
  clean: { blur: 0, tilt: 0, contrast: 1, glare: 0, noise: 3 },
  blur: { blur: 1.6, tilt: 0, contrast: 1, glare: 0, noise: 3 },
  perspective: { blur: 0, tilt: 0.3, contrast: 1, glare: 0, noise: 3 },
  'low contrast': { blur: 0, tilt: 0, contrast: 0.3, glare: 0, noise: 3 },
  glare: { blur: 0, tilt: 0, contrast: 1, glare: 0.75, noise: 3 },
  noise: { blur: 0, tilt: 0, contrast: 1, glare: 0, noise: 22 },
  camera: { blur: 0.9, tilt: 0.15, contrast: 0.6, glare: 0.35, noise: 9 },
};

/**
 * One camera frame: the label on a grey card, centred (± a few px) where the plumber aims, turned
 * away about its vertical axis by `tilt` (the far side smaller), lit unevenly, blurred, noisy, JPEG.
 */
export async function frame(label: { data: Buffer; width: number; height: number }, d: Degrade, seed: number): Promise<Buffer> {
  const next = rng(seed);
  const { width: W, height: H } = FRAME;
  const dx = (next() - 0.5) * 16;
  const dy = (next() - 0.5) * 10;
  const cx = W / 2 + dx;
  const cy = H / 2 + dy;
  const out = Buffer.alloc(W * H);
  const lw = label.width;
  const lh = label.height;
  // Inverse mapping: for a frame pixel, the label point under it. A tilt scales the label's height
  // and its horizontal spacing with the distance, as a plane turned about its vertical axis does.
  const k = d.tilt / lw;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const u0 = x - cx;
      // u' = u / (1 + k u) and v' = v / (1 + k u): solve for the label's u, v.
      const u = u0 / (1 - k * u0);
      const s = 1 + k * u;
      const v = (y - cy) * s;
      const lx = u + lw / 2;
      const ly = v + lh / 2;
      let g = 150 + ((x * 7 + y * 3) % 11); // the card behind the label, with a little texture
      if (lx >= 0 && ly >= 0 && lx < lw - 1 && ly < lh - 1) {
        const x0 = Math.floor(lx), y0 = Math.floor(ly), fx = lx - x0, fy = ly - y0;
        const p = (xx: number, yy: number) => label.data[(yy * lw + xx) * 3];
        g = (p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx) * (1 - fy) + (p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx) * fy;
      }
      // Contrast around the middle grey, then the label's own shading left to right.
      g = 128 + (g - 128) * d.contrast;
      out[y * W + x] = g * (0.92 + 0.08 * (x / W));
    }
  }
  // Blurred as one grey channel (sharp would hand back three).
  const raw = d.blur > 0 ? await sharp(out, { raw: { width: W, height: H, channels: 1 } }).blur(d.blur).extractChannel(0).raw().toBuffer() : out;
  const gx = cx + (next() - 0.5) * 120;
  const gy = cy + (next() - 0.5) * 30;
  const gr = 70 + next() * 40;
  const rgb = Buffer.alloc(W * H * 3);
  for (let i = 0, p = 0; i < W * H; i++) {
    const x = i % W;
    const y = (i / W) | 0;
    let g = raw[i];
    if (d.glare > 0) {
      // A specular highlight: washes towards white, strongest in its middle.
      const r2 = ((x - gx) ** 2 + ((y - gy) * 1.6) ** 2) / (gr * gr);
      const a = d.glare * Math.exp(-r2);
      g = g + (255 - g) * a;
    }
    g += gauss(next) * d.noise;
    const v = Math.max(0, Math.min(255, g));
    // A slightly warm white balance, as indoor light gives.
    rgb[p++] = Math.min(255, v * 1.03);
    rgb[p++] = v;
    rgb[p++] = v * 0.94;
  }
  return sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/** Every synthetic case: symbologies × texts × conditions, `framesPerLabel` frames each. */
export async function syntheticLabels(framesPerLabel: number): Promise<LabelCase[]> {
  const cases: LabelCase[] = [];
  let seed = 1;
  for (const [symbology, texts] of Object.entries(LABEL_TEXTS) as [Symbology, string[]][]) {
    for (const text of texts) {
      const label = await labelImage(symbology, text);
      for (const condition of CONDITIONS) {
        const frames: Buffer[] = [];
        for (let f = 0; f < framesPerLabel; f++) frames.push(await frame(label, DEGRADE[condition], seed++ * 7919));
        cases.push({ symbology, text, condition, frames });
      }
    }
  }
  return cases;
}

/**
 * The photographed sets are not in the repository (see bench/fixtures/barcode/README.md): they are read
 * from `BARCODE_PHOTOS_DIR` when it is set, and a set that is not there is left out of the run.
 */
export const FIXTURES = path.resolve(process.env.BARCODE_PHOTOS_DIR ?? 'bench/fixtures/barcode');

/** Photographed labels listed in `<dir>/labels.json` ({file, symbology, text}[]); none when absent. */
export function photographedLabels(dir: 'photos' | 'check'): PhotoCase[] {
  const listFile = path.join(FIXTURES, dir, 'labels.json');
  if (!fs.existsSync(listFile)) return [];
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { file: string; symbology: Symbology; text: string }[];
  return list.map((l) => ({ ...l, jpeg: fs.readFileSync(path.join(FIXTURES, dir, l.file)) }));
}
