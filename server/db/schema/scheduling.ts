/** Scheduling (spec 2): the meter register, schedules, their items and batches, availability and unavailable slots. Part of the database schema (index.ts). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies, customers, ts, users } from './org';

/**
 * The water utility's meter register (spec 2 §3 assignment list), one row per water-meter point with
 * the meter on it. How a point reaches a company: the utility allots each point to at most one plumber
 * company (`companyId`), and sends that company its register as a file; `npm run import:register`
 * loads it for the company it names (server/services/register/). Only that company ever sees the
 * point; a point allotted to another company is refused by the import, never moved silently.
 * `externalId` is the utility's id of the point, unique per utility. Coordinates are WGS84 (the
 * import converts UTM); a point without them is kept but left out of the assignment list (spec 2 §3).
 * The lookups (dimension, zone, reader type, agreement type, status) are ids into `register_lookups`.
 */
export const meterPoints = pgTable('meter_points', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  companyId: uuid('company_id').references(() => companies.id),
  /**
   * The utility's own id of the point (the register file's waterMeterPointId column). The API's
   * waterMeterPointId and a schedule item's parentObjectId are our `id`, which never changes.
   */
  externalId: bigint('external_id', { mode: 'number' }).notNull(),
  /** The meter on the point (the utility's waterMeterId); null where a new meter is to be installed. */
  waterMeterId: bigint('water_meter_id', { mode: 'number' }),
  meterSerial: text('meter_serial'),
  agreementNo: text('agreement_no').notNull(),
  /** 1 New, 2 Replacement, 3 Dismantle (src/domain/scheduling/enums.ts AssignmentType). */
  assignmentType: integer('assignment_type').notNull(),
  priority: integer('priority').notNull().default(0),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  /** Full address text as shown ("Storgata 12B, 0155 Oslo"); `street` is its street name, for the prefix filter. */
  address: text('address').notNull(),
  street: text('street').notNull(),
  buildingNo: text('building_no'),
  matrikkelenhetNr: text('matrikkelenhet_nr'),
  /** YYYY-MM-DD. */
  installDate: text('install_date'),
  dimensionId: integer('dimension_id'),
  zoneId: integer('zone_id'),
  readerTypeId: integer('reader_type_id'),
  agreementTypeId: integer('agreement_type_id'),
  statusId: integer('status_id'),
  referenceId: text('reference_id'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('meter_points_customer_external').on(t.customerId, t.externalId),
  index('meter_points_company').on(t.companyId, t.id),
  index('meter_points_company_street').on(t.companyId, sql`lower(${t.street}) text_pattern_ops`),
]);

/** The register's lookup lists per utility: list 'dimension' | 'zone' | 'readerType' | 'agreementType' | 'status'. */
export const registerLookups = pgTable('register_lookups', {
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  list: text('list').notNull(),
  id: integer('id').notNull(),
  name: text('name').notNull(),
}, (t) => [primaryKey({ columns: [t.customerId, t.list, t.id] }), uniqueIndex('register_lookups_name').on(t.customerId, t.list, t.name)]);

/**
 * A plumber's schedule for one ISO week (spec 2 §3 Schedule); at most one per plumber and week.
 * `status`: ScheduleStatus (1 NotStarted … 6 PartialyCompleted).
 */
export const schedules = pgTable('schedules', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  /** Always the schedule's plumber: the database sets it from schedule_id (trigger in migration 0012). */
  assigneeId: integer('assignee_id').notNull().$defaultFn(() => 0),
  year: integer('year').notNull(),
  weekNo: integer('week_no').notNull(),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
}, (t) => [uniqueIndex('schedules_assignee_week').on(t.companyId, t.assigneeId, t.year, t.weekNo)]);

