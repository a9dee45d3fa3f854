/**
 * How many SMS a text costs (DESIGN.md "SMS"). GSM-7 (GSM 03.38 basic set, æøåÆØÅ included): 160
 * characters in one SMS, 153 per part once split; the extension characters ^ { } \ [ ] ~ | € (and
 * form feed) take two septets (escape + character). Any character outside GSM-7 (en dash, typographic
 * quotes, emoji) turns the whole message into UCS-2: 70 UTF-16 code units in one SMS, 67 per part.
 * A part never splits an escape pair or a surrogate pair, so a two-unit character that does not fit
 * the rest of a part moves whole to the next one (as the handsets and gateways pack them).
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

export interface SmsCount {
  encoding: SmsEncoding;
  /** Length in the encoding's units: septets (extension characters count 2) or UTF-16 code units. */
  characters: number;
  /** SMS the text costs; 0 for an empty text. */
  segments: number;
  /** Units one SMS holds for this text: the single limit while it fits one, else the per-part limit. */
  perSegment: number;
  /** Units still free in the last SMS before another one is needed. */
  remainingInSegment: number;
  /** The characters that forced UCS-2, each once, in order of appearance (empty for GSM-7). */
  ucs2Culprits: string[];
}

const GSM_BASIC = new Set(Array.from(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
));
const GSM_EXTENSION = new Set(Array.from('^{}\\[]~|€\f'));

/** Septets of one character in GSM-7, or 0 when GSM-7 cannot carry it. */
function gsmWidth(ch: string): number {
  if (GSM_BASIC.has(ch)) return 1;
  if (GSM_EXTENSION.has(ch)) return 2;
  return 0;
}

/** Parts needed for `widths` when each part holds `perPart` units and no unit group is split. */
function packParts(widths: number[], perPart: number): { parts: number; lastUsed: number } {
  let parts = 1;
  let used = 0;
  for (const w of widths) {
    if (used + w > perPart) {
      parts++;
      used = 0;
    }
    used += w;
  }
  return { parts, lastUsed: used };
}

export function countSms(text: string): SmsCount {
  // Array.from walks code points, so an emoji (a surrogate pair) is one character here.
  const chars = Array.from(text);
  const culprits: string[] = [];
  for (const ch of chars) if (gsmWidth(ch) === 0 && !culprits.includes(ch)) culprits.push(ch);
  const encoding: SmsEncoding = culprits.length ? 'UCS-2' : 'GSM-7';
  const widths = chars.map((ch) => (encoding === 'GSM-7' ? gsmWidth(ch) : ch.length));
  const characters = widths.reduce((a, b) => a + b, 0);
  const limits = SMS_LIMITS[encoding];
  if (characters <= limits.single) {
    return {
      encoding, characters, segments: characters === 0 ? 0 : 1, perSegment: limits.single,
      remainingInSegment: limits.single - characters, ucs2Culprits: culprits,
    };
  }
  const { parts, lastUsed } = packParts(widths, limits.part);
  return { encoding, characters, segments: parts, perSegment: limits.part, remainingInSegment: limits.part - lastUsed, ucs2Culprits: culprits };
}
