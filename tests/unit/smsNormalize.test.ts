/** The SMS text's look-alikes written plain (src/domain/sms/normalize.ts), so a notice is not sent in UCS-2 for a dash. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSmsText } from '../../src/domain/sms/normalize';
import { countSms } from '../../src/domain/sms/segments';

describe('normalizeSmsText', () => {
  it('writes dashes, typographic quotes, the ellipsis and Unicode spaces in their GSM-7 forms', () => {
    expect(normalizeSmsText('Tirsdag 10:00–12:00 — «velkommen» “hjem” ‘kl’ … ok')).toBe('Tirsdag 10:00-12:00 - "velkommen" "hjem" \'kl\' ... ok');
    expect(normalizeSmsText('Rør\u00A0AS\u202Fhar\u2009tid\u3000nå')).toBe('Rør AS har tid nå');
    expect(normalizeSmsText('Bygg\u00ADnings\u200Bnummer\uFEFF')).toBe('Byggningsnummer');
    expect(normalizeSmsText('−5 ‐ 6 ‑ 7 ‒ 8 ― 9')).toBe('-5 - 6 - 7 - 8 - 9');
    expect(normalizeSmsText('Kari’s „svar“ ‚ja‘')).toBe('Kari\'s "svar" \'ja\'');
  });

  it('turns a notice that UCS-2 would cost three SMS into one GSM-7 SMS', () => {
    const text = 'Hei! Rørlegger kommer tirsdag 14.01 kl. 10:00–12:00 for å bytte vannmåleren i Storgata 1. Svar «JA» eller «NEI» – mvh Rør AS…';
    expect(countSms(text)).toMatchObject({ encoding: 'UCS-2', segments: 2 });
    expect(countSms(normalizeSmsText(text))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('leaves letters, emoji, line breaks and the GSM-7 extension characters as they are', () => {
    const kept = 'æøåÆØÅ é ü 😀 €[]{}~|^\\\nline\r\n';
    expect(normalizeSmsText(kept)).toBe(kept);
    expect(normalizeSmsText('')).toBe('');
  });

  it('never changes a text twice (idempotent), never adds a UCS-2 character, and never touches GSM-7 text', () => {
    const gsm = Array.from('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');
    const odd = Array.from('–—‘’“”«»…\u00A0\u2009\u202F\u200B\u00AD😀ĳ');
    fc.assert(fc.property(fc.array(fc.constantFrom(...gsm, ...odd), { maxLength: 80 }), (chars) => {
      const text = chars.join('');
      const once = normalizeSmsText(text);
      expect(normalizeSmsText(once)).toBe(once);
      const culprits = countSms(once).ucs2Culprits;
      expect(culprits.every((c) => c === '😀' || c === 'ĳ')).toBe(true);
    }));
    fc.assert(fc.property(fc.array(fc.constantFrom(...gsm), { maxLength: 80 }), (chars) => {
      expect(normalizeSmsText(chars.join(''))).toBe(chars.join(''));
    }));
  });
});
