/**
 * The dashboard's analytics in the browser, and live reads offline (issue 6 §1, §3): the charts are
 * drawn (SVG) and each is readable as a table whose numbers are the API's; an admin who goes offline
 * is told the page needs a connection and still sees what was last loaded, not an error.
 */
import { expect, test } from '@playwright/test';
import { a11yViolations } from './a11y';
import { ADMIN_A, apiHeadersOf, goOffline, goOnline, signIn, waitForServiceWorker } from './helpers';

test('the analytics tab draws its charts, and "jobs by status per plumber" as a table holds the API\'s numbers', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/dashboard'));
  const chart = page.locator('.chakra-card__root').filter({ has: page.getByRole('heading', { name: 'Jobber per rørlegger etter status' }) });
  // Under load the analytics answer can take a while.
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 60_000 });
  expect(await page.locator('svg.recharts-surface').count()).toBeGreaterThanOrEqual(4);

  const allocation = await (await page.request.get('/api/Analytics/joballocation/company', { headers })).json() as {
    plumbers: { name: string; total: number }[];
  };
  expect(allocation.plumbers.length).toBeGreaterThan(0);
  await chart.getByRole('button', { name: 'Vis som tabell' }).click();
  const table = chart.getByRole('table');
  await expect(table).toBeVisible();
  for (const p of allocation.plumbers.filter((x) => x.total > 0)) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: p.name, exact: true }) });
    await expect(row).toContainText(String(p.total));
  }
});

test('offline, a live read says it needs a connection and shows what was last loaded', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN_A);
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Mine rørleggere/ }).click();
  const cards = page.getByTestId('plumber-card');
  await expect(cards.first()).toBeVisible();
  const names = await cards.allInnerTexts();
  // The screens' code and texts come from the service worker's precache offline.
  await waitForServiceWorker(page);

  await goOffline(context);
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Se jobbliste/ }).click();
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Mine rørleggere/ }).click();
  await expect(page.getByTestId('live-read-offline')).toContainText('Viser det som sist ble hentet');
  expect(await cards.allInnerTexts()).toEqual(names);
  // What was last loaded is for reading: its actions wait for a connection.
  // (The demo's pending plumber has Approve and Reject.)
  await expect(page.getByTestId('live-read-stale').getByRole('button', { name: 'Godkjenn' }).first()).toBeDisabled();
  await expect(page.getByText('Kunne ikke hente')).toHaveCount(0);

  // A page never loaded in this visit has nothing to show: it says it needs a connection.
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Planlegging/ }).click();
  await expect(page.getByTestId('live-read-offline').first()).toContainText('trenger nettforbindelse');

  await goOnline(context);
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 60_000 });
});

test('the dashboard has no serious axe violation: charts are no focus stop inside aria-hidden, and the wide report table scrolls from the keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_A);
  await page.goto('/dashboard');
  // The four charts' drawings (legend icons are recharts-surface svgs too).
  await expect(page.locator('.recharts-wrapper > svg')).toHaveCount(4, { timeout: 60_000 });
  // recharts' keyboard layer made each svg focusable inside the aria-hidden drawing (aria-hidden-focus).
  expect(await page.locator('[aria-hidden=true] svg[tabindex]:not([tabindex="-1"])').count()).toBe(0);
  expect(await a11yViolations(page), 'analytics').toEqual([]);

  await page.getByRole('tab', { name: 'Statusrapport' }).click();
  // The demo's jobs were completed within the last 150 days.
  const iso = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(d);
  const dmy = (d: string) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
  const fromField = page.getByTestId('report-from');
  await fromField.click();
  await fromField.pressSequentially(dmy(iso(new Date(Date.now() - 300 * 86_400_000))));
  const toField = page.getByTestId('report-to');
  await toField.click();
  await toField.pressSequentially(dmy(iso(new Date())));
  await expect(page.getByTestId('report-table').locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const region = page.getByRole('region', { name: /Statusrapport, rull sidelengs/ });
  // Wider than its box: the keyboard reaches the last columns by focusing the region and scrolling it.
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await a11yViolations(page), 'report').toEqual([]);
});