/**
 * One assignment in a schedule (spec 2 §3 Schedule item). `meterPointId` is the spec's
 * parentObjectId (our meter_points.id), `objectId` the waterMeterId. Times are timestamptz; the
 * scheduled date is the Oslo day (YYYY-MM-DD). A point is in at most one live item at a time (not
 * Cancelled): the partial unique index holds it against two admins planning the same point.
 * `assigneeId` is the schedule's plumber, kept on the item so that the database itself refuses two
 * items of one plumber on the same minutes: the exclusion constraint schedule_items_no_overlap
 * (migration 0012, btree_gist; not expressible here) over the items that hold their time
 * (src/domain/scheduling/itemStatus.ts occupiesTime).
 */
export const scheduleItems = pgTable('schedule_items', {
  id: serial('id').primaryKey(),
  scheduleId: integer('schedule_id').notNull().references(() => schedules.id),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  /** Always the schedule's plumber: the database sets it from schedule_id (trigger in migration 0012). */
  assigneeId: integer('assignee_id').notNull().$defaultFn(() => 0),
  meterPointId: bigint('meter_point_id', { mode: 'number' }).notNull().references(() => meterPoints.id),
  objectId: bigint('object_id', { mode: 'number' }),
  objectType: integer('object_type').notNull(),
  status: integer('status').notNull().default(1),
  notes: text('notes'),
  address: text('address').notNull(),
  agreementNo: text('agreement_no'),
  scheduledDate: text('scheduled_date'),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  duration: integer('duration').notNull(),
  /** The admin's override of the job type's duration, in minutes (15…90), when one was chosen. */
  durationOverride: integer('duration_override'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  referenceNumber: text('reference_number'),
  contactInformation: jsonb('contact_information'),
  matrikkelenhetId: text('matrikkelenhet_id'),
  sequenceNumber: integer('sequence_number').notNull().default(0),
  isScheduled: boolean('is_scheduled').notNull().default(false),
  cancellationTypeId: integer('cancellation_type_id'),
  batchJobId: uuid('batch_job_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
}, (t) => [
  index('schedule_items_schedule').on(t.scheduleId, t.sequenceNumber),
  uniqueIndex('schedule_items_live_point').on(t.meterPointId).where(sql`${t.status} <> 7`),
  index('schedule_items_company_start').on(t.companyId, t.startTime),
  index('schedule_items_assignee_start').on(t.companyId, t.assigneeId, t.startTime),
]);

/**
 * A batch that lays a schedule's items into the plumber's free time (POST /api/Scheduler), run by a
 * pg-boss worker. `status`: 'Queued' | 'Started' | 'Completed' | 'Failed'. `request` is the submit
 * payload as accepted; `result` what the batch did (items laid, weeks used, kilometres).
 */
export const scheduleBatchJobs = pgTable('schedule_batch_jobs', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  scheduleId: integer('schedule_id').notNull().references(() => schedules.id),
  status: text('status').$type<'Queued' | 'Started' | 'Completed' | 'Failed'>().notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  result: jsonb('result').$type<Record<string, unknown>>(),
  error: text('error'),
  createdBy: uuid('created_by').notNull().references(() => users.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
}, (t) => [index('schedule_batch_jobs_schedule').on(t.scheduleId, t.createdAt)]);

/**
 * A plumber's availability on a day beyond their working hours (spec 2 §3 Availability slot, spec 3
 * /api/PlumberAvailabilitySetting): availabilityTypeId 1 Available, 3 Absent, 4 Extended. Times HH:mm.
 */
export const plumberAvailability = pgTable('plumber_availability', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  registrationId: integer('registration_id').notNull(),
  /** YYYY-MM-DD, Oslo. */
  date: text('date').notNull(),
  availabilityTypeId: integer('availability_type_id').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  reason: text('reason'),
}, (t) => [index('plumber_availability_day').on(t.companyId, t.registrationId, t.date)]);

/** Times in a schedule's week the batch must not use (spec 2 /api/unavailabletimeslots). */
export const unavailableTimeSlots = pgTable('unavailable_time_slots', {
  id: serial('id').primaryKey(),
  companyId: uuid('company_id').notNull().references(() => companies.id),
  scheduleId: integer('schedule_id').notNull().references(() => schedules.id),
  date: text('date').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
}, (t) => [index('unavailable_time_slots_schedule').on(t.scheduleId)]);
