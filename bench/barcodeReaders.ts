/**
 * The readers the barcode benchmark compares, the same code in Node and in Chromium: the platform
 * hands in how a JPEG becomes pixels and how quagga2 is reached. "Before" is quagga2 as the reader
 * had it before issue 12 (live: the scan box, no locator, the first decode taken; photo: locator on,
 * 1280 px); "ZXing" is src/features/jobs/components/barcodeReader.ts with the acceptance rule of
 * src/domain/tasks/barcode.ts, as the reader now runs.
 */
import type { QuaggaJSConfigObject, QuaggaJSResultObject } from '@ericblade/quagga2';
import { checkDigitHolds, cleanCode, ReadAgreement, SYMBOLOGIES, type Symbology } from '../src/domain/tasks/barcode';
import { cropPixels, FRAME_OPTIONS, readFrame, readPhoto, scanBand, type BarcodeDecoder, type Pixels } from '../src/features/jobs/components/barcodeReader';

export type Outcome = 'read' | 'wrong' | 'nothing';
export type Tally = Record<Outcome, number>;
export type Table = Record<Symbology, Tally>;

export interface Platform {
  pixels(jpeg: Uint8Array): Promise<Pixels>;
  /** quagga2's decodeSingle on the JPEG (a data URL in Node, a blob URL in the browser). */
  quagga(jpeg: Uint8Array, config: Omit<QuaggaJSConfigObject, 'src'>): Promise<QuaggaJSResultObject | undefined>;
  zxing: BarcodeDecoder;
}

export interface LiveCase { symbology: Symbology; text: string; frames: Uint8Array[] }
export interface StillCase { symbology: Symbology; text: string; jpeg: Uint8Array }

const QUAGGA_READERS = ['code_128_reader', 'code_39_reader', 'ean_reader', 'ean_8_reader', 'i2of5_reader'];
/** The old live reader's decoding area: the scan box as percent of the 300×400 view, applied to the frame. */
const OLD_AREA = { top: '40%', bottom: '40%', left: '3.3333333333333335%', right: '3.3333333333333335%' };
const QUAGGA_SYMBOLOGY: Record<string, Symbology> = { code_128: 'code128', code_39: 'code39', ean_13: 'ean13', ean_8: 'ean8', i2of5: 'i2of5' };

const emptyTable = (): Table => Object.fromEntries(SYMBOLOGIES.map((s) => [s, { read: 0, wrong: 0, nothing: 0 }])) as Table;
const judge = (code: string | null, want: string): Outcome => (code === null ? 'nothing' : code === want ? 'read' : 'wrong');

export interface ReaderResult { name: string; table: Table; ms: number }

async function tallyUp<C extends { symbology: Symbology; text: string }>(name: string, cases: C[], run: (c: C) => Promise<string | null>): Promise<ReaderResult> {
  const table = emptyTable();
  const start = performance.now();
  for (const c of cases) table[c.symbology][judge(await run(c), cleanCode(c.text) ?? '')]++;
  return { name, table, ms: performance.now() - start };
}

/** Live: the frames of a label in turn, as the camera delivers them. */
export async function liveReaders(p: Platform, cases: LiveCase[], before: boolean): Promise<ReaderResult[]> {
  const quaggaFirst = async (c: LiveCase) => {
    for (const f of c.frames) {
      const r = await p.quagga(f, { numOfWorkers: 0, locate: false, inputStream: { size: 640, area: OLD_AREA }, decoder: { readers: QUAGGA_READERS } } as never);
      if (r?.codeResult?.code) return r.codeResult.code.trim().toUpperCase();
    }
    return null;
  };
  const zxingFirst = async (c: LiveCase) => {
    for (const f of c.frames) {
      const px = await p.pixels(f);
      const [read] = await p.zxing.decode(cropPixels(px, scanBand(px.width, px.height)), FRAME_OPTIONS);
      if (read) return cleanCode(read.text);
    }
    return null;
  };
  const zxingAgreed = async (c: LiveCase) => {
    const agreement = new ReadAgreement();
    for (const f of c.frames) {
      const px = await p.pixels(f);
      const read = await readFrame(p.zxing, cropPixels(px, scanBand(px.width, px.height)));
      const code = read ? agreement.add(read) : null;
      if (code) return code;
    }
    return null;
  };
  return [
    ...before ? [await tallyUp('quagga2 before: first decode', cases, quaggaFirst), await tallyUp('ZXing: first decode, no enhanced look', cases, zxingFirst)] : [],
    await tallyUp('ZXing: 3 agreeing frames (the reader now)', cases, zxingAgreed),
  ];
}

/** Still photos: one picture each. */
export async function stillReaders(p: Platform, cases: StillCase[], before: boolean): Promise<ReaderResult[]> {
  const quaggaToday = async (c: StillCase) => {
    const r = await p.quagga(c.jpeg, { numOfWorkers: 0, locate: true, inputStream: { size: 1280 }, decoder: { readers: QUAGGA_READERS } } as never);
    return r?.codeResult?.code ? r.codeResult.code.trim().toUpperCase() : null;
  };
  const quaggaChecked = async (c: StillCase) => {
    // Other settings tried on the photos: a smaller input, a larger locator patch, both halves.
    for (const size of [800, 640, 1280]) {
      for (const patchSize of ['large', 'medium']) {
        const r = await p.quagga(c.jpeg, { numOfWorkers: 0, locate: true, inputStream: { size }, locator: { patchSize, halfSample: true }, decoder: { readers: QUAGGA_READERS } } as never);
        const code = r?.codeResult?.code;
        const format = QUAGGA_SYMBOLOGY[r?.codeResult?.format ?? ''];
        if (code && format && checkDigitHolds({ symbology: format, text: code })) return cleanCode(code);
      }
    }
    return null;
  };
  const zxing = async (c: StillCase) => readPhoto(p.zxing, await p.pixels(c.jpeg));
  return [
    ...before ? [await tallyUp('quagga2 before (1280 px, locator)', cases, quaggaToday), await tallyUp('quagga2, 3 sizes × 2 patch sizes, check digits', cases, quaggaChecked)] : [],
    await tallyUp('ZXing (the reader now)', cases, zxing),
  ];
}

export interface Cases { live: LiveCase[]; labelStills: StillCase[]; phoneStills: StillCase[]; photos: StillCase[]; check: StillCase[] }
export interface BenchSet { title: string; results: ReaderResult[]; gated: boolean }

/**
 * Every set through its readers; the generated ones are held to the budget. `before` adds the
 * readers the app had before (quagga2: slow, minutes here) for comparison.
 */
export async function runSets(p: Platform, c: Cases, before: boolean): Promise<BenchSet[]> {
  return [
    { title: 'Live reader, generated labels', results: await liveReaders(p, c.live, before), gated: true },
    { title: 'Still photo, generated labels (first frame)', results: await stillReaders(p, c.labelStills, before), gated: true },
    { title: 'Still photo, phone stills of Code 39 labels at 1600 px (bench/fixtures/barcode/stills)', results: await stillReaders(p, c.phoneStills, before), gated: true },
    { title: 'Still photo, photographed labels (quagga2 test images, MIT)', results: await stillReaders(p, c.photos, before), gated: false },
    { title: "Still photo, check set kept apart (ZXing's test images, Apache-2.0)", results: await stillReaders(p, c.check, before), gated: false },
  ];
}
