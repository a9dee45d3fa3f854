/**
 * The app, MSAL, the service worker, the map and the provider's pages work under the server's
 * Content-Security-Policy with no violation, and the sign-in page cannot be framed (issue 7 §1).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_A, signIn } from './helpers';
import { expectAccessible } from './a11y';

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

test('sign-in, job list, job details, map and sign-out run under the CSP without a violation', async ({ page }) => {
  const violations = watchViolations(page);
  await signIn(page, ADMIN_A);
  await page.getByRole('link', { name: 'Se jobbliste' }).click();
  const jobId = await page.getByTestId('job-card').first().getAttribute('data-job-id');
  expect(jobId).toBeTruthy();
  const href = `/job/details/${jobId}`;
  await page.goto(href);
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.goto(`${href}/location`);
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expectAccessible(page, 'job location map');

  await page.getByRole('button', { name: /Brukermeny/ }).click();
  await page.getByRole('menuitem', { name: 'Logg ut' }).click();
  await page.getByRole('button', { name: 'Ja' }).click();
  // The provider's logout page answers its own question with its one (hash-allowed) script.
  await expect(page.getByTestId('sign-in')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'landing page after sign-out');
  expect(violations).toEqual([]);
});

test('the sign-in and registration pages refuse to be framed', async ({ page, baseURL }) => {
  const refused: string[] = [];
  page.on('console', (m) => { if (/frame-ancestors|Refused to (frame|display)/i.test(m.text())) refused.push(m.text()); });
  await page.setContent(`<iframe id="f" src="${baseURL}/oidc/register" width="600" height="400"></iframe>`);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const hasForm = frame ? await frame.locator('form').count().catch(() => 0) : 0;
  expect(hasForm).toBe(0);
});

test('the API\'s document page renders under the CSP', async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Meterwork plumber API', { timeout: 30_000 });
  await expect(page.locator('.opblock-summary-path').first()).toBeVisible();
  expect(violations).toEqual([]);
});
