/** Jobs, their tasks, the feed's tombstones and media (photos). Part of the database schema (index.ts). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companies, customers, ts } from './org';

/**
 * Every write to jobs/tasks takes a fresh number from this sequence into `change_seq`; the change
 * feed hands out rows above the client's cursor.
 */
export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey(),
  refNr: bigserial('ref_nr', { mode: 'number' }).notNull().unique(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  title: text('title').notNull(),
  typeId: integer('type_id').notNull(),
  statusId: integer('status_id').notNull(),
  severityId: integer('severity_id').notNull(),
  description: text('description'),
  scheduledDate: ts('scheduled_date'),
  dueDate: ts('due_date'),
  completedDate: ts('completed_date'),
  completedBy: text('completed_by'),
  assignedToId: integer('assigned_to_id').notNull(),
  assigneeName: text('assignee_name').notNull(),
  assignedDate: ts('assigned_date'),
  subscriberText: text('subscriber_text').notNull(),
  matrikkelNummer: text('matrikkel_nummer').notNull(),
  matrikkelenhetId: bigint('matrikkelenhet_id', { mode: 'number' }).notNull(),
  addressId: bigint('address_id', { mode: 'number' }),
  contactInfo: jsonb('contact_info'),
  notes: text('notes'),
  autoCreated: boolean('auto_created').notNull().default(false),
  isDraft: boolean('is_draft').notNull().default(false),
  isNearByJob: boolean('is_near_by_job').notNull().default(false),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(sql`nextval('change_seq')`),
  deletedAt: ts('deleted_at'),
}, (t) => [
  index('jobs_company_seq').on(t.companyId, t.changeSeq),
  index('jobs_assignee_seq').on(t.assignedToId, t.changeSeq),
  index('jobs_company_created').on(t.companyId, t.createdAt),
  // The job list pages newest first (ref_nr desc) over live jobs, per company or per assignee.
  index('jobs_company_live_ref').on(t.companyId, t.refNr).where(sql`${t.deletedAt} is null`),
  index('jobs_assignee_live_ref').on(t.companyId, t.assignedToId, t.refNr).where(sql`${t.deletedAt} is null`),
  index('jobs_status_live_ref').on(t.companyId, t.statusId, t.refNr).where(sql`${t.deletedAt} is null`),
  // The completed-jobs report (spec 3) reads a company's live jobs in its order (completion date, then
  // ref_nr), and a page from a cached position (services/reports/list.ts) by that key.
  index('jobs_company_completed').on(t.companyId, t.completedDate, t.refNr).where(sql`${t.deletedAt} is null`),
  // The list's address filter is a case-insensitive "contains" (ilike '%…%'): trigrams serve it.
  index('jobs_subscriber_trgm').using('gin', t.subscriberText.op('gin_trgm_ops')).where(sql`${t.deletedAt} is null`),
]);

export const tasks = pgTable('tasks', {
  id: uuid('id').primaryKey(),
  jobId: uuid('job_id').notNull().references(() => jobs.id),
  jobType: text('job_type').notNull(),
  title: text('title').notNull(),
  typeId: integer('type_id').notNull(),
  statusId: integer('status_id').notNull(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  isDeleted: boolean('is_deleted').notNull().default(false),
  taskOrder: integer('task_order').notNull().default(0),
  taskNo: integer('task_no').notNull().default(1),
  externalRefId: text('external_ref_id'),
  externalRefText: text('external_ref_text'),
  assignedTo: integer('assigned_to'),
  assigneeName: text('assignee_name'),
  scheduleItemId: integer('schedule_item_id'),
  startDate: ts('start_date'),
  /** When the task's report was sent (Completed, Deviation or Obstacle); the status report shows it. */
  completedAt: ts('completed_at'),
  subscriberDetails: jsonb('subscriber_details'),
  newWaterMeterObj: jsonb('new_water_meter_obj'),
  dismantleObj: jsonb('dismantle_obj'),
  additionalDetailsRequest: jsonb('additional_details_request'),
  notes: text('notes'),
}, (t) => [index('tasks_job').on(t.jobId)]);

/**
 * A job that left a user's view (reassigned away or deleted). The change feed sends these as
 * deletions to whoever could see the job before: the old assignee, or (registrationId null) the company.
 */
export const feedTombstones = pgTable('feed_tombstones', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().default(sql`nextval('change_seq')`),
  jobId: uuid('job_id').notNull(),
  companyId: uuid('company_id').notNull(),
  registrationId: integer('registration_id'),
}, (t) => [index('tombstones_company_seq').on(t.companyId, t.seq)]);

/**
 * Images of tasks (spec 1 §3 image asset), module 'VA'. The file lives in the MediaStore under
 * `storageKey`; this row is what may be seen by whom (company, job, task). `objectId` is the spec's
 * serial_taskId_meterKind_imageType. A replaced or rotated image gets a new storageKey and version.
 */
export const mediaAssets = pgTable('media_assets', {
  id: uuid('id').primaryKey(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  jobId: uuid('job_id').notNull().references(() => jobs.id),
  taskId: uuid('task_id').notNull().references(() => tasks.id),
  moduleId: text('module_id').notNull(),
  matrikkelenhetId: bigint('matrikkelenhet_id', { mode: 'number' }).notNull(),
  objectId: text('object_id').notNull(),
  customProps: jsonb('custom_props').$type<Record<string, unknown>>().notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
}, (t) => [
  index('media_property').on(t.companyId, t.matrikkelenhetId),
  index('media_task').on(t.taskId),
  index('media_object').on(t.companyId, t.objectId),
]);
