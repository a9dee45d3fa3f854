/** Company settings (spec 3 §3): working hours, holidays, settings, configuration and SMS templates. Part of the database schema (index.ts). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, ts } from './org';

/**
 * Working hours (spec 3 §3), one row per weekday (1 Monday … 7 Sunday, ISO). `registrationId` null is
 * the company default; otherwise an employee's own hours for that day. `year`/`weekNo` null: standing
 * hours; set: hours for that ISO week only. All four times null means the day is off.
 */
export const workingHours = pgTable('working_hours', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  registrationId: integer('registration_id'),
  year: integer('year'),
  weekNo: integer('week_no'),
  dayOfWeek: integer('day_of_week').notNull(),
  startTime: text('start_time'),
  endTime: text('end_time'),
  lunchStartTime: text('lunch_start_time'),
  lunchEndTime: text('lunch_end_time'),
  /**
   * An employee's standing hours apply from the Monday (YYYY-MM-DD) of the week they were saved in, up
   * to (not including) validUntil's Monday when newer ones replaced them; null: since always / still.
   * So a change "from now on" leaves the weeks before it as they were.
   */
  validFrom: text('valid_from'),
  validUntil: text('valid_until'),
}, (t) => [
  uniqueIndex('working_hours_day').on(
    t.companyId, sql`coalesce(${t.registrationId}, 0)`, sql`coalesce(${t.year}, 0)`, sql`coalesce(${t.weekNo}, 0)`, t.dayOfWeek,
    sql`coalesce(${t.validFrom}, '')`,
  ),
]);

/** The company's holiday calendar (spec 3 §3): one row per date, half or full day. */
export const companyHolidays = pgTable('company_holidays', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  /** YYYY-MM-DD, the company's local date. */
  date: text('date').notNull(),
  year: integer('year').notNull(),
  weekNo: integer('week_no').notNull(),
  holidayTypeId: integer('holiday_type_id').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  reason: text('reason'),
}, (t) => [uniqueIndex('company_holidays_date').on(t.companyId, t.date), index('company_holidays_year').on(t.companyId, t.year)]);

/** Company settings (spec 3 §3): one value per setting type; a missing row is "not set". */
export const companySettings = pgTable('company_settings', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  settingTypeId: integer('setting_type_id').notNull(),
  value: text('value').notNull(),
}, (t) => [uniqueIndex('company_settings_type').on(t.companyId, t.settingTypeId)]);

/** The company's configuration (spec 3 §7 /api/CompanyConfiguration); no row answers 404. */
export const companyConfigurations = pgTable('company_configurations', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * SMS templates (spec 3 §3). Sample templates belong to no company (`companyId` null); a company's
 * custom template may name the sample it was made from (`parentTemplateId`). `isExample`: the company
 * chose this one as the template in use for its notification type.
 */
export const notificationTemplates = pgTable('notification_templates', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').references(() => companies.id),
  key: text('key').notNull(),
  title: text('title').notNull(),
  name: text('name').notNull(),
  text: text('text').notNull(),
  notificationTypeId: integer('notification_type_id').notNull(),
  parentTemplateId: integer('parent_template_id'),
  isSampleTemplate: boolean('is_sample_template').notNull().default(false),
  isExample: boolean('is_example').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('notification_templates_key').on(sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.key),
  index('notification_templates_type').on(t.companyId, t.notificationTypeId),
]);

/** Saved text snippets of a template (spec 3 §7 /api/NotificationTemplateContent). */
export const notificationTemplateContents = pgTable('notification_template_contents', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  notificationTemplateId: integer('notification_template_id').notNull().references(() => notificationTemplates.id),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
