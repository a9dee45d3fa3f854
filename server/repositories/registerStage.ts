/**
 * The register import's staging (services/register/import.ts): checked rows are handed to the
 * database in batches as they are read, into a temporary table of the import's transaction, so the
 * process holds no more than a batch of a file of any size. The checks that need every row (a point
 * twice in the file, a point allotted to another company) and the write are set statements there.
 * Nothing leaves the staging table before every row is checked; it is dropped with the transaction.
 */
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../db/arrayLiteral';
import type { Tx } from '../db/tx';

/** The lookup lists, by the staging table's column holding each list's name. */
const LIST_COLUMNS = { dimension: 'dimension', zone: 'zone', readerType: 'reader_type', agreementType: 'agreement_type', status: 'status' } as const;
export type StagedList = keyof typeof LIST_COLUMNS;

/** A checked row of the file: a point with its lookups by name, and the line it was read from. */
export interface StagedPoint {
  line: number;
  externalId: number;
  waterMeterId: number | null;
  meterSerial: string | null;
  agreementNo: string;
  assignmentType: number;
  priority: number;
  lat: number | null;
  lng: number | null;
  address: string;
  street: string;
  buildingNo: string | null;
  matrikkelenhetNr: string | null;
  installDate: string | null;
  referenceId: string | null;
  lookups: Record<StagedList, string | null>;
}

/** The staging table's columns and how a row fills them; the point's own ones in meter_points' names. */
const STAGE_COLUMNS: readonly (readonly [column: string, type: string, get: (p: StagedPoint) => unknown])[] = [
  ['line', 'int', (p) => p.line],
  ['external_id', 'bigint', (p) => p.externalId], ['water_meter_id', 'bigint', (p) => p.waterMeterId],
  ['meter_serial', 'text', (p) => p.meterSerial], ['agreement_no', 'text', (p) => p.agreementNo],
  ['assignment_type', 'int', (p) => p.assignmentType], ['priority', 'int', (p) => p.priority],
  ['lat', 'float8', (p) => p.lat], ['lng', 'float8', (p) => p.lng], ['address', 'text', (p) => p.address],
  ['street', 'text', (p) => p.street], ['building_no', 'text', (p) => p.buildingNo],
  ['matrikkelenhet_nr', 'text', (p) => p.matrikkelenhetNr], ['install_date', 'text', (p) => p.installDate],
  ['reference_id', 'text', (p) => p.referenceId],
  ...Object.entries(LIST_COLUMNS).map(([list, column]) => [column, 'text', (p: StagedPoint) => p.lookups[list as StagedList]] as const),
];

/** meter_points' written columns but the customer and the company: the staged ones, and the lookups' ids. */
const POINT_COLUMNS = [
  'external_id', 'water_meter_id', 'meter_serial', 'agreement_no', 'assignment_type', 'priority', 'lat', 'lng', 'address', 'street',
  'building_no', 'matrikkelenhet_nr', 'install_date', 'dimension_id', 'zone_id', 'reader_type_id', 'agreement_type_id', 'status_id', 'reference_id',
];
const names = (prefix: string) => sql.raw(POINT_COLUMNS.map((c) => `${prefix}${c}`).join(', '));

/** The transaction's staging table, empty. */
export async function startStage(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(`create temp table register_stage (${STAGE_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')}) on commit drop`));
}

/** Checked rows added to the staging table: one statement, an array literal per column. */
export async function stageRows(tx: Tx, points: readonly StagedPoint[]): Promise<void> {
  if (points.length === 0) return;
  const arrays = sql.join(STAGE_COLUMNS.map(([, type, get]) => sql`${arrayLiteral(points.map(get))}::${sql.raw(type)}[]`), sql`, `);
  await tx.execute(sql`insert into register_stage select * from unnest(${arrays})`);
}

/** Once every row is staged: an index for the checks, and statistics (a temporary table gets none by itself). */
export async function endStage(tx: Tx): Promise<void> {
  await tx.execute(sql`create index on register_stage (external_id, line)`);
  await tx.execute(sql`analyze register_stage`);
}

/** A staged row a check refuses: its line and point, `total` of them all (only the first `limit` given). */
export interface StagedRefusal {
  line: number;
  externalId: number;
  /** For a point repeated in the file: the line it is first on. */
  firstLine: number;
}

