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

/** Visible interactive elements smaller than 44 × 44 CSS px. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=menuitem], [role=checkbox], [role=combobox], [role=tab]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden=true]') && (r.width < 44 || r.height < 44);
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
