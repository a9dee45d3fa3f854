import { test, expect } from '@playwright/test';
import { ADMIN_A, PLUMBER_OLA, dbQuery, replicaAll, signIn } from './helpers';
import { expectAccessible } from './a11y';

interface ReplicaJob { jobId: string; assignedToId: number; subscriberText: string }

test('an admin creates a job for a plumber; the plumber sees it, and only his own jobs', async ({ browser }) => {
  const [ola] = await dbQuery<{ registration_id: number }>('select registration_id from users where email = $1', [PLUMBER_OLA]);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN_A);
  await admin.goto('/job/create');
  await admin.getByTestId('job-category').selectOption({ label: 'Utskifting av vannmåler' });
  await admin.getByTestId('address-search').fill('Hauger skolevei 7');
  await admin.getByTestId('address-result').first().click();
  await expect(admin.getByTestId('selected-property')).toBeVisible();
  await expectAccessible(admin, 'new job with a property chosen');
  if (await admin.getByTestId('sub-property').isVisible()) {
    await admin.getByTestId('sub-property').selectOption({ index: 1 });
  }
  await admin.getByTestId('assignee').selectOption({ label: 'Ola Hansen' });
  await admin.getByTestId('create-job').click();
  await expect(admin).toHaveURL(/\/job\/details\/[0-9a-f-]{36}\/mainPage\//);
  const jobId = admin.url().match(/\/job\/details\/([0-9a-f-]{36})/)![1];
  await expect(admin.getByTestId('create-job')).toHaveCount(0);
  await expectAccessible(admin, 'the new job\'s details');

  // The server gets it once, assigned to Ola.
  await expect.poll(async () => (await dbQuery('select 1 from jobs where id = $1', [jobId])).length, { timeout: 20_000 }).toBe(1);
  const [row] = await dbQuery<{ assigned_to_id: number; status_id: number; severity_id: number }>(
    'select assigned_to_id, status_id, severity_id from jobs where id = $1', [jobId]);
  expect(row).toEqual({ assigned_to_id: ola.registration_id, status_id: 1, severity_id: 2 });

  await admin.goto('/joblist');
  await expect(admin.locator(`[data-testid="job-card"][data-job-id="${jobId}"]`)).toBeVisible();
  await expectAccessible(admin, 'admin job list');
  await adminContext.close();

  const plumberContext = await browser.newContext();
  const plumber = await plumberContext.newPage();
  await signIn(plumber, PLUMBER_OLA);
  await plumber.goto('/joblist');
  await expect(plumber.locator(`[data-testid="job-card"][data-job-id="${jobId}"]`)).toBeVisible();
  // Plumbers see no assignee initials and no plumber filter.
  await expect(plumber.getByTestId('filter-plumber')).toHaveCount(0);
  await expectAccessible(plumber, 'plumber job list');

  // Every job on the device is Ola's, and it holds all of Ola's jobs.
  const jobs = await replicaAll<ReplicaJob>(plumber, 'jobs');
  const [{ count }] = await dbQuery<{ count: string }>(
    'select count(*) from jobs where assigned_to_id = $1 and deleted_at is null', [ola.registration_id]);
  expect(jobs.length).toBe(Number(count));
  expect(jobs.every((j) => j.assignedToId === ola.registration_id)).toBe(true);

  // Another plumber's job is not reachable by URL.
  const [foreign] = await dbQuery<{ id: string }>(
    'select id from jobs where assigned_to_id <> $1 and company_id = (select company_id from users where email = $2) limit 1',
    [ola.registration_id, PLUMBER_OLA]);
  await plumber.goto(`/job/${foreign.id}`);
  await expect(plumber).toHaveURL(/\/notfound$/);
  await expect(plumber.getByText('404')).toBeVisible();
  await expectAccessible(plumber, 'not found');
  await plumberContext.close();
});
