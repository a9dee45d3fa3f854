/**
 * Settings: company working hours, an employee's own day and the holiday calendar (spec 3 §2, §4, §5),
 * through the UI on demo data, with what the server then holds read back from its database.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { ADMIN_A, dbQuery, signIn } from './helpers';

const SANDVIKA_ORG = '912345678';

// An English-language Chrome (common on office PCs) with the app in Norwegian: the native date and time
// inputs showed "07:00 AM" and mm/dd/yyyy and saved other times than typed (issue 12); ours do not.
test.use({ locale: 'en-US' });

/** As a person types: click into the field (which selects what it holds), then key by key. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Innstillinger' }).getByRole('button', { name, exact: true }).click();
}

/** A Chakra switch: its hidden checkbox carries the label; the visible control is its parent label. */
const switchOf = (page: Page, label: string): { input: Locator; toggle: () => Promise<void> } => {
  const input = page.getByLabel(label, { exact: true });
  return { input, toggle: () => input.locator('xpath=..').click() };
};

// Other specs share this server's demo data: put back what this one changed.
test.afterAll(async () => {
  await dbQuery(`update working_hours set start_time = '07:00', end_time = '15:30' where registration_id is null and day_of_week in (1, 3, 5)
    and company_id = (select id from companies where org_number = $1)`, [SANDVIKA_ORG]);
  await dbQuery(`delete from working_hours where day_of_week = 2
    and registration_id = (select registration_id from users where email = 'ola.hansen@sandvika-ror.no')`);
  await dbQuery(`delete from company_holidays where reason = 'Sommeravslutning'
    and company_id = (select id from companies where org_number = $1)`, [SANDVIKA_ORG]);
});

