/**
 * The plumber's side of the plan (spec 1 §2 /schedule, spec 2 §3): what an admin laid for Ola reaches
 * his phone's replica, and My schedule shows it offline after a reload, with its time, address, type
 * and status beside his jobs; a card the admin drops later appears on the open screen without a
 * reload (the hub's SchedulesChanged). The admin's drops go through the real API with the admin's own
 * headers, as the calendar sends them. History (/schedule/history): a past week beyond the sync's range
 * is fetched once online, kept, and shown again offline; a week never fetched says so offline.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { formatDateText } from '../../src/domain/calendar/dateTimeText';
import { ADMIN_A, PLUMBER_OLA, apiHeadersOf, dbQuery, goOffline, goOnline, replicaAll, signIn, waitForReplica, waitForServiceWorker } from './helpers';

test('the plumber sees the week the admin planned, offline too, and a later drop arrives live', async ({ browser }) => {
  test.setTimeout(240_000);
  const [ola] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);
  // The week after next: its Tuesday is always ahead, whatever day the test runs.
  const w = isoWeek(addDays(osloDay(new Date()), 14));
  const tuesday = isoWeekDates(w.year, w.week)[1];
  const points = await dbQuery<{ id: string; address: string; assignment_type: number }>(`
    select p.id, p.address, p.assignment_type from meter_points p join companies c on c.id = p.company_id join users u on u.company_id = c.id
    where u.email = $1 and p.lat is not null and not exists (select 1 from schedule_items i where i.meter_point_id = p.id and i.status <> 7)
    order by p.id limit 2`, [ADMIN_A]);

  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nb-NO' });
  const adminPage = await admin.newPage();
  await signIn(adminPage, ADMIN_A);
  const headers = await apiHeadersOf(adminPage, () => adminPage.goto('/joblist'));
  const api = (method: 'POST' | 'GET', path: string, data?: unknown) => admin.request.fetch(path, { method, headers, data });
  const schedule = await (await api('POST', '/api/Schedule', { assigneeId: ola.registration_id, weekNo: w.week, year: w.year })).json();
  const dropAt = async (pointId: string, minute: number) => {
    const res = await api('POST', '/api/Scheduler/singleitem', {
      batchJobId: randomUUID(), scheduleId: schedule.id, weekNo: w.week, year: w.year, assigneeId: ola.registration_id,
      scheduleItems: [{ id: 0, assignmentType: 2, waterMeterPointId: Number(pointId), duration: 60, sequenceNumber: 0, isScheduled: false }],
      plumberAvailabilityData: [], selectedItemStartDateTime: osloInstant(tuesday, minute).toISOString(),
    });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
  const first = await dropAt(points[0].id, 9 * 60);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, PLUMBER_OLA);
  await waitForServiceWorker(page);
  await waitForReplica(page);
  await expect.poll(async () => (await replicaAll<{ id: number }>(page, 'mySchedule')).map((i) => i.id), { timeout: 30_000 }).toContain(first.id);

  // A basement: no network, and the app started again from the service worker.
  await goOffline(phone);
  await page.reload();
  await page.goto('/schedule').catch(() => undefined);
  await openDay(page, tuesday);
  const planned = page.getByTestId('schedule-planned-item');
  await expect(planned).toHaveCount(1);
  await expect(planned.first()).toContainText('09:00–10:00');
  await expect(planned.first()).toContainText(points[0].address);
  // The point's assignment type and the item's status, in the page's language.
  await expect(planned.first()).toContainText(({ 1: 'Ny måler', 2: 'Utskifting', 3: 'Demontering' } as Record<number, string>)[points[0].assignment_type]);
  await expect(planned.first()).toContainText('Satt opp');
  await expect(planned.first()).toHaveAttribute('data-status', '1');

  // Back online (a fresh tab: the old one keeps goOffline's network emulation), the admin drops
  // another card on that day: it arrives on the open screen through the hub, without a reload.
  await goOnline(phone);
  await page.close();
  const online = await phone.newPage();
  const hub = online.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/hubs/notifications'), timeout: 60_000 })
    .then((ws) => ws.waitForEvent('framereceived', { timeout: 30_000 }));
  await online.goto('/schedule');
  await openDay(online, tuesday);
  const shown = online.getByTestId('schedule-planned-item');
  await expect(shown).toHaveCount(1);
  await hub;
  const second = await dropAt(points[1].id, 13 * 60);
  // Well inside the 60 s pull timer: the hub's SchedulesChanged brought it.
  await expect(shown).toHaveCount(2, { timeout: 15_000 });
  await expect(shown.nth(1)).toContainText('13:00–14:00');
  expect((await replicaAll<{ id: number }>(online, 'mySchedule')).map((i) => i.id)).toContain(second.id);

  await dbQuery('delete from schedule_items where id = any($1::int[])', [[first.id, second.id]]);
  await admin.close();
  await phone.close();
});

test('the plumber opens a past week in his history, and it shows offline too', async ({ browser }) => {
  test.setTimeout(180_000);
  const [ola] = await dbQuery<{ registration_id: number; company_id: string }>('select registration_id, company_id from users where email = $1', [PLUMBER_OLA]);
  // Eight weeks back: older than the four weeks the sync keeps, so history fetches it.
  const w = isoWeek(addDays(osloDay(new Date()), -8 * 7));
  const saturday = isoWeekDates(w.year, w.week)[5];
  const [point] = await dbQuery<{ id: string; address: string }>(`
    select p.id, p.address from meter_points p where p.company_id = $1
      and not exists (select 1 from schedule_items i where i.meter_point_id = p.id and i.status <> 7)
    order by p.id desc limit 1`, [ola.company_id]);
  const [schedule] = await dbQuery<{ id: number }>(`
    insert into schedules (company_id, assignee_id, year, week_no) values ($1, $2, $3, $4)
    on conflict (company_id, assignee_id, year, week_no) do update set updated_at = schedules.updated_at returning id`,
  [ola.company_id, ola.registration_id, w.year, w.week]);
  const [item] = await dbQuery<{ id: number }>(`
    insert into schedule_items (schedule_id, company_id, meter_point_id, object_type, status, address, scheduled_date, start_time, end_time, duration, is_scheduled)
    values ($1, $2, $3, 2, 5, $4, $5, $6, $7, 45, true) returning id`,
  [schedule.id, ola.company_id, point.id, point.address, saturday, osloInstant(saturday, 6 * 60), osloInstant(saturday, 6 * 60 + 45)]);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  try {
    await signIn(page, PLUMBER_OLA);
    await waitForServiceWorker(page);
    await waitForReplica(page);
    await page.goto('/schedule');
    await page.getByTestId('schedule-history').click();
    await expect(page).toHaveURL(/\/schedule\/history/);
    const label = page.getByTestId('history-week-label');
    const wanted = `${formatDateText(isoWeekDates(w.year, w.week)[0])}–${formatDateText(isoWeekDates(w.year, w.week)[6])}`;
    await expect(label).toBeVisible({ timeout: 60_000 });
    for (let i = 0; i < 10 && (await label.textContent()) !== wanted; i++) await page.getByTestId('history-prev-week').click();
    await expect(label).toHaveText(wanted);
    const shown = page.getByTestId('schedule-planned-item').filter({ hasText: point.address });
    await expect(shown).toHaveCount(1, { timeout: 30_000 });
    await expect(shown).toContainText('06:00–06:45');
    await expect(shown).toContainText('Utskifting');
    await expect(shown).toContainText('Bekreftet');
    await expect(page.getByTestId('history-day-section').filter({ has: shown })).toContainText(`lørdag ${formatDateText(saturday)}`);
    await expect.poll(async () => (await replicaAll<{ id: number }>(page, 'mySchedule')).map((i) => i.id)).toContain(item.id);

    // Offline, the app started again from the service worker: the week is read from the device.
    await goOffline(phone);
    await page.reload();
    await expect(page.getByTestId('history-week-label')).toHaveText(wanted, { timeout: 60_000 });
    await expect(page.getByTestId('schedule-planned-item').filter({ hasText: point.address })).toContainText('06:00–06:45');
    // The week before was never fetched: it says so, not an empty week.
    await page.getByTestId('history-prev-week').click();
    await expect(page.getByText('Denne uken er ikke lagret på enheten')).toBeVisible();
  } finally {
    await dbQuery('delete from schedule_items where id = $1', [item.id]);
    await phone.close();
  }
});

/** Steps with the day buttons, as a person does, to `day`. */
async function openDay(page: Page, day: string) {
  await expect(page.getByTestId('schedule-day-label')).toBeVisible({ timeout: 60_000 });
  for (let i = 0; i < 14; i++) {
    if ((await page.getByTestId('schedule-day-label').textContent()) === formatDateText(day)) return;
    await page.getByTestId('schedule-next-day').click();
  }
  await expect(page.getByTestId('schedule-day-label')).toHaveText(formatDateText(day));
}
