/**
 * The Chromium every browser benchmark runs in: Debian's (never a download), in a throwaway profile,
 * Norwegian, 1280×900, against the bench server on `port`. `close()` closes it and removes the profile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

export interface BenchBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBenchBrowser(port: number, name: string, opts: { extraArgs?: string[]; timezoneId?: string } = {}): Promise<BenchBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `meterwork-bench-${name}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      ...(opts.extraArgs ?? [])],
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 900 },
    locale: 'nb-NO',
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  // tsx compiles with keepNames: functions handed to page.evaluate call its __name helper.
  await context.addInitScript('globalThis.__name = (f) => f');
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo admin through the landing page, as a person does; resolves once a screen's title shows. */
export async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await page.locator('#email').fill('kari.nordmann@sandvika-ror.no');
  await page.locator('#password').fill('Meterwork-demo-2026');
  await page.locator('#password').press('Enter');
  await page.getByTestId('page-title').waitFor({ timeout: 90_000 });
}
