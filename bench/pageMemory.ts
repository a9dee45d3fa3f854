/**
 * Issue 5 budget: "memory in the page stays flat (photos streamed from IndexedDB, not all read)".
 * In Chromium, against the real server: a plumber offline adds 100 photos (~400 KB each after the
 * device's resize) through the deviation view's file input, then the network returns and the outbox
 * replays them. The page's live JS heap (performance.memory right after a forced GC) is sampled
 * every 200 ms during the replay: its growth must stay well below the photos' bytes.
 */
import sharp from 'sharp';
import { PLUMBER_OLA, dbQuery, signIn } from '../tests/e2e/helpers';
import { freePort } from '../tests/helpers/freePort';
import { startServer } from './browserJobList';
import { noisyPixels } from './photo';
import { launchBenchBrowser } from './benchBrowser';

export const PAGE_MEMORY_PHOTOS = 100;

export interface PageMemoryBench {
  photos: number;
  photoBytes: number;
  baselineMb: number;
  peakMb: number;
  endMb: number;
  replaySeconds: number;
  /** Growth allowed: a quarter of the photos' bytes (all of them read at once would be the whole). */
  budgetMb: number;
  withinBudget: boolean;
}

const mb = (b: number) => b / 1024 / 1024;

export async function benchPageMemory(): Promise<PageMemoryBench> {
  const port = await freePort();
  const pgPort = await freePort();
  process.env.E2E_PG_PORT = String(pgPort);
  const server = await startServer(port, pgPort);
  const browser = await launchBenchBrowser(port, 'memory', { extraArgs: ['--js-flags=--expose-gc', '--enable-precise-memory-info'], timezoneId: 'Europe/Oslo' });
  const { context } = browser;
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await signIn(page, PLUMBER_OLA);
    const [job] = await dbQuery<{ id: string; task_id: string }>(`
      select j.id, t.id as task_id from jobs j join users u on u.registration_id = j.assigned_to_id
        join tasks t on t.job_id = j.id and not t.is_deleted
      where u.email = $1 and j.status_id = 1 and j.deleted_at is null order by j.ref_nr limit 1`, [PLUMBER_OLA]);
    await page.goto(`/job/${job.id}/task/${job.task_id}`);
    await page.getByTestId('open-deviation').click();

    // 100 distinct photos, 1920×1440 with noise: about 400 KB each after the device re-encodes them.
    const files = [];
    let photoBytes = 0;
    for (let i = 0; i < PAGE_MEMORY_PHOTOS; i++) {
      const buffer = await sharp(noisyPixels(1920, 1440, 0.12, i + 1), { raw: { width: 1920, height: 1440, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
      files.push({ name: `foto-${i}.jpg`, mimeType: 'image/jpeg', buffer });
    }
    await context.setOffline(true);
    for (let i = 0; i < files.length; i += 10) {
      await page.getByTestId('photo-input').setInputFiles(files.slice(i, i + 10));
      await page.getByTestId('photo').nth(Math.min(i + 9, files.length - 1)).waitFor({ timeout: 120_000 });
    }
    photoBytes = await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('meterwork');
      open.onsuccess = () => {
        const req = open.result.transaction('photos').objectStore('photos').getAll();
        req.onsuccess = () => resolve((req.result as { blob: Blob | null }[]).reduce((n, p) => n + (p.blob?.size ?? 0), 0));
      };
    }));

    const heap = () => page.evaluate(() => {
      (globalThis as { gc?: () => void }).gc?.();
      return (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
    });
    const baseline = await heap();
    const samples: number[] = [];
    const t0 = Date.now();
    await context.setOffline(false);
    await page.evaluate(() => globalThis.dispatchEvent(new Event('online')));
    for (;;) {
      // Live memory: collected first, so garbage the collector has not reached yet does not count.
      samples.push(await heap());
      const left = await dbQuery<{ n: number }>('select count(*)::int as n from media_assets where task_id = $1', [job.task_id]);
      if (left[0].n >= PAGE_MEMORY_PHOTOS || Date.now() - t0 > 180_000) break;
      await page.waitForTimeout(200);
    }
    const replaySeconds = (Date.now() - t0) / 1000;
    const end = await heap();
    const peak = Math.max(baseline, ...samples);
    const budgetMb = mb(photoBytes) / 4;
    return {
      photos: PAGE_MEMORY_PHOTOS, photoBytes, baselineMb: mb(baseline), peakMb: mb(peak), endMb: mb(end), replaySeconds, budgetMb,
      withinBudget: mb(peak - baseline) < budgetMb,
    };
  } finally {
    await browser.close();
    server.kill('SIGINT');
  }
}

export function formatPageMemoryBench(b: PageMemoryBench): string {
  return [
    `Page memory while ${b.photos} photos (${mb(b.photoBytes).toFixed(1)} MB in IndexedDB) upload, budget: heap growth under ${b.budgetMb.toFixed(1)} MB (a quarter of the photos)`,
    `  JS heap: ${b.baselineMb.toFixed(1)} MB before, peak ${b.peakMb.toFixed(1)} MB during ${b.replaySeconds.toFixed(1)} s of replay, ${b.endMb.toFixed(1)} MB after`,
    `  growth ${(b.peakMb - b.baselineMb).toFixed(1)} MB: ${b.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  ].join('\n');
}
