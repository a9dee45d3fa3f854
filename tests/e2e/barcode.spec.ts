/**
 * The barcode reader (issue 5 §3), live: Chromium's fake camera plays a video of a real Code 128
 * label; the reader finds it inside the 280×80 scan box and fills the serial upper-cased.
 */
import { expect, test } from '@playwright/test';
import { fakeCamera, labelVideo, openInstallTask, SERIAL } from './barcodeFixture';

test.use(fakeCamera(labelVideo()));

test('the live reader reads a Code 128 label from the camera into the serial field', async ({ page }) => {
  await openInstallTask(page);
  await page.getByTestId('scan-serial').click();
  const scanner = page.getByTestId('barcode-scanner');
  await expect(scanner).toBeVisible();
  // Polled: the dialog opens with a scale animation, so an early measure is a pixel short.
  await expect.poll(async () => {
    const box = await scanner.getByTestId('barcode-box').boundingBox();
    return box && [Math.round(box.width), Math.round(box.height)];
  }).toEqual([280, 80]);
  await expect(scanner).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('new-serialNo')).toHaveValue(SERIAL);
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Strekkoden er lest' })).toBeVisible();
  // Read, and valid for the chosen model: no serial error.
  await expect(page.getByTestId('new-meter-form')).not.toContainText('Feil vannmålernummer');
});
