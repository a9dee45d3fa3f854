/**
 * Budgets (DESIGN.md, issue 15 §4), in Debian's Chromium: 50,000 assignment points from the list's
 * answer to an interactive clustered map < 1 s; a re-cluster after a pan or zoom < 16 ms; a polygon
 * selection over the 50,000 points < 50 ms.
 * A small page (bench/planningMap/) built by Vite holds the real component as the planning page does.
 * The answer's JSON text is in the page before the clock starts; the clock runs from parsing it to the
 * first frame of clusters drawn from the worker's answer (the map's 'planning-map:first-draw'
 * measure), both with the map already open (its worker running) and mounted with the answer (after
 * preloadPlanningMap, as the planning page calls it when it opens). Pans (mouse drags) and zooms
 * (wheel) are timed from Leaflet's moveend to the frame drawn with the clusters of the new view
 * ('planning-map:recluster'), whether the worker's answer was asked during the move or at its end. The polygon is drawn with the mouse through the
 * map's own tool; the selection itself is 'planning-map:polygon-select', judged on the worst run.
 * The index is built in two workers (clusterCore.ts, SPLIT_ZOOM): the load figures wait for the low
 * levels; when the levels above were ready is printed beside them.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Page } from '@playwright/test';
import { CHAKRA_RECIPE_ALIAS } from '../vite.config';
import { freePort } from '../tests/helpers/freePort';
import { launchBenchBrowser } from './benchBrowser';
import { benchAnswer } from './planningMapPoints';
import { INDEX_MAX_ZOOM, SPLIT_ZOOM } from '../src/features/schedule/map/clusterCore';

export const LOAD_BUDGET_MS = 1000;
export const RECLUSTER_BUDGET_MS = 16;
export const POLYGON_BUDGET_MS = 50;

export interface PlanningMapBench {
  pointCount: number;
  answerBytes: number;
  openMapRunsMs: number[];
  mountRunsMs: number[];
  reclusterMs: { median: number; p95: number; max: number; count: number };
  /** Medians of a re-cluster's parts: the worker's round trip and the drawing, and the items drawn. */
  reclusterParts: { workerMs: number; insideWorkerMs: number; drawMs: number; items: number; askedAhead: number };
  /** The three slowest re-clusters: time, zoom, items drawn, when the worker was asked. */
  slowestRecluster: { ms: number; zoom: number; items: number; asked: string }[];
  /** Median time the worker took to index the points the first view needs (inside the load figures). */
  indexMs: number;
  /** The index's levels above SPLIT_ZOOM, built in the second worker once the first view can be answered: medians of the worker's own time and of when they were ready, from the answer. */
  highIndex: { workerMs: number; readyMs: number };
  /** Median time of JSON.parse of the answer (inside the load figures). */
  parseMs: number;
  loadAverage: number;
  polygonRunsMs: number[];
  selectedByPolygon: number;
  /** The page's errors (tiles that cannot load left out: the bench runs with no tiles). */
  errors: string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms: number) => Math.round(ms * 10) / 10;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

async function buildPage(outDir: string) {
  await build({
    configFile: false, root: path.resolve('bench/planningMap'), base: '/', logLevel: 'warn',
    plugins: [react()], resolve: { alias: [CHAKRA_RECIPE_ALIAS] },
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
  });
}

