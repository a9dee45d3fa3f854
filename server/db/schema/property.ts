/** Properties, addresses, housing units, water meters and the reference lists. Part of the database schema (index.ts). */
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers, ts } from './org';

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
