/**
 * Cancel from the calendar (spec 2 §2.2 card menu Cancel and its modal, §4 Cancel, §5 "Cancellation
 * confirm is disabled when the SMS text is empty", §9 the window) in Chromium as an admin: a notified
 * card's menu offers Cancel; the dialog prefills the company's cancellation text with the card's day
 * and the window an hour either side; an emptied text disables Confirm and says why; a text typed key
 * by key keeps the admin's words when the window is widened twice; confirmed, the card shows cancelled
 * without a reload and the action bar counts one card fewer. The server's database is the judge: the
 * item is Cancelled with the reason chosen and the SMS queued to the contact holds the typed text.
 * From the action bar: the week's cancellable cards, one left out; a card changed on the server
 * meanwhile refuses it all, the week is read again with that card flagged and Cancel blocked until the
 * reload; then the text with the cards' own fields as tokens goes to each card filled in, the card
 * without a mobile named as not texted.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { ADMIN_A, PLUMBER_PER, apiHeadersOf, dbQuery, insertStreetPoints, removeStreetPoints, signIn } from './helpers';

const STREET = 'Avlysningsbakken';

test.use({ viewport: { width: 1400, height: 1000 }, locale: 'nb-NO' });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 5, { lat: 59.84, lng: 10.52, spread: 0.0004, perRow: 3 });
});
test.afterAll(() => removeStreetPoints([STREET]));

test('an admin cancels a notified card with an SMS they typed, the window widened twice: the card shows cancelled and the owner\'s SMS holds the text', async ({ page }) => {
  test.setTimeout(240_000);
  const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
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
  const notified = await lay(points[0].id, 10 * 60);
  const other = await lay(points[1].id, 13 * 60);
  const contact = await page.request.post('/api/contactInformation', { headers, data: { scheduleItemId: notified, mobileNo: '91234567', contactPerson: { name: 'Åse Nilsen' } } });
  expect(contact.status(), await contact.text()).toBe(201);
  // The owner was notified (as the send notice's delivery leaves it).
  await dbQuery('update schedule_items set status = 3 where id = $1', [notified]);

  await page.goto(`/schedule/calendar?plumber=${per}&weekNo=${w.week}&year=${w.year}`);
  const card = (id: number) => page.locator(`[data-testid="calendar-card"][data-item-id="${id}"]`);
  await expect(card(notified)).toHaveAttribute('data-status', '3');
  await expect(card(other)).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('calendar-cancel')).toHaveText('Avlys (2)');

  await page.getByRole('button', { name: `Valg for ${STREET} 1` }).click();
  await page.getByTestId('calendar-card-menu-list').getByRole('menuitem', { name: 'Avlys' }).click();
  const dialog = page.getByTestId('calendar-cancel-dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Avlys – ${STREET} 1`);
  const confirm = dialog.getByRole('button', { name: 'Avlys 1 oppdrag' });
  // The company's cancellation text for the card: its day and the window an hour either side of 10:00–10:45.
  const [y, m, d] = wednesday.split('-');
  const text = dialog.getByRole('textbox', { name: 'SMS-tekst' });
  await expect(text).toHaveValue(new RegExp(`${d}\\.${m}\\.${y} kl\\. 09:00-11:45 i ${STREET} 1`));
  await expect(dialog.getByTestId('calendar-cancel-window')).toHaveText('Tidsvindu i SMS-en: 09:00-11:45 (60 min før og etter)');
  await expect(dialog.getByRole('checkbox', { name: 'Send SMS til eieren' })).toBeChecked();
  // No reason yet: Confirm waits.
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Årsak').selectOption({ label: 'Eieren avviste tidspunktet' });
  await expect(confirm).toBeEnabled();

  // An empty text: Confirm disabled, and the field says why (spec 2 §5).
  await text.fill('');
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByText('Skriv teksten som skal sendes.')).toBeVisible();
  // Typed key by key, naming the window; widened twice, the window changes and the words stay.
  await text.pressSequentially(`Beklager! Besøket ${d}.${m}.${y} kl. 09:00-11:45 er avlyst. Vi ringer deg for ny tid.`);
  await expect(confirm).toBeEnabled();
  await dialog.getByRole('button', { name: /^Utvid med 15 min/ }).click();
  await dialog.getByRole('button', { name: /^Utvid med 15 min/ }).click();
  const typed = `Beklager! Besøket ${d}.${m}.${y} kl. 08:30-12:15 er avlyst. Vi ringer deg for ny tid.`;
  await expect(text).toHaveValue(typed);
  await expect(dialog.getByTestId('calendar-cancel-window')).toHaveText('Tidsvindu i SMS-en: 08:30-12:15 (90 min før og etter)');
  await expect(dialog.getByTestId('calendar-cancel-cost')).toHaveText(`${typed.length} tegn, 1 SMS (GSM-7)`);
  await expectAccessible(page, 'the calendar with the cancel dialog open');

  await confirm.click();
  await expect(page.getByText('1 oppdrag er avlyst')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Without a reload: the card shows cancelled; the admin's own cancel flags nothing.
  await expect(card(notified)).toHaveAttribute('data-status', '7');
  await expect(card(notified)).toHaveAttribute('data-colour', 'cancelled');
  await expect(card(notified)).toContainText('Kansellert');
  await expect(card(other)).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('calendar-cancel')).toHaveText('Avlys (1)');
  await expect(page.getByTestId('calendar-flagged-notice')).toHaveCount(0);

  const [item] = await dbQuery<{ status: number; cancellation_type_id: number }>('select status, cancellation_type_id from schedule_items where id = $1', [notified]);
  expect(item).toEqual({ status: 7, cancellation_type_id: 3 });
  const sms = await dbQuery<{ kind: string; to_number: string; text: string }>('select kind, to_number, text from sms_messages where schedule_item_id = $1', [notified]);
  expect(sms).toEqual([{ kind: 'cancellation', to_number: '+4791234567', text: typed }]);
  expect(await dbQuery('select 1 from sms_messages where schedule_item_id = $1', [other])).toHaveLength(0);
});

test('an admin cancels from the action bar: a changed card refuses it all and is flagged; then each owner\'s SMS is filled in for their card', async ({ page }) => {
  test.setTimeout(240_000);
  const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
  // Eleven weeks ahead, a Thursday.
  const w = isoWeek(addDays(osloDay(new Date()), 77));
  const thursday = isoWeekDates(w.year, w.week)[3];
  await signIn(page, ADMIN_A);
  const headers = await apiHeadersOf(page, () => page.goto('/joblist'));
  const schedule = await (await page.request.post('/api/Schedule', { headers, data: { assigneeId: per, weekNo: w.week, year: w.year } })).json();
  const points = await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]);
  const lay = async (pointId: number, minute: number, mobileNo: string | null) => {
    const res = await page.request.post('/api/Scheduler/singleitem', {
      headers, data: {
        batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: per,
        scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: pointId, duration: 45, sequenceNumber: 0, isScheduled: false }],
        plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(thursday, minute).toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { id } = (await res.json()) as { id: number };
    if (mobileNo) {
      const contact = await page.request.post('/api/contactInformation', { headers, data: { scheduleItemId: id, mobileNo, contactPerson: { name: 'Eier' } } });
      expect(contact.status(), await contact.text()).toBe(201);
    }
    return id;
  };
  const changed = await lay(points[2].id, 8 * 60, '92345678');
  const silent = await lay(points[3].id, 9 * 60, null);
  const texted = await lay(points[4].id, 13 * 60, '93456789');

  await page.goto(`/schedule/calendar?plumber=${per}&weekNo=${w.week}&year=${w.year}`);
  const card = (id: number) => page.locator(`[data-testid="calendar-card"][data-item-id="${id}"]`);
  await expect(card(texted)).toHaveAttribute('data-status', '1');
  await page.getByTestId('calendar-cancel').click();
  const dialog = page.getByTestId('calendar-cancel-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Avlys oppdrag');
  await expect(dialog.getByTestId('calendar-cancel-card')).toHaveCount(3);
  await dialog.getByLabel('Årsak').selectOption({ label: 'Annen årsak' });
  // The owner of the first card confirmed meanwhile: the whole cancel is refused, nothing sent.
  await dbQuery('update schedule_items set status = 5 where id = $1', [changed]);
  await dialog.getByRole('button', { name: 'Avlys 3 oppdrag' }).click();
  await expect(page.getByText('Avlysningen mislyktes')).toBeVisible();
  await expect(page.getByText('Statusen til oppdraget er endret siden uken ble lastet. Last uken på nytt.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card(changed)).toHaveAttribute('data-flagged', 'true');
  await expect(page.getByTestId('calendar-cancel')).toBeDisabled();
  expect((await dbQuery<{ status: number }>('select status from schedule_items where id = any($1::int[]) order by id', [[silent, texted]])).map((r) => r.status)).toEqual([1, 1]);
  await page.getByTestId('calendar-flagged-reload').click();
  await expect(page.getByTestId('calendar-flagged-notice')).toHaveCount(0);

  // Again, now without the confirmed card: the cards' own fields stay tokens, the preview fills them in.
  await expect(page.getByTestId('calendar-cancel')).toHaveText('Avlys (2)');
  await page.getByTestId('calendar-cancel').click();
  await expect(dialog.getByTestId('calendar-cancel-card')).toHaveCount(2);
  await dialog.getByLabel('Årsak').selectOption({ label: 'Annen årsak' });
  const text = dialog.getByRole('textbox', { name: 'SMS-tekst' });
  await expect(text).toHaveValue(/#Date# kl\. #TimeRange# i #MeterAddress#/);
  await expect(text).not.toHaveValue(/#CompanyName#/);
  const preview = dialog.getByTestId('calendar-cancel-preview');
  await expect(preview).toContainText(`kl. 08:00-10:45 i ${STREET} 4`);
  await dialog.getByRole('button', { name: /^Utvid med 15 min/ }).click();
  await expect(dialog.getByTestId('calendar-cancel-window')).toHaveText('Tidsvindu i SMS-en: 75 min før og etter hvert oppdrag');
  await expect(preview).toContainText(`kl. 07:45-11:00 i ${STREET} 4`);
  await expect(dialog.getByTestId('calendar-cancel-no-mobile')).toContainText(`${STREET} 4`);
  await dialog.getByRole('button', { name: 'Avlys 2 oppdrag' }).click();
  await expect(page.getByText('2 oppdrag er avlyst')).toBeVisible();
  await expect(page.getByText('SMS-en er på vei til 1 eier.')).toBeVisible();
  await expect(page.getByText('Ingen SMS gikk til 1 oppdrag: det mangler mobilnummer til kontakten')).toBeVisible();
  await expect(card(silent)).toHaveAttribute('data-status', '7');
  await expect(card(texted)).toHaveAttribute('data-status', '7');
  await expect(card(changed)).toHaveAttribute('data-status', '5');
  await expect(page.getByTestId('calendar-flagged-notice')).toHaveCount(0);

  const [y, m, d] = thursday.split('-');
  const sms = await dbQuery<{ schedule_item_id: number; to_number: string; text: string }>(
    'select schedule_item_id, to_number, text from sms_messages where schedule_item_id = any($1::int[])', [[changed, silent, texted]]);
  expect(sms).toHaveLength(1);
  expect(sms[0]).toMatchObject({ schedule_item_id: texted, to_number: '+4793456789' });
  expect(sms[0].text).toContain(`${d}.${m}.${y} kl. 11:45-15:00 i ${STREET} 5`);
  expect(sms[0].text).not.toContain('#');
  expect((await dbQuery<{ c: number }>('select cancellation_type_id as c from schedule_items where id = any($1::int[]) order by id', [[silent, texted]])).map((r) => r.c)).toEqual([4, 4]);
});
