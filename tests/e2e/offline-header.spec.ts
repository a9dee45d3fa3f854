/**
 * The header says offline when the server cannot be reached, not only when the browser says so: after a
 * reload without a network Chromium's navigator.onLine can say true (helpers.ts watchOffline works
 * around that for the other specs; this one does not), and the header said "Tilkoblet" with its green
 * dot. Here the browser only loses its network, as a phone in a basement does; the app must find out.
 */
import { expect, test } from '@playwright/test';
import { PLUMBER_OLA, signIn, waitForReplica, waitForServiceWorker } from './helpers';

test('after a reload without a network the header says Frakoblet, and Tilkoblet again once the network is back', async ({ page, context }) => {
  await signIn(page, PLUMBER_OLA);
  await waitForReplica(page);
  await waitForServiceWorker(page);
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-tone', 'synced', { timeout: 30_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
  // Whatever the browser says of itself, the app's first request got no answer.
  await expect(status).toHaveAttribute('data-tone', 'offline', { timeout: 15_000 });
  await expect(status).toContainText('Frakoblet');
  // And it stays so while the network is gone: the sync's retries get no answer either.
  await page.waitForTimeout(3_000);
  await expect(status).toHaveAttribute('data-tone', 'offline');

  await context.setOffline(false);
  await expect(status).toHaveAttribute('data-tone', 'synced', { timeout: 30_000 });
  await expect(status).toContainText('Tilkoblet');
});