test('company hours refuse a violating time, then save; an employee gets an own day; a half day is added to the calendar', async ({ page }) => {
  // Typed key by key through three sections: longer than the default on a busy machine.
  test.setTimeout(240_000);
  await signIn(page, ADMIN_A);
  await page.goto('/settings');
  await openSection(page, 'Arbeidstid');

  // Company hours as seeded: weekdays 07:00–15:30 with lunch 11:30–12:00, as 24-hour text fields.
  await expect(page.getByLabel('Onsdag Dagstart', { exact: true })).toHaveValue('07:00');
  await expect(page.getByLabel('Onsdag Dagstart', { exact: true })).toHaveAttribute('placeholder', 'tt:mm');
  await expect(page.getByLabel('Onsdag Dagstart', { exact: true })).toHaveAttribute('type', 'text');
  const save = page.getByTestId('company-hours').getByRole('button', { name: 'Lagre', exact: true });
  await expect(save).toBeDisabled();

  // A lunch before the day starts is refused once typed in full, with the invalid-time label first;
  // leaving the field shows the saved time again.
  await typeInto(page.getByLabel('Onsdag Lunsj fra', { exact: true }), '0630');
  await expect(page.getByTestId('hours-error')).toHaveText(/^Ugyldig tid: lunsj fra må være etter dagstart.*\(Onsdag\)$/);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Onsdag Lunsj fra', { exact: true })).toHaveValue('11:30');
  await expect(save).toBeDisabled();
  // Lunch from 13:00 (after lunch to) is refused too, not saved as another time.
  await typeInto(page.getByLabel('Mandag Lunsj fra', { exact: true }), '13:00');
  await expect(page.getByTestId('hours-error').filter({ hasText: 'Mandag' })).toHaveText(/^Ugyldig tid: lunsj fra må være .*\(Mandag\)$/);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mandag Lunsj fra', { exact: true })).toHaveValue('11:30');
  await expect(save).toBeDisabled();

  // Saturday switched from Off with no times: 'time must be specified', and nothing is sent.
  const saturdayOff = switchOf(page, 'Lørdag Fri');
  await expect(saturdayOff.input).toBeChecked();
  await saturdayOff.toggle();
  await expect(saturdayOff.input).not.toBeChecked();
  await save.click();
  await expect(page.getByTestId('hours-error')).toHaveText('Tid må angis: Dagstart (Lørdag)');
  await saturdayOff.toggle();
  await expect(saturdayOff.input).toBeChecked();

  // A valid change, typed key by key as "1600" (each keystroke's partial value was refused before), saves
  // as typed and reloads. "12:30" and "6:45 AM" are kept as typed too (the AM is not a 24-hour text).
  await typeInto(page.getByLabel('Onsdag Dagslutt', { exact: true }), '1600');
  await expect(page.getByLabel('Onsdag Dagslutt', { exact: true })).toHaveValue('16:00');
  await typeInto(page.getByLabel('Mandag Dagslutt', { exact: true }), '12:30');
  await typeInto(page.getByLabel('Fredag Dagstart', { exact: true }), '6:45 AM');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mandag Dagslutt', { exact: true })).toHaveValue('12:30');
  await expect(page.getByLabel('Fredag Dagstart', { exact: true })).toHaveValue('06:45');
  await expect(page.getByTestId('hours-error')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Arbeidstiden ble lagret')).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(page.getByLabel('Onsdag Dagslutt', { exact: true })).toHaveValue('16:00');
  const company = await dbQuery<{ day_of_week: number; end_time: string | null; start_time: string | null }>(
    `select wh.day_of_week, wh.start_time, wh.end_time from working_hours wh join companies c on c.id = wh.company_id
     where c.org_number = $1 and wh.registration_id is null order by wh.day_of_week`, [SANDVIKA_ORG],
  );
  expect(company.map((r) => r.end_time)).toEqual(['12:30', '15:30', '16:00', '15:30', '15:30', null, null]);
  expect(company.map((r) => r.start_time)).toEqual(['07:00', '07:00', '07:00', '07:00', '06:45', null, null]);
  // The snackbar closes by itself, so the next save's own snackbar is what is seen below.
  await expect(page.getByText('Arbeidstiden ble lagret')).toBeHidden();

  // Per employee: Ola's Friday is his own (seeded); give him his own Tuesday too.
  await openSection(page, 'Arbeidstid per ansatt');
  await page.getByLabel('Ansatt', { exact: true }).selectOption({ label: 'Ola Hansen' });
  await expect(page.getByLabel('Fredag Dagslutt', { exact: true })).toHaveValue('13:00');
  await expect(page.getByLabel('Fredag Firmaets arbeidstid', { exact: true })).not.toBeChecked();
  const tuesday = switchOf(page, 'Tirsdag Firmaets arbeidstid');
  await expect(tuesday.input).toBeChecked();
  await expect(page.getByLabel('Tirsdag Dagslutt', { exact: true })).toBeDisabled();
  await tuesday.toggle();
  await typeInto(page.getByLabel('Tirsdag Dagslutt', { exact: true }), '14');
  await page.keyboard.press('Enter');
  await page.getByTestId('employee-hours').getByRole('button', { name: 'Lagre', exact: true }).click();
  await expect(page.getByText('Arbeidstiden ble lagret')).toBeVisible();
  await expect(switchOf(page, 'Tirsdag Firmaets arbeidstid').input).not.toBeChecked();
  const own = await dbQuery<{ day_of_week: number; start_time: string; end_time: string }>(
    `select wh.day_of_week, wh.start_time, wh.end_time from working_hours wh join users u on u.registration_id = wh.registration_id
     where u.email = 'ola.hansen@sandvika-ror.no' order by wh.day_of_week`,
  );
  expect(own).toEqual([{ day_of_week: 2, start_time: '07:00', end_time: '14:00' }, { day_of_week: 5, start_time: '07:00', end_time: '13:00' }]);

  // Holidays: next year, a half day.
  await openSection(page, 'Helligdager og fridager');
  const next = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric' }).format(new Date())) + 1;
  await page.getByLabel('År', { exact: true }).selectOption(String(next));
  await expect(page.locator(`[data-holiday="${next}-05-17"]`)).toBeVisible();
  await page.getByRole('button', { name: 'Lagre kalender' }).click();
  await expect(page.getByText('Det er ingen elementer å lagre')).toBeVisible();

  const date = `${next}-06-11`;
  await expect(page.getByLabel('Dato', { exact: true })).toHaveAttribute('placeholder', 'dd.mm.åååå');
  await typeInto(page.getByLabel('Dato', { exact: true }), `17.05.${next}`);
  await page.getByRole('button', { name: 'Legg til', exact: true }).click();
  await expect(page.getByTestId('holiday-error')).toHaveText('Datoen er allerede i bruk');
  // The month calendars pick the date too; past days and holidays cannot be picked.
  await expect(page.getByTestId('month-5').getByRole('button', { name: /17\. mai/ })).toBeDisabled();

  // The twelve months are one tab stop (the date being added), and the keys move within the year.
  const months = page.getByTestId('holiday-months');
  await expect(months.locator('button[tabindex="0"]')).toHaveCount(1);
  expect(await months.locator('button[tabindex="-1"]').count()).toBeGreaterThanOrEqual(364);
  await page.getByRole('button', { name: 'Lagre kalender' }).focus();
  await page.keyboard.press('Tab');
  await expect(months.locator(`[data-day="${next}-05-17"]`)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(months.locator(`[data-day="${next}-05-18"]`)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(months.locator(`[data-day="${next}-06-18"]`)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(months.locator(`[data-day="${next}-06-11"]`)).toBeFocused();
  await expect(months.locator('button[tabindex="0"]')).toHaveAttribute('data-day', `${next}-06-11`);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Dato', { exact: true })).toHaveValue(`11.06.${next}`);
  // One Tab leaves the months.
  await months.locator(`[data-day="${date}"]`).focus();
  await page.keyboard.press('Tab');
  await expect(months.locator(':focus')).toHaveCount(0);

  await page.getByLabel('Dagtype', { exact: true }).selectOption({ label: 'Halv dag' });
  // The times open for editing once the half day is chosen; each is read as typed before Add.
  const from = page.getByLabel('Fra', { exact: true });
  await expect(from).toBeEnabled();
  // As a person types, no select-all: here the click's selection was once lost (the times filled in
  // under the caret) and the field's length refused every key; a key typed into a complete time starts a new one.
  await typeInto(from, '12.00');
  await expect(from).toHaveValue('12:00');
  await typeInto(page.getByLabel('Til', { exact: true }), '1100');
  await expect(page.getByLabel('Til', { exact: true })).toHaveValue('11:00');
  await page.getByRole('button', { name: 'Legg til', exact: true }).click();
  await expect(page.getByTestId('holiday-error')).toHaveText(/^Ugyldig tid: til må være senere enn fra/);
  await typeInto(page.getByLabel('Til', { exact: true }), '15:00');
  await page.getByLabel('Årsak', { exact: true }).fill('Sommeravslutning');
  await page.getByRole('button', { name: 'Legg til', exact: true }).click();
  await expect(page.getByText('Fridagen ble lagt til. Husk å lagre kalenderen.')).toBeVisible();
  await expect(page.locator(`[data-testid="holiday-row"][data-date="${date}"]`)).toContainText('Ikke lagret');
  await expect(page.locator(`[data-holiday="${date}"]`)).toBeVisible();
  await page.getByRole('button', { name: 'Lagre kalender' }).click();
  await expect(page.getByText('Feriekalender ble lagret')).toBeVisible();

  const held = await dbQuery<{ holiday_type_id: number; start_time: string; end_time: string; reason: string; week_no: number }>(
    `select h.holiday_type_id, h.start_time, h.end_time, h.reason, h.week_no from company_holidays h join companies c on c.id = h.company_id
     where c.org_number = $1 and h.date = $2`, [SANDVIKA_ORG, date],
  );
  expect(held).toEqual([{ holiday_type_id: 1, start_time: '12:00', end_time: '15:00', reason: 'Sommeravslutning', week_no: expect.any(Number) }]);

  // After a reload the calendar shows it from the server.
  await page.reload();
  await page.getByLabel('År', { exact: true }).selectOption(String(next));
  const row = page.locator(`[data-testid="holiday-row"][data-date="${date}"]`);
  await expect(row).toContainText('12:00–15:00');
  await expect(row).not.toContainText('Ikke lagret');
});

test('an employee\'s hours for one week only: a week row is saved, the week after keeps the standing hours', async ({ page }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/settings?section=employeeHours');
  const section = page.getByTestId('employee-hours');
  await page.getByLabel('Ansatt', { exact: true }).selectOption({ label: 'Ola Hansen' });
  await expect(page.getByLabel('Fredag Dagslutt', { exact: true })).toHaveValue('13:00');
  const weekLabel = page.getByTestId('hours-week');
  const shownWeek = async () => {
    const m = /^Uke (\d+) (\d+)/.exec(await weekLabel.innerText());
    expect(m).not.toBeNull();
    return { weekNo: Number(m![1]), year: Number(m![2]) };
  };
  const tuesdayEnd = page.getByLabel('Tirsdag Dagslutt', { exact: true });

  // The week after next first: what Tuesday is there (his standing hours, or the company's).
  const now = await shownWeek();
  await page.getByRole('button', { name: 'Neste uke' }).click();
  await expect(weekLabel).not.toHaveText(new RegExp(`^Uke ${now.weekNo} `));
  const next = await shownWeek();
  await page.getByRole('button', { name: 'Neste uke' }).click();
  await expect(weekLabel).not.toHaveText(new RegExp(`^Uke ${next.weekNo} `));
  await expect(tuesdayEnd).not.toHaveValue('');
  const standingEnd = await tuesdayEnd.inputValue();
  const standingStart = await page.getByLabel('Tirsdag Dagstart', { exact: true }).inputValue();

  // Next week: Tuesday 08:00–13:15, only that week. "From now on" is the default.
  await page.getByRole('button', { name: 'Forrige uke' }).click();
  await expect(weekLabel).toHaveText(new RegExp(`^Uke ${next.weekNo} ${next.year}`));
  await expect(section.getByRole('radio', { name: 'fra nå av' })).toBeChecked();
  await expect(section.getByTestId('hours-week-only')).toHaveCount(0);
  const tuesdayCompany = switchOf(page, 'Tirsdag Firmaets arbeidstid');
  if (await tuesdayCompany.input.isChecked()) await tuesdayCompany.toggle();
  await expect(tuesdayEnd).toBeEnabled();
  await typeInto(page.getByLabel('Tirsdag Dagstart', { exact: true }), '0800');
  await typeInto(tuesdayEnd, '13:15');
  await section.getByText(`bare uke ${next.weekNo}`, { exact: true }).click();
  await expect(section.getByRole('radio', { name: `bare uke ${next.weekNo}` })).toBeChecked();
  // A save is one request (all or nothing), and its answer is shown without reading the week again.
  const hoursCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/WorkingHoursSetting')) hoursCalls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await section.getByRole('button', { name: 'Lagre', exact: true }).click();
  await expect(page.getByText('Arbeidstiden ble lagret')).toBeVisible();

  // Reloaded: Tuesday is his own for this week, marked so; the choice is back to "from now on".
  await expect(page.getByTestId('hours-day-2').getByTestId('hours-week-only')).toHaveText('Bare denne uken');
  await expect(section.getByTestId('hours-week-only')).toHaveCount(1);
  await expect(tuesdayEnd).toHaveValue('13:15');
  await expect(section.getByRole('radio', { name: 'fra nå av' })).toBeChecked();
  const rows = await dbQuery<{ day_of_week: number; year: number | null; week_no: number | null; start_time: string; end_time: string }>(
    `select wh.day_of_week, wh.year, wh.week_no, wh.start_time, wh.end_time from working_hours wh
     join users u on u.registration_id = wh.registration_id
     where u.email = 'ola.hansen@sandvika-ror.no' and wh.year is not null`,
  );
  expect(rows).toEqual([{ day_of_week: 2, year: next.year, week_no: next.weekNo, start_time: '08:00', end_time: '13:15' }]);
  expect(hoursCalls).toEqual(['PUT /api/WorkingHoursSetting']);

  // The week after: Tuesday as it was, not marked.
  await page.getByRole('button', { name: 'Neste uke' }).click();
  await expect(weekLabel).not.toHaveText(new RegExp(`^Uke ${next.weekNo} `));
  await expect(tuesdayEnd).toHaveValue(standingEnd);
  await expect(page.getByLabel('Tirsdag Dagstart', { exact: true })).toHaveValue(standingStart);
  await expect(section.getByTestId('hours-week-only')).toHaveCount(0);

  // From now on, in the week with Tuesday's week row: the same one request drops that row and sets his
  // standing Tuesday (before, a delete, a read and a write, each in its own transaction).
  await page.getByRole('button', { name: 'Forrige uke' }).click();
  await expect(weekLabel).toHaveText(new RegExp(`^Uke ${next.weekNo} ${next.year}`));
  await expect(tuesdayEnd).toHaveValue('13:15');
  hoursCalls.length = 0;
  await typeInto(tuesdayEnd, '13:45');
  await section.getByRole('button', { name: 'Lagre', exact: true }).click();
  await expect(section.getByTestId('hours-week-only')).toHaveCount(0);
  await expect(tuesdayEnd).toHaveValue('13:45');
  expect(hoursCalls).toEqual(['PUT /api/WorkingHoursSetting']);
  const tuesdays = await dbQuery<{ year: number | null; start_time: string; end_time: string }>(
    `select wh.year, wh.start_time, wh.end_time from working_hours wh join users u on u.registration_id = wh.registration_id
     where u.email = 'ola.hansen@sandvika-ror.no' and wh.day_of_week = 2 and wh.valid_until is null`,
  );
  expect(tuesdays).toEqual([{ year: null, start_time: '08:00', end_time: '13:45' }]);
});

test('the working-hours and holiday sections pass axe (WCAG 2.1 AA)', async ({ page }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/settings');
  await openSection(page, 'Arbeidstid');
  await expect(page.getByLabel('Mandag Dagstart', { exact: true })).toHaveValue('07:00');
  await expectAccessible(page, 'company hours');
  await openSection(page, 'Arbeidstid per ansatt');
  await expect(page.getByLabel('Mandag Firmaets arbeidstid', { exact: true })).toBeVisible();
  await expectAccessible(page, 'employee hours');
  await openSection(page, 'Helligdager og fridager');
  await expect(page.getByTestId('holiday-row').first()).toBeVisible();
  await expectAccessible(page, 'holidays');
});

test('a refused save says so and keeps the edit unsaved', async ({ page }) => {
  await signIn(page, ADMIN_A);
  await page.goto('/settings');
  await openSection(page, 'Arbeidstid');
  await page.route('**/api/WorkingHoursSetting', (route) => (route.request().method() === 'PUT'
    ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' } })
    : route.continue()));
  await typeInto(page.getByLabel('Torsdag Dagslutt', { exact: true }), '1500');
  const save = page.getByTestId('company-hours').getByRole('button', { name: 'Lagre', exact: true });
  await save.click();
  await expect(page.getByText('Noe gikk galt! Vennligst prøv på nytt')).toBeVisible();
  await expect(page.getByLabel('Torsdag Dagslutt', { exact: true })).toHaveValue('15:00');
  await expect(save).toBeEnabled();
  await page.getByRole('button', { name: 'Avbryt', exact: true }).click();
  await expect(page.getByLabel('Torsdag Dagslutt', { exact: true })).toHaveValue('15:30');
  await expect(save).toBeDisabled();
});

test('a company without working hours is told so (WorkinghoursNotAvailable), and the employee view leads to the company\'s', async ({ page }) => {
  await page.route(/\/api\/WorkingHoursSetting\/filter\?groupId=/, (route) => route.fulfill({
    status: 404, json: { statusCode: 404, error: 'Not Found', message: 'Working hours not found' },
  }));
  await signIn(page, ADMIN_A);
  await page.goto('/settings?section=employeeHours');
  const notice = page.getByTestId('hours-not-available');
  await expect(notice).toContainText('Arbeidstid er ikke satt opp for firmaet');
  await notice.getByRole('button', { name: 'Gå til firmaets arbeidstid' }).click();
  await expect(page).toHaveURL(/section=companyHours/);
  await expect(page.getByTestId('company-hours').getByTestId('hours-not-available')).toBeVisible();
  // Seven days off to fill in; nothing to save yet.
  for (const day of ['Mandag', 'Søndag']) await expect(page.getByLabel(`${day} Fri`, { exact: true })).toBeChecked();
  await expect(page.getByTestId('company-hours').getByRole('button', { name: 'Lagre', exact: true })).toBeDisabled();
});
