/**
 * The register file's columns (README "The meter register"): found by header name, whatever the case,
 * spaces, hyphens or underscores ("WaterMeterPointId", "water_meter_point_id"), in any order.
 */
import type { CsvRecord } from './csv';

export const REGISTER_COLUMNS = [
  'waterMeterPointId', 'waterMeterId', 'meterSerial', 'agreementNo', 'assignmentType', 'priority',
  'address', 'street', 'buildingNo', 'matrikkelenhetNr', 'installDate',
  'dimension', 'zone', 'readerType', 'agreementType', 'status', 'referenceId',
  'lat', 'lng', 'east', 'north', 'epsg',
] as const;
export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];

/** The lookup lists of register_lookups: a column of names, each mapped to the customer's id for it. */
export const LOOKUP_LISTS = ['dimension', 'zone', 'readerType', 'agreementType', 'status'] as const;
export type LookupList = (typeof LOOKUP_LISTS)[number];

export const REQUIRED_COLUMNS: readonly RegisterColumn[] = ['waterMeterPointId', 'agreementNo', 'assignmentType', 'address'];

/** A problem with one cell (or, column null, with the whole row) of a line of the file. */
export interface RowProblem {
  line: number;
  column: string | null;
  reason: string;
}

const normalise = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, '');
const BY_NAME = new Map<string, RegisterColumn>(REGISTER_COLUMNS.map((c) => [normalise(c), c]));

export interface HeaderMap {
  /** Column → index of its field in a record. */
  index: Partial<Record<RegisterColumn, number>>;
  /** Header names that are no column of ours: their values are not read. */
  ignored: string[];
  problems: RowProblem[];
}

/** Maps the header record; a missing required column, a repeated one or half a coordinate pair is a problem. */
export function mapHeader(header: CsvRecord): HeaderMap {
  const index: HeaderMap['index'] = {};
  const ignored: string[] = [];
  const problems: RowProblem[] = [];
  header.fields.forEach((name, i) => {
    if (name.trim() === '') return;
    const column = BY_NAME.get(normalise(name));
    if (!column) ignored.push(name.trim());
    else if (index[column] !== undefined) problems.push({ line: header.line, column, reason: 'the column appears twice in the header' });
    else index[column] = i;
  });
  for (const column of REQUIRED_COLUMNS) {
    if (index[column] === undefined) problems.push({ line: header.line, column, reason: 'the header has no such column, and it is required' });
  }
  const pairs: [RegisterColumn[], string][] = [
    [['lat', 'lng'], 'lat and lng come together'],
    [['east', 'north'], 'east and north come together (with epsg)'],
  ];
  for (const [pair, reason] of pairs) {
    const present = pair.filter((c) => index[c] !== undefined);
    if (present.length === 1) problems.push({ line: header.line, column: pair.find((c) => index[c] === undefined)!, reason: `the header lacks this column: ${reason}` });
  }
  if (index.epsg !== undefined && index.east === undefined) problems.push({ line: header.line, column: 'epsg', reason: 'epsg without east and north' });
  return { index, ignored, problems };
}
