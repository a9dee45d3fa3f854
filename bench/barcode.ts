/**
 * Budget (DESIGN.md, issue 12): the barcode reader reads ≥ 95 % of labels of the five symbologies
 * degraded as a camera degrades them, and reads none wrong, in Node and in Chromium.
 * Labels: bench/barcodeLabels.ts (bwip-js, then blur, perspective, low contrast, glare, noise,
 * JPEG 60 at 640×480), each as `frames` camera frames for the live reader and its first frame as a
 * still photo; phone stills of Code 39 labels at the reader's 1600 px (bench/barcodeStills.ts, kept); photographed labels from `$BARCODE_PHOTOS_DIR/photos`; and, kept apart as a check
 * that nothing was tuned to, ZXing's own test images in `$BARCODE_PHOTOS_DIR/check` (both optional).
 * Readers: bench/barcodeReaders.ts. Run alone: `npx tsx bench/run.ts barcode`; with
 * `BARCODE_BEFORE=1` also the quagga2 readers the app had before (minutes more).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import sharp from 'sharp';
import type { QuaggaJSConfigObject, QuaggaJSResultObject } from '@ericblade/quagga2';
import { SYMBOLOGIES } from '../src/domain/tasks/barcode';
import { loadZxing } from '../src/features/jobs/components/barcodeReader';
import { freePort } from '../tests/helpers/freePort';
import { launchBenchBrowser } from './benchBrowser';
import { photographedLabels, syntheticLabels } from './barcodeLabels';
import { stillFixtures } from './barcodeStills';
import { runSets, type BenchSet, type Cases, type Platform, type Table } from './barcodeReaders';

export const READ_BUDGET = 0.95;
const WASM = path.resolve('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');

export interface BarcodeBench { frames: number; node: BenchSet[]; chromium: BenchSet[]; withinBudget: boolean }

async function nodePlatform(): Promise<Platform> {
  const Quagga = (await import('@ericblade/quagga2')).default;
  const bytes = fs.readFileSync(WASM);
  const zxing = await loadZxing({ binary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  return {
    async pixels(jpeg) {
      const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    },
    quagga: (jpeg, config) => new Promise<QuaggaJSResultObject | undefined>((resolve) => {
      const src = `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}`;
      void Quagga.decodeSingle({ ...config, src } as QuaggaJSConfigObject, resolve);
    }),
    zxing,
  };
}

/** The same readers in Debian's Chromium: a page bundled from bench/barcodeBrowser.ts, served with its cases. */
async function runInChromium(c: Cases, before: boolean): Promise<BenchSet[]> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-bench-barcode-'));
  await build({ entryPoints: [path.resolve('bench/barcodeBrowser.ts')], bundle: true, format: 'esm', platform: 'browser', outfile: path.join(out, 'bench.js'), logLevel: 'error' });
  const files = new Map<string, { body: Uint8Array; type: string }>([
    ['/', { body: Buffer.from('<!doctype html><meta charset="utf-8"><script type="module" src="/bench.js"></script>'), type: 'text/html' }],
    ['/bench.js', { body: fs.readFileSync(path.join(out, 'bench.js')), type: 'text/javascript' }],
    ['/zxing_reader.wasm', { body: fs.readFileSync(WASM), type: 'application/wasm' }],
  ]);
  const jpegs: Uint8Array[] = [];
  const ref = (b: Uint8Array) => { jpegs.push(b); return jpegs.length - 1; };
  const manifest = {
    live: c.live.map((l) => ({ symbology: l.symbology, text: l.text, frames: l.frames.map(ref) })),
    labelStills: c.labelStills.map((s) => ({ symbology: s.symbology, text: s.text, jpeg: ref(s.jpeg) })),
    phoneStills: c.phoneStills.map((s) => ({ symbology: s.symbology, text: s.text, jpeg: ref(s.jpeg) })),
    photos: c.photos.map((s) => ({ symbology: s.symbology, text: s.text, jpeg: ref(s.jpeg) })),
    check: c.check.map((s) => ({ symbology: s.symbology, text: s.text, jpeg: ref(s.jpeg) })),
  };
  const server = http.createServer((req, res) => {
    const m = /^\/jpeg\/(\d+)$/.exec(req.url ?? '');
    const file = m ? { body: jpegs[Number(m[1])], type: 'image/jpeg' } : files.get(req.url ?? '');
    if (!file) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const browser = await launchBenchBrowser(port, 'barcode');
  try {
    const page = browser.context.pages()[0] ?? await browser.context.newPage();
    await page.goto('/');
    await page.waitForFunction(() => 'runBarcodeBench' in window);
    return await page.evaluate(([m, b]) => (window as unknown as { runBarcodeBench(m: unknown, b: boolean): Promise<BenchSet[]> }).runBarcodeBench(m, b), [manifest, before] as const);
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
}

export async function benchBarcode(opts: { frames?: number; chromium?: boolean; before?: boolean } = {}): Promise<BarcodeBench> {
  // 0.8 s of camera at 10 frames a second.
  const frames = opts.frames ?? 8;
  const before = opts.before ?? false;
  const labels = await syntheticLabels(frames);
  const cases: Cases = {
    live: labels,
    labelStills: labels.map((l) => ({ symbology: l.symbology, text: l.text, jpeg: l.frames[0] })),
    phoneStills: stillFixtures(),
    photos: photographedLabels('photos'),
    check: photographedLabels('check'),
  };
  const node = await runSets(await nodePlatform(), cases, before);
  const chromium = opts.chromium === false ? [] : await runInChromium(cases, before);
  const last = (s: BenchSet) => s.results[s.results.length - 1].table;
  const ok = (t: Table) => SYMBOLOGIES.every((s) => t[s].wrong === 0 && t[s].read >= READ_BUDGET * (t[s].read + t[s].wrong + t[s].nothing));
  const withinBudget = [...node, ...chromium].filter((s) => s.gated).every((s) => ok(last(s)));
  return { frames, node, chromium, withinBudget };
}

export function formatBarcodeBench(b: BarcodeBench): string {
  const lines = [`Barcode reader: budget ≥ ${READ_BUDGET * 100} % read and 0 wrong per symbology (the last reader of each generated set); ${b.frames} frames a label live`];
  const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '–');
  for (const [where, sets] of [['Node', b.node], ['Chromium', b.chromium]] as const) {
    for (const set of sets) {
      lines.push(`  ${where} — ${set.title}`);
      for (const r of set.results) {
        const cells = SYMBOLOGIES.map((s) => {
          const t = r.table[s];
          const of = t.read + t.wrong + t.nothing;
          return of ? `${s} ${t.read}/${of} (${pct(t.read, of)}) wrong ${t.wrong}` : null;
        }).filter(Boolean);
        lines.push(`    ${r.name.padEnd(48)} ${cells.join(' · ')}  [${Math.round(r.ms)} ms]`);
      }
    }
  }
  lines.push(`  ${b.withinBudget ? 'within budget' : 'OVER BUDGET'}`);
  return lines.join('\n');
}
