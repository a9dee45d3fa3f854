/**
 * Planning (spec 2 §2.1, §4, §5): an admin picks a plumber, a week and a start (typed), filters the
 * assignment table, selects by keyboard and by a polygon drawn on the map, sees planned against
 * available hours from the start, submits and watches the batch finish live; the items are then in
 * the week's schedule in route order from the start on (read from the database). Planning more is
 * refused past the week's hours unless the admin lets it continue into the next week, where the rest
 * is laid. A plumber gets the restricted view.
 */
import { expect, test, type Locator, type Page, type WebSocket } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN_A, PLUMBER_OLA, dbQuery, insertStreetPoints, removeStreetPoints, signIn } from './helpers';
import { addDays, osloInstant } from '../../src/domain/time/oslo';
import { pathKm } from '../../src/domain/scheduling/routeOrder';

// Streets of this spec's own points, so the demo register (whatever it holds) does not change the counts.
const NEAR = 'Planleggerveien';
const FILL = 'Fyllestadveien';
const NEAR_COUNT = 12;
const FILL_COUNT = 60;

test.use({ viewport: { width: 1600, height: 900 } });

const removePoints = () => removeStreetPoints([NEAR, FILL]);

test.beforeAll(async () => {
  await removePoints();
  await insertStreetPoints(NEAR, NEAR_COUNT, { lat: 59.8901, lng: 10.5201, spread: 0.0004, perRow: 4 });
  await insertStreetPoints(FILL, FILL_COUNT, { lat: 59.8991, lng: 10.5401, spread: 0.0004, perRow: 4 });
});
test.afterAll(removePoints);

/** "Planlagt 1,5 t av 37,5 t tilgjengelig" → [1.5, 37.5]. */
async function hours(page: Page): Promise<[number, number]> {
  const text = await page.getByTestId('planning-hours').innerText();
  const match = /Planlagt ([\d,]+) t av ([\d,]+) t/.exec(text);
  expect(match, text).not.toBeNull();
  return [Number(match![1].replace(',', '.')), Number(match![2].replace(',', '.'))];
}

async function filterStreet(page: Page, street: string) {
  const field = page.getByTestId('filter-street');
  await field.fill('');
  await field.pressSequentially(street.slice(0, 8), { delay: 30 });
  await expect(page.getByTestId('chip-street')).toContainText(street.slice(0, 8));
}

const rowCount = (table: Locator) => table.getAttribute('aria-rowcount').then((n) => Number(n) - 1);

