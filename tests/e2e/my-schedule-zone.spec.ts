/**
 * Issue 25 §4 "Time in one place": My schedule counts Oslo days and shows Oslo times, whatever zone
 * the device is set to. A phone set to New York (six hours behind Oslo) shows, for today in Oslo, the
 * jobs at 00:30 and 23:30 Oslo time (18:30 the day before and 17:30 in New York) with those times, and
 * not a job at 00:10 the next Oslo day.
 */
import { expect, test } from '@playwright/test';
import { osloDay, osloInstant, addDays } from '../../src/domain/time/oslo';
import { formatDateText } from '../../src/domain/calendar/dateTimeText';
import { PLUMBER_OLA, dbQuery, replicaAll, signIn, waitForReplica } from './helpers';

test('a device in another zone shows the Oslo day and Oslo times', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nb-NO', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  const [ola] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  await expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 60_000 });
  await waitForReplica(page);
  await expect.poll(async () => (await replicaAll<{ assignedToId: number }>(page, 'jobs')).filter((j) => j.assignedToId === ola.registration_id).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);

  const today = osloDay(new Date());
  const times = [
    osloInstant(today, 30).toISOString(),
    osloInstant(today, 23 * 60 + 30).toISOString(),
    osloInstant(addDays(today, 1), 10).toISOString(),
  ];
  // Three of Ola's jobs in the replica, moved to those times; none other of his today.
  const refs = await page.evaluate(({ registrationId, times }) => new Promise<number[]>((resolve, reject) => {
    const open = indexedDB.open('meterwork');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('jobs', 'readwrite');
      const store = tx.objectStore('jobs');
      const req = store.getAll();
      const refs: number[] = [];
      req.onsuccess = () => {
        const own = (req.result as { assignedToId: number; refNr: number; scheduledDate: string | null }[]).filter((j) => j.assignedToId === registrationId);
        own.forEach((job, i) => {
          const scheduledDate = i < times.length ? times[i] : null;
          if (i < times.length) refs.push(job.refNr);
          store.put({ ...job, scheduledDate });
        });
      };
      tx.oncomplete = () => { open.result.close(); resolve(refs); };
      tx.onerror = () => reject(tx.error);
    };
  }), { registrationId: ola.registration_id, times });

  await page.goto('/schedule');
  await expect(page.getByTestId('schedule-day-label')).toHaveText(formatDateText(today), { timeout: 30_000 });
  const jobs = page.getByTestId('schedule-job');
  await expect(jobs).toHaveCount(2);
  await expect(jobs.nth(0)).toContainText('00:30');
  await expect(jobs.nth(1)).toContainText('23:30');
  if (refs[0] > 0) await expect(jobs.nth(0)).toContainText(`#${refs[0]}`);

  await page.getByTestId('schedule-next-day').click();
  await expect(page.getByTestId('schedule-day-label')).toHaveText(formatDateText(addDays(today, 1)));
  await expect(page.getByTestId('schedule-job')).toHaveCount(1);
  await expect(page.getByTestId('schedule-job')).toContainText('00:10');
  await context.close();
});
