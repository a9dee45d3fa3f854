import { test, expect, type Page } from '@playwright/test';
import { PLUMBER_OLA, goOffline, signIn, waitForReplica, waitForServiceWorker } from './helpers';

/**
 * The job list's own code and its on-demand nb texts (vite.config.ts names these chunks), and the
 * outbox replay's code (src/data/replay/run.ts, loaded after the first screen).
 */
const JOB_LIST_FILES = [/\/assets\/jobs-[\w-]+\.js$/, /\/assets\/i18n-nb-jobs-[\w-]+\.js$/, /\/assets\/run-[\w-]+\.js$/];

const assetsFetched = (page: Page) => page.evaluate(() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname).filter((p) => p.startsWith('/assets/')));

// DESIGN.md budgets: the job list opens from the menu within 100 ms and offline within 1 s. Both
// need its code and texts at hand before the plumber asks for them (issue 12 §5).
test('the job list\'s code and texts are fetched in the background and precached, so opening it downloads nothing', async ({ page, context }) => {
  await signIn(page, PLUMBER_OLA);
  await waitForReplica(page);
  await page.goto('/about');
  await expect(page.getByTestId('page-title')).toHaveText('Om');

  // Fetched after the first screen without the list having been opened in this page.
  await expect.poll(async () => {
    const fetched = await assetsFetched(page);
    return JOB_LIST_FILES.every((re) => fetched.some((p) => re.test(p)));
  }, { timeout: 30_000 }).toBe(true);
  // The rest of what the app loads after its first screen (the service worker's registration, the
  // sign-in library) may still be on its way on a busy machine: wait until nothing more comes.
  let seen = -1;
  await expect.poll(async () => {
    const n = (await assetsFetched(page)).length;
    const settled = n === seen;
    seen = n;
    return settled;
  }, { intervals: [1500], timeout: 30_000 }).toBe(true);
  const before = (await assetsFetched(page)).length;
  await page.getByTestId('nav-jobList').click();
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  expect((await assetsFetched(page)).slice(before)).toEqual([]);

  // In the service worker's precache, so a repeat visit offline has them.
  await waitForServiceWorker(page);
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  for (const re of JOB_LIST_FILES) expect(precached.some((p) => re.test(p)), String(re)).toBe(true);

  await goOffline(context);
  await page.goto('/joblist');
  await expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 10_000 });
});
