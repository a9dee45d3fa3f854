/**
 * The cancellation SMS (spec 2 §2.2 "cancellation with SMS text", §5, §9): its merge values and the
 * rules of its text, once for the calendar's dialog and the server's cancel.
 * - The time range a cancellation names is a window around the card, not the card's own time: one
 *   hour before its start to one hour after its end by default, widened by 15 minutes on each side per
 *   extension, up to 4 (§9). Ours: the window stays inside the schedule day (06:00–18:00, §9), since
 *   the plumber never comes outside it; an extension past that edge widens only the other side.
 * - The text is required when an SMS is sent (§5: confirm is disabled when it is empty), and bounded:
 *   at most CANCEL_SMS_MAX_SEGMENTS SMS as segments.ts countSms counts them (the operator's count, the
 *   one the server charges and the dialog's counter shows). The spec reads the counter in 159-character
 *   segments and the templates in 160 per SMS (spec 2 §5, §9; spec 3 §2); we count as the operator
 *   bills (GSM-7 160, 153 per part; UCS-2 70, 67), so the counter, the bound and the cost agree.
 */
import { minutesOf } from '../scheduling/hours';
import { SCHEDULE_DAY_END, SCHEDULE_DAY_START } from '../scheduling/enums';
import { osloDayMinute } from '../time/oslo';
import { countSms } from './segments';

export const CANCEL_WINDOW_OFFSET_MINUTES = 60;
export const CANCEL_WINDOW_STEP_MINUTES = 15;
export const CANCEL_WINDOW_MAX_EXTENSIONS = 4;
/** The most SMS one cancellation message may cost. */
export const CANCEL_SMS_MAX_SEGMENTS = 6;
/** The longest text the cancel request takes before it is rendered (six UCS-2 parts are far shorter). */
export const CANCEL_SMS_MAX_LENGTH = 1000;

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

export interface CancelWindow {
  /** The card's Oslo day, yyyy-mm-dd. */
  date: string;
  /** Minutes after the day's midnight. */
  from: number;
  to: number;
}

/** The window a cancellation names for a card from `start` to `end`, `extensions` (0–4) times widened. */
export function cancellationWindow(start: Date | string, end: Date | string, extensions: number): CancelWindow {
  const steps = Math.max(0, Math.min(CANCEL_WINDOW_MAX_EXTENSIONS, Math.trunc(extensions)));
  const offset = CANCEL_WINDOW_OFFSET_MINUTES + CANCEL_WINDOW_STEP_MINUTES * steps;
  const from = osloDayMinute(new Date(start));
  const to = osloDayMinute(new Date(end));
  // An item ending at midnight ends on the next day: its minute is the day's last.
  const endMinute = to.date === from.date ? to.minute : 24 * 60;
  return {
    date: from.date,
    from: Math.max(minutesOf(SCHEDULE_DAY_START), from.minute - offset),
    to: Math.min(minutesOf(SCHEDULE_DAY_END), endMinute + offset),
  };
}

/** The window as the message says it: HH:MM-HH:MM (a plain hyphen: an en dash would make it UCS-2). */
export const windowText = (w: CancelWindow): string => `${clock(w.from)}-${clock(w.to)}`;

/** A cancellation's merge values of the item: its day (dd.mm.yyyy), the window and its address. */
export function cancellationMergeValues(
  start: Date | string | null, end: Date | string | null, address: string, extensions: number,
): { Date: string; TimeRange: string; MeterAddress: string } {
  if (!start || !end) return { Date: '', TimeRange: '', MeterAddress: address };
  const w = cancellationWindow(start, end, extensions);
  const [y, m, d] = w.date.split('-');
  return { Date: `${d}.${m}.${y}`, TimeRange: windowText(w), MeterAddress: address };
}

/**
 * The text with the window it names replaced by another: the dialog widens the window in a text the
 * admin may already have edited, so only the window changes. Where the admin removed it, nothing does.
 */
export function replaceWindow(text: string, before: string, after: string): string {
  return before ? text.split(before).join(after) : text;
}

export type CancelSmsProblem = 'Empty' | 'TooLong';

/** What is wrong with a cancellation text to be sent, or null. */
export function cancelSmsProblem(text: string): CancelSmsProblem | null {
  if (!text.trim()) return 'Empty';
  if (text.length > CANCEL_SMS_MAX_LENGTH || countSms(text).segments > CANCEL_SMS_MAX_SEGMENTS) return 'TooLong';
  return null;
}
