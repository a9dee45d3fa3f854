/** Who has a plumber's week open in the calendar right now (services/scheduling/presence.ts). Part of the database schema (index.ts). */
import { index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { companies, ts } from './org';

/**
 * One open calendar tab: `viewId` is made by the tab, the viewer an admin of the company, the week a
 * plumber's ISO week. A row lives until the tab leaves or `expiresAt` passes without a heartbeat
 * (the database's clock, so every server process agrees).
 */
export const schedulePresence = pgTable('schedule_presence', {
  viewId: uuid('view_id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
  viewerRegistrationId: integer('viewer_registration_id').notNull(),
  assigneeId: integer('assignee_id').notNull(),
  year: integer('year').notNull(),
  weekNo: integer('week_no').notNull(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [index('schedule_presence_week').on(t.companyId, t.assigneeId, t.year, t.weekNo)]);
