/**
 * Plans that hold (DESIGN.md "Scheduling"): what the planning page offers as fitting is what the batch
 * lays. An admin fills a week to the last minute the page allows and every selected item is laid with
 * a time in that week; a second admin's simultaneous plan of the same points is refused with the reason
 * shown in Norwegian and the page read again; week 53 of 2026 counts New Year's Day (a holiday of 2027).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_A, dbQuery, insertStreetPoints, removeStreetPoints, signIn } from './helpers';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';

const STREET = 'Fullukeveien';
const RACE = 'Kappløpsveien';
const COUNT = 60;

test.use({ viewport: { width: 1600, height: 900 } });

const removePoints = () => removeStreetPoints([STREET, RACE]);

test.beforeAll(async () => {
  await removePoints();
  await insertStreetPoints(STREET, COUNT, { lat: 59.9101, lng: 10.5601, spread: 0.0005, perRow: 5 });
  await insertStreetPoints(RACE, 4, { lat: 59.9201, lng: 10.5801, spread: 0.0005, perRow: 5 });
});
test.afterAll(removePoints);

/** Opens planning for a plumber and the week at `index` of the chooser (default start); answers the week. */
async function openWeek(page: Page, plumber: string, index: number): Promise<{ year: number; weekNo: number }> {
  await page.goto('/schedule/plan');
  await expect(page.getByTestId('planning-chooser')).toBeVisible();
  await page.getByTestId('planning-plumber').selectOption({ label: plumber });
  // The chooser proposes the plumber's first week with time left once it has read the week's facts:
  // let it settle before choosing, so the proposal does not land after the choice.
  await expect(page.getByTestId('planning-start-time')).not.toHaveValue('');
  await page.getByTestId('planning-week').selectOption({ index });
  await expect(page.getByTestId('planning-week')).toHaveJSProperty('selectedIndex', index);
  const label = await page.getByTestId('planning-week').locator('option:checked').innerText();
  const weekNo = Number(/Uke (\d+)/.exec(label)![1]);
  const year = Number(/\(\d\d\.\d\d\.(\d{4})–/.exec(label)![1]);
  await expect(page.getByTestId('planning-start-time')).not.toHaveValue('');
  await expect(page.getByTestId('planning-week').locator('option:checked')).toHaveText(label);
  await page.getByTestId('planning-open').click();
  await expect(page.getByTestId('planning-title')).toContainText(`uke ${weekNo}`);
  return { year, weekNo };
}

async function filterStreet(page: Page, street: string) {
  const field = page.getByTestId('filter-street');
  await field.fill('');
  await field.pressSequentially(street.slice(0, 9), { delay: 30 });
  await expect(page.getByTestId('chip-street')).toContainText(street.slice(0, 9));
}

test('week 53 of 2026 counts New Year\'s Day as a holiday: 27,5 t for Ola with the demo hours', async ({ page }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/schedule/plan');
  await page.getByTestId('planning-plumber').selectOption({ label: 'Ola Hansen' });
  const options = await page.getByTestId('planning-week').locator('option').allInnerTexts();
  const index = options.findIndex((o) => o.startsWith('Uke 53 (28.12.2026'));
  // The chooser lists the next 12 weeks, and the demo's holidays are this year's and next: week 53 of
  // 2026 can be opened only until it has passed (3 January 2027); freeWeek.test.ts covers it for good.
  test.skip(index < 0, 'week 53 of 2026 has passed: it is no longer among the weeks the chooser offers');
  await page.getByTestId('planning-week').selectOption({ index });
  // The default start is the week's first free time: Monday 07:00 (or now, later in that week).
  await expect(page.getByTestId('planning-start-date')).toHaveValue(/\d\d\.\d\d\.20(26|27)/);
  await page.getByTestId('planning-start-date').click();
  await page.getByTestId('planning-start-date').pressSequentially('28.12.2026', { delay: 30 });
  await page.getByTestId('planning-start-time').click();
  await page.getByTestId('planning-start-time').pressSequentially('06:00', { delay: 30 });
  await page.getByTestId('planning-start-time').blur();
  await page.getByTestId('planning-open').click();
  await expect(page.getByTestId('planning-title')).toContainText('uke 53');
  await expect(page.getByTestId('planning-hours')).toHaveText(/av 27,5 t tilgjengelig/);
});

test('the chooser waits for a plumber before it speaks of free time, and on a Friday night proposes the next week', async ({ page }) => {
  await signIn(page, ADMIN_A);
  // Friday 20:00 of last week (Oslo): that week has no working time left. (Earlier than now, so the
  // sign-in's tokens stay valid on the page's clock.)
  const lastWeek = isoWeek(addDays(osloDay(new Date()), -7));
  const friday = isoWeekDates(lastWeek.year, lastWeek.week)[4];
  await page.clock.setFixedTime(osloInstant(friday, 20 * 60));
  await page.goto('/schedule/plan');
  await expect(page.getByTestId('planning-chooser')).toBeVisible();
  await expect(page.getByTestId('planning-start-note')).toHaveText(/Velg en rørlegger/);
  const weeks = await page.getByTestId('planning-week').locator('option:not([value=""])').allInnerTexts();
  expect(weeks[0]).toContain(`Uke ${lastWeek.week} `);
  await page.getByTestId('planning-plumber').selectOption({ label: 'Per Johansen' });
  await expect(page.getByTestId('planning-week').locator('option:checked')).toHaveText(weeks[1]);
  // Its first free time: Monday 07:00.
  const monday = isoWeekDates(isoWeek(addDays(friday, 3)).year, isoWeek(addDays(friday, 3)).week)[0];
  await expect(page.getByTestId('planning-start-date')).toHaveValue(`${monday.slice(8, 10)}.${monday.slice(5, 7)}.${monday.slice(0, 4)}`);
  await expect(page.getByTestId('planning-start-time')).toHaveValue('07:00');
});

test('an admin fills a week to the last minute the page allows; Next lays every selected item with a time in that week', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_A);
  const { year, weekNo } = await openWeek(page, 'Per Johansen', 4);
  await filterStreet(page, STREET);
  await expect.poll(async () => Number(await page.getByTestId('planning-table').getAttribute('aria-rowcount')) - 1).toBe(COUNT);
  await page.getByTestId('planning-select-all').click();
  await expect(page.getByText(/oppdrag fikk ikke plass i uke \d+ og ble ikke valgt/)).toBeVisible();
  const chosen = await page.getByTestId('planning-selected').filter({ hasText: STREET }).count();
  expect(chosen).toBeGreaterThan(10);
  expect(chosen).toBeLessThan(COUNT);
  // Nothing the page took is named as not fitting, and one more is refused with the week's name.
  await expect(page.getByTestId('planning-not-fitting')).toHaveCount(0);
  // The last row (select-all took the rows in order, so it was left), reached by End: the table is virtual.
  await page.getByTestId('planning-row').first().focus();
  await page.keyboard.press('End');
  const free = page.locator(`[data-testid="planning-row"][aria-rowindex="${COUNT + 1}"]`);
  await expect(free).toBeFocused();
  await expect(free).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Space');
  await expect(page.getByText(new RegExp(`Uke ${weekNo} er full`))).toBeVisible();
  await expect(free).toHaveAttribute('aria-selected', 'false');

  await page.getByTestId('planning-next').click();
  await expect(page.getByTestId('planning-batch-status')).toHaveAttribute('data-status', 'Completed', { timeout: 90_000 });
  await expect(page.getByTestId('planning-batch-not-placed')).toHaveCount(0);
  await expect(page.getByTestId('planning-batch-day').first()).toContainText(/(mandag|tirsdag|onsdag|torsdag|fredag) \d\d\.\d\d\.\d{4}/);

  // The server laid every one of them with a time inside that week; none is left without one.
  const dates = isoWeekDates(year, weekNo);
  const laid = await dbQuery<{ start_time: Date | null; end_time: Date | null; week_no: number }>(`select si.start_time, si.end_time, s.week_no
    from schedule_items si join schedules s on s.id = si.schedule_id join meter_points p on p.id = si.meter_point_id
    where p.street = $1 and si.status <> 7`, [STREET]);
  expect(laid).toHaveLength(chosen);
  for (const item of laid) {
    expect(item.start_time).not.toBeNull();
    expect(item.week_no).toBe(weekNo);
    expect(item.start_time!.getTime()).toBeGreaterThanOrEqual(osloInstant(dates[0], 0).getTime());
    expect(item.end_time!.getTime()).toBeLessThanOrEqual(osloInstant(dates[6], 24 * 60).getTime());
  }

  // Deleting a saved item is asked first: No keeps it, Yes takes it out of the schedule.
  // Once the week as laid is shown in full (the button below it stops moving).
  await expect(page.getByTestId('planning-week-item').filter({ hasText: STREET })).toHaveCount(chosen);
  await page.getByTestId('planning-plan-more').click();
  const saved = page.getByTestId('planning-selected').filter({ hasText: STREET });
  await expect(saved).toHaveCount(chosen);
  const [{ address }] = await dbQuery<{ address: string }>(`select p.address from schedule_items si join meter_points p on p.id = si.meter_point_id
    where p.street = $1 and si.status <> 7 order by p.address limit 1`, [STREET]);
  await page.getByRole('button', { name: `Slett ${address} fra timeplanen` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Slette fra timeplanen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Avbryt' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(saved).toHaveCount(chosen);
  await page.getByRole('button', { name: `Slett ${address} fra timeplanen` }).click();
  await dialog.getByRole('button', { name: 'Slett' }).click();
  await expect(saved).toHaveCount(chosen - 1);
  await expect.poll(async () => (await dbQuery<{ n: number }>(`select count(*)::int as n from schedule_items si join meter_points p on p.id = si.meter_point_id
    where p.address = $1`, [address]))[0].n).toBe(0);
});

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN_A);
  return page;
}

