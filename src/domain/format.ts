/**
 * Date, time and name formatting for the screens (spec 1 §9: nb-NO dates, dd.MM.yyyy HH:mm, times
 * on job cards as HH.mm). Built by hand rather than with Intl so the output does not depend on the
 * ICU data of the browser (nb-NO time separators differ between ICU versions). Local time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd.MM.yyyy, or '' when there is no date. */
export function formatDate(value: Date | string | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}` : '';
}

/** HH.mm (job cards), or '' when there is no date. */
export function formatCardTime(value: Date | string | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}.${pad(d.getMinutes())}` : '';
}

/** HH:mm, or '' when there is no date. */
export function formatTime(value: Date | string | null | undefined): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** dd.MM.yyyy HH:mm, or '' when there is no date. */
export function formatDateTime(value: Date | string | null | undefined): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${formatTime(d)}` : '';
}

/** Value for an <input type="datetime-local"> (yyyy-MM-ddTHH:mm, local time). */
export function toDateTimeInputValue(value: Date | string | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Parses a datetime-local value (local time); null for empty or invalid input. */
export function fromDateTimeInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Value for an <input type="date"> (yyyy-MM-dd, local time). */
export function toDateInputValue(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** Parses a date input value as local midnight; null for empty or invalid input. */
export function fromDateInputValue(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getDate() === Number(m[3]) ? d : null;
}

/** The local day containing `day`: [start, next day's start). */
export function localDayRange(day: Date): { start: Date; end: Date } {
  const start = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  const end = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
  return { start, end };
}

/** ISO string sent to the API (UTC), or null. Spec 1 §5: dates are sent UTC-shifted. */
export function toApiDate(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** "OLA NORDMANN-BERG" → "Ola Nordmann-Berg" (owner names in the sub-property list, spec 1 §5). */
export function titleCase(value: string): string {
  return value
    .trim()
    .toLocaleLowerCase('nb')
    .replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toLocaleUpperCase('nb'))
    .replace(/\s+/g, ' ');
}

/** Two-letter initials from a name ("Ola Nordmann" → "ON"); '' for an empty name. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const first = parts[0][0];
  const last = parts.length > 1 ? parts[parts.length - 1][0] : '';
  return (first + last).toLocaleUpperCase('nb');
}
