/**
 * The owner's side end to end (spec 2 §4), in Chromium: an admin sends the week's notices from the
 * calendar; on the embedded gateway's demo phone (Settings › Demo phone) one owner answers JA with a
 * tap and another types a NEI; the admin's calendar, open all along, turns the cards green and orange
 * without a reload. The agreed time becomes the plumber's job: Per's device gets it through its pull,
 * opens it offline in the basement, reports an obstacle there, and when the signal is back the report
 * lands once and the admin's card shows Obstacle. The database is the judge of what happened.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import {
  ADMIN_A, PLUMBER_PER, apiHeadersOf, dbQuery, goOffline, goOnline, insertStreetPoints, removeStreetPoints, replicaAll, signIn, waitForServiceWorker,
} from './helpers';

const STREET = 'Svarlia';

test.use({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 3, { lat: 59.842, lng: 10.51, spread: 0.0004, perRow: 3 });
});
test.afterAll(() => removeStreetPoints([STREET]));

/** A mobile number of its own each run, so no earlier run's open notice shares it. */
const mobile = () => `4${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

test('owners answer on the demo phone: the calendar turns green and orange live, and the agreed time is the plumber\'s job, reported offline', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
  // Ten weeks ahead, a Wednesday: no other test lays Per's time there.
  const w = isoWeek(addDays(osloDay(new Date()), 70));
  const wednesday = isoWeekDates(w.year, w.week)[2];
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: per, weekNo: w.week, year: w.year } })).json();
  const points = await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]);
  const numbers = [mobile(), mobile(), mobile()];
  const ids: number[] = [];
  for (const [i, point] of points.entries()) {
    const laid = await page.request.post('/api/Scheduler/singleitem', {
      headers, data: {
        batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: per,
        scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: point.id, duration: 45, sequenceNumber: 0, isScheduled: false }],
        plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(wednesday, [8 * 60, 9 * 60 + 30, 13 * 60][i]).toISOString(),
      },
    });
    expect(laid.status(), await laid.text()).toBe(200);
    const id = ((await laid.json()) as { id: number }).id;
    ids.push(id);
    const contact = await page.request.post('/api/contactInformation', { headers, data: { scheduleItemId: id, mobileNo: numbers[i], contactPerson: { name: `Eier ${i + 1}` } } });
    expect(contact.status(), await contact.text()).toBe(201);
  }
  const [yes, no] = ids;
  // The first point's cadastre unit is a property of the register: its job can be made.
  const [unit] = await dbQuery<{ nr: string }>(`
    select p.matrikkel_nummer as nr from properties p join companies co on co.customer_id = p.customer_id join users u on u.company_id = co.id
    where u.email = $1 and exists (select 1 from addresses a where a.property_id = p.id) order by p.id limit 1`, [ADMIN_A]);
  await dbQuery('update schedule_items set matrikkelenhet_id = $1 where id = $2', [unit.nr, yes]);

  // The admin sends the week's notices; the cards turn Notified as the SMS are delivered.
  await page.goto(`/schedule/calendar?plumber=${per}&weekNo=${w.week}&year=${w.year}`);
  const card = (id: number) => page.locator(`[data-testid="calendar-card"][data-item-id="${id}"]`);
  await expect(card(yes)).toHaveAttribute('data-status', '1');
  await page.getByTestId('calendar-send-notice').click();
  const dialog = page.getByTestId('calendar-notice-dialog');
  await dialog.getByRole('button', { name: 'Send 3 varsler' }).click();
  for (const id of ids) await expect(card(id)).toHaveAttribute('data-status', '3', { timeout: 30_000 });

  // The demo phone, in a second window: each owner's conversation holds the notice.
  const phoneContext = await browser.newContext({ viewport: { width: 1200, height: 1000 }, locale: 'nb-NO' });
  const phone = await phoneContext.newPage();
  await signIn(phone, ADMIN_A);
  await phone.goto('/settings?section=demoPhone');
  const conversation = (n: string) => phone.locator(`[data-testid="demo-conversation"][data-number="+47${n}"]`);
  await expect(conversation(numbers[0]).getByTestId('demo-message')).toContainText(`${STREET} 1`);
  // Delivered (the embedded gateway reported it a short delay after the hand-over: the card is Notified).
  await expect(conversation(numbers[0]).getByTestId('demo-delivery')).toHaveText('Levert');
  // Owner 1 taps JA.
  await conversation(numbers[0]).getByTestId('demo-answer-yes').click();
  await expect(phone.getByText('Svaret er registrert: oppdraget er nå Bekreftet')).toBeVisible();
  // Owner 2 types a no, key by key, and sends it with Enter.
  await conversation(numbers[1]).getByTestId('demo-answer-text').pressSequentially('Nei takk, det passer dessverre ikke');
  await conversation(numbers[1]).getByTestId('demo-answer-text').press('Enter');
  await expect(phone.getByText('Svaret er registrert: oppdraget er nå Avvist')).toBeVisible();
  await expect(conversation(numbers[1]).getByTestId('demo-reply')).toContainText('Nei takk, det passer dessverre ikke');

  // The admin's calendar, never reloaded: green for the yes (and its job), orange for the no.
  await expect(card(yes)).toHaveAttribute('data-colour', 'green', { timeout: 10_000 });
  await expect(card(no)).toHaveAttribute('data-status', '6', { timeout: 10_000 });
  await expect(card(no)).toHaveAttribute('data-colour', 'orange');
  await expect(card(yes)).toHaveAttribute('data-status', '9', { timeout: 30_000 });
  await expect(card(ids[2])).toHaveAttribute('data-status', '3');
  const [job] = await dbQuery<{ id: string; task_id: string; auto_created: boolean; assigned_to_id: number }>(`
    select j.id, t.id as task_id, j.auto_created, j.assigned_to_id from jobs j join tasks t on t.job_id = j.id where t.schedule_item_id = $1`, [yes]);
  expect(job).toMatchObject({ auto_created: true, assigned_to_id: per });
  await phoneContext.close();

  // Per's device: the job is in its pull; in the basement he opens it offline and reports an obstacle.
  const perContext = await browser.newContext({ viewport: { width: 412, height: 915 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  let device = await perContext.newPage();
  await signIn(device, PLUMBER_PER);
  await device.goto('/joblist');
  await waitForServiceWorker(device);
  await expect.poll(async () => (await replicaAll<{ jobId: string }>(device, 'jobs')).some((j) => j.jobId === job.id), { timeout: 60_000 }).toBe(true);
  await expect.poll(async () => (await replicaAll<{ list: string }>(device, 'lookups')).some((l) => l.list === 'Deviation'), { timeout: 30_000 }).toBe(true);
  await goOffline(perContext);
  await device.goto(`/job/${job.id}/task/${job.task_id}`);
  await device.getByTestId('open-deviation').click();
  await device.getByTestId('causes-obstacle').getByRole('checkbox').first().check({ force: true });
  await device.getByTestId('deviation-note').pressSequentially('Ingen hjemme');
  await device.getByTestId('send-report').click();
  await expect(device).toHaveURL(/\/joblist$/);
  expect((await replicaAll<{ type: string }>(device, 'outbox')).map((e) => e.type)).toContain('sendTaskReport');
  expect((await dbQuery<{ status: number }>('select status from schedule_items where id = $1', [yes]))[0].status).toBe(9);

  // Signal again: the report lands once, and the admin's card shows Obstacle.
  await goOnline(perContext);
  await device.close();
  device = await perContext.newPage();
  await device.goto('/joblist');
  await expect.poll(async () => (await replicaAll(device, 'outbox')).length, { timeout: 90_000 }).toBe(0);
  const [task] = await dbQuery<{ status_id: number }>('select status_id from tasks where id = $1', [job.task_id]);
  expect(task.status_id).toBe(8);
  await expect(card(yes)).toHaveAttribute('data-status', '13', { timeout: 15_000 });
  await expect(card(yes)).toHaveAttribute('data-colour', 'green');
  await perContext.close();
});
