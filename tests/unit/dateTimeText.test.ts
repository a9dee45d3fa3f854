/**
 * What our date and time fields read (src/domain/calendar/dateTimeText.ts, issue 12): the spec's dd.MM.yyyy and
 * 24-hour HH:mm whatever the browser's language; a half-typed text is 'partial' (never committed or
 * refused), a complete one a value or an error; the quarter steps where the spec names them.
 */
import { describe, expect, it } from 'vitest';
import {
  cleanDateText, cleanTimeText, formatDateText, readDateText, readTimeText, shiftDate, shiftTime,
} from '../../src/domain/calendar/dateTimeText';
import { addMonths, gridKeyDay } from '../../src/ui/form/dateGrid';

/** Every prefix of a text as typed key by key, read while typing. */
const asTyped = (text: string, read: (t: string) => { kind: string }) =>
  [...text].map((_, i) => read(text.slice(0, i + 1)).kind);

describe('time text', () => {
  it('reads "1600", "16:00", "16.00" and "7:30" as soon as they are complete', () => {
    expect(readTimeText('1600', false)).toEqual({ kind: 'value', value: '16:00' });
    expect(readTimeText('16:00', false)).toEqual({ kind: 'value', value: '16:00' });
    expect(readTimeText(cleanTimeText('16.00'), false)).toEqual({ kind: 'value', value: '16:00' });
    expect(readTimeText('7:30', false)).toEqual({ kind: 'value', value: '07:30' });
    expect(readTimeText('0000', false)).toEqual({ kind: 'value', value: '00:00' });
  });

  it('never commits or refuses a half-typed time: each keystroke of "1600" and "12:30" is partial until the last', () => {
    expect(asTyped('1600', (t) => readTimeText(t, false))).toEqual(['partial', 'partial', 'partial', 'value']);
    expect(asTyped('12:30', (t) => readTimeText(t, false))).toEqual(['partial', 'partial', 'partial', 'partial', 'value']);
    expect(asTyped('13:00', (t) => readTimeText(t, false)).slice(0, -1).every((k) => k === 'partial')).toBe(true);
  });

  it('on leaving the field also reads whole hours ("16", "7", "16:") and H+mm ("730")', () => {
    expect(readTimeText('16', true)).toEqual({ kind: 'value', value: '16:00' });
    expect(readTimeText('7', true)).toEqual({ kind: 'value', value: '07:00' });
    expect(readTimeText('16:', true)).toEqual({ kind: 'value', value: '16:00' });
    expect(readTimeText('730', true)).toEqual({ kind: 'value', value: '07:30' });
  });

  it('refuses what is no 24-hour time once complete; "7:5" is ambiguous and refused', () => {
    for (const text of ['2400', '24:00', '7:60', '9960', '1:2:3']) expect(readTimeText(text, false), text).toMatchObject({ kind: 'invalid', problem: 'format' });
    for (const text of ['7:5', '12345', '::']) expect(readTimeText(text, true), text).toMatchObject({ kind: 'invalid', problem: 'format' });
    expect(readTimeText('', true)).toEqual({ kind: 'empty' });
  });

  it('drops what a 12-hour habit adds ("11:00 AM" is 11:00, never 23:00)', () => {
    expect(cleanTimeText('11:00 AM')).toBe('11:00');
    expect(readTimeText(cleanTimeText('11:00 PM'), true)).toEqual({ kind: 'value', value: '11:00' });
    expect(cleanTimeText('7 .30')).toBe('7:30');
  });

  it('rounds to the step where the spec names one (quarters) and checks bounds', () => {
    expect(readTimeText('1007', true, { step: 15 })).toEqual({ kind: 'value', value: '10:00' });
    expect(readTimeText('1008', true, { step: 15 })).toEqual({ kind: 'value', value: '10:15' });
    expect(readTimeText('2359', true, { step: 15 })).toEqual({ kind: 'value', value: '23:45' });
    expect(readTimeText('1007', true)).toEqual({ kind: 'value', value: '10:07' });
    expect(readTimeText('0545', true, { min: '06:00', max: '18:00' })).toEqual({ kind: 'invalid', problem: 'range' });
    expect(readTimeText('1800', true, { min: '06:00', max: '18:00' })).toEqual({ kind: 'value', value: '18:00' });
  });

  it('arrow keys move by the given minutes within the day and the bounds', () => {
    expect(shiftTime('07:00', 15)).toBe('07:15');
    expect(shiftTime('23:50', 15)).toBe('23:59');
    expect(shiftTime('00:05', -15)).toBe('00:00');
    expect(shiftTime(null, 15, { min: '06:00' })).toBe('06:15');
    expect(shiftTime('17:50', 15, { max: '18:00' })).toBe('18:00');
  });
});

