import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { killBrowser, launchDevice } from './device';
import { PLUMBER_OLA, dbQuery, goOffline, replicaAll, signIn, waitForServiceWorker } from './helpers';
import { expectAccessible } from './a11y';

interface OutboxRow { type: string; key: string; status: string }

test('offline: reload, create a job, edit a note, kill the browser, come back online — each change lands exactly once', async () => {
  // Three browser starts and a sign-in: about 60 s on a quiet machine, 95 s at a load of 10.
  test.setTimeout(180_000);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-device-'));
  let device = await launchDevice(profile);
  let page = device.pages()[0] ?? await device.newPage();
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await expectAccessible(page, 'job list');
  await waitForServiceWorker(page);
  const knownAddress = (await page.getByTestId('job-address').first().textContent())!.trim();
  const startedAt = new Date();

  // Into the basement: no network, and a reload still opens the app and the job list.
  await goOffline(device);
  await page.reload();
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await expectAccessible(page, 'job list offline');

  await page.getByTestId('add-new-job').click();
  await expect(page.getByTestId('offline-create-note')).toBeVisible();
  await expectAccessible(page, 'new job offline');
  await page.getByTestId('job-category').selectOption({ label: 'Ny vannmåler' });
  await page.getByTestId('address-search').fill(knownAddress.split(',')[0]);
  await page.getByTestId('address-result').first().click();
  await page.getByTestId('create-job').click();
  await expect(page).toHaveURL(/\/job\/details\/[0-9a-f-]{36}\//);
  const jobId = page.url().match(/\/job\/details\/([0-9a-f-]{36})/)![1];

  await page.getByTestId('open-note').click();
  const note = `Nøkkel hos naboen i 2. etasje (${Date.now()})`;
  await page.getByTestId('note-text').fill(note);
  await page.getByTestId('note-dialog').getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByTestId('job-details-note')).toHaveText(note);
  await expectAccessible(page, 'job details offline, with a note');

  const queued = await replicaAll<OutboxRow>(page, 'outbox');
  expect(queued.map((e) => e.type)).toEqual(['createJob', 'updateNote']);
  expect(await dbQuery('select 1 from jobs where id = $1', [jobId])).toHaveLength(0);

  // Reload offline: nothing is lost.
  await page.reload();
  await expect(page.getByTestId('job-details-note')).toHaveText(note);
  expect((await replicaAll<OutboxRow>(page, 'outbox')).length).toBe(2);

  // Kill the browser for real while offline, start it again with the server unreachable from the
  // first instant: the whole queue is still there, in order, and nothing reached the server.
  await killBrowser(profile);
  device = await launchDevice(profile, true, true);
  await goOffline(device);
  page = device.pages()[0] ?? await device.newPage();
  await page.goto(`/job/${jobId}`);
  await expect(page.getByTestId('job-details-note')).toHaveText(note);
  await expectAccessible(page, 'job details after a kill, offline');
  const left = await replicaAll<OutboxRow>(page, 'outbox');
  expect(left.map((e) => [e.type, e.key, e.status])).toEqual(queued.map((e) => [e.type, e.key, 'pending']));
  expect(await dbQuery('select 1 from jobs where id = $1', [jobId])).toHaveLength(0);
  await killBrowser(profile);

  // Started again with the network back. The kill took MSAL's session with it, so the plumber signs
  // in again; the queue survives that, drains, and the server holds each change exactly once.
  device = await launchDevice(profile);
  page = device.pages()[0] ?? await device.newPage();
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${jobId}`);
  await expect.poll(async () => (await replicaAll<OutboxRow>(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
  const rows = await dbQuery<{ id: string; notes: string; version: number }>(
    `select id, notes, version from jobs where created_by = $1 and created_at >= $2`, [PLUMBER_OLA, startedAt]);
  expect(rows).toEqual([{ id: jobId, notes: note, version: 2 }]);
  const keys = await dbQuery<{ key: string }>('select key from idempotency_keys where key = any($1)', [queued.map((e) => e.key)]);
  expect(keys).toHaveLength(2);

  // And the replica now shows the server's copy (with its reference number).
  await expect(page.getByTestId('job-details-ref')).toHaveText(/^\d+$/);
  await expectAccessible(page, 'job details synced');
  await device.close();
  fs.rmSync(profile, { recursive: true, force: true });
});
