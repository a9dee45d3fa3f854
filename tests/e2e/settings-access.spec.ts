/**
 * Who reaches company settings and the dashboard (spec 1 §2, spec 3 §1, §6), in the browser and at
 * the API: a plumber gets Access Denied on /settings and 403 from the settings API; an admin of the
 * company without an agreement sees Planning / Dashboard but not Company settings, and is refused both
 * the page and the API; the admin with an agreement sees both menu items.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_A, apiHeadersOf, dbQuery, PLUMBER_OLA, signIn } from './helpers';

const ADMIN_NO_AGREEMENT = 'lars.eriksen@bekkestua-vvs.no';

async function menuItems(page: import('@playwright/test').Page): Promise<string[]> {
  // At the default 1280 px the menu is the sidebar.
  const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((n) => n.trim());
}

test('a plumber sees no settings or dashboard, gets Access Denied on /settings and 403 from the API', async ({ page }) => {
  await signIn(page, PLUMBER_OLA);
  const items = await menuItems(page);
  expect(items.some((n) => /Firmainnstillinger/.test(n))).toBe(false);
  expect(items.some((n) => /dashbord/i.test(n))).toBe(false);
  const headers = await apiHeadersOf(page, () => page.goto('/settings'));
  await expect(page.getByTestId('access-denied')).toBeVisible();
  await expect(page.getByText('Du har ikke tilgang til å se denne siden')).toBeVisible();
  for (const path of ['/api/Setting/companyid/00000000-0000-0000-0000-000000000000', '/api/CompanyHolidayConfiguration/year/2026', '/api/NotificationTemplate', '/api/Reports/ReconciliationReport?fromDate=2026-01-01&toDate=2026-01-31']) {
    const res = await page.request.get(path, { headers });
    expect(res.status(), path).toBe(403);
  }
  await page.goto('/dashboard');
  await expect(page.getByTestId('access-denied')).toBeVisible();
});

test('an admin without an agreement sees Planning / Dashboard but not Company settings, and is refused settings', async ({ page }) => {
  await signIn(page, ADMIN_NO_AGREEMENT);
  const items = await menuItems(page);
  expect(items.some((n) => /Planlegging \/ dashbord/.test(n))).toBe(true);
  expect(items.some((n) => /Firmainnstillinger/.test(n))).toBe(false);
  const headers = await apiHeadersOf(page, () => page.goto('/settings'));
  await expect(page.getByTestId('access-denied')).toBeVisible();
  const res = await page.request.post('/api/Setting', { headers, data: { groupId: '00000000-0000-0000-0000-000000000000', settingList: [{ settingTypeId: 1, value: '30' }] } });
  expect(res.status()).toBe(403);
});

test('the admin with an agreement sees both items and the settings page with its sections', async ({ page }) => {
  await signIn(page, ADMIN_A);
  const items = await menuItems(page);
  expect(items).toEqual(expect.arrayContaining([expect.stringMatching(/Planlegging \/ dashbord/), expect.stringMatching(/Firmainnstillinger/)]));
  await page.goto('/settings');
  const nav = page.getByRole('navigation', { name: 'Innstillinger' });
  for (const name of ['Helligdager og fridager', 'Arbeidstid', 'Jobbintervaller', 'SMS-påminnelser', 'SMS-maler', 'Arbeidstid per ansatt']) {
    await expect(nav.getByRole('button', { name, exact: true })).toBeVisible();
  }
});

test('unsaved settings ask the spec\'s exit question, between sections and when leaving the page', async ({ page }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/settings?section=jobIntervals');
  const nav = page.getByRole('navigation', { name: 'Innstillinger' });
  const install = page.getByTestId('duration-1');
  await expect(install).not.toHaveValue('');
  const saved = await install.inputValue();
  await install.fill(String(Number(saved) + 5));

  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await nav.getByRole('button', { name: 'Arbeidstid', exact: true }).click();
  await expect(dialog).toContainText('Avslutte uten å lagre endringene?');
  await expect(dialog).toContainText('Endringene dine går tapt. Vil du fortsette?');
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(install).toHaveValue(String(Number(saved) + 5));
  await expect(page).toHaveURL(/section=jobIntervals/);

  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Se jobbliste/ }).click();
  await expect(dialog).toContainText('Avslutte uten å lagre endringene?');
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL(/\/joblist$/);
  // Nothing was saved.
  const rows = await dbQuery<{ value: string }>(
    `select s.value from company_settings s join companies c on c.id = s.company_id where c.org_number = '912345678' and s.setting_type_id = 1`,
  );
  expect(rows).toEqual([{ value: saved }]);
});
