/**
 * A schedule item's own merge values in its notice (spec 3 templates, spec 2 §4 Send notice): its day
 * as dd.mm.yyyy, its time range as HH:MM-HH:MM, both in Oslo time, and its address. The server renders
 * the notices with it and the calendar's send dialog previews them with it, so both read alike.
 */
import { osloDayMinute } from '../time/oslo';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

export function noticeMergeValues(start: Date | string | null, end: Date | string | null, address: string): { Date: string; TimeRange: string; MeterAddress: string } {
  if (!start || !end) return { Date: '', TimeRange: '', MeterAddress: address };
  const from = osloDayMinute(new Date(start));
  const to = osloDayMinute(new Date(end));
  const [y, m, d] = from.date.split('-');
  return { Date: `${d}.${m}.${y}`, TimeRange: `${clock(from.minute)}-${clock(to.minute)}`, MeterAddress: address };
}
