/**
 * Forms tell the plumber at once what the server would refuse (issue 7 §4): a note longer than the
 * server takes is refused in the dialog and nothing is queued; a date past the picker's bound is
 * refused in the form.
 */
import { expect, test } from '@playwright/test';
import { PLUMBER_OLA, dbQuery, replicaAll, signIn } from './helpers';

test('a 4,001-character note is refused in the dialog, and nothing is queued', async ({ page }) => {
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  const jobId = await page.getByTestId('job-card').first().getAttribute('data-job-id');
  await page.goto(`/job/${jobId}`);
  await page.getByTestId('open-note').click();
  await page.getByTestId('note-text').fill('x'.repeat(4001));
  await expect(page.getByTestId('note-error')).toHaveText('Notatet kan ha høyst 4000 tegn.');
  await expect(page.getByTestId('note-length')).toHaveText('4001 av 4000 tegn');
  await expect(page.getByTestId('note-dialog').getByRole('button', { name: 'Lagre' })).toBeDisabled();
  expect(await replicaAll(page, 'outbox')).toEqual([]);

  await page.getByTestId('note-text').fill('x'.repeat(4000));
  await expect(page.getByTestId('note-error')).toHaveCount(0);
  await page.getByTestId('note-dialog').getByRole('button', { name: 'Lagre' }).click();
  await expect(page.getByTestId('job-details-note')).toHaveText('x'.repeat(4000));
});

test.describe('in an English-language browser', () => {
  // Still dd.MM.yyyy and a 24-hour time (issue 12).
  test.use({ locale: 'en-US' });
  test('dates are typed and shown as dd.MM.yyyy with quarter-hour times; 2099 and no-dates are refused', async ({ page }) => {
    await signIn(page, PLUMBER_OLA);
    await page.goto('/job/create');
    const date = page.getByTestId('scheduled-date');
    await expect(date).toHaveAttribute('placeholder', 'dd.mm.åååå');
    await date.fill('01.06.2099');
    await date.press('Enter');
    await expect(page.getByTestId('scheduled-date-error')).toHaveText('Datoen kan ikke være senere enn utgangen av året om ti år');
    await expect(date).toHaveValue('');

    await date.fill('30.02.2027');
    await date.press('Enter');
    await expect(page.getByTestId('scheduled-date-error')).toHaveText('«30.02.2027» er ikke en dato. Skriv dd.mm.åååå, for eksempel 24.11.2026.');

    const next = new Date(Date.now() + 7 * 86_400_000);
    const text = `${String(next.getDate()).padStart(2, '0')}.${String(next.getMonth() + 1).padStart(2, '0')}.${next.getFullYear()}`;
    // The time is typed and rounded to the quarter (10:10 → 10:15); the date as a person types it.
    const time = page.getByTestId('scheduled-date-time');
    await time.click();
    await time.pressSequentially('1010');
    await expect(time).toHaveValue('10:15');
    await date.click();
    await date.pressSequentially(text);
    await date.press('Tab');
    await expect(page.getByTestId('scheduled-date-error')).toHaveCount(0);
    await expect(date).toHaveValue(text);
    await expect(time).toHaveValue('10:15');
  });
});

