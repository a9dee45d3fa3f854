/**
 * The error-handling page (spec 2 §2.4, §4, §6, §9) in Chromium as an admin: a week's notices are sent
 * (one owner reached, one item without a mobile), the reached owner answers NEI on the demo phone, and
 * both items are listed, the most notified first; the rejected one's timeline shows the real notice
 * and the owner's NEI, a fresh notice is not offered for it (the page says what to do instead), its
 * contact is typed key by key and saved; reminders sent past the ErrorThreshold raise the warning icon;
 * the item without a mobile is submitted as a deviation: typed causes and note, the item Deviation and off
 * the list, its job completed with them on its task, shown on the task's page. A plumber sees the
 * not-allowed view. The server's database is the judge of what was saved.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { ADMIN_A, PLUMBER_PER, apiHeadersOf, dbQuery, insertStreetPoints, removeStreetPoints, signIn } from './helpers';

const STREET = 'Feilbakken';

test.use({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 2, { lat: 59.842, lng: 10.52, spread: 0.0004, perRow: 2 });
});
test.afterAll(() => removeStreetPoints([STREET]));

test('an admin handles a rejected item and a failed notice on the error-handling page', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
  const [{ value: threshold }] = await dbQuery<{ value: string }>(`
    select s.value from company_settings s join users u on u.company_id = s.company_id where u.email = $1 and s.setting_type_id = 4`, [ADMIN_A]);
  // Ten weeks ahead, a Wednesday: no other test lays Per's time there.
  const w = isoWeek(addDays(osloDay(new Date()), 70));
  const wednesday = isoWeekDates(w.year, w.week)[2];
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: per, weekNo: w.week, year: w.year } })).json();
  const points = await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]);
  const lay = async (pointId: number, minute: number) => {
    const res = await page.request.post('/api/Scheduler/singleitem', {
      headers, data: {
        batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: per,
        scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: pointId, duration: 45, sequenceNumber: 0, isScheduled: false }],
        plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(wednesday, minute).toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };
  const rejected = await lay(points[0].id, 9 * 60);
  const unreachable = await lay(points[1].id, 13 * 60);
  const contact = await page.request.post('/api/contactInformation', { headers, data: { scheduleItemId: rejected, mobileNo: '91234567', contactPerson: { name: 'Åse Nilsen' } } });
  expect(contact.status(), await contact.text()).toBe(201);

  // The notices: the reached one is delivered, the one without a mobile fails at once.
  const sent = await page.request.post('/api/Schedule/SendNotification', {
    headers, data: {
      scheduleId: schedule.id, assigneeId: per, assigneeName: 'Per Johansen', notificationTemplateKey: 'Notice',
      scheduleItemIds: [rejected, unreachable], isConfirmedManually: false, weekNo: w.week, year: w.year,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const statusOf = async (id: number) => (await dbQuery<{ status: number }>('select status from schedule_items where id = $1', [id]))[0].status;
  await expect.poll(() => statusOf(rejected), { timeout: 30_000 }).toBe(3);
  expect(await statusOf(unreachable)).toBe(4);
  // The owner answers NEI on the demo phone.
  const phone = (await (await page.request.get('/api/demoPhone/messages', { headers })).json()) as { providerRef: string; scheduleItemId: number | null; kind: string }[];
  const delivery = phone.find((m) => m.scheduleItemId === rejected && m.kind === 'notice');
  expect(delivery).toBeDefined();
  const answered = await page.request.post('/api/demoPhone/reply', { headers, data: { providerRef: delivery!.providerRef, replyId: randomUUID(), text: 'NEI' } });
  expect(answered.status(), await answered.text()).toBe(200);
  expect(await statusOf(rejected)).toBe(6);
  const [notice] = await dbQuery<{ text: string }>("select text from sms_messages where schedule_item_id = $1 and kind = 'notice'", [rejected]);

  // The menu leads to the page.
  await page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Feilhåndtering/ }).click();
  await expect(page).toHaveURL(/\/errorhandling$/);
  const row = (id: number) => page.locator(`[data-testid="error-item"][data-item-id="${id}"]`);
  await expect(row(rejected).getByTestId('error-item-address')).toHaveText(`${STREET} 1`);
  await expect(row(rejected).getByTestId('error-item-status')).toHaveText('Avvist');
  await expect(row(rejected).getByTestId('error-item-count')).toHaveText('1');
  await expect(row(rejected).getByTestId('error-item-warning')).toHaveCount(0);
  await expect(row(unreachable).getByTestId('error-item-status')).toHaveText('Varsling feilet');
  await expect(row(unreachable).getByTestId('error-item-count')).toHaveText('0');
  const [y, m, d] = osloDay(new Date()).split('-');
  await expect(row(rejected).getByTestId('error-item-date')).toContainText(`${d}.${m}.${y}`);
  // The most notified first.
  const ids = await page.getByTestId('error-item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-item-id'))));
  expect(ids.indexOf(rejected)).toBeLessThan(ids.indexOf(unreachable));

  // The rejected item's history: the real notice, delivered, and the owner's NEI; then its status.
  await row(rejected).click();
  const panel = page.getByTestId('error-panel');
  await expect(panel.getByTestId('error-panel-address')).toHaveText(`${STREET} 1`);
  const entries = panel.getByTestId('error-timeline-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toHaveAttribute('data-kind', 'notice');
  await expect(entries.nth(0)).toContainText(notice.text);
  await expect(entries.nth(0)).toContainText('Levert');
  await expect(entries.nth(1)).toHaveAttribute('data-kind', 'reply');
  await expect(entries.nth(1)).toContainText('NEI');
  await expect(panel.getByTestId('error-timeline-now')).toContainText('Avvist');
  // No fresh notice for a rejected time: what to do instead, and the way to its week.
  await expect(panel.getByTestId('error-fresh')).toBeDisabled();
  await expect(panel.getByTestId('error-fresh-instead')).toContainText('Eieren har avvist tidspunktet');
  await expect(panel.getByTestId('error-calendar-link')).toHaveAttribute('href', `/schedule/calendar?plumber=${per}&weekNo=${w.week}&year=${w.year}`);
  await expectAccessible(page, 'the error-handling page with an item chosen');

  // Contact details, typed key by key: a bad number is refused with the spec's text, a good one saved.
  await panel.getByTestId('error-contact').click();
  const dialog = page.getByTestId('error-contact-dialog');
  const name = dialog.getByTestId('error-contact-name');
  const mobile = dialog.getByTestId('error-contact-mobile');
  await expect(name).toHaveValue('Åse Nilsen');
  await name.fill('');
  await name.pressSequentially('Kari Eier');
  await mobile.fill('');
  await mobile.pressSequentially('0123 4567');
  await expect(dialog.getByText('Skriv 8 sifre som starter med 1–9, eller 0047 eller + fulgt av 8 til 10 sifre')).toBeVisible();
  await mobile.fill('');
  await mobile.pressSequentially('412 34 567');
  await dialog.getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByText('Kontaktdetaljene er lagret')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await dbQuery<{ c: { mobileNo: string; contactPerson: { name: string } } }>(
    'select contact_information as c from schedule_items where id = $1', [rejected]))[0].c).toMatchObject({ mobileNo: '41234567', contactPerson: { name: 'Kari Eier' } });

  // Reminders went out past the company's ErrorThreshold: the warning icon, with its label.
  const [admin] = await dbQuery<{ id: string; company_id: string }>('select id, company_id from users where email = $1', [ADMIN_A]);
  await dbQuery(`insert into sms_messages (company_id, to_number, sender, text, encoding, segments, characters, kind, created_by, status, schedule_item_id)
    select $1, '+4791234567', 'Sandvika Rør', 'Påminnelse ' || n, 'GSM-7', 1, 12, 'reminder', $2, 'delivered', $3 from generate_series(1, $4::int) n`,
  [admin.company_id, admin.id, rejected, Number(threshold)]);
  await page.reload();
  await expect(row(rejected).getByTestId('error-item-count')).toHaveText(String(Number(threshold) + 1));
  await expect(row(rejected).getByTestId('error-item-warning')).toBeVisible();
  await expect(row(rejected).getByRole('img', { name: 'Varslet flere ganger enn feilterskelen' })).toBeVisible();
  await expect(row(unreachable).getByTestId('error-item-warning')).toHaveCount(0);
  expect((await page.getByTestId('error-item').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-item-id'))))).indexOf(rejected)).toBe(0);

  // The failed notice: a fresh one is offered; the admin submits it as a deviation instead. Its point's
  // cadastre unit is a property of the register, so its job can be made.
  const [unit] = await dbQuery<{ nr: string }>(`
    select p.matrikkel_nummer as nr from properties p join companies co on co.customer_id = p.customer_id join users u on u.company_id = co.id
    where u.email = $1 and exists (select 1 from addresses a where a.property_id = p.id) order by p.id limit 1`, [ADMIN_A]);
  await dbQuery('update schedule_items set matrikkelenhet_id = $1 where id = $2', [unit.nr, unreachable]);
  await row(unreachable).click();
  await expect(panel.getByTestId('error-fresh')).toBeEnabled();
  await panel.getByTestId('error-deviation').click();
  const deviation = page.getByTestId('error-deviation-dialog');
  // No cause chosen: nothing to send.
  await expect(deviation.getByRole('button', { name: 'Send inn avvik' })).toBeDisabled();
  await expect(deviation.getByTestId('error-deviation-pick')).toHaveText('Velg minst én årsak.');
  await deviation.getByTestId('cause-6').click();
  await deviation.getByTestId('error-deviation-note').pressSequentially('Måleren er knust, eier varslet på telefon');
  await deviation.getByRole('button', { name: 'Send inn avvik' }).click();
  await expect(page.getByText(`${STREET} 2 er lukket med avvik på jobben`)).toBeVisible();
  // The item is Deviation and leaves the list; its job is completed with the cause and the note on its task.
  await expect.poll(() => statusOf(unreachable)).toBe(12);
  await expect(row(unreachable)).toHaveCount(0);
  const [made] = await dbQuery<{ job_id: string; task_id: string; job_status: number; task_status: number; details: unknown }>(`
    select t.job_id, t.id as task_id, j.status_id as job_status, t.status_id as task_status, t.additional_details_request as details
    from tasks t join jobs j on j.id = t.job_id where t.schedule_item_id = $1`, [unreachable]);
  expect(made).toMatchObject({
    job_status: 4, task_status: 9,
    details: { obstacle: false, note: 'Måleren er knust, eier varslet på telefon', deviationList: [{ id: 6, value: 'Plombe brutt eller måler skadet', deviationType: 0 }] },
  });
  // On its job, as the plumber's report would show it.
  await expect(async () => {
    await page.goto(`/job/${made.job_id}/task/${made.task_id}`);
    await expect(page.getByTestId('task-deviation')).toContainText('Plombe brutt eller måler skadet', { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('task-deviation')).toContainText('Måleren er knust, eier varslet på telefon');

  // A plumber: the not-allowed view, and no menu entry.
  const other = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
  const plumber = await other.newPage();
  await signIn(plumber, PLUMBER_PER);
  await plumber.goto('/errorhandling');
  await expect(plumber.getByTestId('access-denied')).toBeVisible();
  await expect(plumber.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Se jobbliste/ })).toBeVisible();
  await expect(plumber.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: /Feilhåndtering/ })).toHaveCount(0);
  await other.close();
});
