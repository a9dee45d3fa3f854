/**
 * Cancelling an automatically created job with the SMS to the owner (spec 1 §3 "Delete jobs payload",
 * §4 "Automatically created jobs open a cancellation dialog (with optional SMS)"), in Chromium as the
 * admin. The job is made by the real path through the API: a card laid for Ola, its owner's notice
 * sent and delivered, JA answered on the demo phone, the system's job made (auto-created, its task
 * tied to the item). On the job's details the admin chooses Delete: the cancellation dialog asks for a
 * reason, the SMS is ticked and the company's cancellation text for the item appears with its window;
 * widened once, emptied (Confirm disabled, the field says why), typed key by key (the counter follows),
 * confirmed. The job is gone from the device and the server, the item is Cancelled with the reason, and
 * the SMS queued to the contact holds the typed text: the database is the judge.
 *
 * Offline (the dialog's decision): a text read while online is queued with the cancellation in the
 * outbox and sent when the device is back online; a dialog opened offline, its text never read, does
 * not offer the SMS and says why, and the job is cancelled without one.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import {
  ADMIN_A, PLUMBER_OLA, apiHeadersOf, dbQuery, goOffline, goOnline, insertStreetPoints, removeStreetPoints, replicaAll, signIn,
} from './helpers';

const STREET = 'Kanselleringsveien';

test.use({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 3, { lat: 59.846, lng: 10.5, spread: 0.0004, perRow: 3 });
});
test.afterAll(() => removeStreetPoints([STREET]));

/** Ola's registration id, the week (eleven weeks ahead: no other test lays Ola's time there) and its Thursday. */
async function olaThursday() {
  const [{ registration_id: ola }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);
  const w = isoWeek(addDays(osloDay(new Date()), 77));
  return { ola, w, thursday: isoWeekDates(w.year, w.week)[3] };
}

/**
 * An automatically created job by the real path, through the API as the signed-in admin: a card laid for
 * Ola at `minute` of the Thursday on the street's point `n`, its contact, a property of the register for
 * its meter point (so the job can be made); the owner's notice, delivered by the server's workers; JA on
 * the demo phone; the system makes Ola's job. Answers the item, the job and the owner's mobile.
 */
