/**
 * The SMS outbox's entrance: a message recorded as queued with its delivery job, both in the caller's
 * unit of work (services/sms.ts says what happens to it after the commit).
 */
import { normalizeSmsText } from '../../src/domain/sms/normalize';
import { countSms } from '../../src/domain/sms/segments';
import type { SmsKind } from '../db/schema';
import type { Work } from '../db/tx';
import { insertQueuedSms, type SmsRow } from '../repositories/sms';

/** The queue of hand-overs (workers/sms.ts works it): one job per message, its id the message's. */
export const SMS_DELIVER_QUEUE = 'sms-deliver';
/** The queue of delivery reports asked again later (a provider that has not reported yet). */
export const SMS_REPORT_QUEUE = 'sms-report';
/**
 * How long after a pending report the gateway is asked again when it gives no hint of its own (a
 * pending report's retryAfterMs, services/sms.ts reportAgainSeconds: never longer), and how many times.
 */
export const SMS_REPORT_AGAIN_SECONDS = 60;
export const SMS_REPORT_TRIES = 60;

export interface OutgoingSms {
  companyId: string;
  /** E.164, "+4791234567". */
  to: string;
  text: string;
  /** What the recipient sees as the sender: the company's SMS sender name, else its name. */
  sender: string;
  /** The user who had it sent. */
  createdBy: string;
  /** Why it is sent: 'test' is an admin's test of a template, 'notice' a schedule item's notice. */
  kind: SmsKind;
  /** The schedule item it is about (its SMS log). */
  scheduleItemId?: number;
}

/**
 * Records `msg` as queued and sends its delivery job, both in the work's transaction. The text is
 * written plain first (src/domain/sms/normalize.ts): what is counted is what every gateway sends.
 */
export async function queueSms(w: Work, msg: OutgoingSms): Promise<SmsRow> {
  const text = normalizeSmsText(msg.text);
  const count = countSms(text);
  const row = await insertQueuedSms(w.tx, {
    companyId: msg.companyId, toNumber: msg.to, sender: msg.sender, text,
    encoding: count.encoding, segments: count.segments, characters: count.characters, kind: msg.kind, createdBy: msg.createdBy,
    scheduleItemId: msg.scheduleItemId ?? null,
  });
  await w.queue.send(SMS_DELIVER_QUEUE, { messageId: row.id }, { id: row.id });
  w.changes.note(row.companyId, 'messages');
  return row;
}

