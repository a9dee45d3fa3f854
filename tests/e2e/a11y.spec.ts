/**
 * Accessibility (issue 7 §4): the app's pages, as admin and as plumber, on a desktop and on a phone,
 * have no serious or critical WCAG 2.1 AA violation (axe-core), and on a touch screen every target
 * (buttons, links, inputs, menu triggers) is at least 44 × 44 px: plumbers work in gloves.
 */
import { expect, test, type Page } from '@playwright/test';
import { a11yViolations } from './a11y';
import { ADMIN_A, dbQuery, PLUMBER_OLA, signIn } from './helpers';

interface Visit { name: string; path: string }

async function pagesFor(page: Page, email: string): Promise<Visit[]> {
  const [job] = await dbQuery<{ id: string; task_id: string }>(`
    select j.id, t.id as task_id from jobs j join tasks t on t.job_id = j.id join users u on u.registration_id = j.assigned_to_id
    where u.email = $1 and j.deleted_at is null and j.status_id = 1 order by j.ref_nr limit 1`, [PLUMBER_OLA]);
  const [plumber] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);
  const visits: Visit[] = [
    { name: 'my schedule', path: '/schedule' },
    { name: 'job list', path: '/joblist' },
    { name: 'job details', path: `/job/${job.id}` },
    { name: 'task details', path: `/job/${job.id}/task/${job.task_id}` },
    { name: 'new job', path: '/job/create' },
    { name: 'edit job', path: `/job/edit/${job.id}` },
    { name: 'profile', path: '/profile/view' },
    { name: 'about', path: '/about' },
    { name: 'help and support', path: '/helpsupport' },
  ];
  if (email === ADMIN_A) visits.push({ name: 'my plumbers', path: '/plumbers' }, { name: 'plumber details', path: `/plumbers/${plumber.registration_id}` });
  void page;
  return visits;
}

/**
 * Visible interactive elements smaller than 44 × 44 CSS px. A visually hidden input (a Chakra
 * checkbox or radio) is measured by its label, the target a finger hits.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=menuitem], '
      + '[role=menuitemradio], [role=option], [role=checkbox], [role=radio], [role=combobox], [role=tab]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .map((el) => {
        const r = el.getBoundingClientRect();
        return r.width <= 1 || r.height <= 1 ? el.closest('label') ?? el : el;
      })
      .filter((el, i, all) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return all.indexOf(el) === i && r.width > 1 && r.height > 1 && style.visibility !== 'hidden' && !el.closest('[aria-hidden=true]')
          && (Math.round(r.width) < 44 || Math.round(r.height) < 44);
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}] ${Math.round(r.width)}×${Math.round(r.height)}`;
      });
  });
}

for (const [who, email] of [['admin', ADMIN_A], ['plumber', PLUMBER_OLA]] as const) {
  test(`${who}: no serious or critical axe violation on the desktop`, async ({ page }) => {
    await page.goto('/');
    expect(await a11yViolations(page), 'landing page').toEqual([]);
    await signIn(page, email);
    for (const visit of await pagesFor(page, email)) {
      await page.goto(visit.path);
      await expect(page.getByTestId('page-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect.soft(await a11yViolations(page), visit.name).toEqual([]);
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the landing page: no serious axe violation, and every tap target at least 44 px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('sign-in')).toBeVisible();
    expect.soft(await a11yViolations(page), 'landing page').toEqual([]);
    expect.soft(await smallTargets(page), 'landing page: tap targets under 44 px').toEqual([]);
  });

  test("a job card's link and its menu are two targets, and the menu's items are 44 px high", async ({ page }) => {
    await signIn(page, ADMIN_A);
    await page.goto('/joblist');
    const card = page.getByTestId('job-card').first();
    await expect(card).toBeVisible();
    // Not nested: the menu button is no descendant of the card's link.
    await expect(card.getByRole('link').getByRole('button')).toHaveCount(0);
    await expect(card.getByRole('link')).toHaveCount(1);
    await card.getByTestId('job-menu').click();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    expect(await a11yViolations(page), 'job list with a card menu open').toEqual([]);
    expect(await smallTargets(page), 'card menu: tap targets under 44 px').toEqual([]);
    await page.keyboard.press('Escape');
    // A tap anywhere on the card (here its middle, over the address) opens the job.
    const jobId = await card.getAttribute('data-job-id');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/job/${jobId}$`));
  });

  for (const [who, email] of [['admin', ADMIN_A], ['plumber', PLUMBER_OLA]] as const) {
    test(`${who}: no serious axe violation, and every tap target at least 44 px`, async ({ page }) => {
      await signIn(page, email);
      for (const visit of await pagesFor(page, email)) {
        await page.goto(visit.path);
        await expect(page.getByTestId('page-title')).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect.soft(await a11yViolations(page), visit.name).toEqual([]);
        expect.soft(await smallTargets(page), `${visit.name}: tap targets under 44 px`).toEqual([]);
      }
    });
  }
});

test.describe('keyboard', () => {
  test('a skip link passes the header and menu; a new route puts the focus on its heading', async ({ page }) => {
    await signIn(page, ADMIN_A);
    await page.goto('/joblist');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    await expect(skip).toBeFocused();
    await expect(skip).toHaveText('Hopp til hovedinnhold');
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content h1')).toBeFocused();
    // The next Tab goes on in the page, not back through the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('#main-content'))).toBe(true);

    await page.getByTestId('nav-about').click();
    await expect(page.locator('#main-content h1')).toBeFocused();
    await page.getByTestId('nav-jobList').click();
    await expect(page.locator('#main-content h1')).toBeFocused();
    // A screen without a heading of its own: its content takes the focus once it has loaded.
    await page.getByTestId('nav-plumbers').click();
    await page.getByTestId('plumber-card').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/plumbers\/\d+$/);
    await expect(page.getByTestId('plumber-details')).toBeVisible();
    await expect(page.locator('#main-content')).toBeFocused();
  });

  test('the address search is a combobox: arrows, Enter, Escape, and the results announced', async ({ page }) => {
    await signIn(page, ADMIN_A);
    await page.goto('/job/create');
    const box = page.getByRole('combobox', { name: /Adresse eller eiendom/ });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill('Hauger skolevei 7');
    await expect(box).toHaveAttribute('aria-expanded', 'true', { timeout: 20_000 });
    const listbox = page.locator(`#${await box.getAttribute('aria-controls')}`);
    await expect(listbox).toHaveAttribute('role', 'listbox');
    const options = listbox.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId('address-results-status')).toHaveText(new RegExp(`^${count} adresse`));
    expect(await a11yViolations(page), 'new job with the address results open').toEqual([]);

    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    if (count > 1) {
      await box.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await box.press('ArrowUp');
    }
    await box.press('ArrowUp');
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();

    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page.getByTestId('selected-property')).toBeVisible();
    // The pick moves the focus on to the next field.
    await expect(box).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.matches('input, select, textarea, button') ?? false)).toBe(true);
  });
});
