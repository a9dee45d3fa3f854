/**
 * Diagnostic (not a budget): where the time of the offline repeat visit to /joblist goes.
 * Same set-up as browserJobList.ts; then offline reloads with the Navigation and Resource Timing
 * entries (service worker start, static routing source), user marks and the first card's time,
 * and one run under a CDP trace (TRACE_OUT, default /tmp/joblist-offline-trace.json).
 */
import fs from 'node:fs';
import { launchBenchBrowser } from './benchBrowser';
import { fillReplicaWithJobs, openJobListAsAdmin, startServer } from './browserJobList';

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 3220);
  const server = await startServer(port, Number(process.env.BENCH_PG_PORT ?? 5620));
  const browser = await launchBenchBrowser(port, 'trace');
  const { context } = browser;
  await context.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-testid="job-card"]')) {
        performance.mark('first-card-in-dom');
        requestAnimationFrame(() => performance.mark('first-card-frame'));
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await openJobListAsAdmin(page);
    const count = Number(process.env.JOBS ?? 10_000);
    await fillReplicaWithJobs(page, count);

    await context.setOffline(true);
    const runs = Number(process.env.RUNS ?? 5);
    const traceRun = process.env.TRACE === '0' ? -1 : runs;
    for (let i = 0; i < runs + (traceRun < 0 ? 0 : 1); i++) {
      const traced = i === traceRun;
      const cdp = traced ? await context.newCDPSession(page) : null;
      const chunks: unknown[] = [];
      if (cdp) {
        cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => { chunks.push(...e.value); });
        await cdp.send('Tracing.start', {
          traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'navigation', 'ServiceWorker', 'v8.execute', 'v8', 'toplevel', 'disabled-by-default-v8.compile', ...(process.env.CPU_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []), 'blink', 'IndexedDB', 'disabled-by-default-devtools.timeline.frame', 'devtools.timeline.async', 'netlog', 'disabled-by-default-network', 'benchmark', 'rail'] },
          transferMode: 'ReportEvents',
        });
      }
      const t0 = Date.now();
      await page.goto('/joblist');
      await page.getByTestId('job-card').first().waitFor({ timeout: 10_000 });
      const wall = Date.now() - t0;
      await page.waitForTimeout(300);
      const info = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & Record<string, unknown>;
        const r = (n: number) => Math.round(n);
        const res = (performance.getEntriesByType('resource') as (PerformanceResourceTiming & Record<string, unknown>)[]).map((e) => ({
          name: e.name.replace(location.origin, ''), start: r(e.startTime), workerStart: r(e.workerStart), fetchStart: r(e.fetchStart), responseEnd: r(e.responseEnd),
          routerStart: e.workerRouterEvaluationStart != null ? r(e.workerRouterEvaluationStart as number) : undefined,
          matched: e.workerMatchedSourceType, final: e.workerFinalSourceType, size: e.decodedBodySize,
        }));
        const marks = performance.getEntriesByType('mark').map((m) => ({ name: m.name, t: r(m.startTime) }));
        const paints = performance.getEntriesByType('paint').map((m) => ({ name: m.name, t: r(m.startTime) }));
        return {
          nav: { workerStart: r(nav.workerStart), fetchStart: r(nav.fetchStart), requestStart: r(nav.requestStart), responseStart: r(nav.responseStart), responseEnd: r(nav.responseEnd), domInteractive: r(nav.domInteractive), dcl: r(nav.domContentLoadedEventEnd), load: r(nav.loadEventEnd), routerStart: nav.workerRouterEvaluationStart, matched: nav.workerMatchedSourceType },
          res, marks, paints,
        };
      });
      console.log(`run ${i}${traced ? ' (traced)' : ''}: wall ${wall} ms`);
      console.log(JSON.stringify(info.nav), JSON.stringify(info.marks), JSON.stringify(info.paints));
      if (i === 0 || traced || process.env.VERBOSE) for (const x of info.res) console.log('  ', JSON.stringify(x));
      if (cdp) {
        const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
        await cdp.send('Tracing.end');
        await done;
        fs.writeFileSync(process.env.TRACE_OUT ?? '/tmp/joblist-offline-trace.json', JSON.stringify({ traceEvents: chunks }));
      }
    }
    await context.setOffline(false);
  } finally {
    await browser.close();
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
  }
}
void main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
