/**
 * The assignment list's queries (spec 2 §3, §7): the register's lookup lists, a company's schedule,
 * and the list itself. Each item of the list is written as JSON text by PostgreSQL, by concatenating
 * its fields (a field that is NULL drops out with its key; ~35 % faster than json_build_object +
 * json_strip_nulls), one row per item, and the rows are streamed into the answer as they arrive
 * (streamJsonArray). At 50,000 points (`npm run bench -- assignments`) that spends about half the
 * CPU of aggregating the items into one 20 MB text with string_agg in PostgreSQL (the aggregate cost
 * ~3x the items themselves, and the 20 MB value as much again to receive and copy in Node) and lets
 * compression run while the rows still come; the answer must be out in under 500 ms (DESIGN.md
 * budgets). What each field and status means is the service's (services/assignments/list.ts); the
 * numbers it decides with come in as `ListRules`. */
import { Readable } from 'node:stream';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AssignmentLookups, LookupEntry } from '../../src/domain/schemas/scheduling';
import { registerLookups, schedules } from '../db/schema';
import { pgClientOf, type DbOrTx } from '../db/tx';
import { escapeLike } from './sqlLike';

/** register_lookups.list → the answer's key. */
const LOOKUP_KEYS = { dimension: 'dimensions', zone: 'zone', status: 'status', readerType: 'readerType', agreementType: 'agreementType' } as const;

export async function lookupLists(db: DbOrTx, customerId: string): Promise<AssignmentLookups> {
  const rows = await db.select({ list: registerLookups.list, id: registerLookups.id, name: registerLookups.name })
    .from(registerLookups).where(eq(registerLookups.customerId, customerId)).orderBy(asc(registerLookups.list), asc(registerLookups.id));
  const lists: AssignmentLookups = { dimensions: [], zone: [], status: [], readerType: [], agreementType: [] };
  for (const r of rows) {
    const key = LOOKUP_KEYS[r.list as keyof typeof LOOKUP_KEYS];
    if (key) lists[key].push({ id: r.id, name: r.name } satisfies LookupEntry);
  }
  return lists;
}

/** The schedule `id` of the company, with its plumber (registration id), or undefined. */
export async function companySchedule(db: DbOrTx, companyId: string, id: number): Promise<{ id: number; assigneeId: number } | undefined> {
  const [row] = await db.select({ id: schedules.id, assigneeId: schedules.assigneeId }).from(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.companyId, companyId))).limit(1);
  return row;
}

/** What the list's filters ask for, already checked (services/assignments/filter.ts). */
export interface PointFilter {
  addressExact?: string;
  streetPrefix?: string;
  /** With streetPrefix: the address is that street's house `number` (its `letter`, or any when empty). */
  houseNumber?: { number: string; letter: string };
  installedOnOrBefore?: string;
  dimensionId?: number;
  zoneId?: number;
  readerTypeId?: number;
  agreementTypeId?: number;
  /** A register status id, or null for points with none. */
  statusId?: number | null;
  assignmentType?: number;
  /** Only points in no live schedule item. */
  unplannedOnly?: boolean;
  /** PostgreSQL polygon text, `((lng,lat),…)`. */
  polygon?: string;
}

/** The service's numbers: which schedule item status is Cancelled, which cancellation types are failures. */
export interface ListRules {
  cancelledStatus: number;
  failureCancellationTypes: readonly number[];
  status: { notSelected: number; inOtherSchedule: number; planned: number; scheduled: number };
  /** Assignment item statuses that may not be selected (isDisabled). */
  disabled: readonly number[];
}

