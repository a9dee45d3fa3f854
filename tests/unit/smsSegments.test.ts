/** The SMS segment counter (DESIGN.md "SMS"): GSM-7 160/153, UCS-2 70/67, extension characters, emoji. */
import { describe, expect, it } from 'vitest';
import { countSms } from '../../src/domain/sms/segments';

const a = (n: number) => 'a'.repeat(n);

describe('countSms, GSM-7', () => {
  it('is one SMS up to 160 characters and two from 161', () => {
    expect(countSms('')).toMatchObject({ encoding: 'GSM-7', characters: 0, segments: 0, remainingInSegment: 160 });
    expect(countSms(a(160))).toMatchObject({ characters: 160, segments: 1, perSegment: 160, remainingInSegment: 0 });
    expect(countSms(a(161))).toMatchObject({ characters: 161, segments: 2, perSegment: 153, remainingInSegment: 145 });
  });

  it('holds 153 per part once split: 306 is two, 307 is three', () => {
    expect(countSms(a(306))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(countSms(a(307))).toMatchObject({ segments: 3, remainingInSegment: 152 });
  });

  it('counts Norwegian letters and the rest of the basic set once', () => {
    const text = 'æøåÆØÅ@£$¥èéùìòÇΔ_ΦΓΛΩΠΨΣΘΞßÉ¤¡¿ÄÖÑÜ§äöñüà\n\r';
    const r = countSms(text);
    expect(r).toMatchObject({ encoding: 'GSM-7', characters: Array.from(text).length, ucs2Culprits: [] });
  });

  it('counts each extension character twice', () => {
    expect(countSms('^{}\\[]~|€').characters).toBe(18);
    expect(countSms(a(158) + '€')).toMatchObject({ characters: 160, segments: 1 });
    expect(countSms(a(159) + '€')).toMatchObject({ characters: 161, segments: 2 });
  });

  it('never splits an escape pair across parts', () => {
    // 152 + '[' would straddle the 153 boundary of part one, so '[' moves whole to part two.
    const r = countSms(a(152) + '[' + a(10));
    expect(r).toMatchObject({ characters: 164, segments: 2, remainingInSegment: 153 - 12 });
    expect(countSms(a(152) + '[' + a(151))).toMatchObject({ characters: 305, segments: 2, remainingInSegment: 0 });
    // 306 septets would fit two parts if a pair could be split; it cannot, so it takes three.
    expect(countSms(a(152) + '[' + a(152))).toMatchObject({ characters: 306, segments: 3, remainingInSegment: 152 });
    expect(countSms(a(151) + '[' + a(153))).toMatchObject({ characters: 306, segments: 2, remainingInSegment: 0 });
  });
});

describe('countSms, UCS-2', () => {
  it('one character outside GSM-7 turns the whole text into UCS-2 and is named', () => {
    const r = countSms('Avtale 08:00–09:00 «ok» ’');
    expect(r.encoding).toBe('UCS-2');
    expect(r.ucs2Culprits).toEqual(['–', '«', '»', '’']);
  });

  it('is one SMS up to 70 units, 67 per part after that', () => {
    expect(countSms('–' + a(69))).toMatchObject({ characters: 70, segments: 1, perSegment: 70, remainingInSegment: 0 });
    expect(countSms('–' + a(70))).toMatchObject({ characters: 71, segments: 2, perSegment: 67, remainingInSegment: 63 });
    expect(countSms('–' + a(133))).toMatchObject({ characters: 134, segments: 2, remainingInSegment: 0 });
    expect(countSms('–' + a(134))).toMatchObject({ characters: 135, segments: 3, remainingInSegment: 66 });
  });

  it('counts an emoji as two UTF-16 units and does not split it', () => {
    expect(countSms('😀')).toMatchObject({ encoding: 'UCS-2', characters: 2, segments: 1, ucs2Culprits: ['😀'] });
    expect(countSms(a(68) + '😀')).toMatchObject({ characters: 70, segments: 1 });
    expect(countSms(a(69) + '😀')).toMatchObject({ characters: 71, segments: 2 });
    // 66 + emoji would straddle 67: the emoji moves to part two.
    expect(countSms(a(66) + '😀' + a(10))).toMatchObject({ characters: 78, segments: 2, remainingInSegment: 67 - 12 });
  });

  it('counts extension characters once in UCS-2', () => {
    expect(countSms('€–').characters).toBe(2);
  });
});
