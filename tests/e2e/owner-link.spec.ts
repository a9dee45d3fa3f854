/**
 * A property owner answers a notice by its link (spec 2 §4 Replies; server/services/ownerAnswer.ts,
 * src/features/ownerAnswer) in Chromium at a phone's size, with no account and no sign-in: an admin
 * sends a real notice, the link is read out of the sent message (sms_messages.text, its last line),
 * and a fresh phone opens it: the day, time range, address and company are shown; the owner confirms,
 * is asked once more, and sees the result; the item is Confirmed on the server (or its job follows),
 * and the answer is in the SMS log. Opened again, the link says it was answered and what was agreed.
 * An English browser gets the page in English; a bent link says only that it is not valid. The phone
 * installs no service worker.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { expectAccessible } from './a11y';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { noticeMergeValues } from '../../src/domain/sms/notice';
import { ADMIN_A, PLUMBER_PER, apiHeadersOf, dbQuery, insertStreetPoints, removeStreetPoints, signIn } from './helpers';

const STREET = 'Lenkestien';
const S = { Notified: 3, NotificationInProgress: 2, Confirmed: 5, JobCreated: 9, JobCreationFailed: 10 };

test.use({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', hasTouch: true, isMobile: true });
test.beforeAll(async () => {
  await removeStreetPoints([STREET]);
  await insertStreetPoints(STREET, 2, { lat: 59.84, lng: 10.52, spread: 0.0004, perRow: 2 });
});
test.afterAll(() => removeStreetPoints([STREET]));

/** An item on the street's point `n` in Per's week nine weeks ahead, a Wednesday at 14:00 (the second at 10:00), noticed by the admin; its notice's text. */
async function sentNotice(browser: Browser, n: number): Promise<{ itemId: number; text: string }> {
  const office = await browser.newContext({ viewport: { width: 1400, height: 1000 }, isMobile: false, hasTouch: false });
  try {
    const admin = await office.newPage();
    const [{ registration_id: per }] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_PER]);
    const w = isoWeek(addDays(osloDay(new Date()), 63));
    const wednesday = isoWeekDates(w.year, w.week)[2];
    await signIn(admin, ADMIN_A);
    const headers = await apiHeadersOf(admin, () => admin.goto('/joblist'));
    const schedule = await (await admin.request.post('/api/Schedule', { headers, data: { assigneeId: per, weekNo: w.week, year: w.year } })).json() as { id: number };
    const point = (await dbQuery<{ id: number }>('select id from meter_points where street = $1 order by id', [STREET]))[n];
    const laid = await admin.request.post('/api/Scheduler/singleitem', {
      headers, data: {
        batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: per,
        scheduleItems: [{ id: 0, assignmentType: 1, waterMeterPointId: point.id, duration: 45, sequenceNumber: 0, isScheduled: false }],
        plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(wednesday, (14 - 4 * n) * 60).toISOString(),
      },
    });
    expect(laid.status(), await laid.text()).toBe(200);
    const item = (await laid.json()) as { id: number };
    await dbQuery('update schedule_items set contact_information = $1::jsonb where id = $2',
      [JSON.stringify({ id: 0, scheduleItemId: item.id, mobileNo: '93456781', contactPerson: { name: 'Eier' } }), item.id]);
    const sent = await admin.request.post('/api/Schedule/SendNotification', {
      headers, data: {
        scheduleId: schedule.id, assigneeId: per, assigneeName: 'Per Johansen', notificationTemplateKey: 'Notice',
        scheduleItemIds: [item.id], isConfirmedManually: false, weekNo: w.week, year: w.year,
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const [notice] = await dbQuery<{ text: string }>(`select text from sms_messages where schedule_item_id = $1 and kind = 'notice'`, [item.id]);
    return { itemId: item.id, text: notice.text };
  } finally {
    await office.close();
  }
}

test('the owner opens the link from the notice on a phone, confirms, and the link then says it was answered', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { itemId, text } = await sentNotice(browser, 0);
  const link = text.split('\n').at(-1)!;
  expect(link).toMatch(/^https?:\/\/[^/]+\/a\/[A-Za-z0-9_-]{27}$/);
  const [row] = await dbQuery<{ start_time: Date; end_time: Date; address: string }>('select start_time, end_time, address from schedule_items where id = $1', [itemId]);
  const facts = noticeMergeValues(row.start_time, row.end_time, row.address);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Timeavtale for vannmåler' })).toBeVisible();
  await expect(page.getByTestId('landing-page')).toHaveCount(0);
  const shown = page.getByTestId('owner-answer-facts');
  await expect(shown).toContainText(facts.Date);
  await expect(shown).toContainText(facts.TimeRange);
  await expect(shown).toContainText(row.address);
  await expect(shown).toContainText('Firma');
  await expectAccessible(page, 'the answer page');

  await page.getByRole('button', { name: 'Ja, tidspunktet passer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bekreft tidspunktet?' })).toBeFocused();
  await page.getByRole('button', { name: 'Bekreft', exact: true }).click();
  const result = page.getByTestId('owner-answer-result');
  await expect(result.getByRole('heading', { level: 1 })).toHaveText('Takk! Tidspunktet er bekreftet');
  await expect(result).toContainText(`Vi sees ${facts.Date} kl. ${facts.TimeRange}.`);
  await expectAccessible(page, 'the answer page\'s result');

  expect([S.Confirmed, S.JobCreated, S.JobCreationFailed]).toContain((await dbQuery<{ status: number }>('select status from schedule_items where id = $1', [itemId]))[0].status);
  const replies = await dbQuery<{ text: string; outcome: string }>('select text, outcome from sms_replies where schedule_item_id = $1', [itemId]);
  expect(replies).toEqual([{ text: 'JA (lenke)', outcome: 'applied' }]);

  // Again, as an owner who taps the link in the SMS a second time.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Denne lenken er allerede besvart' })).toBeVisible();
  await expect(page.getByTestId('owner-answer-result')).toContainText('Tidspunktet er bekreftet.');
  await expect(page.getByRole('button', { name: 'Ja, tidspunktet passer' })).toHaveCount(0);
  expect(await dbQuery('select 1 from sms_replies where schedule_item_id = $1', [itemId])).toHaveLength(1);
  // The owner's phone did not install the app: no service worker, none of its precache.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // A bent link says only that it is not valid.
  const bent = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  await page.goto(bent);
  await expect(page.getByRole('heading', { level: 1, name: 'Lenken er ikke gyldig' })).toBeVisible();
  await expect(page.getByTestId('owner-answer-facts')).toHaveCount(0);
});

test('an English phone gets the page in English, and the language can be switched', async ({ browser }) => {
  test.setTimeout(240_000);
  const { text } = await sentNotice(browser, 1);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', isMobile: true, hasTouch: true });
  try {
    const page = await phone.newPage();
    await page.goto(text.split('\n').at(-1)!);
    await expect(page.getByRole('heading', { level: 1, name: 'Water meter appointment' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Yes, this time suits me' })).toBeVisible();
    await page.getByRole('button', { name: 'Norsk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Timeavtale for vannmåler' })).toBeVisible();
    await page.getByRole('button', { name: 'Nei, jeg ønsker et annet tidspunkt' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Be om et annet tidspunkt?' })).toBeFocused();
    await page.getByRole('button', { name: 'Tilbake' }).click();
    await expect(page.getByRole('button', { name: 'Ja, tidspunktet passer' })).toBeVisible();
  } finally {
    await phone.close();
  }
});
