/**
 * `npm run import:register`: a utility's register file loaded for the company it is sent to
 * (schema.ts meterPoints). Every row is checked first; with any refused row nothing is written.
 * Otherwise all rows go in one transaction: new points inserted, changed ones updated, unchanged ones
 * not touched (by the customer and the utility's waterMeterPointId), so loading a file again changes
 * nothing. A point the utility allotted to another company is refused, never moved.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  allottedElsewhere, companyByOrgNumber, insertLookups, lockRegister, lookupsOf, writePoints,
  type RegisterCompany, type RegisterLookupRow, type RegisterPointValues,
} from '../../repositories/register';
import type { Tx } from '../../db/tx';
import { inUnitOfWork, type UnitOfWorkDeps } from '../unitOfWork';
import { CsvError, decodeText, detectSeparator, parseCsv, type CsvRecord } from './csv';
import { LOOKUP_LISTS, mapHeader, type LookupList, type RowProblem } from './columns';
import { convertRow, type RegisterPoint } from './convert';
import { readXlsxRows } from './xlsx';

export type ImportPhase = 'read' | 'check' | 'write';
/** `total` 0: not known yet (a workbook's rows while it is read). */
export type ImportProgress = (phase: ImportPhase, done: number, total: number) => void;

export interface RegisterImportReport {
  company: string;
  format: 'csv' | 'xlsx';
  /** CSV only: the encoding and separator the file was read with. */
  encoding?: string;
  separator?: string;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  withoutCoordinates: number;
  newLookups: { list: LookupList; name: string }[];
  /** Header names that are no column of the register: not read. */
  ignoredColumns: string[];
  /** Every problem found; non-empty means nothing was written. */
  problems: RowProblem[];
  /** How many rows the problems refused (a row may have several). */
  refusedRows: number;
}

export class RegisterImportError extends Error {}

