/**
 * The cancellation SMS's rules (src/domain/sms/cancellation.ts; spec 2 §5, §9): the window one hour
 * either side of the card, widened 15 minutes a side per extension up to 4, inside 06:00–18:00; the
 * merge values; the window replaced in an edited text; the empty and too long texts.
 */
import { describe, expect, it } from 'vitest';
import {
  cancellationMergeValues, cancellationWindow, cancelSmsProblem, replaceWindow, windowText,
} from '../../src/domain/sms/cancellation';
import { renderTemplate } from '../../src/domain/settings/company';
import { osloInstant } from '../../src/domain/time/oslo';

// A summer day (UTC+2) and a winter day (UTC+1): the window is Oslo wall time on both.
const card = (date: string, from: string, to: string) => {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return [osloInstant(date, m(from)), osloInstant(date, m(to))] as const;
};

describe('the cancellation window', () => {
  it('is one hour before the start to one hour after the end, widened 15 minutes a side per extension', () => {
    const [s, e] = card('2027-06-15', '10:00', '10:45');
    expect([0, 1, 2, 3, 4].map((n) => windowText(cancellationWindow(s, e, n)))).toEqual([
      '09:00-11:45', '08:45-12:00', '08:30-12:15', '08:15-12:30', '08:00-12:45',
    ]);
    const [ws, we] = card('2027-01-12', '13:15', '14:00');
    expect(windowText(cancellationWindow(ws, we, 0))).toBe('12:15-15:00');
    expect(cancellationWindow(ws, we, 0).date).toBe('2027-01-12');
  });

  it('is widened at most 4 times, and never less than not at all', () => {
    const [s, e] = card('2027-06-15', '10:00', '10:45');
    expect(windowText(cancellationWindow(s, e, 9))).toBe('08:00-12:45');
    expect(windowText(cancellationWindow(s, e, -3))).toBe('09:00-11:45');
  });

  it('stays inside the schedule day, 06:00 to 18:00', () => {
    const [s, e] = card('2027-06-15', '06:30', '07:00');
    expect(windowText(cancellationWindow(s, e, 2))).toBe('06:00-08:30');
    const [ls, le] = card('2027-06-15', '17:00', '17:30');
    expect(windowText(cancellationWindow(ls, le, 4))).toBe('15:00-18:00');
  });

  it('gives the card\'s day, window and address as merge values, which the template takes', () => {
    const [s, e] = card('2027-03-02', '08:00', '08:30');
    const values = cancellationMergeValues(s, e, 'Storgata 1, 0155 Oslo', 1);
    expect(values).toEqual({ Date: '02.03.2027', TimeRange: '06:45-09:45', MeterAddress: 'Storgata 1, 0155 Oslo' });
    expect(renderTemplate('Avlyst #Date# kl. #TimeRange# i #MeterAddress#', values)).toBe('Avlyst 02.03.2027 kl. 06:45-09:45 i Storgata 1, 0155 Oslo');
    expect(cancellationMergeValues(null, null, 'X', 0)).toEqual({ Date: '', TimeRange: '', MeterAddress: 'X' });
  });
});

describe('the window in an edited text', () => {
  it('is replaced where it stands, the admin\'s edits kept', () => {
    expect(replaceWindow('Beklager! Avtalen 09:00-11:45 er avlyst, ring oss.', '09:00-11:45', '08:45-12:00'))
      .toBe('Beklager! Avtalen 08:45-12:00 er avlyst, ring oss.');
    expect(replaceWindow('Avlyst i dag.', '09:00-11:45', '08:45-12:00')).toBe('Avlyst i dag.');
    expect(replaceWindow('Avlyst.', '', '08:45-12:00')).toBe('Avlyst.');
  });
});

describe('the text to send', () => {
  it('may not be empty or blank, nor cost more than 6 SMS', () => {
    expect(cancelSmsProblem('')).toBe('Empty');
    expect(cancelSmsProblem(' \n\t')).toBe('Empty');
    expect(cancelSmsProblem('Avlyst.')).toBeNull();
    expect(cancelSmsProblem('a'.repeat(918))).toBeNull(); // 6 × 153 septets
    expect(cancelSmsProblem('a'.repeat(919))).toBe('TooLong');
    expect(cancelSmsProblem('–'.repeat(402))).toBeNull(); // 6 × 67 in UCS-2
    expect(cancelSmsProblem('–'.repeat(403))).toBe('TooLong');
  });
});
