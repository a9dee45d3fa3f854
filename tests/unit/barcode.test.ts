/**
 * Issue 12: when a barcode read may fill a serial. The reader took quagga2's first decode, upper-cased
 * whatever it was and kept control characters; these rules are what it takes now.
 */
import { describe, expect, it } from 'vitest';
import { agreedPhotoCode, checkDigitHolds, cleanCode, gs1CheckDigitHolds, ReadAgreement, type BarcodeRead } from '../../src/domain/tasks/barcode';
import { scanBand } from '../../src/features/jobs/components/barcodeReader';

const r = (symbology: BarcodeRead['symbology'], text: string): BarcodeRead => ({ symbology, text });

describe('agreement over frames', () => {
  it('takes a code only at its third read in a row', () => {
    const a = new ReadAgreement();
    expect(a.add(r('ean8', '96385074'))).toBeNull();
    expect(a.add(r('ean8', '96385074'))).toBeNull();
    expect(a.add(r('ean8', '96385074'))).toBe('96385074');
  });

  it('starts again when a frame reads something else', () => {
    const a = new ReadAgreement();
    a.add(r('code128', '71234567'));
    a.add(r('code128', '71234567'));
    expect(a.add(r('i2of5', '71234567'))).toBeNull(); // the same digits through another symbology are another read
    expect(a.add(r('code128', '71234567'))).toBeNull();
    expect(a.add(r('code128', '71234567'))).toBeNull();
    expect(a.add(r('code128', '71234567'))).toBe('71234567');
  });

  it('does not count a read whose check digit is wrong, nor let it break a run', () => {
    const a = new ReadAgreement();
    a.add(r('ean8', '96385074'));
    expect(a.add(r('ean8', '96385075'))).toBeNull();
    a.add(r('ean8', '96385074'));
    expect(a.add(r('ean8', '96385074'))).toBe('96385074');
  });

  it('compares cleaned codes: a GS before the same digits is the same read', () => {
    const a = new ReadAgreement();
    a.add(r('code128', '\u001d71234567'));
    a.add(r('code128', '71234567'));
    expect(a.add(r('code128', '71234567\u0000'))).toBe('71234567');
  });
});

describe('check digits', () => {
  it('EAN-13', () => {
    expect(checkDigitHolds(r('ean13', '5701234567899'))).toBe(true);
    expect(checkDigitHolds(r('ean13', '5701234567898'))).toBe(false);
    expect(checkDigitHolds(r('ean13', '570123456789'))).toBe(false);
  });

  it('EAN-8', () => {
    expect(checkDigitHolds(r('ean8', '96385074'))).toBe(true);
    expect(checkDigitHolds(r('ean8', '40123455'))).toBe(true);
    expect(checkDigitHolds(r('ean8', '40123454'))).toBe(false);
    expect(checkDigitHolds(r('ean8', '9638507A'))).toBe(false);
  });

  it('Interleaved 2 of 5: ITF-14 is checked, other lengths must be even and digits', () => {
    expect(checkDigitHolds(r('i2of5', '15400141288763'))).toBe(true);
    expect(checkDigitHolds(r('i2of5', '15400141288764'))).toBe(false);
    expect(checkDigitHolds(r('i2of5', '0032548012'))).toBe(true);
    expect(checkDigitHolds(r('i2of5', '003254801'))).toBe(false);
    expect(checkDigitHolds(r('i2of5', '00325A8012'))).toBe(false);
  });

  it('Code 128 and Code 39 carry none the rule can check', () => {
    expect(checkDigitHolds(r('code128', 'KM2024-000417'))).toBe(true);
    expect(checkDigitHolds(r('code39', '0032548'))).toBe(true);
  });

  it('GS1 mod 10', () => {
    expect(gs1CheckDigitHolds('7038010055010')).toBe(true);
    expect(gs1CheckDigitHolds('7038010055017')).toBe(false);
    expect(gs1CheckDigitHolds('')).toBe(false);
  });
});

describe('the text that goes to the serial field', () => {
  it('loses control characters (FNC1 arrives as GS)', () => {
    expect(cleanCode('\u001d42095747\u001d9499907')).toBe('420957479499907');
    expect(cleanCode('\u001d\u0004')).toBeNull();
  });

  it('upper-cases a plain serial only', () => {
    expect(cleanCode('km2024-000417')).toBe('KM2024-000417');
    // Code 128 FNC4 text: upper-casing made 'ßß' into 'SSSS'.
    expect(cleanCode('ßß')).toBe('ßß');
    expect(cleanCode('2/4-8/16-32')).toBe('2/4-8/16-32');
    expect(cleanCode('abc def')).toBe('abc def');
  });
});

describe('a still photo', () => {
  it('gives the code all valid reads agree on', () => {
    expect(agreedPhotoCode([r('ean13', '5701234567899'), r('ean13', '5701234567899')])).toBe('5701234567899');
    expect(agreedPhotoCode([r('ean13', '5701234567899'), r('ean8', '40123454')])).toBe('5701234567899');
  });

  it('gives nothing when reads disagree or none is valid', () => {
    expect(agreedPhotoCode([r('code128', '71234567'), r('i2of5', '71234566')])).toBeNull();
    expect(agreedPhotoCode([r('ean8', '40123454')])).toBeNull();
    expect(agreedPhotoCode([])).toBeNull();
  });
});

describe('the scan band', () => {
  it('is the scan box of the 300×400 view, across a 640×480 frame', () => {
    // The view covers 640×480 at 400/480: the 80 px box is 96 frame px high, in the middle.
    expect(scanBand(640, 480)).toEqual({ x: 0, y: 192, width: 640, height: 96 });
    expect(scanBand(1280, 720)).toEqual({ x: 0, y: 288, width: 1280, height: 144 });
  });
});