export async function importRegisterFile(
  deps: UnitOfWorkDeps, file: string, orgNumber: string, onProgress: ImportProgress = () => {},
): Promise<RegisterImportReport> {
  const company = await companyByOrgNumber(deps.db, orgNumber);
  if (!company) throw new RegisterImportError(`No company has the organisation number ${orgNumber}.`);
  const bytes = await fs.readFile(file).catch((err: NodeJS.ErrnoException) => {
    throw new RegisterImportError(`Cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
  });
  const xlsx = path.extname(file).toLowerCase() === '.xlsx' || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  const report: RegisterImportReport = {
    company: company.name, format: xlsx ? 'xlsx' : 'csv', rows: 0, inserted: 0, updated: 0, unchanged: 0,
    withoutCoordinates: 0, newLookups: [], ignoredColumns: [], problems: [], refusedRows: 0,
  };
  let records: CsvRecord[];
  if (xlsx) {
    records = await readXlsxRows(file, (n) => onProgress('read', n, 0)).catch((err: Error) => { throw new RegisterImportError(`${file} is no readable .xlsx workbook: ${err.message}`); });
  } else {
    const { text, encoding } = decodeText(bytes);
    const separator = detectSeparator(text);
    Object.assign(report, { encoding, separator });
    try {
      records = parseCsv(text, separator);
    } catch (err) {
      if (!(err instanceof CsvError)) throw err;
      report.problems.push({ line: err.line, column: null, reason: err.message });
      report.refusedRows = 1;
      return report;
    }
  }
  return importRecords(deps, company, records, report, onProgress);
}

async function importRecords(
  deps: UnitOfWorkDeps, company: RegisterCompany, records: CsvRecord[], report: RegisterImportReport, onProgress: ImportProgress,
): Promise<RegisterImportReport> {
  if (records.length === 0) throw new RegisterImportError('The file is empty: it has no header line.');
  const [headerRecord, ...rows] = records;
  const header = mapHeader(headerRecord);
  report.ignoredColumns = header.ignored;
  report.rows = rows.length;
  if (header.problems.length > 0) {
    report.problems = header.problems;
    report.refusedRows = rows.length;
    return report;
  }

  const points: RegisterPoint[] = [];
  const refused = new Set<number>();
  const firstLine = new Map<number, number>();
  rows.forEach((record, i) => {
    const result = convertRow(record, header, company.customerNumber);
    if (Array.isArray(result)) {
      report.problems.push(...result);
      refused.add(record.line);
    } else if (firstLine.has(result.externalId)) {
      report.problems.push({ line: record.line, column: 'waterMeterPointId', reason: `${result.externalId} is already on line ${firstLine.get(result.externalId)}` });
      refused.add(record.line);
    } else {
      firstLine.set(result.externalId, record.line);
      points.push(result);
    }
    if (i % 1000 === 999 || i === rows.length - 1) onProgress('check', i + 1, rows.length);
  });

  await inUnitOfWork(deps, async ({ tx }) => {
    await lockRegister(tx, company.customerId);
    const lineOf = new Map(points.map((p) => [p.externalId, p.line]));
    for (const externalId of await allottedElsewhere(tx, company.customerId, company.id, points.map((p) => p.externalId))) {
      const line = lineOf.get(externalId)!;
      report.problems.push({ line, column: 'waterMeterPointId', reason: `point ${externalId} is allotted to another company` });
      refused.add(line);
    }
    report.refusedRows = refused.size;
    if (refused.size > 0) return;

    const ids = await resolveLookups(tx, company.customerId, points, report);
    const values = points.map((p) => toValues(p, ids));
    report.withoutCoordinates = points.filter((p) => p.lat === null).length;
    let written = 0;
    // New, changed and unchanged points are told apart in the database (repositories/register.ts writePoints).
    const { inserted, updated } = await writePoints(tx, { customerId: company.customerId, companyId: company.id }, values,
      (n) => onProgress('write', (written += n), values.length));
    Object.assign(report, { inserted, updated, unchanged: points.length - inserted - updated });
  });
  report.problems.sort((a, b) => a.line - b.line);
  return report;
}

/** Per list, name → id (a map per list: no composed key to build and hash for each of 500,000 cells). */
type LookupIds = Record<LookupList, Map<string, number>>;

/** Name → id for every lookup the rows name, creating the names the customer's lists lack (next free id). */
async function resolveLookups(tx: Tx, customerId: string, points: RegisterPoint[], report: RegisterImportReport): Promise<LookupIds> {
  const rows = await lookupsOf(tx, customerId);
  const perList = () => Object.fromEntries(LOOKUP_LISTS.map((list) => [list, new Map<string, number>()])) as LookupIds;
  const ids = perList();
  // A name that differs from a kept one by case only is that one ("dn20" is "DN20").
  const folded = perList();
  const next = new Map<string, number>();
  for (const r of rows) {
    if (!(r.list in ids)) continue;
    ids[r.list as LookupList].set(r.name, r.id);
    folded[r.list as LookupList].set(r.name.toLowerCase(), r.id);
    next.set(r.list, Math.max(next.get(r.list) ?? 0, r.id));
  }
  const created: RegisterLookupRow[] = [];
  for (const list of LOOKUP_LISTS) {
    const known = ids[list];
    for (const p of points) {
      const name = p.lookups[list];
      if (name === null || known.has(name)) continue;
      const same = folded[list].get(name.toLowerCase());
      if (same !== undefined) { known.set(name, same); continue; }
      const id = (next.get(list) ?? 0) + 1;
      next.set(list, id);
      known.set(name, id);
      folded[list].set(name.toLowerCase(), id);
      created.push({ customerId, list, id, name });
      report.newLookups.push({ list, name });
    }
  }
  await insertLookups(tx, created);
  return ids;
}

function toValues(p: RegisterPoint, ids: LookupIds): RegisterPointValues {
  const id = (list: LookupList) => (p.lookups[list] === null ? null : ids[list].get(p.lookups[list]!) ?? null);
  return {
    externalId: p.externalId, waterMeterId: p.waterMeterId, meterSerial: p.meterSerial, agreementNo: p.agreementNo,
    assignmentType: p.assignmentType, priority: p.priority, lat: p.lat, lng: p.lng, address: p.address, street: p.street,
    buildingNo: p.buildingNo, matrikkelenhetNr: p.matrikkelenhetNr, installDate: p.installDate, dimensionId: id('dimension'),
    zoneId: id('zone'), readerTypeId: id('readerType'), agreementTypeId: id('agreementType'), statusId: id('status'), referenceId: p.referenceId,
  };
}
