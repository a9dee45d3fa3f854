/**
 * The barcode reader (issue 5 §3, issue 12), live: Chromium's fake camera plays a video of a real
 * Code 128 label; the reader finds it inside the 280×80 scan box (3 frames agreeing) and fills the
 * serial; over a different typed serial it shows the code and asks first.
 */
import { expect, test } from '@playwright/test';
import { fakeCamera, labelVideo, openInstallTask, SERIAL } from './barcodeFixture';

test.use(fakeCamera(labelVideo()));

test('the live reader reads a Code 128 label from the camera into the serial field', async ({ page }) => {
  await openInstallTask(page);
  // The scan box, measured in every frame while it is shown: the reader may read the label and close
  // before a measure from the test gets there, and the dialog opens with a scale animation (an
  // early measure is a pixel short), so the largest size it had is its size.
  await page.evaluate(() => {
    const w = window as unknown as { scanBox?: number[] };
    const tick = () => {
      const r = document.querySelector('[data-testid="barcode-box"]')?.getBoundingClientRect();
      if (r) w.scanBox = [Math.max(w.scanBox?.[0] ?? 0, Math.round(r.width)), Math.max(w.scanBox?.[1] ?? 0, Math.round(r.height))];
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.getByTestId('scan-serial').click();
  const scanner = page.getByTestId('barcode-scanner');
  await expect(scanner).toBeVisible();
  await expect(scanner).toHaveCount(0, { timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { scanBox?: number[] }).scanBox)).toEqual([280, 80]);
  await expect(page.getByTestId('new-serialNo')).toHaveValue(SERIAL);
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Strekkoden er lest' })).toBeVisible();
  // Read, and valid for the chosen model: no serial error.
  await expect(page.getByTestId('new-meter-form')).not.toContainText('Feil vannmålernummer');

  // A serial typed by hand is not overwritten by the camera unasked.
  await page.getByTestId('new-serialNo').fill('87654321');
  await page.getByTestId('scan-serial').click();
  await expect(scanner.getByTestId('barcode-read-code')).toHaveText(SERIAL, { timeout: 20_000 });
  await expect(scanner.getByTestId('barcode-confirm')).toContainText('Vil du bytte ut 87654321');
  await expect(page.getByTestId('new-serialNo')).toHaveValue('87654321');
  await scanner.getByTestId('barcode-replace').click();
  await expect(scanner).toHaveCount(0);
  await expect(page.getByTestId('new-serialNo')).toHaveValue(SERIAL);
});