/** `text` as itself inside a PostgreSQL regular expression. */
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pointConditions(f: PointFilter): SQL[] {
  const where: SQL[] = [];
  if (f.addressExact !== undefined) where.push(sql`lower(p.address) = lower(${f.addressExact})`);
  // The same expression as the meter_points_company_street index (text_pattern_ops), so it is a range read.
  if (f.streetPrefix !== undefined) where.push(sql`lower(p.street) like ${`${escapeLike(f.streetPrefix.toLowerCase())}%`}`);
  if (f.streetPrefix !== undefined && f.houseNumber) {
    const letter = f.houseNumber.letter ? escapeRegex(f.houseNumber.letter) : '[a-zæøå]?';
    where.push(sql`p.address ~* ${`^${escapeRegex(f.streetPrefix)}\\s+${f.houseNumber.number}${letter}(\\s|,|$)`}`);
  }
  if (f.installedOnOrBefore !== undefined) where.push(sql`p.install_date <= ${f.installedOnOrBefore}`);
  if (f.dimensionId !== undefined) where.push(sql`p.dimension_id = ${f.dimensionId}`);
  if (f.zoneId !== undefined) where.push(sql`p.zone_id = ${f.zoneId}`);
  if (f.readerTypeId !== undefined) where.push(sql`p.reader_type_id = ${f.readerTypeId}`);
  if (f.agreementTypeId !== undefined) where.push(sql`p.agreement_type_id = ${f.agreementTypeId}`);
  if (f.statusId === null) where.push(sql`p.status_id is null`);
  else if (f.statusId !== undefined) where.push(sql`p.status_id = ${f.statusId}`);
  if (f.assignmentType !== undefined) where.push(sql`p.assignment_type = ${f.assignmentType}`);
  // PostgreSQL's own geometry: a point on the edge counts as inside, as @turf/boolean-point-in-polygon has it.
  if (f.polygon !== undefined) where.push(sql`${f.polygon}::polygon @> point(p.lng, p.lat)`);
  return where;
}

/**
 * The company's points with usable coordinates (both present and within WGS84's range: NULL, NaN and
 * infinities fail `between`), as the JSON array of AssignmentListItem in id order, absent fields left
 * out, streamed (streamJsonArray).
 * `latest` is each point's newest schedule item: its live one when it has one (at most one, by the
 * partial unique index), else the last cancelled.
 */
export async function assignmentListJson(
  db: DbOrTx, q: ListQuery, first?: (client: pg.ClientBase) => Promise<void>,
): Promise<Readable> {
  return streamJsonArray(db, assignmentListQuery(q), first);
}

export interface ListQuery { companyId: string; customerId: string; scheduleId: number | null; filter: PointFilter; rules: ListRules }

