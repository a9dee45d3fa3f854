/**
 * The text an SMS goes out with (DESIGN.md "SMS"): one en dash, typographic quote or non-breaking space
 * forces the whole message into UCS-2 (70 characters, 67 per part instead of 160/153), and such
 * characters come in with every text pasted from a word processor or typed on a phone. They are
 * written as their plain GSM-7 forms before a message is counted and queued (server/services/
 * smsQueue.ts), so every gateway sends, and the SMS log shows, the text that was counted.
 *
 * Only look-alikes change: dashes and minus signs → '-', typographic single and double quotes and
 * primes → ' and ", the horizontal ellipsis → '...', every Unicode space (no-break, thin, figure, ideo-
 * graphic…) → ' ', and zero-width characters and the soft hyphen are dropped. Letters (æøå, é, emoji)
 * are left as they are: what cannot be written in GSM-7 without changing its meaning keeps UCS-2.
 */

/** Characters replaced, each with its plain form. */
const PLAIN: Record<string, string> = {
  // hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign, small and full-width hyphen-minus
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-', '\uFE63': '-', '\uFF0D': '-',
  // single quotes, low-9 and reversed, prime, and the modifier letter apostrophe
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u02BC': "'", '\uFF07': "'",
  // double quotes, low-9 and reversed, double prime, full-width
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"', '\uFF02': '"',
  // the guillemets Norwegian typography quotes with
  '\u00AB': '"', '\u00BB': '"', '\u2039': "'", '\u203A': "'",
  '\u2026': '...',
};

/** Unicode spaces other than the plain one (and other than line breaks, which GSM-7 carries). */
const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\t\v]/g;
/** Characters that show nothing: zero-width space, joiners, word joiner, BOM, soft hyphen. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const LOOK_ALIKES = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'g');

/** `text` with look-alike punctuation and spaces written in their plain GSM-7 forms. */
export function normalizeSmsText(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .replace(LOOK_ALIKES, (c) => PLAIN[c]);
}