/** Rows repeating a point of an earlier line, in line order. */
export async function repeatedPoints(tx: Tx, limit: number): Promise<{ total: number; rows: StagedRefusal[] }> {
  const result = await tx.execute<{ line: number; external_id: string; first_line: number; total: number }>(sql`
    select line, external_id, first_line, count(*) over ()::int as total
    from (select line, external_id, min(line) over (partition by external_id) as first_line from register_stage) s
    where line <> first_line order by line limit ${Math.max(1, limit)}`);
  return refusals(result.rows);
}

/** Points (their first line) the customer's register allots to a company other than `companyId`, in line order. */
export async function allottedElsewhere(tx: Tx, customerId: string, companyId: string, limit: number): Promise<{ total: number; rows: StagedRefusal[] }> {
  const result = await tx.execute<{ line: number; external_id: string; first_line: number; total: number }>(sql`
    select s.line, s.external_id, s.line as first_line, count(*) over ()::int as total
    from (select distinct on (external_id) external_id, line from register_stage order by external_id, line) s
    join meter_points m on m.customer_id = ${customerId} and m.external_id = s.external_id
    where m.company_id is not null and m.company_id <> ${companyId}
    order by s.line limit ${Math.max(1, limit)}`);
  return refusals(result.rows);
}

function refusals(rows: { line: number; external_id: string; first_line: number; total: number }[]): { total: number; rows: StagedRefusal[] } {
  return { total: rows[0]?.total ?? 0, rows: rows.map((r) => ({ line: r.line, externalId: Number(r.external_id), firstLine: r.first_line })) };
}

/** The names of a lookup list the staged rows hold, each once, in the order of the line it first is on. */
export async function stagedNames(tx: Tx, list: StagedList): Promise<string[]> {
  const column = sql.raw(LIST_COLUMNS[list]);
  const result = await tx.execute<{ name: string }>(sql`
    select ${column} as name from register_stage where ${column} is not null group by ${column} order by min(line)`);
  return result.rows.map((r) => r.name);
}

/**
 * Writes the staged points in the customer's register for the company (keyed by the customer and
 * external id), their lookups by the ids given for their names: new ones inserted in the file's order,
 * ones that differ in any column updated (their change stamped), the same ones left alone.
 */
export async function writeStaged(
  tx: Tx, owner: { customerId: string; companyId: string }, ids: { list: StagedList; name: string; id: number }[],
): Promise<{ inserted: number; updated: number }> {
  await tx.execute(sql`create temp table register_names (list text, name text, id int) on commit drop`);
  await tx.execute(sql`insert into register_names select * from unnest(${arrayLiteral(ids.map((i) => i.list))}::text[],
    ${arrayLiteral(ids.map((i) => i.name))}::text[], ${arrayLiteral(ids.map((i) => i.id))}::int[])`);
  const joins = sql.raw(Object.entries(LIST_COLUMNS).map(([list, column]) =>
    `left join register_names ${column}_n on ${column}_n.list = '${list}' and ${column}_n.name = s.${column}`).join('\n'));
  const columns = sql.raw(POINT_COLUMNS.map((c) => {
    const list = Object.values(LIST_COLUMNS).find((l) => `${l}_id` === c);
    return list ? `${list}_n.id as ${c}` : `s.${c}`;
  }).join(', '));
  await tx.execute(sql`create temp table register_rows on commit drop as select ${columns} from register_stage s ${joins} order by s.line`);
  const assignments = sql.raw(POINT_COLUMNS.slice(1).map((c) => `${c} = r.${c}`).join(', '));
  const updated = await tx.execute(sql`update meter_points m set company_id = ${owner.companyId}, ${assignments}, updated_at = now()
    from register_rows r
    where m.customer_id = ${owner.customerId} and m.external_id = r.external_id
      and (m.company_id, ${names('m.')}) is distinct from (${owner.companyId}::uuid, ${names('r.')})`);
  const inserted = await tx.execute(sql`insert into meter_points (customer_id, company_id, ${names('')})
    select ${owner.customerId}, ${owner.companyId}, ${names('r.')} from register_rows r
    where not exists (select from meter_points m where m.customer_id = ${owner.customerId} and m.external_id = r.external_id)`);
  await tx.execute(sql`drop table register_rows, register_names, register_stage`);
  return { inserted: inserted.rowCount ?? 0, updated: updated.rowCount ?? 0 };
}
