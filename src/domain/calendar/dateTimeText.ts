/**
 * What a person types into our date and time fields, read as the spec's formats (spec 1 §9, spec 3 §9:
 * dd.MM.yyyy and 24-hour HH:mm) whatever the browser's language. A field reads its text on every
 * keystroke but only a complete text is checked: a half-typed one ("16", "24.11.20") is 'partial' and
 * never committed or refused.
 *
 * Times: "16:00", "7:30", "16.00" (a Norwegian habit) and four digits "1600" are complete as soon as
 * typed. When the field is left (blur, Enter) also "16" and "7" (whole hours) and "730" (H + mm) are
 * read. "7:5" is refused: one minute digit could mean 07:05 or 07:50. Hours 00–23, minutes 00–59.
 *
 * Dates: "24.11.2026", "1.2.2027" and eight digits "24112026" are complete; the year always has four
 * digits (a two-digit year is also the start of a four-digit one). Other separators ("/", "-", ",",
 * " ") are read as "." — the format hint says day first, so "10/01/2026" is 10 January.
 */
import { addDays, parseDay } from '../time/oslo';

export type TextProblem = 'format' | 'range';

/** The reading of a field's text. */
export type TextRead<T> =
  | { kind: 'empty' }
  /** May still become a value: neither committed nor refused. */
  | { kind: 'partial' }
  | { kind: 'invalid'; problem: TextProblem }
  | { kind: 'value'; value: T };

export interface TimeBounds {
  /** Minutes: a typed time is rounded to the nearest multiple (spec 2 §5: "rounded to the nearest quarter"). */
  step?: number;
  /** HH:mm, inclusive. */
  min?: string;
  max?: string;
}

export interface DateBounds {
  /** YYYY-MM-DD, inclusive. */
  min?: string;
  max?: string;
}

export const TIME_TEXT_MAX_LENGTH = 5;
export const DATE_TEXT_MAX_LENGTH = 10;

const pad = (n: number) => String(n).padStart(2, '0');

/** What a time field keeps of a keystroke: digits and ':' ('.' and ',' become ':'); letters such as "AM" are dropped. */
export function cleanTimeText(raw: string): string {
  return raw.replace(/[.,]/g, ':').replace(/[^\d:]/g, '').slice(0, TIME_TEXT_MAX_LENGTH);
}

/** What a date field keeps of a keystroke: digits and '.' ('/', '-', ',' and spaces become '.'). */
export function cleanDateText(raw: string): string {
  return raw.replace(/[/\-, ]/g, '.').replace(/[^\d.]/g, '').slice(0, DATE_TEXT_MAX_LENGTH);
}

export const timeToMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const minutesToTime = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function timeValue(hours: number, minutes: number, bounds: TimeBounds): TextRead<string> {
  if (hours > 23 || minutes > 59) return { kind: 'invalid', problem: 'format' };
  let total = hours * 60 + minutes;
  if (bounds.step) total = Math.min(Math.round(total / bounds.step) * bounds.step, 24 * 60 - bounds.step);
  const value = minutesToTime(total);
  if ((bounds.min && value < bounds.min) || (bounds.max && value > bounds.max)) return { kind: 'invalid', problem: 'range' };
  return { kind: 'value', value };
}

/**
 * Reads a time field's (cleaned) text. `final`: the person has left the field or pressed Enter, so
 * the short forms count and anything not a time is refused.
 */
export function readTimeText(text: string, final: boolean, bounds: TimeBounds = {}): TextRead<string> {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  let m = /^(\d{1,2}):(\d{2})$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (m) return timeValue(Number(m[1]), Number(m[2]), bounds);
  if (final) {
    m = /^(\d{1,2}):?$/.exec(t);
    if (m) return timeValue(Number(m[1]), 0, bounds);
    m = /^(\d)(\d{2})$/.exec(t);
    if (m) return timeValue(Number(m[1]), Number(m[2]), bounds);
    return { kind: 'invalid', problem: 'format' };
  }
  if (/^\d{1,3}$/.test(t) || /^\d{1,2}:\d?$/.test(t)) return { kind: 'partial' };
  return { kind: 'invalid', problem: 'format' };
}

/** Reads a date field's (cleaned) text into YYYY-MM-DD; see readTimeText for `final`. */
export function readDateText(text: string, final: boolean, bounds: DateBounds = {}): TextRead<string> {
  const t = text.trim();
  if (t === '') return { kind: 'empty' };
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  if (m) {
    const value = `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
    if (!parseDay(value)) return { kind: 'invalid', problem: 'format' };
    if ((bounds.min && value < bounds.min) || (bounds.max && value > bounds.max)) return { kind: 'invalid', problem: 'range' };
    return { kind: 'value', value };
  }
  if (!final && (/^\d{1,7}$/.test(t) || /^\d{1,2}\.(\d{1,2}(\.\d{0,3})?)?$/.test(t))) return { kind: 'partial' };
  return { kind: 'invalid', problem: 'format' };
}

/** YYYY-MM-DD → dd.MM.yyyy ('' for none). */
export const formatDateText = (date: string | null | undefined): string =>
  (date ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : '');

/** A local Date's day as YYYY-MM-DD. */
export const localDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local midnight of a YYYY-MM-DD. */
export function localMidnight(date: string): Date {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** The time `by` minutes away (arrow keys), kept within the day and the bounds. */
export function shiftTime(value: string | null, by: number, bounds: TimeBounds = {}): string {
  const from = value ?? bounds.min ?? '08:00';
  let total = Math.max(0, Math.min(24 * 60 - 1, timeToMinutes(from) + by));
  if (bounds.min) total = Math.max(total, timeToMinutes(bounds.min));
  if (bounds.max) total = Math.min(total, timeToMinutes(bounds.max));
  return minutesToTime(total);
}

/** The day `by` days away (arrow keys), kept within the bounds. */
export function shiftDate(value: string, by: number, bounds: DateBounds = {}): string {
  const next = addDays(value, by);
  if (bounds.min && next < bounds.min) return bounds.min;
  if (bounds.max && next > bounds.max) return bounds.max;
  return next;
}
