/**
 * The dashboard with a real crew and in English (issue 12): twelve more assignees with long names
 * never overlap on the per-plumber charts, the status legend follows the job workflow, each chart
 * says which date bounds it, the plumber filter leaves out pending and rejected registrations, and
 * the status report names statuses and types in the user's language, on screen and in the .xlsx.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Locator } from '@playwright/test';
import { ADMIN_A, dbQuery, signIn } from './helpers';

const CREW = [
  'Karl-Johan Aleksandersen-Haugland', 'Anne-Margrethe Kristoffersen-Lie', 'Bjørn-Kristian Christophersen', 'Marie-Louise Fredriksen-Aas',
  'Hans-Petter Gundersen-Bakke', 'Ingrid-Elisabeth Halvorsen-Berg', 'Jan-Erik Abrahamsen-Solheim', 'Kristin-Helene Mortensen-Dahl',
  'Lars-Christian Nikolaisen-Ruud', 'Mette-Kristine Østergaard-Lund', 'Nils-Henrik Johannessen-Vik', 'Tone-Marit Sebastiansen-Moe',
];
/** Registration ids no user holds: the charts then show the name the job recorded (services/analytics.ts). */
const FIRST_REG = 990_001;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxes(locator: Locator): Promise<Box[]> {
  return Promise.all((await locator.all()).map(async (l) => (await l.boundingBox())!));
}

test.beforeAll(async () => {
  const [{ company_id: companyId, customer_id: customerId }] = await dbQuery<{ company_id: string; customer_id: string }>(
    'select company_id, customer_id from users where email = $1', [ADMIN_A],
  );
  // One open job each, assigned yesterday and due two days ago: in the default range, and overdue.
  for (const [i, name] of CREW.entries()) {
    await dbQuery(`insert into jobs (id, customer_id, company_id, title, type_id, status_id, severity_id, assigned_to_id, assignee_name,
      assigned_date, due_date, subscriber_text, matrikkel_nummer, matrikkelenhet_id, created_by)
      values (gen_random_uuid(), $1, $2, 'Utskifting av vannmåler', 2, $3, 2, $4, $5, now() - interval '1 day', now() - interval '2 days',
        'Crewveien 1', '3024000120003400000000', 1, 'e2e')`, [customerId, companyId, 1 + (i % 3), FIRST_REG + i, name]);
  }
});
test.afterAll(async () => {
  await dbQuery('delete from jobs where assigned_to_id between $1 and $2', [FIRST_REG, FIRST_REG + CREW.length - 1]);
});

test('a crew of long names never overlaps, the legend follows the workflow, each chart says its date, the filter lists only people with access', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_A);
  await page.goto('/dashboard');
  const card = (title: string) => page.locator('.chakra-card__root').filter({ has: page.getByRole('heading', { name: title }) });
  const status = card('Jobber per rørlegger etter status');
  const overdue = card('Forfalte jobber per rørlegger');

  for (const chart of [status, overdue]) {
    const ticks = chart.getByTestId('name-tick');
    await expect.poll(() => ticks.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(CREW.length);
    // Every full name is there (the tick's title), and no two names share any pixel.
    const titles = await ticks.locator('title').allTextContents();
    for (const name of CREW) expect(titles).toContain(name);
    const placed = await boxes(ticks);
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i], placed[j]), `${titles[i]} / ${titles[j]}`).toBe(false);
    }
    // Nor do they run into the bars or out of the drawing: each name lies between the drawing's left edge and the plot area.
    const plot = (await chart.locator('.recharts-cartesian-grid').boundingBox())!;
    const drawing = (await chart.locator('.recharts-wrapper > svg').boundingBox())!;
    for (const [i, b] of placed.entries()) {
      expect(b.x + b.width, titles[i]).toBeLessThanOrEqual(plot.x + 1);
      expect(b.x, titles[i]).toBeGreaterThanOrEqual(drawing.x);
    }
  }

  // The legend in the job workflow's order (spec 1 §4: New, In progress, On hold, Completed, Closed), not alphabetical.
  await expect(status.locator('.recharts-legend-item-text')).toHaveText(['Ny', 'Pågår', 'På vent', 'Fullført', 'Lukket']);

  // Each chart says which date the range bounds it by.
  await expect(page.getByTestId('chart-basis')).toHaveText([
    'Jobber tildelt i perioden, etter status nå',
    'Jobber fullført i perioden, etter fullført dato',
    'Jobber tildelt i perioden som fortsatt er åpne',
    'Jobber med forfallsdato i perioden som har passert uten at jobben er fullført',
  ]);

  // The plumber filter: active and deactivated users of the company, never pending or rejected ones.
  const people = await dbQuery<{ name: string; status: number }>(`select first_name || ' ' || last_name as name, status from users
    where company_id = (select company_id from users where email = $1)`, [ADMIN_A]);
  const options = (await page.locator('#analytics-plumber option').allTextContents()).slice(1);
  expect(people.some((p) => p.status === 1 || p.status === 3)).toBe(true);
  for (const p of people) {
    if (p.status === 2) expect(options, p.name).toContain(p.name);
    if (p.status === 4) expect(options, p.name).toContain(`${p.name} (deaktivert)`);
    if (p.status === 1 || p.status === 3) expect(options.some((o) => o.startsWith(p.name)), p.name).toBe(false);
  }
});

test('in English, the report names job status, job type and task status in English, on screen and in the .xlsx', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_A);
  await page.evaluate(() => localStorage.setItem('meterwork.language', 'en'));
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Status report' }).click();
  // The demo's jobs were completed within the last 150 days.
  const iso = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(d);
  const dmy = (d: string) => `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
  await page.getByTestId('report-from').click();
  await page.getByTestId('report-from').pressSequentially(dmy(iso(new Date(Date.now() - 300 * 86_400_000))));
  await page.getByTestId('report-to').click();
  await page.getByTestId('report-to').pressSequentially(dmy(iso(new Date())));
  const table = page.getByTestId('report-table');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });

  const headings = await table.locator('thead th').allTextContents();
  expect(headings.slice(0, 6)).toEqual(['Ref. no.', 'Job status', 'Job completed', 'Job type', 'Plumber', 'Task status']);
  const column = async (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents();
  const english = {
    jobStatus: ['New', 'In progress', 'On hold', 'Completed', 'Closed'],
    jobType: ['New water meter', 'Water meter replacement', 'Water meter dismantling', 'Deviation'],
    taskStatus: ['Not started', 'In progress', 'Completed', 'Automatic', 'Obstacle', 'Deviation'],
  };
  for (const v of await column(2)) expect(english.jobStatus).toContain(v);
  for (const v of await column(4)) expect(english.jobType).toContain(v);
  for (const v of await column(6)) expect(english.taskStatus).toContain(v);

  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await (await download).path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).getCell(2).value).toBe('Job status');
  for (let r = 2; r <= Math.min(sheet.rowCount, 200); r++) {
    const row = sheet.getRow(r);
    expect(english.jobStatus).toContain(row.getCell(2).value);
    expect(english.jobType).toContain(row.getCell(4).value);
    expect(english.taskStatus).toContain(row.getCell(6).value);
  }
});