test('two admins plan the same points at once: one plan is laid, the other is told why and sees the week as it is', async ({ browser }) => {
  test.setTimeout(180_000);
  const [first, second] = await Promise.all([adminPage(browser), adminPage(browser)]);
  for (const page of [first, second]) {
    await openWeek(page, 'Ola Hansen', 7);
    await filterStreet(page, RACE);
    await expect.poll(async () => Number(await page.getByTestId('planning-table').getAttribute('aria-rowcount')) - 1).toBe(4);
    await page.getByTestId('planning-select-all').click();
    await expect(page.getByTestId('planning-selected').filter({ hasText: RACE })).toHaveCount(4);
  }
  await Promise.all([first.getByTestId('planning-next').click(), second.getByTestId('planning-next').click()]);
  const outcome = async (page: Page) => {
    const done = page.getByTestId('planning-batch-status');
    const refused = page.getByText('Kunne ikke opprette tidsplan');
    await expect(done.or(refused).first()).toBeVisible({ timeout: 60_000 });
    return (await refused.count()) > 0 ? 'refused' : 'laid';
  };
  const results = await Promise.all([outcome(first), outcome(second)]);
  expect([...results].sort()).toEqual(['laid', 'refused']);
  const loser = results[0] === 'refused' ? first : second;
  // The reason, in Norwegian (the other admin took the points, or their plan was still being laid).
  await expect(loser.getByText(/nettopp planlagt av noen andre|En annen plan legges inn/)).toBeVisible();
  // The page read the week again: the points are the other plan's saved items now, not new choices.
  await expect.poll(async () => loser.getByTestId('planning-selected').filter({ hasText: RACE }).filter({ hasText: 'Satt opp' }).count(), { timeout: 30_000 }).toBe(4);
  const laid = await dbQuery<{ n: number; untimed: number }>(`select count(*)::int as n, count(*) filter (where si.start_time is null)::int as untimed
    from schedule_items si join meter_points p on p.id = si.meter_point_id where p.street = $1 and si.status <> 7`, [RACE]);
  expect(laid[0]).toEqual({ n: 4, untimed: 0 });
  await Promise.all([first.context().close(), second.context().close()]);
});
