/**
 * Keyboard movement in a grid of days, as the WAI-ARIA date picker grid does it: the grid is one tab
 * stop, and the arrow keys, Home/End (week) and PageUp/PageDown (month) move the focused day.
 */
import { addDays, isoWeekday, parseDay } from '../../domain/time/oslo';

export interface DayBounds {
  /** YYYY-MM-DD, inclusive. */
  min: string;
  max: string;
}

/** The same day `by` months away, on the month's last day when it has fewer days. */
export function addMonths(day: string, by: number): string {
  const d = parseDay(day)!;
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), last));
  return first.toISOString().slice(0, 10);
}

/** The day a key moves the focus to, kept within the bounds; null for a key that does not move it. */
export function gridKeyDay(day: string, key: string, bounds: DayBounds): string | null {
  let next: string;
  switch (key) {
    case 'ArrowLeft': next = addDays(day, -1); break;
    case 'ArrowRight': next = addDays(day, 1); break;
    case 'ArrowUp': next = addDays(day, -7); break;
    case 'ArrowDown': next = addDays(day, 7); break;
    case 'Home': next = addDays(day, 1 - isoWeekday(day)); break;
    case 'End': next = addDays(day, 7 - isoWeekday(day)); break;
    case 'PageUp': next = addMonths(day, -1); break;
    case 'PageDown': next = addMonths(day, 1); break;
    default: return null;
  }
  if (next < bounds.min) return bounds.min;
  if (next > bounds.max) return bounds.max;
  return next;
}
