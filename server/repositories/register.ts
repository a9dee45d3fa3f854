/**
 * The meter register's queries (services/register/ holds the rules): the company a file is for, the
 * customer's lookup lists, and meter points written in bulk (the rows handed over as one array
 * parameter per column, compared and written by set statements in the database).
 */
import { eq, sql } from 'drizzle-orm';
import { companies, customers, type meterPoints, registerLookups } from '../db/schema';
import { arrayLiteral } from '../db/arrayLiteral';
import { advisoryLock, type DbOrTx, type Tx } from '../db/tx';

export type MeterPointRow = typeof meterPoints.$inferSelect;
/** A point as the import writes it: every column but the serial id and the time of the change. */
export type MeterPointValues = Omit<MeterPointRow, 'id' | 'updatedAt'>;
export type RegisterLookupRow = typeof registerLookups.$inferSelect;

export interface RegisterCompany {
  id: string;
  name: string;
  customerId: string;
  customerNumber: string;
}

export async function companyByOrgNumber(db: DbOrTx, orgNumber: string): Promise<RegisterCompany | undefined> {
  const [row] = await db.select({ id: companies.id, name: companies.name, customerId: companies.customerId, customerNumber: customers.number })
    .from(companies).innerJoin(customers, eq(customers.id, companies.customerId)).where(eq(companies.orgNumber, orgNumber)).limit(1);
  return row;
}

/** One import of a customer's register at a time: the lookup ids and the points' owners stay as read. */
export async function lockRegister(tx: Tx, customerId: string): Promise<void> {
  await advisoryLock(tx, `register:${customerId}`);
}

export async function lookupsOf(db: DbOrTx, customerId: string): Promise<RegisterLookupRow[]> {
  return db.select().from(registerLookups).where(eq(registerLookups.customerId, customerId));
}

export async function insertLookups(tx: Tx, rows: RegisterLookupRow[]): Promise<void> {
  if (rows.length) await tx.insert(registerLookups).values(rows);
}

/** Rows per statement when the points are handed over (one array parameter per column). */
const CHUNK = 10_000;

/** The external ids among these that the customer's register allots to a company other than `companyId`. */
export async function allottedElsewhere(tx: Tx, customerId: string, companyId: string, externalIds: number[]): Promise<number[]> {
  const rows = await tx.execute<{ external_id: string }>(sql`
    select m.external_id from unnest(${sql.param(externalIds)}::bigint[]) as e(id)
    join meter_points m on m.customer_id = ${customerId} and m.external_id = e.id
    where m.company_id is not null and m.company_id <> ${companyId}`);
  return rows.rows.map((r) => Number(r.external_id));
}

/** A point of one company's file as it is written: the customer and the company are the import's. */
export type RegisterPointValues = Omit<MeterPointValues, 'customerId' | 'companyId'>;

/** The written columns but the customer and the company, in the order of the staging table. */
const POINT_COLUMNS: readonly (readonly [column: string, type: string, get: (p: RegisterPointValues) => unknown])[] = [
  ['external_id', 'bigint', (p) => p.externalId], ['water_meter_id', 'bigint', (p) => p.waterMeterId],
  ['meter_serial', 'text', (p) => p.meterSerial], ['agreement_no', 'text', (p) => p.agreementNo],
  ['assignment_type', 'int', (p) => p.assignmentType], ['priority', 'int', (p) => p.priority],
  ['lat', 'float8', (p) => p.lat], ['lng', 'float8', (p) => p.lng], ['address', 'text', (p) => p.address],
  ['street', 'text', (p) => p.street], ['building_no', 'text', (p) => p.buildingNo],
  ['matrikkelenhet_nr', 'text', (p) => p.matrikkelenhetNr], ['install_date', 'text', (p) => p.installDate],
  ['dimension_id', 'int', (p) => p.dimensionId], ['zone_id', 'int', (p) => p.zoneId], ['reader_type_id', 'int', (p) => p.readerTypeId],
  ['agreement_type_id', 'int', (p) => p.agreementTypeId], ['status_id', 'int', (p) => p.statusId], ['reference_id', 'text', (p) => p.referenceId],
];
const names = (prefix: string) => sql.raw(POINT_COLUMNS.map(([c]) => `${prefix}${c}`).join(', '));

/**
 * Writes one company's points in the customer's register (keyed by the customer and external id):
 * new ones inserted, ones that differ in any column updated (their change stamped), the same ones
 * left alone. The points go to the server once, as one array literal per column into a staging table; the
 * comparison and both writes are two set statements there. Returns how many were inserted and updated.
 */
export async function writePoints(
  tx: Tx, owner: { customerId: string; companyId: string }, points: RegisterPointValues[], onChunk?: (n: number) => void,
): Promise<{ inserted: number; updated: number }> {
  await tx.execute(sql`create temp table register_rows on commit drop as select ${names('')} from meter_points with no data`);
  for (let i = 0; i < points.length; i += CHUNK) {
    const chunk = points.slice(i, i + CHUNK);
    const arrays = sql.join(POINT_COLUMNS.map(([, type, get]) => sql`${arrayLiteral(chunk.map(get))}::${sql.raw(type)}[]`), sql`, `);
    await tx.execute(sql`insert into register_rows select * from unnest(${arrays})`);
    onChunk?.(chunk.length);
  }
  const assignments = sql.raw(POINT_COLUMNS.slice(1).map(([c]) => `${c} = r.${c}`).join(', '));
  const updated = await tx.execute(sql`update meter_points m set company_id = ${owner.companyId}, ${assignments}, updated_at = now()
    from register_rows r
    where m.customer_id = ${owner.customerId} and m.external_id = r.external_id
      and (m.company_id, ${names('m.')}) is distinct from (${owner.companyId}::uuid, ${names('r.')})`);
  const inserted = await tx.execute(sql`insert into meter_points (customer_id, company_id, ${names('')})
    select ${owner.customerId}, ${owner.companyId}, ${names('r.')} from register_rows r
    where not exists (select from meter_points m where m.customer_id = ${owner.customerId} and m.external_id = r.external_id)`);
  await tx.execute(sql`drop table register_rows`);
  return { inserted: inserted.rowCount ?? 0, updated: updated.rowCount ?? 0 };
}
