/**
 * Task forms in the browser (issue 5): the "not carried out" view with its rules (a cause is
 * required; a deviation cause needs a photo), a draft that reaches the server, and a report sent
 * offline that survives a reload and lands once when the network returns, completing the job.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './a11y';
import { PLUMBER_OLA, PLUMBER_PER, dbQuery, goOffline, goOnline, replicaAll, signIn, waitForServiceWorker } from './helpers';

interface ReplicaJob {
  jobId: string;
  statusId: number;
  jobTasks: { taskId: string; statusId: number; additionalDetailsRequest: { note?: string } | null }[];
}

interface ReplicaPhoto { assetId: string; sha256: string; state: string; hasBlob: boolean; metadata: Record<string, unknown> }

/** The replica's photos, without their pictures (a Blob does not cross into the test). */
async function replicaPhotos(page: Page): Promise<ReplicaPhoto[]> {
  return page.evaluate(() => new Promise<ReplicaPhoto[]>((resolve, reject) => {
    const open = indexedDB.open('meterwork');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction('photos').objectStore('photos').getAll();
      req.onsuccess = () => {
        resolve((req.result as (ReplicaPhoto & { blob: Blob | null })[]).map((p) => ({
          assetId: p.assetId, sha256: p.sha256, state: p.state, hasBlob: p.blob instanceof Blob, metadata: p.metadata,
        })));
        open.result.close();
      };
      req.onerror = () => reject(req.error);
    };
  }));
}

/** A new single-task job of the plumber's, with its task (not on a schedule: such a job completes without asking). */
async function aNewSingleTaskJob(email: string): Promise<{ id: string; task_id: string }> {
  const [job] = await dbQuery<{ id: string; task_id: string }>(`
    select j.id, t.id as task_id from jobs j
      join users u on u.registration_id = j.assigned_to_id
      join tasks t on t.job_id = j.id and not t.is_deleted and t.schedule_item_id is null
    where u.email = $1 and j.status_id = 1 and j.deleted_at is null
      and (select count(*) from tasks x where x.job_id = j.id and not x.is_deleted) = 1
    order by j.ref_nr limit 1`, [email]);
  return job;
}