function serve(dir: string, answer: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (url === '/answer.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      return;
    }
    const file = path.join(dir, url === '/' ? 'index.html' : path.normalize(url).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

/** What the map notes with each measure (ClusterCanvasLayer.ts). */
interface Detail { asked: 'ahead' | 'at the end'; workerMs: number; insideWorkerMs: number; drawMs: number; items: number; zoom: number; indexMs?: number }
interface Measure { startTime: number; duration: number; detail: Detail | null }

const measures = (page: Page, name: string) => page.evaluate((n) => performance.getEntriesByName(n)
  .map((e) => ({ startTime: e.startTime, duration: e.duration, detail: (e as PerformanceMeasure).detail as Detail | null })), name);

/** Waits for the measure's next entry after `known` entries. */
async function nextMeasure(page: Page, name: string, known: number): Promise<Measure> {
  await page.waitForFunction(([n, k]) => performance.getEntriesByName(n as string).length > (k as number), [name, known] as const, { timeout: 30_000 });
  return (await measures(page, name)).at(-1)!;
}
const countOf = (page: Page, name: string) => page.evaluate((n) => performance.getEntriesByName(n).length, name);

export async function benchPlanningMap(opts: { pointCount?: number; runs?: number } = {}): Promise<PlanningMapBench> {
  const pointCount = opts.pointCount ?? 50_000;
  const runs = opts.runs ?? 5;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-planning-map-'));
  const answer = benchAnswer(pointCount);
  await buildPage(outDir);
  const port = await freePort();
  const server = await serve(outDir, answer, port);
  const browser = await launchBenchBrowser(port, 'planning-map');
  const errors: string[] = [];
  try {
    const page = browser.context.pages()[0] ?? await browser.context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/tile\.openstreetmap|ERR_|Failed to load resource/.test(msg.text())) errors.push(msg.text());
    });
    await page.goto('/');
    await page.getByTestId('planning-map-canvas').waitFor({ state: 'attached' });
    await page.evaluate(async () => {
      (window as unknown as { answerText: string }).answerText = await (await fetch('/answer.json')).text();
    });

    const indexRunsMs: number[] = [];
    const parseRunsMs: number[] = [];
    const highWorkerMs: number[] = [];
    const highReadyMs: number[] = [];
    const highIndexed = (page: Page) => page.evaluate(() => performance.getEntriesByName('planning-map:index')
      .map((e) => ({ end: e.startTime + e.duration, detail: (e as PerformanceMeasure).detail as { part: string; workerMs: number } }))
      .filter((e) => e.detail.part === 'high'));
    const timeTo = async (run: () => Promise<number>) => {
      const known = await countOf(page, 'planning-map:first-draw');
      const knownHigh = (await highIndexed(page)).length;
      const start = await run();
      const drawn = await nextMeasure(page, 'planning-map:first-draw', known);
      indexRunsMs.push(drawn.detail?.indexMs ?? NaN);
      parseRunsMs.push(await page.evaluate(() => window.planningMapBench.parseMs()));
      await page.waitForFunction((k) => performance.getEntriesByName('planning-map:index')
        .filter((e) => ((e as PerformanceMeasure).detail as { part: string }).part === 'high').length > k, knownHigh, { timeout: 30_000 });
      const high = (await highIndexed(page)).at(-1)!;
      highWorkerMs.push(high.detail.workerMs);
      highReadyMs.push(high.end - start);
      return round(drawn.startTime + drawn.duration - start);
    };
    const openMapRunsMs: number[] = [];
    const mountRunsMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The empty map draws (nothing) first: that is not the answer's first draw.
      const empty = await countOf(page, 'planning-map:first-draw');
      await page.evaluate(() => window.planningMapBench.remount());
      await page.getByTestId('planning-map-canvas').waitFor({ state: 'attached' });
      await nextMeasure(page, 'planning-map:first-draw', empty);
      await page.waitForTimeout(300);
      openMapRunsMs.push(await timeTo(() => page.evaluate(() => window.planningMapBench.answer((window as unknown as { answerText: string }).answerText))));
      // The planning page preloads the map (code and worker) when it opens, before the list comes.
      await page.evaluate(() => window.planningMapBench.preload());
      await page.waitForTimeout(300);
      mountRunsMs.push(await timeTo(() => page.evaluate(() => window.planningMapBench.remount((window as unknown as { answerText: string }).answerText))));
      await page.waitForTimeout(300);
    }

    // Pans and zooms over the map, each timed by the map itself.
    const box = (await page.getByTestId('planning-map').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const before = await countOf(page, 'planning-map:recluster');
    const moves: [number, number][] = [[160, 0], [0, 120], [-200, -60], [80, -90], [-40, 30]];
    for (let round = 0; round < 3; round++) {
      for (const [dx, dy] of moves) {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        await page.mouse.move(cx + dx / 2, cy + dy / 2, { steps: 4 });
        await page.mouse.move(cx + dx, cy + dy, { steps: 4 });
        await page.mouse.up();
        await page.waitForTimeout(150);
      }
      for (const delta of [-300, -300, -300, 300, 300, 300]) {
        await page.mouse.move(cx, cy);
        await page.mouse.wheel(0, delta);
        await page.waitForTimeout(450);
      }
    }
    await page.waitForTimeout(300);
    const moved = (await measures(page, 'planning-map:recluster')).slice(before);
    const recluster = moved.map((m) => m.duration).sort((a, b) => a - b);
    const atEnd = moved.filter((m) => m.detail?.asked === 'at the end');

    // A concave polygon over most of the points at the default view, drawn through the map's tool.
    const polygonRunsMs: number[] = [];
    let selectedByPolygon = 0;
    const corners: [number, number][] = [[-260, -220], [260, -240], [280, 230], [0, 60], [-270, 220]];
    for (let i = 0; i < runs; i++) {
      await page.evaluate(() => window.planningMapBench.remount((window as unknown as { answerText: string }).answerText));
      await page.waitForTimeout(600);
      const known = await countOf(page, 'planning-map:polygon-select');
      await page.getByTestId('planning-map-draw').click();
      for (const [dx, dy] of corners) {
        await page.mouse.click(cx + dx, cy + dy);
        await page.waitForTimeout(60);
      }
      await page.mouse.click(cx + corners[0][0], cy + corners[0][1]);
      const select = await nextMeasure(page, 'planning-map:polygon-select', known);
      polygonRunsMs.push(round(select.duration));
      selectedByPolygon = await page.evaluate(() => window.planningMapBench.selectedCount());
    }

    const pick = (q: number) => round(recluster[Math.min(recluster.length - 1, Math.floor(q * recluster.length))] ?? NaN);
    return {
      pointCount, answerBytes: Buffer.byteLength(answer), openMapRunsMs, mountRunsMs,
      reclusterMs: { median: pick(0.5), p95: pick(0.95), max: round(recluster.at(-1) ?? NaN), count: recluster.length },
      reclusterParts: {
        workerMs: round(median(atEnd.map((m) => m.detail?.workerMs ?? NaN))),
        insideWorkerMs: round(median(atEnd.map((m) => m.detail?.insideWorkerMs ?? NaN))),
        drawMs: round(median(atEnd.map((m) => m.detail?.drawMs ?? NaN))),
        items: median(moved.map((m) => m.detail?.items ?? 0)),
        askedAhead: moved.length - atEnd.length,
      },
      slowestRecluster: [...moved].sort((a, b) => b.duration - a.duration).slice(0, 3)
        .map((m) => ({ ms: round(m.duration), zoom: m.detail?.zoom ?? NaN, items: m.detail?.items ?? 0, asked: m.detail?.asked ?? '?' })),
      indexMs: round(median(indexRunsMs)),
      highIndex: { workerMs: round(median(highWorkerMs)), readyMs: round(median(highReadyMs)) },
      parseMs: round(median(parseRunsMs)),
      loadAverage: os.loadavg()[0],
      polygonRunsMs, selectedByPolygon, errors,
    };
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export function formatPlanningMapBench(b: PlanningMapBench): string {
  const verdict = (ms: number, budget: number) => (ms <= budget ? 'within budget' : 'OVER BUDGET');
  const load = median(b.openMapRunsMs);
  const mount = median(b.mountRunsMs);
  const polygon = median(b.polygonRunsMs);
  const worstPolygon = Math.max(...b.polygonRunsMs);
  return [
    `  ${b.pointCount} points, answer ${(b.answerBytes / 1024 / 1024).toFixed(1)} MB of JSON; machine load average ${b.loadAverage.toFixed(1)}`,
    `  answer to clustered map, map open (ms): ${b.openMapRunsMs.join(', ')}; median ${load} ms, budget ${LOAD_BUDGET_MS} ms: ${verdict(load, LOAD_BUDGET_MS)}`,
    `  answer to clustered map, mounted with it after a preload (ms): ${b.mountRunsMs.join(', ')}; median ${mount} ms, budget ${LOAD_BUDGET_MS} ms: ${verdict(mount, LOAD_BUDGET_MS)}`,
    `    of which (medians) parsing the answer's JSON ${b.parseMs} ms, the worker's indexing of levels 0–${SPLIT_ZOOM} ${b.indexMs} ms;`
      + ` levels ${SPLIT_ZOOM + 1}–${INDEX_MAX_ZOOM} (the other worker, after) ${b.highIndex.workerMs} ms, ready ${b.highIndex.readyMs} ms after the answer`,
    `  re-cluster after a pan or zoom over ${b.reclusterMs.count} moves: median ${b.reclusterMs.median} ms, p95 ${b.reclusterMs.p95} ms, max ${b.reclusterMs.max} ms; budget ${RECLUSTER_BUDGET_MS} ms: ${verdict(b.reclusterMs.p95, RECLUSTER_BUDGET_MS)} (p95)`,
    `    ${b.reclusterParts.askedAhead} of ${b.reclusterMs.count} drawn at once from an answer asked during the move, ${b.reclusterParts.items} items drawn (median)`
      + (b.reclusterParts.askedAhead < b.reclusterMs.count
        ? `; the others asked at its end: worker round trip ${b.reclusterParts.workerMs} ms (its own work ${b.reclusterParts.insideWorkerMs} ms), drawing ${b.reclusterParts.drawMs} ms (medians)`
        : ''),
    `    slowest: ${b.slowestRecluster.map((m) => `${m.ms} ms (zoom ${m.zoom}, ${m.items} items, asked ${m.asked})`).join('; ')}`,
    `  polygon selection (ms): ${b.polygonRunsMs.join(', ')}; median ${polygon} ms, worst ${worstPolygon} ms (${b.selectedByPolygon} selected), budget ${POLYGON_BUDGET_MS} ms: ${verdict(worstPolygon, POLYGON_BUDGET_MS)} (worst)`,
    ...(b.errors.length ? [`  page errors: ${b.errors.join(' | ')}`] : []),
  ].join('\n');
}
