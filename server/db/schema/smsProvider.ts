/** What the Twilio adapter keeps of its own (server/sms/twilio.ts). Part of the database schema (index.ts). */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './org';

/**
 * One row per message handed to Twilio, by our reference (the message's id): Twilio has no
 * idempotency key, so this is how a message handed over again is not sent twice. The row is claimed
 * before the POST (`claimedAt`), `sid` written as soon as Twilio answers with one; `endedAt` says the
 * last attempt ended without an answer (a timeout, a dropped connection, a 5xx: Twilio may or may not
 * have taken the message), so the next attempt looks for it at Twilio before posting again.
 */
export const twilioMessages = pgTable('twilio_messages', {
  reference: text('reference').primaryKey(),
  sid: text('sid'),
  claimedAt: ts('claimed_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
}, (t) => [uniqueIndex('twilio_messages_sid').on(t.sid)]);