/** The list's query: one text column, the JSON object of one point per row, in the points' order. */
export function assignmentListQuery(q: ListQuery): SQL {
  const { rules, filter } = q;
  // Typed, so PostgreSQL does not take a bare parameter in a CASE for text.
  const n = (v: number) => sql`${v}::int`;
  const s = { notSelected: n(rules.status.notSelected), inOtherSchedule: n(rules.status.inOtherSchedule), planned: n(rules.status.planned), scheduled: n(rules.status.scheduled) };
  const cancelled = n(rules.cancelledStatus);
  const live = sql`(l.meter_point_id is not null and l.status <> ${cancelled})`;
  const itemStatus = sql`case when not ${live} then ${s.notSelected}
    when l.schedule_id = ${q.scheduleId}::int then case when l.is_scheduled then ${s.scheduled} else ${s.planned} end
    else ${s.inOtherSchedule} end`;
  const where = [
    sql`p.company_id = ${q.companyId}`, sql`p.customer_id = ${q.customerId}`,
    sql`p.lat between -90 and 90`, sql`p.lng between -180 and 180`,
    ...pointConditions(filter),
  ];
  if (filter.unplannedOnly) where.push(sql`not ${live}`);
  const ints = (list: readonly number[]) => sql.join(list.map(n), sql`, `);
  const failures = ints(rules.failureCancellationTypes);
  const disabled = ints(rules.disabled);

  const colour = sql`case when i.cancellation_type_id in (${failures}) then 'Failure'
    when i.cancellation_type_id is not null or i.item_state = ${cancelled} then 'Cancelled' end`;
  // [key, value, kind]: numbers print as PostgreSQL writes them (valid JSON: NaN and infinities are
  // filtered out above), text through to_json; the first field is never NULL.
  const fields: [string, SQL, 'number' | 'text' | 'boolean'][] = [
    ['waterMeterPointId', sql`i.id`, 'number'], ['waterMeterId', sql`i.water_meter_id`, 'number'], ['agreementNo', sql`i.agreement_no`, 'text'],
    ['assignmentType', sql`i.assignment_type`, 'number'], ['priority', sql`i.priority`, 'number'], ['lat', sql`i.lat`, 'number'], ['lng', sql`i.lng`, 'number'],
    ['address', sql`i.address`, 'text'], ['buildingNo', sql`i.building_no`, 'text'], ['matrikkelenhetNr', sql`i.matrikkelenhet_nr`, 'text'],
    ['installDate', sql`i.install_date`, 'text'], ['dimensionId', sql`i.dimension_id`, 'number'], ['zoneId', sql`i.zone_id`, 'number'],
    ['readerTypeId', sql`i.reader_type_id`, 'number'], ['agreementTypeId', sql`i.agreement_type_id`, 'number'], ['statusId', sql`i.status_id`, 'number'],
    ['referenceId', sql`i.reference_id`, 'text'], ['scheduleId', sql`i.schedule_id`, 'number'], ['scheduleItemId', sql`i.item_id`, 'number'],
    ['weekNo', sql`i.week_no`, 'number'], ['year', sql`i.year`, 'number'], ['scheduleItemStatus', sql`i.item_state`, 'number'],
    ['assignmentItemStatus', sql`i.item_status`, 'number'], ['assigneeName', sql`i.assignee_name`, 'text'],
    ['cancellationTypeId', sql`i.cancellation_type_id`, 'number'], ['cancellationTypeColorStatus', colour, 'text'],
    ['isSelected', sql`i.item_status <> ${s.notSelected}`, 'boolean'], ['isDisabled', sql`i.item_status in (${disabled})`, 'boolean'],
  ];
  const item = sql.join(fields.map(([key, value, kind], at) => {
    const text = kind === 'text' ? sql`to_json(${value})::text` : kind === 'boolean' ? sql`case when ${value} then 'true' else 'false' end` : sql`(${value})::text`;
    return at === 0 ? sql`${sql.raw(`'{"${key}":'`)} || ${text}` : sql`coalesce(${sql.raw(`',"${key}":'`)} || ${text}, '')`;
  }), sql` || `);

  return sql`
    with latest as (
      select distinct on (si.meter_point_id) si.meter_point_id, si.id, si.schedule_id, si.status, si.is_scheduled, si.cancellation_type_id,
        s.week_no, s.year, s.assignee_id
      from schedule_items si join schedules s on s.id = si.schedule_id
      where si.company_id = ${q.companyId}
      order by si.meter_point_id, (si.status <> ${cancelled}) desc, si.updated_at desc, si.id desc
    ), items as (
      select p.*, ${itemStatus} as item_status, l.id as item_id, l.schedule_id, l.status as item_state, l.cancellation_type_id,
        l.week_no, l.year, u.display_name as assignee_name
      from meter_points p
      left join latest l on l.meter_point_id = p.id
      left join users u on u.registration_id = l.assignee_id and u.company_id = ${q.companyId}
      where ${sql.join(where, sql` and `)}
    )
    select ${item} || '}' from items i order by i.id`;
}

/** `query` as SQL text and its values, for a connection of its own (services/assignments/listWriter.ts). */
export function sqlText(query: SQL): { text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params as unknown[] };
}

/**
 * What the list of `companyId` is read from, as one text that changes whenever any of it changes: the
 * sum of the company's weights in list_changes, which triggers add to on every statement that writes
 * its meter points, schedule items or schedules, or an assignee's name (migration 0014), whatever the
 * path (the API, a batch, the register import, plain SQL). Rows are only ever added (the clean-up folds
 * them, total kept: foldListChanges), so the sum grows with every committed change in whatever order
 * transactions commit. Read from the index: well under a millisecond (`npm run bench -- load`).
 */
export function listFingerprintQuery(companyId: string): SQL {
  return sql`select coalesce(sum(weight), 0)::text as fingerprint from list_changes where company_id = ${companyId}`;
}

