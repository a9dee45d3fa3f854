/**
 * The planning page's layouts (issue "Plans that hold" §5): at 1440×900 every layout choice keeps the
 * list at least 360 px and the map at least 320 px wide, side by side, with the list's Status column
 * whole; at 760×1000 the map stands above the list, each the board's width, whatever the choice. The
 * map's Leaflet link is titled in Norwegian, and polygon drawing mode passes axe (the corners placed
 * are named or hidden from assistive technology). Screenshots of each layout are kept with the run.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { a11yViolations } from './a11y';
import { ADMIN_A, insertStreetPoints, removeStreetPoints, signIn } from './helpers';

const STREET = 'Oppsettveien';
const LIST_MIN_PX = 360;
const MAP_MIN_PX = 320;

/** The dialog's choices by their radio value; 'default' is the page's own split (table 60 %, map 40 %). */
const CHOICES = ['default', 'half', 'tableFixed', 'mapFixed'] as const;

test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 8, { lat: 59.9301, lng: 10.6001, spread: 0.0005, perRow: 4 });
});
test.afterAll(() => removeStreetPoints([STREET]));

async function openBoard(page: Page) {
  await signIn(page, ADMIN_A);
  await page.goto('/schedule/plan');
  await expect(page.getByTestId('planning-chooser')).toBeVisible();
  await page.getByTestId('planning-plumber').selectOption({ label: 'Ola Hansen' });
  await page.getByTestId('planning-week').selectOption({ index: 3 });
  await expect(page.getByTestId('planning-start-time')).not.toHaveValue('');
  await page.getByTestId('planning-open').click();
  await expect(page.getByTestId('planning-title')).toContainText('uke');
  await expect(page.getByTestId('planning-row').first()).toBeVisible();
  await expect(page.getByTestId('planning-map-canvas')).toBeAttached();
}

async function choose(page: Page, choice: (typeof CHOICES)[number]) {
  await page.getByRole('button', { name: 'Oppsett' }).click();
  const dialog = page.getByTestId('planning-layout-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator(`input[value="${choice}"]`).check();
  await dialog.getByRole('button', { name: 'Bruk' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('planning-panes')).toHaveAttribute('data-layout', choice);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'a bounding box').not.toBeNull();
  return b!;
}

/** Each pane at least its minimum width, inside the window; the Status header inside the list's box. */
async function checkPanes(page: Page, label: string, stacked: boolean) {
  const width = page.viewportSize()!.width;
  const list = page.getByTestId('planning-list-pane');
  const map = page.getByTestId('planning-map-section');
  // The map follows its box a frame later (ResizeObserver): wait until the widths settle.
  await expect.poll(async () => (await box(list)).width, { message: `${label}: list width` }).toBeGreaterThanOrEqual(LIST_MIN_PX);
  await expect.poll(async () => (await box(map)).width, { message: `${label}: map width` }).toBeGreaterThanOrEqual(MAP_MIN_PX);
  const l = await box(list);
  const m = await box(map);
  for (const [name, b] of [['list', l], ['map', m]] as const) {
    expect(b.x, `${label}: ${name} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${label}: ${name} ends inside the window`).toBeLessThanOrEqual(width + 0.5);
  }
  if (stacked) expect(m.y + m.height, `${label}: the map above the list`).toBeLessThanOrEqual(l.y + 0.5);
  else expect(Math.abs(m.y - l.y), `${label}: side by side`).toBeLessThan(2);
  const status = await box(page.getByTestId('planning-table').getByRole('columnheader', { name: 'Status' }));
  expect(status.width, `${label}: Status header has room`).toBeGreaterThan(40);
  expect(status.x, `${label}: Status header's left`).toBeGreaterThanOrEqual(l.x - 0.5);
  expect(status.x + status.width, `${label}: Status header's right`).toBeLessThanOrEqual(l.x + l.width + 0.5);
  // Its text is not cut either (the cell is as wide as its text needs).
  const cut = await page.getByTestId('planning-table').getByRole('columnheader', { name: 'Status' })
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, `${label}: Status header text cut`).toBe(false);
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 760, height: 1000 }]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('every layout choice keeps each pane usable and the Status column whole', async ({ page }) => {
      test.setTimeout(180_000);
      await openBoard(page);
      const stacked = viewport.width < 1000;
      for (const choice of CHOICES) {
        if (choice !== 'default') await choose(page, choice);
        else await expect(page.getByTestId('planning-panes')).toHaveAttribute('data-layout', 'default');
        await checkPanes(page, `${viewport.width} px, ${choice}`, stacked);
        await page.screenshot({ path: test.info().outputPath(`planning-${viewport.width}-${choice}.png`), fullPage: false });
      }
      // The first choice again, from the dialog: the default can be chosen back.
      await choose(page, 'default');
      await checkPanes(page, `${viewport.width} px, default again`, stacked);
      // The filter panel (collapsed at first here): opened, it takes its room and the panes keep theirs,
      // the map above the table where they no longer fit side by side.
      await page.getByTestId('planning-filter-expand').click();
      await expect(page.getByTestId('filter-street')).toBeVisible();
      await expect(page.getByTestId('planning-panes')).toHaveAttribute('data-mode', viewport.width < 1000 ? 'column' : 'stacked');
      await checkPanes(page, `${viewport.width} px, filter open`, true);
      await page.screenshot({ path: test.info().outputPath(`planning-${viewport.width}-filter-open.png`) });
    });
  });
}

test.describe('the map', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Leaflet\'s link is titled in Norwegian, and polygon drawing mode passes axe', async ({ page }) => {
    test.setTimeout(180_000);
    await openBoard(page);
    const leaflet = page.getByTestId('planning-map').locator('.leaflet-control-attribution a[href="https://leafletjs.com"]');
    await expect(leaflet).toHaveAttribute('title', 'Et JavaScript-bibliotek for interaktive kart');
    await expect(page.getByTestId('planning-map').locator('[title*="JavaScript library"]')).toHaveCount(0);

    await page.getByTestId('planning-map-draw').click();
    await expect(page.getByText(/Klikk i kartet for å sette hjørnene/)).toBeVisible();
    const map = await box(page.getByTestId('planning-map'));
    const at = (x: number, y: number) => page.mouse.click(map.x + map.width * x, map.y + map.height * y);
    await page.mouse.move(map.x + map.width * 0.4, map.y + map.height * 0.4);
    // geoman's tooltip follows the cursor in Norwegian.
    await expect(page.getByTestId('planning-map').getByText('Klikk for å sette det første hjørnet')).toBeVisible();
    // A small triangle beside the demo register's clusters: a polygon over tens of thousands of points is not this test's.
    await at(0.4, 0.3);
    await at(0.7, 0.3);
    await at(0.7, 0.7);
    await expect(page.getByTestId('planning-map').getByText('Klikk på det første hjørnet for å velge punktene inni')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('planning-drawing.png') });
    expect(await a11yViolations(page), 'axe in polygon drawing mode').toEqual([]);
    // The first corner is a named button: Enter on it closes the polygon.
    const first = page.getByRole('button', { name: 'Lukk polygonet og velg punktene inni' });
    await expect(first).toHaveCount(1);
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('planning-map-draw')).toHaveAttribute('aria-pressed', 'false');
    // The polygon took the points inside it: Next is enabled, measured once its fade-in has ended.
    const next = page.getByTestId('planning-next');
    await expect(next).toBeEnabled();
    await expect.poll(() => next.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.screenshot({ path: test.info().outputPath('planning-drawn.png') });
    expect(await a11yViolations(page), 'axe after drawing').toEqual([]);
  });
});
