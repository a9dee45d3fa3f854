/** SMS messages sent (server/sms/gateway.ts). Part of the database schema (index.ts). */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies, ts, users } from './org';

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
  kind: text('kind').$type<'test'>().notNull(),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('sms_messages_company_created').on(t.companyId, t.createdAt)]);
