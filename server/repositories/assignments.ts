/**
 * The assignment list's queries (spec 2 §3, §7): the register's lookup lists, a company's schedule,
 * and the list itself. The list is built as JSON text by PostgreSQL (json_build_object, nulls
 * stripped, one json_agg): at 50,000 points that is several times faster than reading rows into
 * objects and serializing them again, and the answer must be out in under 500 ms (DESIGN.md budgets).
 * What each field and status means is the service's (services/assignments/list.ts); the numbers it
 * decides with come in as `ListRules`.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AssignmentLookups, LookupEntry } from '../../src/domain/schemas/scheduling';
import { registerLookups, schedules } from '../db/schema';
import type { DbOrTx } from '../db/tx';
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

function pointConditions(f: PointFilter): SQL[] {
  const where: SQL[] = [];
  if (f.addressExact !== undefined) where.push(sql`lower(p.address) = lower(${f.addressExact})`);
  // The same expression as the meter_points_company_street index (text_pattern_ops), so it is a range read.
  if (f.streetPrefix !== undefined) where.push(sql`lower(p.street) like ${`${escapeLike(f.streetPrefix.toLowerCase())}%`}`);
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
 * infinities fail `between`), as the JSON array of AssignmentListItem, absent fields left out.
 * `latest` is each point's newest schedule item: its live one when it has one (at most one, by the
 * partial unique index), else the last cancelled.
 */
export async function assignmentListJson(
  db: DbOrTx, q: { companyId: string; customerId: string; scheduleId: number | null; filter: PointFilter; rules: ListRules },
): Promise<string> {
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

  const { rows } = await db.execute<{ list: string }>(sql`
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
    select coalesce(json_agg(json_strip_nulls(json_build_object(
      'waterMeterPointId', i.id, 'waterMeterId', i.water_meter_id, 'agreementNo', i.agreement_no,
      'assignmentType', i.assignment_type, 'priority', i.priority, 'lat', i.lat, 'lng', i.lng, 'address', i.address,
      'buildingNo', i.building_no, 'matrikkelenhetNr', i.matrikkelenhet_nr, 'installDate', i.install_date,
      'dimensionId', i.dimension_id, 'zoneId', i.zone_id, 'readerTypeId', i.reader_type_id, 'agreementTypeId', i.agreement_type_id,
      'statusId', i.status_id, 'referenceId', i.reference_id,
      'scheduleId', i.schedule_id, 'scheduleItemId', i.item_id, 'weekNo', i.week_no, 'year', i.year,
      'scheduleItemStatus', i.item_state, 'assignmentItemStatus', i.item_status, 'assigneeName', i.assignee_name,
      'cancellationTypeId', i.cancellation_type_id,
      'cancellationTypeColorStatus', case
        when i.cancellation_type_id in (${failures}) then 'Failure'
        when i.cancellation_type_id is not null or i.item_state = ${cancelled} then 'Cancelled' end,
      'isSelected', i.item_status <> ${s.notSelected},
      'isDisabled', i.item_status in (${disabled})
    )) order by i.id), '[]')::text as list
    from items i`);
  return rows[0].list;
}