test('not carried out: a cause is required, a deviation needs a photo, a draft saves, and a report sent offline lands once', async ({ page, context }) => {
  const job = await aNewSingleTaskJob(PLUMBER_OLA);
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  await waitForServiceWorker(page);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await page.getByTestId('open-deviation').click();
  await expect(page.getByTestId('causes-deviation')).toContainText('Lekkasje ved eksisterende måler');
  await expect(page.getByTestId('causes-obstacle')).toContainText('Ingen hjemme');
  await expectAccessible(page, 'not carried out');

  const send = page.getByTestId('send-report');
  await expect(send).toBeDisabled();
  await expect(page.getByTestId('deviation-problem')).toHaveText('Velg minst én årsak før du sender.');
  // A leak is a deviation: the report needs a photo of it.
  await page.getByTestId('cause-1').click();
  await expect(page.getByTestId('deviation-problem')).toHaveText('Når en årsak er et avvik, må rapporten ha minst ett bilde av avviket.');
  await expect(send).toBeDisabled();
  await page.getByTestId('cause-1').click();
  // Nobody home is an obstacle: no photo needed.
  await page.getByTestId('cause-7').click();
  await expect(page.getByTestId('deviation-problem')).toHaveCount(0);
  await expect(send).toBeEnabled();

  await page.getByTestId('deviation-note').fill('Ringte på to ganger.');
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Utkastet er lagret' })).toBeVisible();
  // The draft reaches the server: the task is under way, with the causes and the note.
  await expect.poll(async () => (await dbQuery<{ status_id: number; note: string }>(
    `select status_id, additional_details_request->>'note' as note from tasks where id = $1`, [job.task_id]))[0],
  ).toEqual({ status_id: 2, note: 'Ringte på to ganger.' });
  const [{ version: afterDraft }] = await dbQuery<{ version: number }>('select version from jobs where id = $1', [job.id]);

  // In the basement: the report goes into the outbox.
  await goOffline(context);
  await page.getByTestId('deviation-note').fill('Ringte på to ganger. Ingen hjemme.');
  await send.click();
  // Nothing was replaced in a "not carried out" report: the job completes without the add-task question.
  await expect(page).toHaveURL(/\/joblist$/);
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toHaveCount(0);

  const queued = await replicaAll<{ type: string }>(page, 'outbox');
  expect(queued.map((e) => e.type)).toEqual(['sendTaskReport', 'completeJob']);
  const local = (await replicaAll<ReplicaJob>(page, 'jobs')).find((j) => j.jobId === job.id)!;
  expect(local.statusId).toBe(4);
  expect(local.jobTasks[0]).toMatchObject({ statusId: 8, additionalDetailsRequest: { note: 'Ringte på to ganger. Ingen hjemme.' } });
  expect((await dbQuery<{ status_id: number }>('select status_id from tasks where id = $1', [job.task_id]))[0].status_id).toBe(2);

  // A reload offline keeps it all.
  await page.reload();
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  expect((await replicaAll<{ type: string }>(page, 'outbox')).map((e) => e.type)).toEqual(['sendTaskReport', 'completeJob']);

  // Signal again: the queue drains, and the server applied each change once.
  await goOnline(context);
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
  const [task] = await dbQuery<{ status_id: number; note: string }>(
    `select status_id, additional_details_request->>'note' as note from tasks where id = $1`, [job.task_id]);
  expect(task).toEqual({ status_id: 8, note: 'Ringte på to ganger. Ingen hjemme.' });
  const [server] = await dbQuery<{ status_id: number; version: number; completed_by: string }>(
    'select status_id, version, completed_by from jobs where id = $1', [job.id]);
  expect(server).toEqual({ status_id: 4, version: afterDraft + 2, completed_by: PLUMBER_OLA });
});

test('a plumber cannot open another plumber\'s task', async ({ page }) => {
  const job = await aNewSingleTaskJob(PLUMBER_PER);
  await signIn(page, PLUMBER_OLA);
  // A plumber's replica holds only their own jobs: the task is not found.
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await expect(page).toHaveURL(/\/notfound$/);
});

