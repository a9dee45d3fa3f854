import { describe, expect, it } from 'vitest';
import {
  formatCardTime, formatDate, formatDateTime, fromDateInputValue, fromDateTimeInputValue, initials, localDayRange,
  titleCase, toDateInputValue, toDateTimeInputValue,
} from '../../src/domain/format';

describe('date formats (nb-NO, spec 1 §9)', () => {
  const d = new Date(2025, 2, 7, 9, 5);
  it('formats dates as dd.MM.yyyy and card times as HH.mm', () => {
    expect(formatDate(d)).toBe('07.03.2025');
    expect(formatCardTime(d)).toBe('09.05');
    expect(formatDateTime(d)).toBe('07.03.2025 09:05');
  });
  it('gives empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatCardTime(undefined)).toBe('');
  });
  it('round-trips picker values in local time', () => {
    expect(toDateTimeInputValue(d)).toBe('2025-03-07T09:05');
    expect(fromDateTimeInputValue('2025-03-07T09:05')?.getTime()).toBe(d.getTime());
    expect(fromDateTimeInputValue('')).toBeNull();
    expect(toDateInputValue(d)).toBe('2025-03-07');
    expect(fromDateInputValue('2025-03-07')?.getTime()).toBe(new Date(2025, 2, 7).getTime());
    expect(fromDateInputValue('2025-02-30')).toBeNull();
  });
  it('gives a local day as [start, next start)', () => {
    const { start, end } = localDayRange(d);
    expect(start.getTime()).toBe(new Date(2025, 2, 7).getTime());
    expect(end.getTime()).toBe(new Date(2025, 2, 8).getTime());
  });
});

describe('owner names and initials', () => {
  it.each([
    ['OLA NORDMANN', 'Ola Nordmann'],
    ['åse ØSTBY-ÆRØ', 'Åse Østby-Ærø'],
    ['  kari   hansen ', 'Kari Hansen'],
    ["o'neil", "O'Neil"],
  ])('title-cases %j', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
  it('takes first and last initials', () => {
    expect(initials('Ola Martin Nordmann')).toBe('ON');
    expect(initials('ola')).toBe('O');
    expect(initials('')).toBe('');
  });
});