test('in English, job types are English although the server names them in Norwegian', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('meterwork.language', 'en'));
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  await expect(page.getByTestId('job-card').first()).toBeVisible();
  await expect(page.locator('select option', { hasText: 'Water meter replacement' })).toHaveCount(1);
  await expect(page.getByTestId('job-title').filter({ hasText: /New water meter|Water meter replacement|Water meter removal/ }).first()).toBeVisible();
  await expect(page.getByTestId('job-title').filter({ hasText: /Ny vannmåler|Utskifting av vannmåler/ })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a long page title is shown whole in the header', async ({ page }) => {
    await signIn(page, PLUMBER_OLA);
    await page.goto('/profile/view');
    const [ola] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);
    await page.goto(`/plumbers/edit/${ola.registration_id}`);
    const title = page.getByTestId('page-title');
    await expect(title).toHaveText('Rediger rørleggerprofil');
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);
  });

  test('the note dialog takes the screen\'s width', async ({ page }) => {
    await signIn(page, PLUMBER_OLA);
    await page.goto('/joblist');
    const jobId = await page.getByTestId('job-card').first().getAttribute('data-job-id');
    await page.goto(`/job/${jobId}`);
    await page.getByTestId('open-note').click();
    // Polled: the dialog opens with a scale animation, so its first box is smaller than its last.
    await expect.poll(async () => (await page.getByTestId('note-dialog').boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(370);
  });

  test('a snackbar does not cover the job page\'s Submit', async ({ page }) => {
    // A job awaiting submission: in progress, every live task finished (the demo data has some).
    const [job] = await dbQuery<{ id: string }>(`
      select j.id from jobs j join users u on u.registration_id = j.assigned_to_id
      where u.email = $1 and j.status_id = 2 and j.deleted_at is null
        and exists (select 1 from tasks t where t.job_id = j.id and not t.is_deleted)
        and not exists (select 1 from tasks t where t.job_id = j.id and not t.is_deleted and t.status_id not in (4, 8, 9))
      order by j.ref_nr limit 1`, [PLUMBER_OLA]);
    await signIn(page, PLUMBER_OLA);
    await page.goto(`/job/${job.id}`);
    const submit = page.getByTestId('submit-job');
    await expect(submit).toBeVisible();
    // One word is never split across the header's two lines while the sync state is shown beside it.
    const titleLines = () => page.getByTestId('page-title').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
    expect(await titleLines()).toBe(1);
    // Saving a note raises a success snackbar while the plumber is at the end of the page.
    await page.getByTestId('open-note').click();
    await page.getByTestId('note-text').fill('Måler byttet, alt ok.');
    await page.getByTestId('note-dialog').getByRole('button', { name: 'Lagre' }).click();
    const toast = page.getByTestId('snackbar').first();
    await expect(toast).toBeVisible();
    await expect(page.getByTestId('sync-status')).not.toHaveAttribute('data-tone', 'pending');
    expect(await titleLines()).toBe(1);
    // The page is where the plumber left it (at the top, Submit at the screen's bottom edge).
    await expect.poll(async () => {
      const [b, s] = [await submit.boundingBox(), await toast.boundingBox()];
      if (!b || !s) return 'not measured';
      const overlaps = b.x < s.x + s.width && s.x < b.x + b.width && b.y < s.y + s.height && s.y < b.y + b.height;
      return overlaps ? `Submit ${b.y}..${b.y + b.height} under snackbar ${s.y}..${s.y + s.height}` : 'clear';
    }).toBe('clear');
    // The button takes the tap while the snackbar is up.
    await submit.click({ trial: true });
  });
});

test('a menu entry that cannot be used says why', async ({ page }) => {
  const [job] = await dbQuery<{ id: string }>(`
    select j.id from jobs j join users u on u.registration_id = j.assigned_to_id
    where u.email = $1 and j.status_id = 2 and j.deleted_at is null order by j.ref_nr limit 1`, [PLUMBER_OLA]);
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}`);
  await page.getByTestId('job-menu').click();
  await expect(page.getByTestId('job-menu-plumber-reason')).toHaveText('Rørlegger kan bare byttes før jobben er startet.');
  await expect(page.getByRole('menuitem', { name: /Bytt rørlegger|Endre rørlegger/ })).toHaveAttribute('aria-describedby', 'job-menu-plumber-reason');
});

test('manual completion: a job whose tasks are all finished is submitted, once, as completed by the plumber', async ({ page }) => {
  const [job] = await dbQuery<{ id: string }>(`
    select j.id from jobs j join users u on u.registration_id = j.assigned_to_id
    where u.email = $1 and j.status_id = 2 and j.deleted_at is null
      and exists (select 1 from tasks t where t.job_id = j.id and not t.is_deleted)
      and not exists (select 1 from tasks t where t.job_id = j.id and not t.is_deleted and t.status_id not in (4, 8, 9))
    order by j.ref_nr desc limit 1`, [PLUMBER_OLA]);
  await signIn(page, PLUMBER_OLA);
  await page.goto(`/job/${job.id}`);
  await page.getByTestId('submit-job').click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Jobben er sendt inn som fullført' })).toBeVisible();
  await expect.poll(async () => (await dbQuery<{ status_id: number; completed_by: string }>(
    'select status_id, completed_by from jobs where id = $1', [job.id]))[0], { timeout: 30_000 }).toEqual({ status_id: 4, completed_by: PLUMBER_OLA });
  // Completed: no Submit any more.
  await expect(page.getByTestId('submit-job')).toHaveCount(0);
});
