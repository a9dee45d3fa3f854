/**
 * One line of the register file checked and turned into a meter point: every cell's rule, with the
 * column and the reason when it fails (README "The meter register"). Nothing here reads the database.
 */
import { AssignmentType, type AssignmentTypeId } from '../../../src/domain/scheduling/enums';
import { EPSG } from '../../../src/domain/constants';
import { epsgForCode } from '../../../src/domain/geo/zones';
import { locationToLatLng } from '../../../src/domain/geo/utm';
import type { StagedPoint } from '../../repositories/registerStage';
import type { CsvRecord } from './csv';
import { LOOKUP_LISTS, REGISTER_COLUMNS, type HeaderMap, type LookupList, type RegisterColumn, type RowProblem } from './columns';

/**
 * A checked row: the point as it will be kept, its lookups still by name; the shape the import stages
 * (repositories/registerStage.ts StagedPoint), with the assignment type known to be one of ours.
 */
export type RegisterPoint = StagedPoint & { assignmentType: AssignmentTypeId };

const ASSIGNMENT_WORDS: Record<string, AssignmentTypeId> = {
  '1': AssignmentType.New, new: AssignmentType.New, ny: AssignmentType.New,
  '2': AssignmentType.Replacement, replacement: AssignmentType.Replacement, old: AssignmentType.Replacement,
  utskifting: AssignmentType.Replacement, utskiftning: AssignmentType.Replacement,
  '3': AssignmentType.Dismantle, dismantle: AssignmentType.Dismantle, demontering: AssignmentType.Dismantle,
};

/** Longest text a cell may hold (an address with its postcode and place is far shorter). */
const MAX_TEXT = 200;
/** Mainland Norway, Svalbard aside, with a margin: a point outside it is a swapped pair or a wrong zone. */
const NORWAY = { minLat: 57.5, maxLat: 71.5, minLng: 4, maxLng: 31.5 };
const UTM_EPSG: readonly number[] = [EPSG.Zone32, EPSG.Zone33, EPSG.Zone35];

/** Spaces (also no-break and narrow no-break) are thousands separators in numbers; a comma is a decimal one. */
const compact = (s: string) => s.replace(/[\s\u00a0\u202f]/g, '');

export function parseDecimal(s: string): number | null {
  const t = compact(s).replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}