test('a deviation photo taken offline: processed off the main thread, kept on the device, sent before the report, confirmed by hash', async ({ page, context }) => {
  const job = await aNewSingleTaskJob(PLUMBER_OLA);
  // A camera-like JPEG: 1600×1200 stored sideways with EXIF orientation 6 and the camera's make.
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#4a7' } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Meterwork Test Camera', Model: 'MTC-1' } })
    .toBuffer();
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  await waitForServiceWorker(page);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await page.getByTestId('open-deviation').click();
  await page.getByTestId('cause-1').click();
  await expect(page.getByTestId('deviation-problem')).toContainText('minst ett bilde');

  await goOffline(context);
  // A HEIC Chromium cannot decode, and a text file: both refused with the spec's message, nothing stored.
  await page.getByTestId('photo-input').setInputFiles({ name: 'IMG_0001.heic', mimeType: 'image/heic', buffer: Buffer.from('not really heic') });
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Ugyldig bildeformat' })).toBeVisible();
  await page.getByTestId('photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('photo')).toHaveCount(0);

  await page.getByTestId('photo-input').setInputFiles({ name: 'lekkasje.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('photo')).toHaveCount(1);
  await expect(page.getByTestId('photo-state')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('deviation-problem')).toHaveCount(0);
  await expectAccessible(page, 'deviation with a photo');

  // Stored upright (orientation applied: 1200 wide, 1600 high), so its metadata says orientation 1 (issue 12), with the camera's make and a hash.
  const [stored] = await replicaPhotos(page);
  expect(stored.metadata).toMatchObject({ deviceMake: 'Meterwork Test Camera', deviceModel: 'MTC-1', orientation: 1, width: 1200, height: 1600 });
  expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.hasBlob).toBe(true);

  await page.getByTestId('deviation-note').fill('Lekker ved pakningen.');
  await page.getByTestId('send-report').click();
  // A "not carried out" report replaced nothing: the job completes without the add-task question.
  await expect(page).toHaveURL(/\/joblist$/);
  expect((await replicaAll<{ type: string }>(page, 'outbox')).map((e) => e.type)).toEqual(['uploadPhoto', 'sendTaskReport', 'completeJob']);

  await page.reload();
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await goOnline(context);
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);

  const assets = await dbQuery<{ id: string; sha256: string; width: number; height: number; metadata: { deviceMake: string } }>(
    'select id, sha256, width, height, metadata from media_assets where task_id = $1', [job.task_id]);
  expect(assets).toEqual([{ id: stored.assetId, sha256: stored.sha256, width: 1200, height: 1600, metadata: expect.objectContaining({ deviceMake: 'Meterwork Test Camera' }) }]);
  const [task] = await dbQuery<{ status_id: number; images: number }>(
    `select status_id, jsonb_array_length(additional_details_request->'deviationImages') as images from tasks where id = $1`, [job.task_id]);
  expect(task).toEqual({ status_id: 9, images: 1 });
  // Confirmed by hash: the device let go of the full picture and kept the thumbnail.
  await expect.poll(async () => (await replicaPhotos(page)).map((p) => ({ state: p.state, hasBlob: p.hasBlob })))
    .toEqual([{ state: 'sent', hasBlob: false }]);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await expect(page.getByTestId('task-deviation')).toBeVisible();
});

test('a replacement: the form refuses what the server would, asks the spec\'s questions, and the report lands with its photos', async ({ page }) => {
  const [job] = await dbQuery<{ id: string; task_id: string; previous: number }>(`
    select j.id, t.id as task_id, (t.dismantle_obj->>'previousMeterReading')::numeric::int as previous from jobs j
      join users u on u.registration_id = j.assigned_to_id
      join tasks t on t.job_id = j.id and not t.is_deleted and t.schedule_item_id is null
    where u.email = $1 and j.status_id = 1 and j.type_id = 2 and j.deleted_at is null
      and t.dismantle_obj->>'previousMeterReading' is not null
      -- Cold water, as the chosen model: the water-type question is not asked here.
      and (t.dismantle_obj->>'waterType')::int = 0
      and (select count(*) from tasks x where x.job_id = j.id and not x.is_deleted) = 1
    order by j.ref_nr limit 1`, [PLUMBER_OLA]);
  const jpeg = (colour: string) => sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();
  const today = new Date().toLocaleDateString('nb-NO', { timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric' });
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await expect(page.getByTestId('old-meter-form')).toBeVisible();
  await expect(page.getByTestId('new-meter-form')).toBeVisible();
  // The task is not started: the meter being replaced can be picked among the property's meters.
  await expect(page.getByTestId('old-meter-picker')).toBeEnabled();
  expect(await page.getByTestId('old-meter-picker').locator('option').count()).toBeGreaterThan(1);

  // Sending an empty form: refused on the device, every missing answer named, nothing queued.
  await page.getByTestId('send-report').click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Rapporten kunne ikke sendes' })).toBeVisible();
  await expect(page.getByTestId('new-meter-form').getByText('Må fylles ut.').first()).toBeVisible();
  expect(await replicaAll(page, 'outbox')).toEqual([]);

  // Old meter: a reading below the previous one is questioned; "wrong" puts the focus back.
  const dismantled = page.getByTestId('old-dismantledDate');
  // Typed as a person does, key by key (the field reads it when complete).
  await dismantled.click();
  await dismantled.pressSequentially(today);
  const oldReading = page.getByTestId('old-lastMeterReading');
  await oldReading.fill(String(job.previous - 1));
  await oldReading.blur();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('lavere enn forrige avlesning');
  await dialog.getByRole('button', { name: 'Nei, rett den' }).click();
  await expect(oldReading).toBeFocused();
  await oldReading.fill(String(job.previous + 25));
  await page.getByTestId('old-comment').fill('Gammel måler tatt ut, rør i god stand.');
  await page.getByTestId('images-old-overview').getByTestId('photo-input').setInputFiles({ name: 'gammel.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#864') });
  await expect(page.getByTestId('images-old-overview').getByTestId('photo')).toHaveCount(1);

  // New meter: the serial is checked against the chosen model; detail photos wait for a valid serial.
  await page.getByTestId('new-meterModelId').selectOption({ label: 'Kamstrup flowIQ 2200 DN20 Q3 2,5' });
  await page.getByTestId('new-serialNo').fill('abc123');
  await expect(page.getByTestId('new-meter-form')).toContainText('Feil vannmålernummer, Eksempel: 71234567');
  await expect(page.getByTestId('images-new-detail').getByTestId('photo-blocked')).toBeVisible();
  await page.getByTestId('new-serialNo').fill('71234567');
  await expect(page.getByTestId('images-new-detail').getByTestId('photo-blocked')).toHaveCount(0);
  await page.getByTestId('new-lastMeterReading').fill('0,5');
  const installed = page.getByTestId('new-installedDate');
  await installed.click();
  await installed.pressSequentially(today.replaceAll('.', ''));
  await page.getByTestId('new-brackets').selectOption({ label: 'Nei' });
  await page.getByTestId('new-directionId').selectOption({ label: 'Horisontal' });
  await page.getByTestId('new-hasUpstreamStopValve').selectOption({ label: 'Ja' });
  await page.getByTestId('new-hasDownstreamStopValve').selectOption({ label: 'Ja' });
  await page.getByTestId('new-hasBackflowProtection').selectOption({ label: 'Ja' });
  await expect(page.getByTestId('new-backflowProtectionType')).toBeVisible();
  await page.getByTestId('new-hasBackflowProtection').selectOption({ label: 'Nei' });
  await expect(page.getByTestId('new-backflowProtectionType')).toHaveCount(0);
  await page.getByTestId('images-new-overview').getByTestId('photo-input').setInputFiles({ name: 'ny.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#48a') });
  await expect(page.getByTestId('images-new-overview').getByTestId('photo')).toHaveCount(1);
  await expectAccessible(page, 'replacement form filled in');

  // The 'confirm image' box is the last thing missing.
  await page.getByTestId('send-report').click();
  await expect(page.getByTestId('new-meter-form')).toContainText('Kryss av for at bildene er kontrollert.');
  await page.getByTestId('confirm-image').click();
  await page.getByTestId('send-report').click();
  // Online the device asks only when unused meters remain on the property.
  await expect(page).toHaveURL(/\/joblist$|\/job\//);
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Nei' }).click();
  await expect(page).toHaveURL(/\/joblist$/);
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);

  const [task] = await dbQuery<{ status_id: number; serial: string; reading: string; old_reading: string; old_images: number; new_images: number }>(`
    select status_id, new_water_meter_obj->>'serialNo' as serial, new_water_meter_obj->>'lastMeterReading' as reading,
      dismantle_obj->>'lastMeterReading' as old_reading, jsonb_array_length(dismantle_obj->'waterMeterImages') as old_images,
      jsonb_array_length(new_water_meter_obj->'waterMeterImages') as new_images
    from tasks where id = $1`, [job.task_id]);
  expect(task).toEqual({ status_id: 4, serial: '71234567', reading: '0.5', old_reading: String(job.previous + 25), old_images: 1, new_images: 1 });
  const kinds = await dbQuery<{ kind: string }>(`select custom_props->>'waterMeterType' as kind from media_assets where task_id = $1 order by 1`, [job.task_id]);
  expect(kinds.map((k) => k.kind)).toEqual(['new', 'old']);
  expect((await dbQuery<{ status_id: number }>('select status_id from jobs where id = $1', [job.id]))[0].status_id).toBe(4);
});

test('the photo preview: rotate in 90° steps (wrapping at 360), correct the capture date, save; leaving unsaved asks', async ({ page }) => {
  const job = await aNewSingleTaskJob(PLUMBER_OLA);
  const landscape = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a64' } }).jpeg().toBuffer();
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await page.getByTestId('open-deviation').click();
  await page.getByTestId('photo-input').setInputFiles({ name: 'skade.jpg', mimeType: 'image/jpeg', buffer: landscape });
  await expect(page.getByTestId('photo')).toHaveCount(1);
  await expect.poll(async () => (await replicaPhotos(page))[0]?.state).toBe('sent');

  await page.getByTestId('photo-open').click();
  const preview = page.getByTestId('photo-preview');
  const image = preview.getByTestId('photo-preview-image');
  await expect(preview.getByTestId('photo-save')).toBeDisabled();
  for (const turn of ['90', '180', '270', '0']) {
    await preview.getByTestId('photo-rotate').click();
    await expect(image).toHaveAttribute('data-turn', turn);
  }
  await expect(preview.getByTestId('photo-save')).toBeDisabled();
  await preview.getByTestId('photo-rotate').click();
  // Leaving with a turn not saved asks first; staying keeps it.
  await preview.getByTestId('photo-preview-close').click();
  const ask = page.getByRole('alertdialog').or(page.getByRole('dialog').filter({ hasText: 'Vil du lukke uten å lagre?' }));
  await expect(ask).toContainText('Vil du lukke uten å lagre?');
  await ask.getByRole('button', { name: 'Avbryt' }).click();
  await expect(image).toHaveAttribute('data-turn', '90');
  const captured = preview.getByTestId('photo-capture-date');
  await captured.click();
  await captured.pressSequentially('20.11.2026');
  await preview.getByTestId('photo-save').click();
  await expect(preview).toHaveCount(0);

  // Turned on the device (1200 wide now) and on the server, with the corrected date; sent once each.
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
  const [stored] = await replicaPhotos(page);
  expect(stored.metadata).toMatchObject({ width: 1200, height: 1600 });
  const [asset] = await dbQuery<{ width: number; height: number; taken: string; version: number }>(
    `select width, height, metadata->>'metadataCapturedDate' as taken, version from media_assets where id = $1`, [stored.assetId]);
  expect({ width: asset.width, height: asset.height }).toEqual({ width: 1200, height: 1600 });
  expect(new Date(asset.taken).toLocaleDateString('nb-NO', { timeZone: 'Europe/Oslo' })).toBe('20.11.2026');
});

test('the plumber adds a task to their job and lands in its form; the server has it once', async ({ page }) => {
  const job = await aNewSingleTaskJob(PLUMBER_OLA);
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}`);
  await page.getByTestId('add-task').click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job.id}/task/[0-9a-f-]{36}$`));
  const taskId = page.url().split('/').pop()!;
  await expect(page.getByTestId('task-report-form')).toBeVisible();
  await expect(page.getByTestId('task-title')).toContainText('Oppgave 2');
  await expect.poll(async () => (await dbQuery('select 1 from tasks where id = $1 and job_id = $2', [taskId, job.id])).length, { timeout: 30_000 }).toBe(1);
});

test('a photo being sent shows how far its upload has come', async ({ page }) => {
  const job = await aNewSingleTaskJob(PLUMBER_OLA);
  // Noise compresses badly: about a megabyte after the device's resize, seconds on a slow line.
  const noise = Buffer.alloc(1600 * 1200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await page.getByTestId('open-deviation').click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 150 * 1024 });
  await page.getByTestId('photo-input').setInputFiles({ name: 'stoy.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByTestId('photo-state')).toHaveText(/^Sender \d{1,3} %$/, { timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByTestId('photo-state')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
});
