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
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { ADMIN_A, PLUMBER_OLA, apiHeadersOf, dbQuery, insertStreetPoints, removeStreetPoints, replicaAll, signIn } from './helpers';

const STREET = 'Kanselleringsveien';

test.use({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 1, { lat: 59.846, lng: 10.5, spread: 0.0004, perRow: 1 });
});
test.afterAll(() => removeStreetPoints([STREET]));

test('the admin cancels an automatically created job with an SMS typed in the dialog: the job goes, the item is Cancelled, the owner\'s SMS holds the text', async ({ page }) => {
  test.setTimeout(240_000);
  const [{ registration_id: ola }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);
  // Eleven weeks ahead, a Thursday at 09:00: no other test lays Ola's time there.
  const w = isoWeek(addDays(osloDay(new Date()), 77));
  const thursday = isoWeekDates(w.year, w.week)[3];
  const mobile = `4${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));

  // The card, its contact, and a property of the register for its meter point (so the job can be made).
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: ola, weekNo: w.week, year: w.year } })).json();
  const [point] = await dbQuery<{ id: number }>('select id from meter_points where street = $1', [STREET]);
  const laid = await page.request.post('/api/Scheduler/singleitem', {
    headers, data: {
      batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: ola,
      scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: point.id, duration: 45, sequenceNumber: 0, isScheduled: false }],
      plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(thursday, 9 * 60).toISOString(),
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

  // The owner's notice, delivered by the server's workers; JA on the demo phone; the system makes Ola's job.
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

  // The admin's device has the job; its details offer Delete.
  await expect.poll(async () => (await replicaAll<{ jobId: string }>(page, 'jobs')).some((j) => j.jobId === job.id), { timeout: 60_000 }).toBe(true);
  await page.goto(`/job/${job.id}`);
  await page.getByTestId('job-menu').click();
  await page.getByRole('menuitem', { name: 'Slett jobb' }).click();

  const dialog = page.getByTestId('cancellation-dialog');
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
  await expect.poll(async () => (await dbQuery<{ gone: boolean }>('select deleted_at is not null as gone from jobs where id = $1', [job.id]))[0].gone, { timeout: 30_000 }).toBe(true);
  const [item] = await dbQuery<{ status: number; cancellation_type_id: number }>('select status, cancellation_type_id from schedule_items where id = $1', [itemId]);
  expect(item).toEqual({ status: 7, cancellation_type_id: 3 });
  const sms = await dbQuery<{ text: string; to_number: string }>(`select text, to_number from sms_messages where schedule_item_id = $1 and kind = 'cancellation'`, [itemId]);
  expect(sms).toEqual([{ text: typed, to_number: `+47${mobile}` }]);
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 30_000 }).toBe(0);
});
