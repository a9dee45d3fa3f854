/** SMS messages sent (server/sms/gateway.ts). Part of the database schema (index.ts). */
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, ts, users } from './org';
import { scheduleItems } from './scheduling';

/**
 * SMS the server sent through its SmsGateway (server/sms/gateway.ts). The embedded gateway's message
 * store: one row per message, with what it costs as src/domain/sms/segments.ts countSms counts it
 * (the browser's counter): `encoding` 'GSM-7' | 'UCS-2', `segments` SMS parts, `characters` septets or
 * UTF-16 units. `toNumber` is E.164 (+47XXXXXXXX); `kind` says why it was sent ('test': an admin's test
 * of a template). `createdBy`: the user who had it sent.
 */
export const smsMessages = pgTable('sms_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  toNumber: text('to_number').notNull(),
  sender: text('sender').notNull(),
  text: text('text').notNull(),
  encoding: text('encoding').$type<'GSM-7' | 'UCS-2'>().notNull(),
  segments: integer('segments').notNull(),
  characters: integer('characters').notNull(),
  kind: text('kind').$type<SmsKind>().notNull(),
  /** The schedule item the message is about (its SMS log, spec 2 §2.3); null for a template test. */
  scheduleItemId: integer('schedule_item_id').references(() => scheduleItems.id, { onDelete: 'set null' }),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  /**
   * Where the message is on its way (repositories/sms.ts moves it; workers/sms.ts delivers it):
   * 'queued' (recorded with its delivery job, in the transaction that had it sent), 'handed_over' (the
   * gateway took it: `providerRef`, `handedOverAt`), then 'delivered' or 'failed' (`finishedAt`;
   * `error` says why it failed). A message is handed over at most once per reference (its id).
   */
  status: text('status').$type<SmsStatus>().notNull().default('queued'),
  /** Hand-over attempts so far (a failed attempt is tried again by the queue). */
  attempts: integer('attempts').notNull().default(0),
  providerRef: text('provider_ref'),
  handedOverAt: ts('handed_over_at'),
  finishedAt: ts('finished_at'),
  error: text('error'),
}, (t) => [index('sms_messages_company_created').on(t.companyId, t.createdAt), index('sms_messages_status_created').on(t.status, t.createdAt),
  index('sms_messages_schedule_item').on(t.scheduleItemId, t.createdAt), index('sms_messages_provider_ref').on(t.providerRef),
  index('sms_messages_to_number').on(t.toNumber, t.createdAt)]);

export type SmsStatus = 'queued' | 'handed_over' | 'delivered' | 'failed';
/** Why a message is sent: an admin's test of a template, a schedule item's notice, or the acknowledgement of its manual confirmation. */
export type SmsKind = 'test' | 'notice' | 'acknowledgement' | 'reminder' | 'confirmation' | 'cancellation';

/**
 * The embedded SMS gateway's own store (server/sms/gateway.ts EmbeddedSmsGateway), standing where a
 * provider's system would be: one row per message reference, so a message handed over twice (a worker
 * that died after the hand-over and before recording it) is kept, and would reach the phone, once.
 */
export const smsGatewayDeliveries = pgTable('sms_gateway_deliveries', {
  providerRef: uuid('provider_ref').primaryKey().defaultRandom(),
  reference: text('reference').notNull(),
  toNumber: text('to_number').notNull(),
  sender: text('sender').notNull(),
  text: text('text').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('sms_gateway_deliveries_reference').on(t.reference)]);

/**
 * Replies that reached the server from property owners (services/smsReplies.ts): one row per provider
 * message, so a reply the provider calls back twice is applied once. `answer` is what the text says
 * (src/domain/sms/reply.ts readReply); `outcome` what it did: 'applied' (its item moved), 'noted' (the
 * item was no longer waiting for an answer: kept in its log only), 'ambiguous' (the owner has several
 * open notices and named no reply code: the newest is set Unknown for an admin to read), 'unmatched' (no
 * open notice went to that number). `inReplyTo` is the notice it answers.
 */
export const smsReplies = pgTable('sms_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerMessageId: text('provider_message_id').notNull(),
  fromNumber: text('from_number').notNull(),
  toNumber: text('to_number').notNull(),
  text: text('text').notNull(),
  answer: text('answer').$type<'yes' | 'no' | 'unknown'>().notNull(),
  outcome: text('outcome').$type<SmsReplyOutcome>().notNull(),
  companyId: uuid('company_id').references(() => companies.id),
  scheduleItemId: integer('schedule_item_id').references(() => scheduleItems.id, { onDelete: 'set null' }),
  inReplyTo: uuid('in_reply_to').references(() => smsMessages.id, { onDelete: 'set null' }),
  receivedAt: ts('received_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('sms_replies_provider_message').on(t.providerMessageId), index('sms_replies_item').on(t.scheduleItemId, t.receivedAt),
  index('sms_replies_company').on(t.companyId, t.receivedAt)]);

export type SmsReplyOutcome = 'applied' | 'noted' | 'ambiguous' | 'unmatched';
