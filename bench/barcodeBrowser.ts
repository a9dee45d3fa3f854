/**
 * The barcode benchmark's page in Chromium (bundled by bench/barcode.ts): the same readers as in
 * Node, with the browser's own JPEG decoding (createImageBitmap, canvas) and quagga2's browser build.
 */
import Quagga from '@ericblade/quagga2';
import type { QuaggaJSConfigObject, QuaggaJSResultObject } from '@ericblade/quagga2';
import type { Symbology } from '../src/domain/tasks/barcode';
import { loadZxing } from '../src/features/jobs/components/barcodeReader';
import { runSets, type Platform } from './barcodeReaders';

interface Ref { symbology: Symbology; text: string }
interface Manifest {
  live: (Ref & { frames: number[] })[];
  labelStills: (Ref & { jpeg: number })[];
  phoneStills: (Ref & { jpeg: number })[];
  photos: (Ref & { jpeg: number })[];
  check: (Ref & { jpeg: number })[];
}

const urls = new WeakMap<Uint8Array, string>();
const fetchJpeg = async (i: number) => {
  const bytes = new Uint8Array(await (await fetch(`/jpeg/${i}`)).arrayBuffer());
  urls.set(bytes, `/jpeg/${i}`);
  return bytes;
};

async function run(m: Manifest, before: boolean) {
  const zxing = await loadZxing({ url: '/zxing_reader.wasm' });
  const canvas = new OffscreenCanvas(1, 1);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const p: Platform = {
    async pixels(jpeg) {
      const bitmap = await createImageBitmap(new Blob([jpeg as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      ctx.drawImage(bitmap, 0, 0);
      bitmap.close();
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      return { data: img.data, width: img.width, height: img.height };
    },
    quagga: (jpeg, config) => new Promise<QuaggaJSResultObject | undefined>((resolve) => {
      void Quagga.decodeSingle({ ...config, src: urls.get(jpeg)! } as QuaggaJSConfigObject, resolve);
    }),
    zxing,
  };
  const stills = (list: (Ref & { jpeg: number })[]) => Promise.all(list.map(async (s) => ({ ...s, jpeg: await fetchJpeg(s.jpeg) })));
  const live = await Promise.all(m.live.map(async (l) => ({ ...l, frames: await Promise.all(l.frames.map(fetchJpeg)) })));
  return runSets(p, { live, labelStills: await stills(m.labelStills), phoneStills: await stills(m.phoneStills), photos: await stills(m.photos), check: await stills(m.check) }, before);
}

(window as unknown as { runBarcodeBench: typeof run }).runBarcodeBench = run;
