import { test, expect } from '@playwright/test';
import { ADMIN_A, dbQuery, signIn } from './helpers';
import { expectAccessible } from './a11y';

test('a new plumber registers and the admin sees the My plumbers badge update live', async ({ browser }) => {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 850 } });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN_A);
  await admin.goto('/joblist');
  const badge = admin.getByTestId('badge-new-plumbers');
  await expect(badge).toBeVisible();
  const before = Number((await badge.textContent())!.match(/\d+/)![0]);
  await expect(admin.getByTestId('badge-registrations')).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await visitor.getByTestId('company-registration').click();
  await expect(visitor.locator('#firstName')).toBeVisible();
  await expectAccessible(visitor, 'registration page');
  await visitor.locator('#firstName').fill('Sindre');
  await visitor.locator('#lastName').fill('Bakke');
  const email = `sindre.bakke.${Date.now()}@example.no`;
  await visitor.locator('#email').fill(email);
  await visitor.locator('#mobile').fill('+4791122334');
  await visitor.locator('#password').fill('Sikkert-passord-1');
  const company = await visitor.locator('#companyId option', { hasText: 'Sandvika Rør' }).getAttribute('value');
  await visitor.locator('#companyId').selectOption(company!);
  await visitor.locator('#gdprConsent').check();
  await visitor.getByRole('button', { name: 'Registrer' }).click();
  await expect(visitor.getByText('Registreringen er mottatt')).toBeVisible();
  await expectAccessible(visitor, 'registration received');

  const [user] = await dbQuery<{ status: number; role_id: number }>('select status, role_id from users where email = $1', [email]);
  expect(user).toEqual({ status: 1, role_id: 1 });

  // Without a reload: the count of new plumbers goes up and the registration notice shows.
  await expect(badge).toContainText(String(before + 1));
  await expect(admin.getByTestId('badge-registrations')).toBeVisible();
  await expectAccessible(admin, 'job list with the registration badges');
  await visitorContext.close();
  await adminContext.close();
});
