/**
 * Issue 12 "Right data first": the times a plumber works offline are the times the server keeps. In a
 * basement the plumber saves a draft, later sends a "not carried out" report (the job completes
 * itself), and the device comes online well after: the task's start is the draft's time, its
 * completion the report's, the job's completion the device's completion — none is the time of the
 * sync, and the job does not complete before its task. Offline the screen says the report is saved
 * on the device, not that it was sent.
 */
import { expect, test } from '@playwright/test';
import { PLUMBER_OLA, dbQuery, goOffline, goOnline, replicaAll, signIn, waitForServiceWorker } from './helpers';

interface Queued { type: string; body: { madeAt?: string; completedDate?: string } }

/** dd.MM.yyyy HH:mm in Oslo, as the screens show a time. */
function oslo(iso: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Oslo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

test('a report made offline keeps the times of the work after a later sync', async ({ page: firstPage, context }) => {
  let page = firstPage;
  test.setTimeout(300_000);
  const [job] = await dbQuery<{ id: string; task_id: string }>(`
    select j.id, t.id as task_id from jobs j
      join users u on u.registration_id = j.assigned_to_id
      join tasks t on t.job_id = j.id and not t.is_deleted and t.schedule_item_id is null
    where u.email = $1 and j.status_id = 1 and j.type_id = 1 and j.deleted_at is null
      and (select count(*) from tasks x where x.job_id = j.id and not x.is_deleted) = 1
    order by j.ref_nr desc limit 1`, [PLUMBER_OLA]);
  await signIn(page, PLUMBER_OLA);
  await page.goto('/joblist');
  await expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 60_000 });
  await waitForServiceWorker(page);
  await expect.poll(async () => (await replicaAll<{ list: string }>(page, 'lookups')).some((l) => l.list === 'Deviation'), { timeout: 30_000 }).toBe(true);

  await goOffline(context);
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await page.getByTestId('open-deviation').click();
  await page.getByTestId('causes-obstacle').getByRole('checkbox').first().check({ force: true });
  await page.getByTestId('deviation-note').fill('Ingen hjemme, låst kjellerdør.');
  await page.getByTestId('save-draft').click();
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Utkastet er lagret' })).toBeVisible();
  // Some minutes of work later (seconds here), the report.
  await page.waitForTimeout(2_000);
  // Every message shown, however briefly (one may replace another).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenSnacks: string[] }).seenSnacks = seen;
    new MutationObserver(() => document.querySelectorAll('[data-testid="snackbar"]').forEach((n) => {
      const text = n.textContent ?? '';
      if (!seen.includes(text)) seen.push(text);
    })).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('send-report').click();
  // Nothing was replaced: no question about more meters, the job completes on the device.
  await expect(page).toHaveURL(/\/joblist$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const snacks = await page.evaluate(() => (window as unknown as { seenSnacks: string[] }).seenSnacks.join('\n'));
  expect(snacks).toContain('Rapporten er lagret på enheten og sendes når du er på nett igjen');
  expect(snacks).toContain('Jobben er lagret som fullført på enheten og sendes inn når du er på nett igjen');
  expect(snacks).not.toContain('Rapporten er sendt');
  expect(snacks).not.toContain('Jobben er sendt inn som fullført');
  const queued = await replicaAll<Queued>(page, 'outbox');
  expect(queued.map((e) => e.type)).toEqual(['saveTaskDraft', 'sendTaskReport', 'completeJob']);
  const [draftAt, reportAt] = queued.slice(0, 2).map((e) => e.body.madeAt!);
  const completedAt = queued[2].body.completedDate!;
  expect(Date.parse(reportAt) - Date.parse(draftAt)).toBeGreaterThanOrEqual(2_000);

  // Still in the basement for a while; then signal, and the queue drains.
  await page.waitForTimeout(6_000);
  const syncFrom = Date.now();
  await goOnline(context);
  // A fresh tab: the old one keeps the network emulation goOffline gave it.
  await page.close();
  page = await context.newPage();
  await page.goto('/joblist');
  await expect.poll(async () => (await replicaAll(page, 'outbox')).length, { timeout: 90_000 }).toBe(0);

  const [task] = await dbQuery<{ start: Date; done: Date; status_id: number }>(
    'select start_date as start, completed_at as done, status_id from tasks where id = $1', [job.task_id]);
  const [server] = await dbQuery<{ completed: Date; status_id: number }>('select completed_date as completed, status_id from jobs where id = $1', [job.id]);
  expect(task.status_id).toBe(8);
  expect(server.status_id).toBe(4);
  expect(task.start.toISOString()).toBe(draftAt);
  expect(task.done.toISOString()).toBe(reportAt);
  expect(server.completed.toISOString()).toBe(completedAt);
  expect(server.completed.getTime()).toBeGreaterThanOrEqual(task.done.getTime());
  expect(server.completed.getTime()).toBeLessThan(syncFrom - 5_000);

  // The screen's start date stays the draft's after the sync.
  await page.goto(`/job/${job.id}/task/${job.task_id}`);
  await expect(page.getByTestId('task-section')).toContainText(oslo(draftAt));
});

test('screen titles on a phone wrap between words, never inside one', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  const page = await context.newPage();
  await signIn(page, PLUMBER_OLA);
  const [job] = await dbQuery<{ id: string; task_id: string }>(`
    select j.id, t.id as task_id from jobs j join users u on u.registration_id = j.assigned_to_id
      join tasks t on t.job_id = j.id and not t.is_deleted
    where u.email = $1 and j.deleted_at is null order by j.ref_nr desc limit 1`, [PLUMBER_OLA]);
  for (const [path, title] of [
    ['/joblist', 'Jobbliste'], [`/job/${job.id}`, 'Jobbdetaljer'], [`/job/${job.id}/task/${job.task_id}`, 'Oppgavedetaljer'],
    ['/schedule/history', 'Tidligere uker'], ['/helpsupport', null],
  ] as const) {
    await page.goto(path);
    const heading = page.getByTestId('page-title');
    if (title) await expect(heading).toHaveText(title, { timeout: 60_000 });
    // Each word lies on one line (one box), and nothing of the title is cut off sideways.
    const split = await heading.evaluate((h) => {
      const node = h.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) return ['no text'];
      const text = node.textContent ?? '';
      const out: string[] = [];
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
      if (h.scrollWidth > h.clientWidth + 1) out.push(`cut: ${text}`);
      return out;
    });
    expect(split, path).toEqual([]);
  }
  await context.close();
});
