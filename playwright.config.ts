import { defineConfig } from '@playwright/test';

/** e2e: the real server (embedded PostgreSQL with fresh demo data) and Debian's Chromium. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'tsx tests/e2e/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // serve.ts stops the server (and its PostgreSQL) and removes the run's data folder on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(PORT), E2E_PG_PORT: process.env.E2E_PG_PORT ?? '5610' },
  },
});