async function autoJob(page: Page, headers: Record<string, string>, n: number, minute: number) {
  const { ola, w, thursday } = await olaThursday();
  const mobile = `4${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: ola, weekNo: w.week, year: w.year } })).json();
  const points = await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]);
  const laid = await page.request.post('/api/Scheduler/singleitem', {
    headers, data: {
      batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: ola,
      scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: points[n - 1].id, duration: 45, sequenceNumber: 0, isScheduled: false }],
      plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(thursday, minute).toISOString(),
    },
  });
  expect(laid.status(), await laid.text()).toBe(200);
  const itemId = ((await laid.json()) as { id: number }).id;
  const contact = await page.request.post('/api/contactInformation', { headers, data: { scheduleItemId: itemId, mobileNo: mobile, contactPerson: { name: 'Åse Nilsen' } } });
  expect(contact.status(), await contact.text()).toBe(201);
  const [unit] = await dbQuery<{ nr: string }>(`
    select p.matrikkel_nummer as nr from properties p join companies co on co.customer_id = p.customer_id join users u on u.company_id = co.id
    where u.email = $1 and exists (select 1 from addresses a where a.property_id = p.id) order by p.id limit 1`, [ADMIN_A]);
  await dbQuery('update schedule_items set matrikkelenhet_id = $1 where id = $2', [unit.nr, itemId]);

  const sent = await page.request.post('/api/Schedule/SendNotification', {
    headers, data: {
      scheduleId: schedule.id, assigneeId: ola, assigneeName: 'Ola Hansen', notificationTemplateKey: 'Notice', scheduleItemIds: [itemId],
      isConfirmedManually: false, weekNo: w.week, year: w.year,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const status = async () => (await dbQuery<{ status: number }>('select status from schedule_items where id = $1', [itemId]))[0].status;
  await expect.poll(status, { timeout: 30_000 }).toBe(3);
  const messages = (await (await page.request.get('/api/demoPhone/messages', { headers })).json()) as { providerRef: string; scheduleItemId: number | null; kind: string }[];
  const notice = messages.find((m) => m.scheduleItemId === itemId && m.kind === 'notice')!;
  const reply = await page.request.post('/api/demoPhone/reply', { headers, data: { providerRef: notice.providerRef, replyId: randomUUID(), text: 'JA' } });
  expect(reply.status(), await reply.text()).toBe(200);
  await expect.poll(status, { timeout: 30_000 }).toBe(9);
  const [job] = await dbQuery<{ id: string; auto_created: boolean }>('select j.id, j.auto_created from jobs j join tasks t on t.job_id = j.id where t.schedule_item_id = $1', [itemId]);
  expect(job.auto_created).toBe(true);
  // The admin's device has the job.
  await expect.poll(async () => (await replicaAll<{ jobId: string }>(page, 'jobs')).some((j) => j.jobId === job.id), { timeout: 60_000 }).toBe(true);
  return { itemId, jobId: job.id, mobile };
}

const itemOf = async (id: number) => (await dbQuery<{ status: number; cancellation_type_id: number | null }>('select status, cancellation_type_id from schedule_items where id = $1', [id]))[0];
const cancellationSms = (id: number) => dbQuery<{ text: string; to_number: string }>(`select text, to_number from sms_messages where schedule_item_id = $1 and kind = 'cancellation'`, [id]);
const jobGone = async (id: string) => (await dbQuery<{ gone: boolean }>('select deleted_at is not null as gone from jobs where id = $1', [id]))[0].gone;

/** Opens the job's details (in the app, so it works offline too) and chooses Delete in its menu. */
async function chooseDelete(page: Page, jobId: string) {
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/job/${jobId}`);
  // The job's details, not a list behind them (a list the last cancel led back to may still be coming).
  await expect(page).toHaveURL(new RegExp(`/job/${jobId}$`));
  await expect(page.getByTestId('page-title')).toHaveText('Jobbdetaljer');
  await expect(page.getByTestId('job-menu')).toHaveCount(1);
  await page.getByTestId('job-menu').click();
  await page.getByRole('menuitem', { name: 'Slett jobb' }).click();
  return page.getByTestId('cancellation-dialog');
}

test('the admin cancels an automatically created job with an SMS typed in the dialog: the job goes, the item is Cancelled, the owner\'s SMS holds the text', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const { thursday } = await olaThursday();
  const { itemId, jobId, mobile } = await autoJob(page, headers, 1, 9 * 60);
  const job = { id: jobId };

  // The job's details offer Delete: an automatically created job's opens the cancellation dialog.
  const dialog = await chooseDelete(page, jobId);
  await expect(dialog.getByRole('heading')).toHaveText('Kanseller jobb');
  const confirm = dialog.getByRole('button', { name: 'Kanseller jobb' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Årsak').selectOption({ label: 'Avslag' });
  await expect(confirm).toBeEnabled();

  // The SMS: the company's cancellation text for the item, its day and the window an hour either side of 09:00–09:45.
  await dialog.getByTestId('cancellation-send-sms').click();
  await expect(dialog.getByRole('checkbox', { name: 'Send SMS til kontaktperson for eiendommen' })).toBeChecked();
  const text = dialog.getByRole('textbox', { name: 'SMS-tekst' });
  const [y, m, d] = thursday.split('-');
  await expect(text).toHaveValue(new RegExp(`${d}\\.${m}\\.${y} kl\\. 08:00-10:45 i ${STREET} 1`));
  await expect(dialog.getByTestId('cancellation-sms-window')).toHaveText('Tidsvindu i SMS-en: 08:00-10:45 (60 min før og etter)');
  await dialog.getByTestId('cancellation-sms-extend').click();
  await expect(dialog.getByTestId('cancellation-sms-window')).toHaveText('Tidsvindu i SMS-en: 07:45-11:00 (75 min før og etter)');
  await expect(text).toHaveValue(new RegExp(`kl\\. 07:45-11:00 i ${STREET} 1`));
  await expectAccessible(page, 'job details with the cancellation dialog open');

  // An empty text: Confirm disabled, and the field says why.
  await text.fill('');
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByText('Skriv teksten som skal sendes.')).toBeVisible();
  const typed = 'Hei! Besøket torsdag må dessverre avlyses. Vi ringer deg for en ny tid. Hilsen Sandvika Rør';
  await text.pressSequentially(typed);
  await expect(text).toHaveValue(typed);
  await expect(dialog.getByTestId('cancellation-sms-cost')).toHaveText(`${typed.length} tegn, 1 SMS (GSM-7)`);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  // The job leaves the details and the device; the server deleted it and cancelled its item, and texted the owner.
  await expect(page.getByText('Jobben er kansellert')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(job.id));
  expect((await replicaAll<{ jobId: string }>(page, 'jobs')).some((j) => j.jobId === job.id)).toBe(false);
  await expect.poll(() => jobGone(job.id), { timeout: 30_000 }).toBe(true);
  expect(await itemOf(itemId)).toEqual({ status: 7, cancellation_type_id: 3 });
  expect(await cancellationSms(itemId)).toEqual([{ text: typed, to_number: `+47${mobile}` }]);
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
});

