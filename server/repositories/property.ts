/**
 * The utility's properties, addresses, housing units and water meters, as a job and the cadastre
 * lookups (services/property.ts, services/waterMeters.ts) read them; every query is limited to one
 * customer (the water utility).
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BuildingUnit, Location } from '../../src/domain/schemas';
import { addresses, housingUnits, properties, waterMeters } from '../db/schema';
import type { DbOrTx } from '../db/tx';
import { escapeLike } from './sqlLike';

export type PropertyRow = typeof properties.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type MeterRow = typeof waterMeters.$inferSelect;

export const location = (r: { x: number | null; y: number | null; srs: number | null }): Location | null =>
  r.x != null && r.y != null && r.srs != null ? { x: r.x, y: r.y, srs: r.srs } : null;

export async function findCustomerProperty(db: DbOrTx, customerId: string, propertyId: number) {
  const [row] = await db.select().from(properties).where(and(eq(properties.id, propertyId), eq(properties.customerId, customerId))).limit(1);
  return row;
}

export async function findCustomerAddress(db: DbOrTx, customerId: string, addressId: number) {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId))).limit(1);
  return row;
}

/** A unit by its 22-digit matrikkel number. */
export async function findPropertyByNummer(db: DbOrTx, customerId: string, nr: string): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(properties)
    .where(and(eq(properties.customerId, customerId), eq(properties.matrikkelNummer, nr))).limit(1);
  return row;
}

/** Units by 22-digit matrikkel numbers, by number. */
export async function findPropertiesByNummer(db: DbOrTx, customerId: string, nrs: string[]): Promise<PropertyRow[]> {
  return db.select().from(properties)
    .where(and(eq(properties.customerId, customerId), inArray(properties.matrikkelNummer, nrs)))
    .orderBy(asc(properties.matrikkelNummer));
}

/** Units whose number matches a LIKE pattern (`_` for any digit), by number. */
export async function findPropertiesLike(db: DbOrTx, customerId: string, pattern: string, limit: number): Promise<PropertyRow[]> {
  return db.select().from(properties)
    .where(and(eq(properties.customerId, customerId), sql`${properties.matrikkelNummer} like ${pattern}`))
    .orderBy(asc(properties.matrikkelNummer)).limit(limit);
}

/** Addresses whose text holds `text` (any case), by street and house number (numerically), with their unit's number. */
export async function findAddressesContaining(db: DbOrTx, customerId: string, text: string, limit: number): Promise<{ address: AddressRow; nr: string }[]> {
  return db.select({ address: addresses, nr: properties.matrikkelNummer }).from(addresses)
    .innerJoin(properties, eq(properties.id, addresses.propertyId))
    .where(and(eq(addresses.customerId, customerId), sql`${addresses.text} ilike ${`%${escapeLike(text)}%`}`))
    .orderBy(asc(addresses.street), sql`nullif(substring(${addresses.houseNumber} from '^[0-9]+'), '')::int`, asc(addresses.houseNumber))
    .limit(limit);
}

/** Streets whose name holds `text` (any case), each once with the position of its lowest-numbered address. */
export async function findStreetsContaining(db: DbOrTx, customerId: string, text: string, limit: number) {
  return db.selectDistinctOn([addresses.street], { street: addresses.street, x: addresses.x, y: addresses.y, srs: addresses.srs })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), sql`${addresses.street} ilike ${`%${escapeLike(text)}%`}`))
    .orderBy(asc(addresses.street), asc(addresses.id)).limit(limit);
}

/** The lowest-numbered address on each of the given units. */
export async function firstAddressOf(db: DbOrTx, propertyIds: number[]): Promise<Map<number, AddressRow>> {
  const map = new Map<number, AddressRow>();
  if (propertyIds.length === 0) return map;
  const rows = await db.select().from(addresses).where(inArray(addresses.propertyId, propertyIds)).orderBy(asc(addresses.id));
  for (const a of rows) if (!map.has(a.propertyId)) map.set(a.propertyId, a);
  return map;
}

/** The housing units at an address with the number of the unit each belongs to, by that number and ident. */
export async function housingUnitsAt(db: DbOrTx, addressId: number) {
  return db.select({ unit: housingUnits, nr: properties.matrikkelNummer }).from(housingUnits)
    .innerJoin(properties, eq(properties.id, housingUnits.propertyId))
    .where(eq(housingUnits.addressId, addressId)).orderBy(asc(properties.matrikkelNummer), asc(housingUnits.ident));
}

/** Housing units of the customer, by address and ident: one by id, or those of a unit and its sections. */
export async function findBuildingUnits(db: DbOrTx, customerId: string, which: { unitId: number } | { propertyOrSectionsOf: number }): Promise<BuildingUnit[]> {
  const where: SQL | undefined = 'unitId' in which ? eq(housingUnits.id, which.unitId)
    : or(eq(properties.id, which.propertyOrSectionsOf), eq(properties.parentId, which.propertyOrSectionsOf));
  const rows = await db.select({ unit: housingUnits, address: addresses, nr: properties.matrikkelNummer }).from(housingUnits)
    .innerJoin(addresses, eq(addresses.id, housingUnits.addressId))
    .innerJoin(properties, eq(properties.id, housingUnits.propertyId))
    .where(and(eq(properties.customerId, customerId), where))
    .orderBy(asc(addresses.id), asc(housingUnits.ident));
  return rows.map(({ unit, address, nr }) => ({
    bruksenhetsId: unit.id, bruksenhetsnummer: unit.ident, address: address.text, addressId: address.id, buildingId: unit.buildingId,
    typeCode: unit.typeCode, statusCode: unit.statusCode, matrikkelenhetId: unit.propertyId, matrikkelNummer: nr, location: location(address),
  }));
}

/** Water meters of the customer with their unit, by meter id: those on a unit (by number), or one by id. */
export async function findMeters(db: DbOrTx, customerId: string, which: { nr: string } | { meterId: number }): Promise<{ meter: MeterRow; property: PropertyRow }[]> {
  const where = 'nr' in which ? eq(properties.matrikkelNummer, which.nr) : eq(waterMeters.id, which.meterId);
  return db.select({ meter: waterMeters, property: properties }).from(waterMeters)
    .innerJoin(properties, eq(properties.id, waterMeters.propertyId))
    .where(and(eq(properties.customerId, customerId), where))
    .orderBy(asc(waterMeters.id));
}
