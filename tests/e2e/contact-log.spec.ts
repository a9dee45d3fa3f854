/**
 * Send notice (spec 2 §4) from the calendar: the dialog's count, template, preview and the cards
 * without a mobile; sent, the cards turn grey and then Notified (or red at once without a mobile)
 * without a reload; a Notified card manually agreed with a typed note turns green, and its notice and
 * the acknowledgement show in its SMS log as delivered; the agreed time becomes the plumber's job.
 *
 * The Contact and SMS log page (spec 2 §2.3, §5, §8) in Chromium as an admin works: opened from a
 * calendar card's menu, the assignment's address and status; a contact typed key by key, refused with
 * the spec's texts for a half contact and a bad number, saved, and read back after a reload; the
 * property's owners, the first two and then all; the SMS log as a conversation with each message's
 * delivery state, which changes on the page when the message moves on (the hub's MessagesChanged is
 * not needed for that: the page reads on SchedulesChanged too, and a second admin's contact save shows
 * while the first has not typed, and is announced, not applied, while the first has). The server's
 * database is the judge of what was saved.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { ADMIN_A, PLUMBER_PER, apiHeadersOf, dbQuery, insertStreetPoints, removeStreetPoints, signIn } from './helpers';

const STREET = 'Kontaktlia';

test.use({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 3, { lat: 59.835, lng: 10.53, spread: 0.0004, perRow: 3 });
});
test.afterAll(() => removeStreetPoints([STREET]));

test('an admin opens a card\'s contact and SMS log, saves a contact typed key by key, sees the owners and the messages with their state', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
  // Seven weeks ahead, a Friday afternoon: no other test lays Per's time there.
  const w = isoWeek(addDays(osloDay(new Date()), 49));
  const friday = isoWeekDates(w.year, w.week)[4];
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: per, weekNo: w.week, year: w.year } })).json();
  const [point] = await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]);
  const laid = await page.request.post('/api/Scheduler/singleitem', {
    headers, data: {
      batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: per,
      scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: point.id, duration: 45, sequenceNumber: 0, isScheduled: false }],
      plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(friday, 13 * 60).toISOString(),
    },
  });
  expect(laid.status(), await laid.text()).toBe(200);
  const item = (await laid.json()) as { id: number };
  // The property with the most owners of the demo register stands for the item's cadastre unit.
  const [unit] = await dbQuery<{ id: string; names: string[] }>(`
    select p.id::text as id, array(select o->>'navn' from jsonb_array_elements(p.owners) o) as names from properties p
    join customers c on c.id = p.customer_id join companies co on co.customer_id = c.id join users u on u.company_id = co.id
    where u.email = $1 order by jsonb_array_length(p.owners) desc, p.id limit 1`, [ADMIN_A]);
  await dbQuery('update schedule_items set matrikkelenhet_id = $1 where id = $2', [unit.id, item.id]);
  // Two messages of the item, as the notices will send them: one delivered, one still waiting.
  const [admin] = await dbQuery<{ id: string; company_id: string }>('select id, company_id from users where email = $1', [ADMIN_A]);
  const sms = async (text: string, minutesAgo: number, status: string) => (await dbQuery<{ id: string }>(`
    insert into sms_messages (company_id, to_number, sender, text, encoding, segments, characters, kind, created_by, created_at, status, schedule_item_id)
    values ($1, '+4791234567', 'Sandvika Rør', $2, 'GSM-7', 1, $3, 'notice', $4, now() - make_interval(mins => $5), $6, $7) returning id`,
  [admin.company_id, text, text.length, admin.id, minutesAgo, status, item.id]))[0].id;
  await sms('Hei! Vi bytter vannmåleren fredag kl. 13:00.', 30, 'delivered');
  // Written now: the outbox's sweep (every minute) sends a queued message only once it is a minute old
  // (services/sms.ts sweepSms), so this one stays waiting for the rest of the test.
  const waiting = await sms('Påminnelse: vi kommer fredag.', 0, 'queued');

  await page.goto(`/schedule/calendar?plumber=${per}&weekNo=${w.week}&year=${w.year}`);
  await page.getByRole('button', { name: `Valg for ${STREET} 1` }).click();
  await page.getByTestId('calendar-card-menu-list').getByRole('menuitem', { name: 'Kontakt og SMS-logg' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/scheduleItem/${item.id}$`));
  await expect(page.getByTestId('contact-address')).toHaveText(`${STREET} 1`);
  await expect(page.getByTestId('contact-status')).toHaveText('Satt opp');

  // Owners: the first two, then all.
  const owners = page.getByTestId('contact-owner');
  await expect(owners.first()).toHaveText(unit.names[0]);
  if (unit.names.length > 2) {
    await expect(owners).toHaveCount(2);
    await page.getByTestId('contact-owners-more').click();
    await expect(owners).toHaveCount(unit.names.length);
    await page.getByTestId('contact-owners-more').click();
  }
  await expect(owners).toHaveCount(Math.min(2, unit.names.length));

  // The SMS log: oldest first, each with its state.
  const entries = page.getByTestId('contact-sms');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Hei! Vi bytter vannmåleren fredag kl. 13:00.');
  await expect(entries.nth(0).getByTestId('contact-sms-status')).toHaveText('Levert');
  await expect(entries.nth(1).getByTestId('contact-sms-status')).toHaveText('Venter på sending');
  await expectAccessible(page, 'the contact and SMS log page');

  // A half contact and a bad number are refused with the spec's texts; nothing is sent.
  const name = page.getByTestId('contact-name');
  const mobile = page.getByTestId('contact-mobile');
  await name.pressSequentially('Åse Nilsen');
  await page.getByTestId('contact-save').click();
  await expect(page.getByText('Fyll inn kontaktdetaljer: både navn og mobilnummer')).toBeVisible();
  await mobile.pressSequentially('0123 4567');
  await expect(page.getByText('Skriv 8 sifre som starter med 1–9, eller 0047 eller + fulgt av 8 til 10 sifre')).toBeVisible();
  await page.getByTestId('contact-save').click();
  expect((await dbQuery<{ c: unknown }>('select contact_information as c from schedule_items where id = $1', [item.id]))[0].c).toBeNull();
  await mobile.fill('');
  await mobile.pressSequentially('912 34 567');
  await expect(page.getByText(/Skriv 8 sifre/)).toHaveCount(0);
  await page.getByTestId('contact-save').click();
  await expect(page.getByText('Kontaktdetaljene er lagret')).toBeVisible();
  await expect.poll(async () => (await dbQuery<{ c: { mobileNo: string; contactPerson: { name: string } } }>(
    'select contact_information as c from schedule_items where id = $1', [item.id]))[0].c).toMatchObject({ mobileNo: '91234567', contactPerson: { name: 'Åse Nilsen' } });

  // The waiting message is delivered: the page shows it when it hears of the change.
  await dbQuery("update sms_messages set status = 'delivered' where id = $1", [waiting]);
  // A second admin's save is what the hub tells: it reads the item and its log again.
  const other = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
  const second = await other.newPage();
  await signIn(second, ADMIN_A);
  await second.goto(`/job/scheduleItem/${item.id}`);
  await expect(second.getByTestId('contact-name')).toHaveValue('Åse Nilsen');
  await second.getByTestId('contact-name').fill('');
  await second.getByTestId('contact-name').pressSequentially('Per Nilsen');
  await second.getByTestId('contact-save').click();
  await expect(second.getByText('Kontaktdetaljene er lagret')).toBeVisible();
  // The first admin had not typed since saving: their form takes the new contact, and the log its state.
  await expect(name).toHaveValue('Per Nilsen');
  await expect(entries.nth(1).getByTestId('contact-sms-status')).toHaveText('Levert');

  // Now the first admin types, and the second saves again: the first keeps the typing and is told.
  await mobile.fill('');
  await mobile.pressSequentially('41234567');
  await second.getByTestId('contact-mobile').fill('');
  await second.getByTestId('contact-mobile').pressSequentially('+4790000000');
  await second.getByTestId('contact-save').click();
  await expect(page.getByTestId('contact-changed-elsewhere')).toBeVisible();
  await expect(mobile).toHaveValue('41234567');
  await page.getByTestId('contact-discard').click();
  await expect(mobile).toHaveValue('+4790000000');
  await other.close();

  // After a reload the saved contact is read back.
  await page.reload();
  await expect(page.getByTestId('contact-name')).toHaveValue('Per Nilsen');
  await expect(page.getByTestId('contact-mobile')).toHaveValue('+4790000000');
  await page.getByTestId('contact-back').click();
  await expect(page).toHaveURL(/\/schedule\/calendar/);
});

test('an admin sends the week\'s notices: the cards turn Notified as the SMS are delivered, the one without a mobile red at once', async ({ page }) => {
  test.setTimeout(240_000);
  const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
  const w = isoWeek(addDays(osloDay(new Date()), 56));
  const thursday = isoWeekDates(w.year, w.week)[3];
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: per, weekNo: w.week, year: w.year } })).json();
  const points = await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]);
  const lay = async (pointId: number, minute: number) => {
    const res = await page.request.post('/api/Scheduler/singleitem', {
      headers, data: {
        batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: per,
        scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: pointId, duration: 45, sequenceNumber: 0, isScheduled: false }],
        plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(thursday, minute).toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };
  const reached = await lay(points[1].id, 9 * 60);
  const unreachable = await lay(points[2].id, 13 * 60);
  const contact = await page.request.post('/api/contactInformation', { headers, data: { scheduleItemId: reached, mobileNo: '91234567', contactPerson: { name: 'Åse Nilsen' } } });
  expect(contact.status(), await contact.text()).toBe(201);
  // The reached point's cadastre unit is a property of the register, so the plumber's job can be made once the time is agreed.
  const [unit] = await dbQuery<{ nr: string }>(`
    select p.matrikkel_nummer as nr from properties p join companies co on co.customer_id = p.customer_id join users u on u.company_id = co.id
    where u.email = $1 and exists (select 1 from addresses a where a.property_id = p.id) order by p.id limit 1`, [ADMIN_A]);
  await dbQuery('update schedule_items set matrikkelenhet_id = $1 where id = $2', [unit.nr, reached]);

  await page.goto(`/schedule/calendar?plumber=${per}&weekNo=${w.week}&year=${w.year}`);
  const card = (id: number) => page.locator(`[data-testid="calendar-card"][data-item-id="${id}"]`);
  await expect(card(reached)).toHaveAttribute('data-status', '1');
  await page.getByTestId('calendar-send-notice').click();
  const dialog = page.getByTestId('calendar-notice-dialog');
  await expect(dialog.getByTestId('calendar-notice-count')).toHaveText('2 oppdrag i uken kan varsles.');
  const [y, m, d] = thursday.split('-');
  await expect(dialog.getByTestId('calendar-notice-preview')).toContainText(`${d}.${m}.${y}`);
  await expect(dialog.getByTestId('calendar-notice-preview')).toContainText('09:00-09:45');
  await expect(dialog.getByTestId('calendar-notice-preview')).toContainText(`${STREET} 2`);
  // The owner's answer link ends the notice, and is counted in its cost.
  await expect(dialog.getByTestId('calendar-notice-preview')).toContainText('/a/');
  await expect(dialog.getByTestId('calendar-notice-cost')).toContainText('SMS');
  await expect(dialog.getByTestId('calendar-notice-no-mobile')).toContainText(`${STREET} 3`);
  await expectAccessible(page, 'the calendar with the send notice dialog open');
  await dialog.getByRole('button', { name: 'Send 2 varsler' }).click();
  await expect(page.getByText('Varselet er på vei til 1 eier')).toBeVisible();
  await expect(page.getByText('1 oppdrag mangler mobilnummer til kontakten')).toBeVisible();
  // Without a reload: red at once for the one without a mobile; Notified once its SMS is delivered.
  await expect(card(unreachable)).toHaveAttribute('data-status', '4');
  await expect(card(unreachable)).toHaveAttribute('data-colour', 'red');
  await expect(card(reached)).toHaveAttribute('data-status', '3', { timeout: 30_000 });
  const [sms] = await dbQuery<{ kind: string; status: string; to_number: string; text: string }>(
    'select kind, status, to_number, text from sms_messages where schedule_item_id = $1', [reached]);
  expect(sms).toMatchObject({ kind: 'notice', status: 'delivered', to_number: '+4791234567' });
  expect(await dbQuery('select 1 from sms_messages where schedule_item_id = $1', [unreachable])).toHaveLength(0);
  // What the admin's own send led to is expected: no card is flagged, and the failed one may be sent again.
  await expect(page.getByTestId('calendar-send-notice')).toHaveText('Send varsel (1)');
  await expect(page.getByTestId('calendar-send-notice')).toBeEnabled();
  await expect(page.getByTestId('calendar-flagged-notice')).toHaveCount(0);

  // The owner rang instead of answering: the admin marks the card manually agreed, with a note and the
  // acknowledgement to the contact's number; it turns green.
  await page.getByRole('button', { name: `Valg for ${STREET} 2` }).click();
  await page.getByTestId('calendar-card-menu-list').getByRole('menuitem', { name: 'Manuelt avtalt' }).click();
  const confirm = page.getByTestId('calendar-confirm-dialog');
  await expect(confirm.getByTestId('calendar-confirm-mobile')).toHaveValue('91234567');
  await confirm.getByTestId('calendar-confirm-notes').pressSequentially('Ringte kl. 10, porten er åpen');
  await expectAccessible(page, 'the calendar with the manual confirmation dialog open');
  await confirm.getByRole('button', { name: 'Bekreft' }).click();
  await expect(page.getByText(`${STREET} 2 er bekreftet`)).toBeVisible();
  await expect(card(reached)).toHaveAttribute('data-colour', 'green');
  // The agreed time becomes Per's job (spec 2 §4 Confirmed → JobCreated), heard without a reload and
  // expected (the admin's own confirmation led to it): not flagged.
  await expect(card(reached)).toHaveAttribute('data-status', '9', { timeout: 30_000 });
  await expect(card(reached)).toHaveAttribute('data-colour', 'green');
  const [job] = await dbQuery<{ auto_created: boolean; assigned_to_id: number }>(
    'select j.auto_created, j.assigned_to_id from jobs j join tasks t on t.job_id = j.id where t.schedule_item_id = $1', [reached]);
  expect(job).toMatchObject({ auto_created: true, assigned_to_id: per });
  await expect(page.getByTestId('calendar-flagged-notice')).toHaveCount(0);
  // The red one is not offered it.
  await page.getByRole('button', { name: `Valg for ${STREET} 3` }).click();
  await expect(page.getByTestId('calendar-card-menu-list').getByRole('menuitem', { name: 'Kontakt og SMS-logg' })).toBeVisible();
  await expect(page.getByTestId('calendar-card-menu-list').getByRole('menuitem', { name: 'Manuelt avtalt' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The menu is one for the week: let it close before it opens at the next card.
  await expect(page.getByTestId('calendar-card-menu-list')).toBeHidden();

  await page.getByRole('button', { name: `Valg for ${STREET} 2` }).click();
  await page.getByTestId('calendar-card-menu-list').getByRole('menuitem', { name: 'Kontakt og SMS-logg' }).click();
  await expect(page.getByTestId('contact-sms')).toHaveCount(2);
  await expect(page.getByTestId('contact-sms').first()).toContainText(sms.text);
  await expect(page.getByTestId('contact-sms-status').first()).toHaveText('Levert');
  await expect(page.getByTestId('contact-sms-status').nth(1)).toHaveText('Levert', { timeout: 30_000 });
  await expect(page.getByTestId('contact-status')).toHaveText('Jobb opprettet');
});
