import { expect, type Page, type BrowserContext } from '@playwright/test';

export const PASSWORD = 'Meterwork-demo-2026';
export const ADMIN_A = 'kari.nordmann@sandvika-ror.no';
export const PLUMBER_OLA = 'ola.hansen@sandvika-ror.no';
export const PLUMBER_PER = 'per.johansen@sandvika-ror.no';

/** Signs in through the landing page, MSAL and the embedded provider's login form. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  // A browser that was killed keeps its cookies and the app's sign-in cache: the app may start signed in,
  // or the provider's own session may sign the user in without asking again.
  const signInButton = page.getByTestId('sign-in');
  const emailField = page.locator('#email');
  const title = page.getByTestId('page-title');
  // While it starts, the shell's title is the product's name: only a screen's own title means signed in.
  const signedIn = title.filter({ hasNotText: /^Meterwork$/ });
  await expect(signInButton.or(signedIn)).toBeVisible({ timeout: 90_000 });
  if (!(await signInButton.isVisible())) return;
  await signInButton.click();
  await expect(emailField.or(title)).toBeVisible({ timeout: 90_000 });
  if (await emailField.isVisible()) {
    await emailField.fill(email);
    await page.locator('#password').fill(password);
    await page.locator('#password').press('Enter');
  }
  await expect(title).toBeVisible({ timeout: 90_000 });
}

/** Waits until the replica has been filled by the first pull. */
export async function waitForReplica(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    return dbs.some((d) => d.name === 'meterwork');
  })).toBe(true);
}

const offlineContexts = new WeakSet<BrowserContext>();
const watchedPages = new WeakSet<Page>();

/**
 * Chromium 150 (Debian's, here) cuts the network of an offline context but reports
 * navigator.onLine = true again in a document that a service worker served, so the app would think it
 * is online in a basement. Every page of an offline context is told again after each load.
 */
function watchOffline(context: BrowserContext, page: Page) {
  if (watchedPages.has(page)) return;
  watchedPages.add(page);
  page.on('load', () => {
    if (!offlineContexts.has(context)) return;
    void context.newCDPSession(page)
      .then((cdp) => cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }))
      .catch(() => {});
  });
}

/** Offline the way a basement is: page and service worker both lose the network, and stay so across reloads. */
export async function goOffline(context: BrowserContext): Promise<void> {
  offlineContexts.add(context);
  await context.setOffline(true);
  for (const page of context.pages()) watchOffline(context, page);
  context.on('page', (page) => watchOffline(context, page));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  offlineContexts.delete(context);
  await context.setOffline(false);
}

/** Direct look into the e2e server's database, to prove what the server holds. */
import pg from 'pg';

export async function dbQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const port = process.env.E2E_PG_PORT ?? '5610';
  const client = new pg.Client({ connectionString: `postgres://meterwork:meterwork@127.0.0.1:${port}/meterwork` });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * New-meter points (45 minutes each in the demo settings) of the demo admin's company on a street: a
 * grid `perRow` points wide, `spread` degrees apart, from (lat, lng). The addresses are "street n"; the
 * external id is the row's id (the list names points by it).
 */
export async function insertStreetPoints(street: string, count: number, at: { lat: number; lng: number; spread: number; perRow: number }): Promise<void> {
  const [row] = await dbQuery<{ company_id: string; customer_id: string }>(
    'select u.company_id, c.customer_id from users u join companies c on c.id = u.company_id where u.email = $1', [ADMIN_A]);
  await dbQuery(`with ids as (select nextval(pg_get_serial_sequence('meter_points', 'id')) as id, n from generate_series(1, $3::int) n)
    insert into meter_points (id, customer_id, company_id, external_id, agreement_no, assignment_type, priority, lat, lng, address, street, building_no, install_date)
    select id, $1, $2, id, 'E2E-' || id, 1, 0, $5::float8 + (n % $8::int) * $7::float8, $6::float8 + (n / $8::int) * $7::float8,
      $4 || ' ' || n, $4, n::text, '2015-06-01' from ids`, [row.customer_id, row.company_id, count, street, at.lat, at.lng, at.spread, at.perRow]);
}

/** Removes the points of these streets, their schedule items and those items' batches. */
export async function removeStreetPoints(streets: readonly string[]): Promise<void> {
  const points = '(select id from meter_points where street = any($1::text[]))';
  await dbQuery(`delete from schedule_batch_jobs where schedule_id in (select schedule_id from schedule_items where meter_point_id in ${points})`, [streets]);
  await dbQuery(`delete from schedule_items where meter_point_id in ${points}`, [streets]);
  await dbQuery('delete from meter_points where street = any($1::text[])', [streets]);
}

/** Reads a whole object store of the replica. */
export async function replicaAll<T>(page: Page, store: 'jobs' | 'outbox' | 'meta' | 'lookups' | 'mySchedule'): Promise<T[]> {
  return page.evaluate((name) => new Promise<T[]>((resolve, reject) => {
    const open = indexedDB.open('meterwork');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction(name, 'readonly');
      const req = tx.objectStore(name).getAll();
      req.onsuccess = () => { resolve(req.result as T[]); open.result.close(); };
      req.onerror = () => reject(req.error);
    };
  }), store);
}

/** Waits until the page is controlled by the service worker (so a reload offline is served by it). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  }
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/**
 * The headers the signed-in app sends to the API (bearer token, X-WAAPI-PROFILE/-CONTEXT), taken from
 * its own next /api request, so a test can call the API as that user. `trigger` makes the app send one.
 */
export async function apiHeadersOf(page: Page, trigger: () => Promise<unknown>): Promise<Record<string, string>> {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/') && !!r.headers().authorization);
  await trigger();
  const headers = (await request).headers();
  return Object.fromEntries(Object.entries(headers).filter(([k]) => k === 'authorization' || k.startsWith('x-waapi')));
}
