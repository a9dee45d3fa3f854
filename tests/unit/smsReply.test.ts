/** The owner's reply read as yes, no or not understood (src/domain/sms/reply.ts), with its reply code. */
import { describe, expect, it } from 'vitest';
import { readReply, replyCodeOf } from '../../src/domain/sms/reply';

const answer = (text: string) => readReply(text).answer;

describe('readReply', () => {
  it.each([
    'JA', 'ja', 'Ja', ' ja ', 'Ja.', 'JA!', 'ja!!', 'Ja takk', 'ja takk!', 'JA TAKK', 'Jatakk', 'ja, takk', 'Ja 👍', 'ja det passer fint',
    'Ja, det passer bra. Mvh Kari Nordmann', 'jepp', 'Jada', 'OK', 'ok takk', 'Yes', 'yes please', 'Ja ja', 'Ja, tusen takk for beskjed',
    'ja\nmvh\nOla', 'ＪＡ', 'Bekreftet',
  ])('%j is a yes', (text) => expect(answer(text)).toBe('yes'));

  it.each([
    'NEI', 'nei', 'Nei.', 'nei takk', 'Neitakk', 'Nei, det passer dessverre ikke', 'NEI!', 'no', 'Nei beklager', 'nei, nei',
    'Nei. Hilsen Per', 'Avbestill',
  ])('%j is a no', (text) => expect(answer(text)).toBe('no'));

  it.each([
    '', '   ', '👍', '?', 'Hei', 'Kan dere komme etter 12?', 'Ja, men kan dere komme senere?', 'ja hvis dere kommer før 10',
    'Ja nei', 'nei ja', 'jaa kanskje', 'Hvem er dette?', 'Stopp', 'Ja, men ikke før 12', 'ja kanskje', 'Jeg er bortreist',
    'Ring meg', 'nei, kan dere flytte til fredag', 'JA 1234 5678',
  ])('%j is not understood', (text) => expect(answer(text)).toBe('unknown'));

  it('takes the reply code the owner wrote back, wherever it stands', () => {
    expect(readReply('JA 4821')).toEqual({ answer: 'yes', code: '4821' });
    expect(readReply('4821 nei takk')).toEqual({ answer: 'no', code: '4821' });
    expect(readReply('Ja takk')).toEqual({ answer: 'yes', code: null });
    // Two numbers: no code can be trusted, and the reply is not understood.
    expect(readReply('ja 4821 4822')).toEqual({ answer: 'unknown', code: null });
  });

  it('leaves a long reply to a person: more than 30 words is not understood, however it starts', () => {
    expect(answer(`ja ${'takk '.repeat(29)}`)).toBe('yes');
    expect(answer(`ja ${'takk '.repeat(30)}`)).toBe('unknown');
    expect(answer(`ja ${'takk '.repeat(100_000)}`)).toBe('unknown');
  });
});

describe('replyCodeOf', () => {
  it('is four digits, the same for an item every time, and differs between neighbouring items', () => {
    const codes = Array.from({ length: 1000 }, (_, i) => replyCodeOf(i + 1));
    for (const c of codes) expect(c).toMatch(/^[1-9]\d{3}$/);
    expect(replyCodeOf(42)).toBe(replyCodeOf(42));
    for (let i = 1; i < codes.length; i++) expect(codes[i]).not.toBe(codes[i - 1]);
    // Spread over the range: few collisions among one owner's handful of notices.
    expect(new Set(codes).size).toBeGreaterThan(850);
  });
});
