/**
 * The assignment list's `filtered` query parameter (spec 2 §3 Assignment filter, §5): JSON text,
 * parsed and checked against the shared AssignmentFilterSchema (hardened as every route's schema is:
 * integers within int4), then turned into what the query asks for. A refusal is a 400 naming the
 * field inside the parameter, `querystring/filtered/installDate`, in the one style (src/domain/errorField.ts).
 */
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { NO_STATUS_FILTER_KEY } from '../../../src/domain/scheduling/enums';
import { AssignmentFilterSchema, type AssignmentFilter } from '../../../src/domain/schemas/scheduling';
import { harden } from '../../../src/domain/schemaBounds';
import { badRequest } from '../../http/errors';
import { isStorableText } from '../../security/text';
import type { PointFilter } from '../../repositories/assignments';

const FIELD = 'querystring/filtered';
const check = Compile(harden(AssignmentFilterSchema) as TSchema);

/** YYYY-MM-DD naming a day of the calendar (not 2027-02-30). */
function isRealDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** The filter as sent, or a 400 naming the field; absent or blank text: no filter. */
export function parseAssignmentFilter(text: string | undefined): AssignmentFilter {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(FIELD, 'is not valid JSON');
  }
  if (value === null) return {};
  if (!check.Check(value)) {
    const [first] = [...check.Errors(value)];
    const missing = first?.keyword === 'required' ? (first.params as { requiredProperties?: string[] }).requiredProperties?.[0] : undefined;
    const where = `${FIELD}${first?.instancePath ?? ''}${missing ? `/${missing}` : ''}`;
    if (missing) throw badRequest(where, 'is required');
    // TypeBox reports an unknown property as the schema `false` at its path.
    if (first?.keyword === 'boolean') throw badRequest(where, 'is not a field of this call');
    throw badRequest(where, first?.message ?? 'is not valid');
  }
  const filter = value as AssignmentFilter;
  if (filter.address && !isStorableText(filter.address.name)) throw badRequest(`${FIELD}/address/name`, 'holds characters that cannot be stored');
  if (filter.installDate && !isRealDay(filter.installDate)) throw badRequest(`${FIELD}/installDate`, 'is not a real date');
  return filter;
}

/** `[lng, lat]` vertices as a PostgreSQL polygon; a closed ring's repeated first vertex is dropped (the polygon closes itself). */
function polygonText(ring: readonly (readonly [number, number])[]): string {
  const open = ring.length > 3 && ring[0][0] === ring.at(-1)![0] && ring[0][1] === ring.at(-1)![1] ? ring.slice(0, -1) : ring;
  return `(${open.map(([lng, lat]) => `(${lng},${lat})`).join(',')})`;
}

/**
 * A street search as people type it: "Tanumstien" (a prefix of the street), or "Tanumstien 1" /
 * "Tanumstien 1b" (that street's house 1, with any letter unless one is given; not 10 or 12).
 */
function streetFilter(text: string): Pick<PointFilter, 'streetPrefix' | 'houseNumber'> {
  const typed = text.trim();
  const m = /^(.*\S)\s+(\d{1,5})\s*([a-zæøå]?)$/iu.exec(typed);
  return m ? { streetPrefix: m[1], houseNumber: { number: m[2], letter: m[3] } } : { streetPrefix: typed };
}

/** What the query asks of the points. `assigned: false` asks nothing (the checkbox unticked). */
export function pointFilterOf(f: AssignmentFilter): PointFilter {
  return {
    ...(f.address?.type === 'StreetAddress' ? { addressExact: f.address.name.trim() } : {}),
    ...(f.address?.type === 'Street' ? streetFilter(f.address.name) : {}),
    installedOnOrBefore: f.installDate,
    dimensionId: f.dimensionId,
    zoneId: f.zoneId,
    readerTypeId: f.readerTypeId,
    agreementTypeId: f.agreementTypeId,
    statusId: f.statusId === NO_STATUS_FILTER_KEY ? null : f.statusId,
    assignmentType: f.assignmentType,
    unplannedOnly: f.assigned === true,
    polygon: f.polygonData ? polygonText(f.polygonData) : undefined,
  };
}