function parseWhole(s: string): number | null {
  const t = compact(s);
  if (!/^[-+]?\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : null;
}

/** YYYY-MM-DD or dd.MM.yyyy (d and M may be one digit) → YYYY-MM-DD, or null when no real day. */
export function parseDay(s: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const nb = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  const [y, m, d] = iso ? [+iso[1], +iso[2], +iso[3]] : nb ? [+nb[3], +nb[2], +nb[1]] : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The street of an address: its first part without the house number ("Storgata 12B, 0155 Oslo" → "Storgata"). */
export function streetOf(address: string): string {
  const first = address.split(',')[0].trim();
  const m = /^(.*?\D)\s*\d+\s*[A-Za-z]?$/.exec(first);
  return (m ? m[1] : first).trim();
}

const inNorway = (lat: number, lng: number) => lat >= NORWAY.minLat && lat <= NORWAY.maxLat && lng >= NORWAY.minLng && lng <= NORWAY.maxLng;

/**
 * Checks one record. `customerNumber` decides the UTM zone of east/north without an epsg (as the
 * app does, spec 1 §9).
 */
export function convertRow(record: CsvRecord, header: HeaderMap, customerNumber: string): RegisterPoint | RowProblem[] {
  const problems: RowProblem[] = [];
  const fail = (column: RegisterColumn | null, reason: string) => { problems.push({ line: record.line, column, reason }); return null; };
  const cell = (column: RegisterColumn): string => {
    const i = header.index[column];
    return i === undefined ? '' : (record.fields[i] ?? '').trim();
  };
  const text = (column: RegisterColumn, required = false): string | null => {
    const v = cell(column);
    if (v === '') return required ? fail(column, 'is empty, and it is required') : null;
    if (v.length > MAX_TEXT) return fail(column, `is longer than ${MAX_TEXT} characters`);
    return v;
  };
  const whole = (column: RegisterColumn, what: string): number | null => {
    const v = cell(column);
    if (v === '') return null;
    const n = parseWhole(v);
    return n === null ? fail(column, `"${v}" is not ${what}`) : n;
  };

  const externalRaw = cell('waterMeterPointId');
  const externalId = externalRaw === '' ? fail('waterMeterPointId', 'is empty, and it is required') : whole('waterMeterPointId', 'a whole number');
  if (externalId !== null && externalId <= 0) fail('waterMeterPointId', 'must be a positive whole number');
  const waterMeterId = whole('waterMeterId', 'a whole number');
  if (waterMeterId !== null && waterMeterId <= 0) fail('waterMeterId', 'must be a positive whole number');

  const typeRaw = cell('assignmentType');
  const assignmentType = typeRaw === '' ? fail('assignmentType', 'is empty, and it is required')
    : ASSIGNMENT_WORDS[typeRaw.toLowerCase()] ?? fail('assignmentType', `"${typeRaw}" is none of new, replacement, dismantle (1, 2, 3; ny, utskifting, demontering)`);
  if (assignmentType !== null && assignmentType !== AssignmentType.New && waterMeterId === null && cell('waterMeterId') === '') {
    fail('waterMeterId', 'is empty: a replacement or a dismantling needs the meter on the point');
  }

  const priority = whole('priority', 'a whole number') ?? 0;
  if (Math.abs(priority) > 1_000_000) fail('priority', 'is out of range (at most 1000000 either way)');

  const installRaw = cell('installDate');
  const installDate = installRaw === '' ? null : parseDay(installRaw) ?? fail('installDate', `"${installRaw}" is no day as YYYY-MM-DD or dd.MM.yyyy`);

  const address = text('address', true);
  const street = text('street') ?? (address ? streetOf(address) : null);
  const lookups = Object.fromEntries(LOOKUP_LISTS.map((list) => [list, text(list)])) as Record<LookupList, string | null>;

  const [lat, lng] = coordinates(cell, fail, customerNumber);

  const point = {
    line: record.line, externalId: externalId!, waterMeterId, meterSerial: text('meterSerial'), agreementNo: text('agreementNo', true)!,
    assignmentType: assignmentType!, priority, lat, lng, address: address!, street: street!, buildingNo: text('buildingNo'),
    matrikkelenhetNr: text('matrikkelenhetNr'), installDate, referenceId: text('referenceId'), lookups,
  };
  const order = (c: string | null) => (c === null ? -1 : REGISTER_COLUMNS.indexOf(c as RegisterColumn));
  return problems.length > 0 ? problems.sort((a, b) => order(a.column) - order(b.column)) : point;
}

/** lat+lng (WGS84) or east+north (+epsg) converted; both pairs empty is a point without coordinates. */
function coordinates(
  cell: (c: RegisterColumn) => string, fail: (c: RegisterColumn, reason: string) => null, customerNumber: string,
): [number | null, number | null] {
  const none: [null, null] = [null, null];
  const number = (column: RegisterColumn): number | null | undefined => {
    const v = cell(column);
    if (v === '') return undefined;
    return parseDecimal(v) ?? fail(column, `"${v}" is not a number`);
  };
  const lat = number('lat');
  const lng = number('lng');
  if (lat !== undefined || lng !== undefined) {
    if (lat === undefined || lng === undefined) return fail(lat === undefined ? 'lat' : 'lng', 'is empty while its pair is given'), none;
    if (lat === null || lng === null) return none;
    if (!inNorway(lat, lng)) return fail('lat', `${lat}, ${lng} lies outside Norway (lat and lng swapped?)`), none;
    return [lat, lng];
  }
  const east = number('east');
  const north = number('north');
  const epsgRaw = cell('epsg');
  if (east === undefined && north === undefined) {
    if (epsgRaw !== '') fail('epsg', 'is given without east and north');
    return none;
  }
  if (east === undefined || north === undefined) return fail(east === undefined ? 'east' : 'north', 'is empty while its pair is given'), none;
  const epsg = epsgRaw === '' ? epsgForCode(customerNumber) : parseWhole(epsgRaw.replace(/^EPSG:/i, ''));
  if (epsg === null || !UTM_EPSG.includes(epsg)) return fail('epsg', `"${epsgRaw}" is none of 25832, 25833, 25835 (EUREF89 UTM 32, 33, 35)`), none;
  if (east === null || north === null) return none;
  const latLng = locationToLatLng({ x: east, y: north, srs: epsg }, customerNumber);
  if (!latLng || !inNorway(latLng[0], latLng[1])) return fail('east', `${east}, ${north} in EPSG:${epsg} lies outside Norway (east and north swapped, or another zone?)`), none;
  return latLng;
}
