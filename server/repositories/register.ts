/**
 * The meter register's queries (services/register/ holds the rules): the company a file is for, the
 * customer's lookup lists, and meter points read and written in bulk (one statement per few thousand
 * rows, the rows handed over as one JSON parameter).
 */
import { and, eq, sql } from 'drizzle-orm';
import { companies, customers, meterPoints, registerLookups } from '../db/schema';
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

const CHUNK = 5000;

/** The customer's points with these external ids (the utility's waterMeterPointIds). */
export async function pointsByExternalId(tx: Tx, customerId: string, externalIds: number[]): Promise<MeterPointRow[]> {
  const out: MeterPointRow[] = [];
  for (let i = 0; i < externalIds.length; i += CHUNK * 4) {
    const ids = JSON.stringify(externalIds.slice(i, i + CHUNK * 4));
    out.push(...await tx.select().from(meterPoints).where(and(
      eq(meterPoints.customerId, customerId),
      sql`${meterPoints.externalId} in (select jsonb_array_elements_text(${ids}::jsonb)::bigint)`,
    )));
  }
  return out;
}

/** The JSON record's columns and their types, in the table's column order. */
const RECORD = sql.raw(`
  customer_id uuid, company_id uuid, external_id bigint, water_meter_id bigint, meter_serial text, agreement_no text,
  assignment_type int, priority int, lat float8, lng float8, address text, street text, building_no text,
  matrikkelenhet_nr text, install_date text, dimension_id int, zone_id int, reader_type_id int, agreement_type_id int,
  status_id int, reference_id text`);
const COLUMNS = sql.raw(`
  customer_id, company_id, external_id, water_meter_id, meter_serial, agreement_no, assignment_type, priority, lat, lng,
  address, street, building_no, matrikkelenhet_nr, install_date, dimension_id, zone_id, reader_type_id,
  agreement_type_id, status_id, reference_id`);

const asRecord = (p: MeterPointValues) => ({
  customer_id: p.customerId, company_id: p.companyId, external_id: p.externalId, water_meter_id: p.waterMeterId,
  meter_serial: p.meterSerial, agreement_no: p.agreementNo, assignment_type: p.assignmentType, priority: p.priority,
  lat: p.lat, lng: p.lng, address: p.address, street: p.street, building_no: p.buildingNo, matrikkelenhet_nr: p.matrikkelenhetNr,
  install_date: p.installDate, dimension_id: p.dimensionId, zone_id: p.zoneId, reader_type_id: p.readerTypeId,
  agreement_type_id: p.agreementTypeId, status_id: p.statusId, reference_id: p.referenceId,
});

export async function insertPoints(tx: Tx, points: MeterPointValues[], onChunk?: (n: number) => void): Promise<void> {
  for (let i = 0; i < points.length; i += CHUNK) {
    const chunk = points.slice(i, i + CHUNK);
    await tx.execute(sql`insert into meter_points (${COLUMNS})
      select ${COLUMNS} from json_to_recordset(${JSON.stringify(chunk.map(asRecord))}::json) as r(${RECORD})`);
    onChunk?.(chunk.length);
  }
}

/** Writes every column of points that exist (by customer and external id), and stamps the change. */
export async function updatePoints(tx: Tx, points: MeterPointValues[], onChunk?: (n: number) => void): Promise<void> {
  for (let i = 0; i < points.length; i += CHUNK) {
    const chunk = points.slice(i, i + CHUNK);
    await tx.execute(sql`update meter_points m set
        company_id = r.company_id, water_meter_id = r.water_meter_id, meter_serial = r.meter_serial, agreement_no = r.agreement_no,
        assignment_type = r.assignment_type, priority = r.priority, lat = r.lat, lng = r.lng, address = r.address, street = r.street,
        building_no = r.building_no, matrikkelenhet_nr = r.matrikkelenhet_nr, install_date = r.install_date,
        dimension_id = r.dimension_id, zone_id = r.zone_id, reader_type_id = r.reader_type_id,
        agreement_type_id = r.agreement_type_id, status_id = r.status_id, reference_id = r.reference_id, updated_at = now()
      from json_to_recordset(${JSON.stringify(chunk.map(asRecord))}::json) as r(${RECORD})
      where m.customer_id = r.customer_id and m.external_id = r.external_id`);
    onChunk?.(chunk.length);
  }
}
