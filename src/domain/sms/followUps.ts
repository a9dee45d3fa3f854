/**
 * When a notice is followed up (spec 2 §4, spec 3 SMS reminder settings): the reminders an owner who
 * has not answered gets, the deadline after which the item is NoReply, and the confirmation sent 24
 * hours before an agreed time. The company's settings say whether reminders are sent (SendReminder),
 * how many (NumberOfReminders, 0–9) and how far apart (ReminderFrequency, one of the offered intervals
 * 15–90 minutes), and whether the confirmation is sent (SendConfirmationBefore).
 *
 * - Reminders go `frequency` apart after the notice, never later than an hour before the appointment.
 * - The reply deadline is one interval after the last reminder; without reminders a day after the
 *   notice. It is never later than an hour before the appointment, nor earlier than 15 minutes after
 *   the notice (an owner always has a moment to answer).
 * - The confirmation goes 24 hours before the agreed start; none when that moment has passed.
 */
import { reminderValueToMinutes, SettingType } from '../settings/company';

export interface FollowUpSettings {
  sendReminder: boolean;
  /** Minutes between reminders (0: none). */
  reminderMinutes: number;
  /** How many reminders (0–9). */
  reminders: number;
  sendConfirmation: boolean;
}

const MINUTE = 60_000;
export const NO_REMINDER_REPLY_WINDOW_MINUTES = 24 * 60;
export const LAST_CALL_BEFORE_START_MINUTES = 60;
export const MIN_REPLY_WINDOW_MINUTES = 15;
export const CONFIRMATION_BEFORE_MINUTES = 24 * 60;

/** The follow-up settings from the company's setting values by type id (absent or malformed: off). */
export function followUpSettings(values: ReadonlyMap<number, string>): FollowUpSettings {
  const count = Number(values.get(SettingType.NumberOfReminders) ?? '0');
  return {
    sendReminder: values.get(SettingType.SendReminder) === 'true',
    reminderMinutes: reminderValueToMinutes(values.get(SettingType.ReminderFrequency)),
    reminders: Number.isInteger(count) && count >= 0 && count <= 9 ? count : 0,
    sendConfirmation: values.get(SettingType.SendConfirmationBefore) === 'true',
  };
}

export interface NoticeFollowUps {
  /** When each reminder goes, in order. */
  reminders: Date[];
  /** When an unanswered notice makes the item NoReply. */
  replyDeadline: Date;
}

/** The reminders and reply deadline of a notice delivered at `noticeAt` for an appointment at `start`. */
export function noticeFollowUps(noticeAt: Date, start: Date | null, s: FollowUpSettings): NoticeFollowUps {
  const lastCall = start ? start.getTime() - LAST_CALL_BEFORE_START_MINUTES * MINUTE : Number.POSITIVE_INFINITY;
  const every = s.sendReminder ? s.reminderMinutes : 0;
  const reminders: Date[] = [];
  if (every > 0) {
    for (let k = 1; k <= s.reminders; k++) {
      const at = noticeAt.getTime() + k * every * MINUTE;
      if (at >= lastCall) break;
      reminders.push(new Date(at));
    }
  }
  const open = every > 0 && s.reminders > 0
    ? (reminders.length ? reminders[reminders.length - 1].getTime() : noticeAt.getTime()) + every * MINUTE
    : noticeAt.getTime() + NO_REMINDER_REPLY_WINDOW_MINUTES * MINUTE;
  const earliest = noticeAt.getTime() + MIN_REPLY_WINDOW_MINUTES * MINUTE;
  return { reminders, replyDeadline: new Date(Math.max(earliest, Math.min(open, lastCall))) };
}

/** When the confirmation of an agreed time goes, or null (not asked for, no time, or the moment has passed). */
export function confirmationAt(start: Date | null, now: Date, s: FollowUpSettings): Date | null {
  if (!s.sendConfirmation || !start) return null;
  const at = start.getTime() - CONFIRMATION_BEFORE_MINUTES * MINUTE;
  return at > now.getTime() ? new Date(at) : null;
}

/**
 * A notice or reminder to an owner who has several open notices names the item's reply code, so the
 * answer finds its item (src/domain/sms/reply.ts reads "JA 4821").
 */
export function withReplyCode(text: string, code: string): string {
  return `${text} Svar JA ${code} eller NEI ${code}.`;
}