describe('date text', () => {
  it('reads dd.MM.yyyy, d.M.yyyy and ddMMyyyy into YYYY-MM-DD', () => {
    expect(readDateText('24.11.2026', false)).toEqual({ kind: 'value', value: '2026-11-24' });
    expect(readDateText('1.2.2027', false)).toEqual({ kind: 'value', value: '2027-02-01' });
    expect(readDateText('29022028', false)).toEqual({ kind: 'value', value: '2028-02-29' });
    expect(formatDateText('2026-10-01')).toBe('01.10.2026');
  });

  it('reads any separator day first, as the hint says: "10/01/2026" is 10 January', () => {
    expect(readDateText(cleanDateText('10/01/2026'), false)).toEqual({ kind: 'value', value: '2026-01-10' });
    expect(readDateText(cleanDateText('10-01-2026'), false)).toEqual({ kind: 'value', value: '2026-01-10' });
  });

  it('never commits a half-typed date: a two-digit year is the start of a four-digit one', () => {
    expect(asTyped('24.11.2026', (t) => readDateText(t, false)).slice(0, -1).every((k) => k === 'partial')).toBe(true);
    expect(asTyped('24112026', (t) => readDateText(t, false)).slice(0, -1).every((k) => k === 'partial')).toBe(true);
    expect(readDateText('24.11.26', true)).toMatchObject({ kind: 'invalid', problem: 'format' });
  });

  it('refuses what is no date, and dates outside the bounds', () => {
    for (const text of ['30.02.2027', '32.01.2027', '00.01.2027', '2026.11.24']) expect(readDateText(text, true), text).toMatchObject({ kind: 'invalid', problem: 'format' });
    expect(readDateText('24.11', true)).toMatchObject({ kind: 'invalid' });
    expect(readDateText('01.01.2026', true, { min: '2026-06-01' })).toEqual({ kind: 'invalid', problem: 'range' });
    expect(readDateText('01.01.2028', true, { max: '2027-12-31' })).toEqual({ kind: 'invalid', problem: 'range' });
  });

  it('arrow keys move a day within the bounds', () => {
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-06-01', -1, { min: '2026-06-01' })).toBe('2026-06-01');
  });
});

describe('date grid keys (WAI-ARIA date picker grid)', () => {
  const year = { min: '2027-01-01', max: '2027-12-31' };
  it('arrows move a day or a week, across months', () => {
    expect(gridKeyDay('2027-01-31', 'ArrowRight', year)).toBe('2027-02-01');
    expect(gridKeyDay('2027-03-01', 'ArrowLeft', year)).toBe('2027-02-28');
    expect(gridKeyDay('2027-06-28', 'ArrowDown', year)).toBe('2027-07-05');
    expect(gridKeyDay('2027-06-03', 'ArrowUp', year)).toBe('2027-05-27');
  });
  it('Home/End go to the week\'s Monday/Sunday, PageUp/PageDown a month', () => {
    expect(gridKeyDay('2027-06-10', 'Home', year)).toBe('2027-06-07');
    expect(gridKeyDay('2027-06-10', 'End', year)).toBe('2027-06-13');
    expect(gridKeyDay('2027-03-31', 'PageUp', year)).toBe('2027-02-28');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });
  it('stays within the year and ignores other keys', () => {
    expect(gridKeyDay('2027-12-31', 'ArrowRight', year)).toBe('2027-12-31');
    expect(gridKeyDay('2027-01-03', 'ArrowUp', year)).toBe('2027-01-01');
    expect(gridKeyDay('2027-01-03', 'a', year)).toBeNull();
  });
});
