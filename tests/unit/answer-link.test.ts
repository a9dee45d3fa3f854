/**
 * The owner's answer link (src/domain/sms/answerLink.ts) and its signed token
 * (server/security/ownerLink.ts): the link is one line more in the SMS, short and in GSM-7; the token
 * holds the item and its expiry under a MAC that binds the purpose, and anything else is refused.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_PAGE_PREFIX, ANSWER_TOKEN_LENGTH, answerLinkUrl, withAnswerLink } from '../../src/domain/sms/answerLink';
import { countSms } from '../../src/domain/sms/segments';
import { redactUrl } from '../../server/context';
import { OWNER_ANSWER_PURPOSE, signToken, verifyToken } from '../../server/security/ownerLink';

const secret = Buffer.alloc(32, 3);
const start = Date.UTC(2027, 5, 1, 8, 0) / 1000;
const before = (start - 3600) * 1000;

describe('the answer link in a notice', () => {
  it('is one line more, short and GSM-7, at the answer page\'s path', () => {
    const token = signToken(secret, OWNER_ANSWER_PURPOSE, 123_456, start);
    expect(token).toHaveLength(ANSWER_TOKEN_LENGTH);
    const url = answerLinkUrl('https://meterwork.example.no/', token);
    expect(url).toBe(`https://meterwork.example.no/a/${token}`);
    expect(url.length).toBeLessThanOrEqual(60);
    const text = withAnswerLink('Hei! Vi kommer 01.06.2027 kl. 10:00-10:30. Svar JA eller NEI. ', url);
    expect(text).toBe(`Hei! Vi kommer 01.06.2027 kl. 10:00-10:30. Svar JA eller NEI.\n${url}`);
    expect(countSms(text)).toMatchObject({ encoding: 'GSM-7' });
    expect(new URL(url).pathname).toBe(`${ANSWER_PAGE_PREFIX}${token}`);
  });

  it('is kept out of the request log', () => {
    const token = signToken(secret, OWNER_ANSWER_PURPOSE, 7, start);
    expect(redactUrl(`/api/ownerAnswer/${token}`)).toBe('/api/ownerAnswer/[redacted]');
    expect(redactUrl(`/api/OWNERANSWER/${token}?x=1`)).toBe('/api/OWNERANSWER/[redacted]?x=1');
    expect(redactUrl(`/a/${token}`)).toBe('/a/[redacted]');
    expect(redactUrl('/api/Jobs/a/b')).toBe('/api/Jobs/a/b');
  });
});

describe('the answer token', () => {
  it('opens its item until the appointment starts, then says expired', () => {
    const token = signToken(secret, OWNER_ANSWER_PURPOSE, 42, start);
    expect(verifyToken(secret, OWNER_ANSWER_PURPOSE, token, before)).toEqual({ ok: true, itemId: 42, expiresAt: start });
    expect(verifyToken(secret, OWNER_ANSWER_PURPOSE, token, start * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a bent MAC, a swapped id, a moved expiry, another purpose or secret, and what is not a token', () => {
    const token = signToken(secret, OWNER_ANSWER_PURPOSE, 42, start);
    const raw = Buffer.from(token, 'base64url');
    const variants: Buffer[] = [];
    for (const [at, edit] of [[19, 1], [0, 0], [7, 0]] as const) {
      const b = Buffer.from(raw);
      if (at === 0) b.writeUInt32BE(43, 0);
      else if (at === 7) b.writeUInt32BE(start + 86_400, 4);
      else b[at] ^= edit;
      variants.push(b);
    }
    for (const bad of [
      ...variants.map((b) => b.toString('base64url')),
      signToken(secret, 'password-reset', 42, start), signToken(Buffer.alloc(32, 4), OWNER_ANSWER_PURPOSE, 42, start),
      token.slice(1), `${token}A`, `${token.slice(0, -1)}${token.at(-1) === 'A' ? 'B' : 'A'}`, '', '!'.repeat(27), token.replace(/[A-Za-z]/, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())),
    ]) {
      expect(verifyToken(secret, OWNER_ANSWER_PURPOSE, bad, before), bad).toEqual({ ok: false, reason: 'invalid' });
    }
    // An expired token that is not ours is invalid, not expired: only a genuine token learns it expired.
    const oldForged = Buffer.from(signToken(secret, OWNER_ANSWER_PURPOSE, 42, 1000), 'base64url');
    oldForged[12] ^= 1;
    expect(verifyToken(secret, OWNER_ANSWER_PURPOSE, oldForged.toString('base64url'), before)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('cannot name an id or expiry that does not fit', () => {
    expect(() => signToken(secret, OWNER_ANSWER_PURPOSE, 0, start)).toThrow(RangeError);
    expect(() => signToken(secret, OWNER_ANSWER_PURPOSE, 2 ** 32, start)).toThrow(RangeError);
    expect(() => signToken(secret, OWNER_ANSWER_PURPOSE, 1, -1)).toThrow(RangeError);
  });
});
