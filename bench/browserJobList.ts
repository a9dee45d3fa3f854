/**
 * Budgets, measured in Debian's Chromium against the real server:
 * - job list of 10,000 jobs in the replica: first screen of cards within 100 ms of navigation
 *   (from the menu click to the first card painted, in-app navigation);
 * - a repeat visit offline shows the job list within 1 s (reload with the network off, service
 *   worker serving the shell, to the first card).
 * The replica is filled with 10,000 synthetic jobs of the signed-in admin's company.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { launchBenchBrowser } from './benchBrowser';

export interface BrowserJobListBench {
  jobCount: number;
  navigationRunsMs: number[];
  navigationMedianMs: number;
  offlineReloadRunsMs: number[];
  offlineReloadMedianMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `npm start`'s server on a fresh data folder and its own embedded PostgreSQL (tests/e2e/serve.ts). */
export async function startServer(port: number, pgPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    env: { ...process.env, PORT: String(port), E2E_PG_PORT: String(pgPort) }, stdio: 'ignore',
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return child;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGINT');
  throw new Error('bench server did not start');
}

/** Signs in as the demo admin and opens the job list, with the service worker in control. */
export async function openJobListAsAdmin(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await page.locator('#email').fill('kari.nordmann@sandvika-ror.no');
  await page.locator('#password').fill('Meterwork-demo-2026');
  await page.locator('#password').press('Enter');
  await page.getByTestId('page-title').waitFor();
  await page.goto('/joblist');
  await page.getByTestId('job-card').first().waitFor();
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
}

/** Fills the replica with `count` copies of its first job, spread over time, as the pull would write them. */
export async function fillReplicaWithJobs(page: Page, count: number): Promise<void> {
  await page.evaluate((count) => new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('meterwork');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const idb = open.result;
      const read = idb.transaction('jobs').objectStore('jobs').getAll(null, 1);
      read.onsuccess = () => {
        const template = read.result[0];
        const tx = idb.transaction('jobs', 'readwrite');
        const store = tx.objectStore('jobs');
        const start = Date.UTC(2024, 0, 1);
        for (let i = 0; i < count; i++) {
          const jobId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
          const createdAt = new Date(start + i * 3_600_000).toISOString();
          store.put({
            ...template, jobId, refNr: 100_000 + i, createdAt, updatedAt: createdAt,
            statusId: 1 + (i % 2), subscriberText: `Benkeveien ${i % 500}, 1337 Sandvika`,
            jobTasks: template.jobTasks.map((t: { taskId: string }) => ({ ...t, jobId, taskId: jobId.replace('8000', '9000') })),
          });
        }
        tx.oncomplete = () => { idb.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
    };
  }), count);
}

export async function benchBrowserJobList(opts: { jobCount?: number; runs?: number } = {}): Promise<BrowserJobListBench> {
  const jobCount = opts.jobCount ?? 10_000;
  const runs = opts.runs ?? 7;
  // Other ports (and WEB_DIR for another build) let a second checkout or build be measured alongside.
  const port = Number(process.env.BENCH_PORT ?? 3220);
  const server = await startServer(port, Number(process.env.BENCH_PG_PORT ?? 5620));
  const browser = await launchBenchBrowser(port, 'browser');
  const { context } = browser;
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await openJobListAsAdmin(page);

    await fillReplicaWithJobs(page, jobCount);

    const navigationRunsMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.goto('/about');
      await page.getByTestId('page-title').waitFor();
      await page.waitForTimeout(300);
      const ms = await page.evaluate(() => new Promise<number>((resolve) => {
        const link = document.querySelector<HTMLElement>('[data-testid="nav-jobList"]');
        if (!link) throw new Error('no job list menu item');
        const t0 = performance.now();
        const check = () => {
          if (document.querySelector('[data-testid="job-card"]')) {
            requestAnimationFrame(() => resolve(performance.now() - t0));
          } else requestAnimationFrame(check);
        };
        link.click();
        check();
      }));
      navigationRunsMs.push(Math.round(ms * 10) / 10);
    }

    const offlineReloadRunsMs: number[] = [];
    await context.setOffline(true);
    for (let i = 0; i < Math.min(runs, 5); i++) {
      const t0 = Date.now();
      await page.goto('/joblist');
      await page.getByTestId('job-card').first().waitFor({ timeout: 10_000 });
      offlineReloadRunsMs.push(Date.now() - t0);
    }
    await context.setOffline(false);
    return {
      jobCount,
      navigationRunsMs, navigationMedianMs: median(navigationRunsMs),
      offlineReloadRunsMs, offlineReloadMedianMs: median(offlineReloadRunsMs),
    };
  } finally {
    await browser.close();
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
  }
}
