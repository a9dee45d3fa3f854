/** A device whose browser can be killed for real and started again on the same profile (IndexedDB kept). */
import { execFileSync } from 'node:child_process';
import { expect, chromium, type BrowserContext } from '@playwright/test';
import config from '../../playwright.config';

/** The pids of the Chromium processes using a profile. */
export function browserPids(profile: string): number[] {
  return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n')
    .filter((line) => line.includes(`--user-data-dir=${profile}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Kills the browser the way a dying phone does: SIGKILL to every process, no chance to save anything. */
export async function killBrowser(profile: string): Promise<void> {
  const pids = browserPids(profile);
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  await expect.poll(() => browserPids(profile).length, { timeout: 10_000 }).toBe(0);
}

/**
 * A browser profile on disk, so killing the browser and starting it again keeps IndexedDB.
 * `unreachable` starts Chromium with every request (loopback too) sent to a dead proxy: the server
 * cannot be reached from the first instant, service worker and Background Sync included, whatever the
 * page believes about being online.
 */
export async function launchDevice(dir: string, offline = false, unreachable = false): Promise<BrowserContext> {
  const launch = config.use?.launchOptions ?? {};
  return chromium.launchPersistentContext(dir, {
    offline,
    ...launch,
    args: [...(launch.args ?? []), ...(unreachable ? ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>'] : [])],
    baseURL: config.use?.baseURL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 850 },
  });
}
