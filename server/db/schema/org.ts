/** Utilities, plumber companies and their users. Part of the database schema (index.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgSequence, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Feeds jobs.change_seq and feed_tombstones.seq. */
export const changeSeq = pgSequence('change_seq');

/** A timestamp with time zone, as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  /**
   * Ours (issue 24 §4): the plumber's own base, where their days start and end, in degrees (WGS 84);
   * it overrides the company's (settings BaseLatitude/BaseLongitude) for this plumber's days. Both or
   * neither, inside BASE_LATITUDE_RANGE and BASE_LONGITUDE_RANGE (src/domain/settings/company.ts).
   */
  baseLatitude: doublePrecision('base_latitude'),
  baseLongitude: doublePrecision('base_longitude'),
}, (t) => [
  uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), index('users_company').on(t.companyId),
  check('users_base', sql`(${t.baseLatitude} is null and ${t.baseLongitude} is null) or (${t.baseLatitude} is not null and ${t.baseLongitude} is not null and ${t.baseLatitude} between 57 and 72 and ${t.baseLongitude} between 4 and 32)`),
]);
