/**
 * A reload does not wait for MSAL before its first reads (issue 24 §5, the planning page's full load):
 * the tab keeps its live token for its next page load, and the reads start with it while MSAL's code is
 * still on its way. A tab without one (a new tab) waits for MSAL as before, and logout forgets it.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { ADMIN_A, signIn } from './helpers';

const TAB_TOKEN = 'meterwork.token';
// MSAL's code is held back by routing it, which the service worker's cache would answer instead.
test.use({ serviceWorkers: 'block' });

/** Holds MSAL's code back until the returned function is called. */
async function holdMsal(page: Page): Promise<{ release: () => void; asked: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((r) => { release = r; });
  let asked = false;
  await page.route(/\/assets\/msalClient-[^/]+\.js$/, async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** Requests to the API that carry a bearer token, as they are sent. */
function authorisedReads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/') && r.headers().authorization?.startsWith('Bearer ')) seen.push(r.url());
  });
  return seen;
}

test('a reload reads with the tab\'s token while MSAL loads; a new tab waits for MSAL; logout forgets it', async ({ page, context }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/joblist');
  await expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 30_000 });
  const kept = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as { userId: string; renewAt: number } | null, TAB_TOKEN);
  expect(kept?.userId).toBeTruthy();
  expect(kept!.renewAt).toBeGreaterThan(Date.now());

  // The reload: MSAL's code is held back, yet the page reads with a token and shows the jobs.
  const msal = await holdMsal(page);
  const reads = authorisedReads(page);
  await page.reload();
  await expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => reads.length).toBeGreaterThan(0);
  expect(msal.asked()).toBe(true);
  msal.release();

  // A new tab has no token of its own: nothing is read with a token before MSAL's check.
  const other = await context.newPage();
  const held = await holdMsal(other);
  const otherReads = authorisedReads(other);
  await other.goto('/joblist');
  await expect.poll(() => held.asked()).toBe(true);
  await other.waitForTimeout(1500);
  expect(otherReads).toEqual([]);
  held.release();
  await expect.poll(() => otherReads.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await other.close();

  // Logout forgets the tab's token.
  await page.getByRole('button', { name: /Brukermeny/ }).click();
  await page.getByRole('menuitem', { name: 'Logg ut' }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), TAB_TOKEN)).toBeNull();
});
