/**
 * When a barcode read may fill a serial number. A decoder's single read is not trusted:
 * a misread that happens to fit the model's pattern would pass as the serial. A code is accepted
 * only when it is read the same `AGREEING_READS` times in a row, and a read whose check digit is
 * wrong (EAN-13, EAN-8, ITF-14) is dropped before it counts. Control characters (a Code 128 FNC1
 * arrives as GS) are removed, and only a plain serial is upper-cased: upper-casing other text
 * changes it ('ß' becomes 'SS').
 */

/** The five symbologies the reader decodes. */
export const SYMBOLOGIES = ['code128', 'code39', 'ean13', 'ean8', 'i2of5'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

export interface BarcodeRead {
  symbology: Symbology;
  text: string;
}

/** Spec 1 §9: the reader's 300×400 view, its 280×80 scan box, 10 frames a second. */
export const SCAN_VIEW = { width: 300, height: 400 };
export const SCAN_BOX = { width: 280, height: 80 };
export const SCAN_FPS = 10;

/** Reads that must agree, one after the other, before a code is accepted. */
export const AGREEING_READS = 3;

/** GS1's mod-10 check: weights 3 and 1 from the digit left of the check digit. */
export function gs1CheckDigitHolds(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, w = 3; i >= 0; i--, w = 4 - w) sum += Number(digits[i]) * w;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** ITF-14 (a GS1 trade item number) is the Interleaved 2 of 5 length that carries a check digit. */
const ITF_CHECKED_LENGTH = 14;

/** Whether the read is well formed for its symbology, with its check digit where it has one. */
export function checkDigitHolds(read: BarcodeRead): boolean {
  const { text } = read;
  switch (read.symbology) {
    case 'ean13': return text.length === 13 && gs1CheckDigitHolds(text);
    case 'ean8': return text.length === 8 && gs1CheckDigitHolds(text);
    // Interleaved 2 of 5 encodes digits in pairs: an odd length is a misread.
    case 'i2of5': return /^\d+$/.test(text) && text.length % 2 === 0 && (text.length !== ITF_CHECKED_LENGTH || gs1CheckDigitHolds(text));
    default: return true;
  }
}

/** Letters, digits, '-' and '_': what a serial is made of (DEFAULT_SERIAL_PATTERN's characters). */
const PLAIN_SERIAL = /^[A-Za-z0-9_-]+$/;
// C0 and C1 control characters and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** The text to put in the serial field, or null when nothing is left. */
export function cleanCode(text: string): string | null {
  const stripped = text.replace(CONTROL, '').trim();
  if (stripped === '') return null;
  return PLAIN_SERIAL.test(stripped) ? stripped.toUpperCase() : stripped;
}

/**
 * The live reader's agreement over frames: `add` each decoded frame's read; it answers the code
 * once the last `required` valid reads are the same, else null. Frames with no read do not break a
 * run; a different read starts a new one.
 */
export class ReadAgreement {
  private last: string | null = null;
  private count = 0;

  constructor(private readonly required = AGREEING_READS) {}

  add(read: BarcodeRead): string | null {
    if (!checkDigitHolds(read)) return null;
    const code = cleanCode(read.text);
    if (code === null) return null;
    const key = `${read.symbology}:${code}`;
    this.count = key === this.last ? this.count + 1 : 1;
    this.last = key;
    return this.count >= this.required ? code : null;
  }

  reset(): void {
    this.last = null;
    this.count = 0;
  }
}

/**
 * A still photo's reads (the decoder tried it several ways): the code when every valid read says
 * the same, null when none is valid or they disagree (two labels in the picture, or a misread).
 */
export function agreedPhotoCode(reads: BarcodeRead[]): string | null {
  const codes = new Set<string>();
  for (const read of reads) {
    const code = checkDigitHolds(read) ? cleanCode(read.text) : null;
    if (code !== null) codes.add(code);
  }
  return codes.size === 1 ? [...codes][0] : null;
}