/** Folds every company's rows of list_changes into one of the same total weight (the daily clean-up). */
export async function foldListChanges(db: DbOrTx): Promise<number> {
  const { rows } = await db.execute<{ folded: number }>(sql`
    with gone as (delete from list_changes returning company_id, weight),
    kept as (insert into list_changes (company_id, weight) select company_id, sum(weight) from gone group by company_id returning 1)
    select (select count(*) from gone)::int - (select count(*) from kept)::int as folded`);
  return rows[0].folded;
}

export async function listFingerprint(db: DbOrTx, companyId: string): Promise<string> {
  const { rows } = await db.execute<{ fingerprint: string }>(listFingerprintQuery(companyId));
  return rows[0].fingerprint;
}

/**
 * The list as assignmentListJson streams it, and the fingerprint of what it was read from, both
 * read in one snapshot (repeatable read), so the list is exactly what the fingerprint names.
 */
export async function assignmentListSnapshot(
  db: DbOrTx, q: Parameters<typeof assignmentListJson>[1],
): Promise<{ fingerprint: string; body: Readable }> {
  let fingerprint = '';
  const body = await assignmentListJson(db, q, async (client) => {
    const { sql: text, params } = dialect.sqlToQuery(listFingerprintQuery(q.companyId));
    const { rows } = await client.query<{ fingerprint: string }>(text, params as unknown[]);
    fingerprint = rows[0].fingerprint;
  });
  return { fingerprint, body };
}

/** Text pushed to the answer at a time: fewer, larger writes cost the compressor less (32 KB: ~15 % more
 * CPU for brotli 3), and a chunk stays below V8's large-object size (128 KB), so none costs fresh pages. */
export const LIST_CHUNK_CHARS = 64 * 1024;
/**
 * How a list's read begins (here and in services/assignments/listWriter.ts): one process, as a parallel
 * plan (Gather Merge) spends ~40 % more CPU for the same rows; repeatable read, so the fingerprint read
 * first is of the same snapshot as the list.
 */
export const LIST_SNAPSHOT_BEGIN = 'begin isolation level repeatable read, read only; set local max_parallel_workers_per_gather = 0';
const dialect = new PgDialect();

/**
 * Runs `query` (one text column, a JSON value per row) and streams the JSON array of its rows as
 * they arrive, in chunks of ~64 KB: compression and the socket start on the first rows, and no
 * 20 MB string is built (fresh memory is dear: a 20 MB string or buffer is page faults first). Resolves
 * once the first row (or the end) is here, so a query that fails before answering rejects as any other
 * (a 4xx/5xx answer); one failing later ends the stream with its error (the client sees a cut answer).
 */
async function streamJsonArray(db: DbOrTx, query: SQL, first?: (client: pg.ClientBase) => Promise<void>): Promise<Readable> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const held = pgClientOf(db);
  const own = held instanceof pg.Pool ? await held.connect() : undefined;
  const client = own ?? (held as pg.PoolClient);
  try {
    if (own) await own.query(LIST_SNAPSHOT_BEGIN);
    if (first) await first(client);
  } catch (err) {
    own?.release(err as Error);
    throw err;
  }
  const out = new Readable({ read() {} });
  return new Promise<Readable>((resolve, reject) => {
    let started = false;
    let pending = '[';
    let rows = 0;
    const start = () => {
      if (!started) {
        started = true;
        resolve(out);
      }
    };
    const config: pg.QueryArrayConfig = { text, values: params, rowMode: 'array' };
    const run = client.query(new pg.Query(config));
    run.on('row', (row: [string]) => {
      pending += rows++ === 0 ? row[0] : `,${row[0]}`;
      if (pending.length >= LIST_CHUNK_CHARS) {
        if (!out.destroyed) out.push(pending);
        pending = '';
      }
      start();
    });
    run.on('error', (err: Error) => {
      // A connection whose statement failed is dropped, not returned to the pool mid-transaction.
      own?.release(err);
      if (started) out.destroy(err);
      else reject(err);
    });
    run.on('end', () => {
      if (!out.destroyed) {
        out.push(`${pending}]`);
        out.push(null);
      }
      start();
      own?.query('commit').then(() => own.release(), (err: Error) => own.release(err));
    });
  });
}
