/**
 * Refused changes on a phone (issue "Plans that hold" §5, Field): with three refused the header keeps
 * the whole title beside the sync state at 390 px; the sync panel names each change and its reason in
 * Norwegian (no raw 'Command.…'/'ServerError.…' keys), and shows what the plumber recorded in the
 * panel itself, without opening a screen of a job the device may no longer hold.
 */
import { expect, test } from '@playwright/test';
import { PLUMBER_OLA, dbQuery, signIn, waitForReplica } from './helpers';

const RAW_KEY = /\b(Command|ServerError|Field|Recorded)\.[A-Za-z]+/;

test('three refused changes at 390 px: the title whole, the panel translated, what was recorded readable', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  const page = await context.newPage();
  const [job] = await dbQuery<{ id: string; task_id: string; user_id: string; registration_id: number }>(`
    select j.id, t.id as task_id, u.id as user_id, u.registration_id from jobs j join users u on u.registration_id = j.assigned_to_id
      join tasks t on t.job_id = j.id and not t.is_deleted
    where u.email = $1 and j.deleted_at is null order by j.ref_nr desc limit 1`, [PLUMBER_OLA]);
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await expect(page.getByTestId('page-title')).toHaveText('Oppgavedetaljer', { timeout: 60_000 });
  await waitForReplica(page);

  // Three changes of this job the server refused, as replay stores them.
  await page.evaluate(async ({ jobId, taskId, userId, registrationId }) => {
    const actor = { userId, isAdmin: false, registrationId, companyId: null };
    const base = { userId, actor, jobId, jobIds: [jobId], createdAt: new Date().toISOString(), attempts: 1, status: 'failed', subject: 'Testveien 1' };
    const entries = [
      { ...base, key: crypto.randomUUID(), type: 'uploadPhoto', body: { assetId: crypto.randomUUID(), jobId, taskId, matrikkelenhetsId: 1, fileName: 'lekkasje.jpg', customProps: {}, metadata: {} }, error: { status: 413, message: 'full', errorKey: 'MediaQuotaExceeded' } },
      { ...base, key: crypto.randomUUID(), type: 'sendTaskReport', body: { taskId, jobId, isDraft: false, jobTasks: [{ taskId, notes: 'Kunden var ikke hjemme', dismantleObj: { lastMeterReading: 1234, comment: 'Rusten' } }] }, error: { status: 403, message: "You don' have access to this API call" } },
      { ...base, key: crypto.randomUUID(), type: 'updateNote', body: { jobId, notes: 'Nøkkel i postkassen', status: 1, severity: 2 }, error: { status: 400, message: 'body/notes is wrong', field: 'body/notes' } },
    ];
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('meterwork');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('outbox', 'readwrite');
        for (const e of entries) tx.objectStore('outbox').add(e);
        tx.oncomplete = () => { open.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, { jobId: job.id, taskId: job.task_id, userId: job.user_id, registrationId: job.registration_id });
  await page.reload();

  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-tone', 'failed', { timeout: 60_000 });
  await expect(page.getByTestId('sync-count')).toHaveText('3');
  const title = page.getByTestId('page-title');
  await expect(title).toHaveText('Oppgavedetaljer');
  // Nothing of the title is cut off, and the sync state stays inside the header.
  expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth + 1)).toBe(true);
  const box = (await status.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('header-390.png'), clip: { x: 0, y: 0, width: 390, height: 120 } });

  await status.click();
  const panel = page.getByTestId('failed-commands');
  await expect(panel.getByTestId('failed-command')).toHaveCount(3);
  await expect(panel).toContainText('Opplasting av bilde');
  await expect(panel).toContainText('Firmaets lagringsplass for bilder er full');
  await expect(panel).toContainText('Du har ikke tilgang til denne jobben');
  const report = panel.getByTestId('failed-command').nth(1);
  await report.getByTestId('failed-recorded-toggle').click();
  const recorded = report.getByTestId('failed-recorded');
  await expect(recorded).toContainText('Kunden var ikke hjemme');
  await expect(recorded).toContainText('1234');
  expect(await page.getByTestId('sync-details').textContent()).not.toMatch(RAW_KEY);
  await expect(page).toHaveURL(new RegExp(`/job/${job.id}/task/${job.task_id}$`));
  await page.getByTestId('sync-details').screenshot({ path: test.info().outputPath('panel-390.png') });
  await context.close();
});
