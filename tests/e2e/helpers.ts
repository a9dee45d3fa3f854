import { expect, type Page, type BrowserContext } from '@playwright/test';

export const PASSWORD = 'Meterwork-demo-2026';
export const ADMIN_A = 'kari.nordmann@sandvika-ror.no';
export const PLUMBER_OLA = 'ola.hansen@sandvika-ror.no';
export const PLUMBER_PER = 'per.johansen@sandvika-ror.no';

/** Signs in through the landing page, MSAL and the embedded provider's login form. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#password').press('Enter');
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
}

/** Waits until the replica has been filled by the first pull. */
export async function waitForReplica(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    return dbs.some((d) => d.name === 'meterwork');
  })).toBe(true);
}

/** Offline the way a basement is: page and service worker both lose the network. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
}
