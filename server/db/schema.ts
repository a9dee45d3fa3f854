/**
 * The database schema. drizzle-kit generates migrations from this file into server/db/migrations
 * (`npm run db:generate`); the server applies them at start-up.
 */
import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgSequence, pgTable, primaryKey, serial, text,
  timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/** Feeds jobs.change_seq and feed_tombstones.seq. */
export const changeSeq = pgSequence('change_seq');

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A water utility. The customer number's first two digits are the county code (UTM zone rule). */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: text('number').notNull().unique(),
  name: text('name').notNull(),
  supportEmail: text('support_email'),
  supportPhone: text('support_phone'),
});

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  orgNumber: text('org_number').notNull().unique(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  postcode: integer('postcode').notNull(),
  city: text('city').notNull(),
  telephone: text('telephone').notNull(),
  email: text('email').notNull(),
  hasAgreement: boolean('has_agreement').notNull().default(false),
  agreementStart: ts('agreement_start'),
  agreementEnd: ts('agreement_end'),
});

/** Users of the app. `registrationId` is the spec's userRegistrationId, used as assignedToId on jobs. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  registrationId: serial('registration_id').notNull().unique(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  companyId: uuid('company_id').references(() => companies.id),
  roleId: integer('role_id').notNull(),
  status: integer('status').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  displayName: text('display_name').notNull(),
  email: text('email').notNull(),
  mobile: text('mobile'),
  passwordHash: text('password_hash').notNull(),
  gdprConsent: boolean('gdpr_consent').notNull().default(false),
  hidePlumberOptions: boolean('hide_plumber_options').notNull().default(false),
  registeredAt: ts('registered_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), index('users_company').on(t.companyId)]);

/** Cadastre unit (matrikkelenhet). Sectioned properties have sub-units (seksjoner) pointing at `parentId`. */
export const properties = pgTable('properties', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  /** 22 digits: kommune(4) gnr(5) bnr(4) fnr(4) snr(5), see src/domain/geo/matrikkel.ts. */
  matrikkelNummer: text('matrikkel_nummer').notNull(),
  municipalityCode: text('municipality_code').notNull(),
  parentId: bigint('parent_id', { mode: 'number' }),
  owners: jsonb('owners').$type<{ id: number | null; navn: string }[]>().notNull().default([]),
  x: doublePrecision('x'),
  y: doublePrecision('y'),
  srs: integer('srs'),
}, (t) => [uniqueIndex('properties_customer_nr').on(t.customerId, t.matrikkelNummer), index('properties_parent').on(t.parentId)]);

export const addresses = pgTable('addresses', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  customerId: uuid('customer_id').notNull().references(() => customers.id),
  propertyId: bigint('property_id', { mode: 'number' }).notNull().references(() => properties.id),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  text: text('text').notNull(),
  x: doublePrecision('x'),
  y: doublePrecision('y'),
  srs: integer('srs'),
}, (t) => [index('addresses_customer_text').on(t.customerId, t.text), index('addresses_property').on(t.propertyId)]);

/** Housing units (bruksenheter) at an address; each belongs to a property or sub-unit. */
export const housingUnits = pgTable('housing_units', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  addressId: bigint('address_id', { mode: 'number' }).notNull().references(() => addresses.id),
  propertyId: bigint('property_id', { mode: 'number' }).notNull().references(() => properties.id),
  ident: text('ident').notNull(),
  buildingId: bigint('building_id', { mode: 'number' }),
  typeCode: text('type_code').notNull().default('B'),
  statusCode: text('status_code').notNull().default('G'),
}, (t) => [index('housing_units_address').on(t.addressId), index('housing_units_property').on(t.propertyId)]);

export const waterMeters = pgTable('water_meters', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  propertyId: bigint('property_id', { mode: 'number' }).notNull().references(() => properties.id),
  serialNo: text('serial_no').notNull(),
  meterModelId: integer('meter_model_id'),
  waterType: integer('water_type').notNull().default(0),
  placementId: integer('placement_id'),
  dimension: text('dimension'),
  lastMeterReading: doublePrecision('last_meter_reading'),
  lastReadDate: ts('last_read_date'),
  installedDate: ts('installed_date'),
  readerTypeId: integer('reader_type_id'),
  waterMeterPointId: bigint('water_meter_point_id', { mode: 'number' }),
}, (t) => [index('water_meters_property').on(t.propertyId)]);

/**
 * Reference lists (job types, task statuses, meter models, placements, deviations, ...), one table
 * keyed by list name; `data` is the item as the API returns it.
 */
export const referenceItems = pgTable('reference_items', {
  list: text('list').notNull(),
  id: integer('id').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
}, (t) => [primaryKey({ columns: [t.list, t.id] })]);

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

/** Stored answers to mutating requests, keyed by the client's Idempotency-Key (per user). */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })]);

/** oidc-provider's storage (sessions, grants, codes, tokens), so nothing lives in process memory. */
export const oidcPayloads = pgTable('oidc_payloads', {
  id: text('id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  grantId: text('grant_id'),
  userCode: text('user_code'),
  uid: text('uid'),
  expiresAt: ts('expires_at'),
  consumedAt: ts('consumed_at'),
}, (t) => [primaryKey({ columns: [t.type, t.id] }), index('oidc_grant').on(t.grantId), index('oidc_uid').on(t.uid)]);

/** The provider's signing keys (JWKS), generated once per database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every server process (server/security/rateLimit.ts): one row per key
 * and window. UNLOGGED: losing the counts in a PostgreSQL crash only forgives a few requests.
 */
/**
 * One row per statement that changed what a company's assignment list is read from (meter points,
 * schedule items, schedules, an assignee's name), written by triggers (migration 0014); the list's
 * fingerprint is the sum of the company's weights. The daily clean-up folds old rows into one.
 */
export const listChanges = pgTable('list_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: uuid('company_id').notNull(),
  weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  // The migration's index also INCLUDEs weight (drizzle cannot say so), so the sum is read from the index.
}, (t) => [index('list_changes_company').on(t.companyId)]);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
}, (t) => [index('rate_limits_reset').on(t.resetAt)]);

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