test('offline: a text read before the connection went is queued with the cancellation and sent once online; without it the SMS is not offered and the job is cancelled without one', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const read = await autoJob(page, headers, 2, 12 * 60);
  const unread = await autoJob(page, headers, 3, 13 * 60 + 30);

  // The first job's dialog is opened online: the text is read; then the connection goes.
  let dialog = await chooseDelete(page, read.jobId);
  await dialog.getByLabel('Årsak').selectOption({ label: 'Ikke svar' });
  await dialog.getByTestId('cancellation-send-sms').click();
  const text = dialog.getByRole('textbox', { name: 'SMS-tekst' });
  await expect(text).toHaveValue(new RegExp(`${STREET} 2`));
  const prefilled = await text.inputValue();
  await goOffline(context);
  await expect(dialog.getByTestId('cancellation-sms-offline')).toHaveText('Du er frakoblet: kanselleringen og SMS-en sendes når enheten er på nett igjen.');
  await dialog.getByRole('button', { name: 'Kanseller jobb' }).click();
  await expect(page.getByText('Jobben er kansellert')).toBeVisible();
  // The cancel leads back to the job list: let it arrive before the next job is opened.
  await expect(page).toHaveURL(/\/joblist$/);

  // The second job's dialog, opened offline: its text was never read, so no SMS is offered, and it says why.
  dialog = await chooseDelete(page, unread.jobId);
  await expect(dialog.getByTestId('cancellation-sms-unavailable')).toHaveText(
    'SMS-teksten hentes fra firmaets avlysningsmal og krever nett. Kanseller uten SMS, eller prøv igjen når du er på nett.',
  );
  await expect(dialog.getByRole('checkbox', { name: 'Send SMS til kontaktperson for eiendommen' })).toBeDisabled();
  await dialog.getByLabel('Årsak').selectOption({ label: 'Annet' });
  await dialog.getByRole('button', { name: 'Kanseller jobb' }).click();

  // Both wait in the outbox; the server has neither yet.
  const queued = await replicaAll<{ type: string; body: { sendSms?: boolean; customText?: string } }>(page, 'outbox');
  expect(queued.map((e) => [e.type, e.body.sendSms, e.body.customText])).toEqual([['deleteJobs', true, prefilled], ['deleteJobs', false, undefined]]);
  expect(await itemOf(read.itemId)).toMatchObject({ status: 9 });
  expect(await jobGone(read.jobId)).toBe(false);

  // Online again: replayed once each; the first owner gets the text read before, the second nothing.
  await goOnline(context);
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 60_000 }).toBe(0);
  expect([await jobGone(read.jobId), await jobGone(unread.jobId)]).toEqual([true, true]);
  expect(await itemOf(read.itemId)).toEqual({ status: 7, cancellation_type_id: 1 });
  expect(await itemOf(unread.itemId)).toEqual({ status: 7, cancellation_type_id: 4 });
  expect(await cancellationSms(read.itemId)).toEqual([{ text: prefilled, to_number: `+47${read.mobile}` }]);
  expect(await cancellationSms(unread.itemId)).toEqual([]);
});
