/**
 * The barcode reader (issue 5 §3) on a still photo, with a camera that sees no barcode: a photo of
 * a label is read into the serial field; a photo without a barcode gives the spec's error.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { fakeCamera, labelFrame, openInstallTask, SERIAL } from './barcodeFixture';

test.use(fakeCamera());

test('a still photo of a label is read; a photo without a barcode says so', async ({ page }) => {
  await openInstallTask(page);
  await page.getByTestId('scan-serial').click();
  const scanner = page.getByTestId('barcode-scanner');
  const blank = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#dde' } }).jpeg().toBuffer();
  await scanner.getByTestId('barcode-photo').setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: blank });
  await expect(scanner.getByTestId('barcode-error')).toHaveText('Fant ingen strekkode i bildet. Prøv et skarpere bilde tatt rett forfra.');
  await expect(page.getByTestId('new-serialNo')).toHaveValue('');
  await scanner.getByTestId('barcode-photo').setInputFiles({ name: 'label.jpg', mimeType: 'image/jpeg', buffer: await labelFrame() });
  await expect(scanner).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('new-serialNo')).toHaveValue(SERIAL);
});
