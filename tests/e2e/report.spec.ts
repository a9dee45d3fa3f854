/**
 * The completed-jobs status report on /dashboard (spec 3 §2, §5, §7): the admin sets a range over the
 * demo's completed jobs, sees rows, and exports; the downloaded .xlsx is opened with exceljs and
 * checked against what the API answered. A plumber gets 403 from the report API.
 */
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { REPORT_FILE_NAME_PATTERN } from '../../src/domain/reports/range';
import { REPORT_TEXTS } from '../../src/domain/reports/texts';
import { ADMIN_A, apiHeadersOf, PLUMBER_OLA, signIn } from './helpers';

const iso = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(d);
/** YYYY-MM-DD as the date fields show and take it (dd.MM.yyyy, whatever the browser's language). */
const dmy = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

// An English-language browser: the range is still dd.MM.yyyy, never mm/dd/yyyy (issue 12).
test.use({ locale: 'en-US' });

test('the admin sees the completed jobs of a range and downloads them as the .xlsx the spec names', async ({ page }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Statusrapport' }).click();
  // The default range is the previous calendar month.
  const now = new Date();
  const firstOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  // Both tabs keep their range fields: the report's by test id.
  const fromField = page.getByTestId('report-from');
  const toField = page.getByTestId('report-to');
  await expect(fromField).toHaveValue(dmy(iso(new Date(firstOfMonth.getTime() + 12 * 3600_000))));

  // The end before the start is refused in the form.
  await toField.click();
  await toField.pressSequentially(dmy(iso(new Date(firstOfMonth.getTime() - 86_400_000))));
  await expect(page.getByText('Til dato kan ikke være før fra dato')).toBeVisible();

  // The demo's jobs were completed within the last 150 days.
  const from = iso(new Date(now.getTime() - 300 * 86_400_000));
  const to = iso(now);
  // The client sends MM.DD.YYYY (spec 3 §7): wait for the answer to this very range.
  const mdy = (d: string) => `${d.slice(5, 7)}.${d.slice(8, 10)}.${d.slice(0, 4)}`;
  const answer = page.waitForResponse((r) => {
    const q = new URL(r.url()).searchParams;
    return r.url().includes('/api/Reports/ReconciliationReport?') && q.get('fromDate') === mdy(from) && q.get('toDate')?.startsWith(mdy(to)) === true;
  });
  await fromField.click();
  await fromField.pressSequentially(dmy(from));
  await toField.click();
  await toField.pressSequentially(dmy(to).replaceAll('.', ''));
  const page1 = await (await answer).json() as { rows: unknown[]; total: number };
  expect(page1.total).toBeGreaterThan(15);
  const table = page.getByTestId('report-table');
  await expect(table.locator('tbody tr')).toHaveCount(15);
  await expect(page.getByText('Side 1 av')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(REPORT_FILE_NAME_PATTERN);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  // Headed as the screen heads it, in the user's language (nb here), not with the API's keys.
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(Object.keys(page1.rows[0] as object).map((k) => REPORT_TEXTS.nb.column[k as keyof typeof REPORT_TEXTS.nb.column]));
  expect(sheet.rowCount - 1).toBe(page1.total);
  expect(sheet.getRow(2).getCell(3).value).toBeInstanceOf(Date);
  expect(typeof sheet.getRow(2).getCell(1).value).toBe('number');

  // Search narrows the table on the server; a search matching nothing shows the empty text.
  await page.getByRole('searchbox', { name: 'Søk i rapporten' }).fill('ingen-slik-adresse');
  await expect(page.getByText('Det er ikke noe data')).toBeVisible();
  await page.getByTestId('report-export').click();
  await expect(page.getByText('Ingen jobber i lista, kan ikke generere rapport')).toBeVisible();
});

test('a plumber gets 403 from the report API and Access Denied on /dashboard', async ({ page }) => {
  await signIn(page, PLUMBER_OLA);
  const headers = await apiHeadersOf(page, () => page.goto('/dashboard'));
  await expect(page.getByTestId('access-denied')).toBeVisible();
  const today = iso(new Date());
  for (const path of [`/api/Reports/ReconciliationReport?fromDate=2025-01-01&toDate=${today}`, `/api/Reports/ReconciliationReportSpreadsheet?fromDate=2025-01-01&toDate=${today}`]) {
    expect((await page.request.get(path, { headers })).status(), path).toBe(403);
  }
});