test('an admin plans a week: filter, keyboard and polygon selection, hours, submit, the batch live, then the week is full', async ({ page }) => {
  test.setTimeout(240_000);
  // The hub's websockets: the app's one connection serves the batch's notifications too.
  const hubSockets: WebSocket[] = [];
  page.on('websocket', (ws) => { if (ws.url().includes('/hubs/notifications')) hubSockets.push(ws); });
  await signIn(page, ADMIN_A);
  const menu = page.getByRole('navigation', { name: 'Hovedmeny' });
  // Week planning has its own icon, not the dashboard's.
  const iconOf = (name: string) => menu.getByRole('link', { name }).locator('svg path').getAttribute('d');
  expect(await iconOf('Ukeplanlegging')).not.toBe(await iconOf('Planlegging / dashbord'));
  await menu.getByRole('link', { name: 'Ukeplanlegging' }).click();

  // The page's own choice of plumber, ISO week and start: Ola, the week after next.
  await expect(page.getByTestId('planning-chooser')).toBeVisible();
  await page.getByTestId('planning-plumber').selectOption({ label: 'Ola Hansen' });
  await page.getByTestId('planning-week').selectOption({ index: 2 });
  const weekLabel = await page.getByTestId('planning-week').locator('option:checked').innerText();
  const weekNo = Number(/Uke (\d+)/.exec(weekLabel)![1]);
  const monday = /\((\d\d)\.(\d\d)\.(\d{4})–/.exec(weekLabel)!;
  const wednesday = addDays(`${monday[3]}-${monday[2]}-${monday[1]}`, 2);
  const wednesdayText = `${wednesday.slice(8, 10)}.${wednesday.slice(5, 7)}.${wednesday.slice(0, 4)}`;
  // The start defaults to the week's first working time (Ola starts 07:00 on Monday).
  const startDate = page.getByTestId('planning-start-date');
  const startTime = page.getByTestId('planning-start-time');
  await expect(startDate).toHaveValue(`${monday[1]}.${monday[2]}.${monday[3]}`);
  await expect(startTime).toHaveValue('07:00');
  // Wednesday 10:00, typed key by key into our own fields; a start without a time is not taken.
  await startTime.click();
  await page.keyboard.press('Backspace');
  await startTime.blur();
  await expect(page.getByTestId('planning-start-note')).toHaveText('Velg både startdato og starttid');
  await expect(page.getByTestId('planning-open')).toBeDisabled();
  await startDate.click();
  await startDate.pressSequentially(wednesdayText, { delay: 30 });
  await startTime.click();
  await startTime.pressSequentially('10:00', { delay: 30 });
  await startTime.blur();
  await expect(startDate).toHaveValue(wednesdayText);
  await expect(startTime).toHaveValue('10:00');
  await expect(page.getByTestId('planning-start-note')).not.toHaveAttribute('role', 'alert');
  await page.getByTestId('planning-open').click();
  await expect(page.getByTestId('planning-title')).toContainText(`Ola Hansen – uke ${weekNo}`);
  await expect.poll(() => hubSockets.filter((ws) => !ws.isClosed()).length).toBe(1);
  const socketsBefore = hubSockets.length;
  await expect(page.getByTestId('planning-start')).toHaveText(`Start ${wednesdayText} kl. 10:00`);
  await expect(page.getByTestId('planning-next')).toBeDisabled();

  // Filter by street, typed key by key: a chip shows it, the table holds the street's points only.
  const table = page.getByTestId('planning-table');
  await filterStreet(page, NEAR);
  await expect.poll(() => rowCount(table)).toBe(NEAR_COUNT);
  const [plannedBefore, available] = await hours(page);
  // Only the time from Wednesday 10:00 is available: 5 h that day, 8 h on Thursday, 5,5 h on Friday (not the week's 37,5).
  expect(available).toBe(18.5);
  await expectAccessible(page, 'the planning board');

  // Keyboard only: Space on a row, arrow down, Enter on the next.
  const rows = page.getByTestId('planning-row');
  await rows.first().focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('planning-selected').filter({ hasText: NEAR })).toHaveCount(2);
  expect((await hours(page))[0]).toBeCloseTo(plannedBefore + 1.5);
  await expect(page.getByTestId('planning-next')).toBeEnabled();

  // A polygon over the map takes the street's other points.
  const map = page.getByTestId('planning-map');
  await expect(map).toBeVisible();
  await expect(page.getByTestId('planning-map-root')).toBeVisible();
  await page.getByTestId('planning-map-draw').click();
  // The drawing help shows above the map (moving it): measure once it is there.
  await expect(page.getByText(/Klikk i kartet for å sette hjørnene/)).toBeVisible();
  const box = (await map.boundingBox())!;
  const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  // Corners clear of the zoom buttons (top left); the last click, on the first corner, closes it.
  await at(0.3, 0.2);
  await at(0.85, 0.2);
  await at(0.85, 0.85);
  await at(0.3, 0.85);
  await at(0.3, 0.2);
  await expect(page.getByTestId('planning-selected').filter({ hasText: NEAR })).toHaveCount(NEAR_COUNT);
  expect((await hours(page))[0]).toBeCloseTo(plannedBefore + NEAR_COUNT * 0.75);

  // Next: the batch's state live, then the week as laid.
  await page.getByTestId('planning-reset-filters').click();
  await page.getByTestId('planning-next').click();
  const status = page.getByTestId('planning-batch-status');
  await expect(status).toBeVisible();
  await expect(status).toHaveAttribute('data-status', 'Completed', { timeout: 90_000 });
  await expect(page.getByTestId('planning-batch-km')).toContainText('km');
  // Watching the batch opened no hub connection of its own.
  expect(hubSockets).toHaveLength(socketsBefore);
  expect(hubSockets.filter((ws) => !ws.isClosed())).toHaveLength(1);
  await expect(page.getByTestId('planning-week-item').filter({ hasText: NEAR })).toHaveCount(NEAR_COUNT);

  // The server holds them in the plumber's schedule of that week, numbered in the order laid.
  const laid = await dbQuery<{ sequence_number: number; start_time: Date; day: string; lat: number; lng: number }>(`select si.sequence_number, si.start_time,
    si.scheduled_date::text as day, p.lat, p.lng from schedule_items si
    join schedules s on s.id = si.schedule_id join users u on u.registration_id = s.assignee_id
    join meter_points p on p.id = si.meter_point_id
    where u.email = $1 and s.week_no = $2 and p.street = $3 and si.status = 1 order by si.sequence_number`, [PLUMBER_OLA, weekNo, NEAR]);
  expect(laid).toHaveLength(NEAR_COUNT);
  // Nothing before the chosen start.
  expect(laid[0].start_time.getTime()).toBeGreaterThanOrEqual(osloInstant(wednesday, 600).getTime());
  for (let i = 1; i < laid.length; i++) {
    expect(laid[i].sequence_number).toBeGreaterThan(laid[i - 1].sequence_number);
    expect(laid[i].start_time.getTime()).toBeGreaterThan(laid[i - 1].start_time.getTime());
  }
  // In route order: the kilometres the page shows are those of each day's stops in the order laid,
  // and no longer than the selection order's.
  const [routeKm, selectedKm] = [...(await page.getByTestId('planning-batch-km').innerText()).matchAll(/(\d+(?:,\d+)?) km/g)]
    .map((m) => Number(m[1].replace(',', '.')));
  const laidKm = [...new Set(laid.map((l) => l.day))].reduce((km, day) => km + pathKm(laid.filter((l) => l.day === day)), 0);
  expect(Math.abs(routeKm - laidKm)).toBeLessThanOrEqual(0.051);
  expect(routeKm).toBeLessThanOrEqual(selectedKm);

  // Planning more: the saved items are listed; 90 minutes each, select-all takes what fits and says
  // how many it skipped, and one more is refused (MaxAssignmentSelected).
  await page.getByTestId('planning-plan-more').click();
  await expect(page.getByTestId('planning-selected').filter({ hasText: NEAR })).toHaveCount(NEAR_COUNT);
  await page.getByTestId('planning-duration').selectOption('90');
  await filterStreet(page, FILL);
  await expect.poll(() => rowCount(table)).toBe(FILL_COUNT);
  await page.getByTestId('planning-select-all').click();
  await expect(page.getByText(/oppdrag fikk ikke plass i uke \d+ og ble ikke valgt/)).toBeVisible();
  const [planned, availableNow] = await hours(page);
  expect(planned).toBeLessThanOrEqual(availableNow);
  // The last row (select-all took them in order, so it was skipped), reached by End.
  await rows.first().focus();
  await page.keyboard.press('End');
  const last = page.locator(`[data-testid="planning-row"][aria-rowindex="${FILL_COUNT + 1}"]`);
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press('Space');
  await expect(page.getByText(new RegExp(`Uke ${weekNo} er full`))).toBeVisible();
  await expect(last).toHaveAttribute('aria-selected', 'false');

  // "Fortsett i neste uke": the row is taken past what the week can lay, and what does not fit goes
  // on into the next week (isPossibleToScheduleNextWeek). Without the tick, the page names what does
  // not fit (the batch's layout run dry) and Next says it does not fit.
  const nextWeek = page.getByTestId('planning-next-week');
  await nextWeek.getByText('Fortsett i neste uke').click();
  await last.focus();
  await page.keyboard.press('Space');
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('planning-rest-next-week')).toBeVisible();
  await expect(page.getByTestId('planning-not-fitting')).toHaveCount(0);
  await nextWeek.getByText('Fortsett i neste uke').click();
  await expect(page.getByTestId('planning-not-fitting')).toContainText(/oppdrag får ikke plass i uken fra starttidspunktet/);
  await expect(page.getByTestId('planning-not-fitting').getByRole('listitem')).not.toHaveCount(0);
  await page.getByTestId('planning-next').click();
  await expect(page.getByText(new RegExp(`får ikke plass i det som er igjen av uke ${weekNo}`))).toBeVisible();
  await expect(page.getByTestId('planning-batch-status')).toHaveCount(0);
  await nextWeek.getByText('Fortsett i neste uke').click();
  await page.getByTestId('planning-next').click();
  await expect(page.getByTestId('planning-batch-status')).toHaveAttribute('data-status', 'Completed', { timeout: 90_000 });
  // The server laid the rest in Ola's next week, none of it before the start.
  const fill = await dbQuery<{ week_no: number; start_time: Date | null }>(`select s.week_no, si.start_time from schedule_items si
    join schedules s on s.id = si.schedule_id join meter_points p on p.id = si.meter_point_id
    where p.street = $1 and si.status = 1`, [FILL]);
  expect(fill.length).toBeGreaterThan(0);
  expect(fill.every((i) => i.start_time !== null)).toBe(true);
  expect(fill.some((i) => i.week_no !== weekNo)).toBe(true);
  expect(Math.min(...fill.map((i) => i.start_time!.getTime()))).toBeGreaterThanOrEqual(osloInstant(wednesday, 600).getTime());
  const fillInWeek = fill.filter((i) => i.week_no === weekNo).length;

  // The edit route opens the same schedule by its id, with its saved items in their order.
  const [{ schedule_id: scheduleId }] = await dbQuery<{ schedule_id: number }>(`select si.schedule_id from schedule_items si
    join meter_points p on p.id = si.meter_point_id where p.street = $1 limit 1`, [NEAR]);
  await page.goto(`/schedule/plan/edit/${scheduleId}`);
  await expect(page.getByTestId('planning-title')).toContainText(`Ola Hansen – uke ${weekNo}`);
  await expect(page.getByTestId('planning-selected').filter({ hasText: NEAR })).toHaveCount(NEAR_COUNT);
  await expect(page.getByTestId('planning-selected').filter({ hasText: FILL })).toHaveCount(fillInWeek);

  // Under 750 px the page says the device is not supported (spec 2 §2.1).
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(page.getByTestId('device-not-supported')).toBeVisible();
});

test('a plumber is told that planning is for admins', async ({ page }) => {
  await signIn(page, PLUMBER_OLA);
  await expect(page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Ukeplanlegging' })).toHaveCount(0);
  await page.goto('/schedule/plan');
  await expect(page.getByTestId('planning-admins-only')).toContainText('Planlegging er for administratorer');
});
