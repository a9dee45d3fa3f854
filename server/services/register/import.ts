/**
 * `npm run import:register`: a utility's register file loaded for the company it is sent to
 * (db/schema/scheduling.ts meterPoints). Every row is checked first; with any refused row nothing is written.
 * Otherwise all rows go in one transaction: new points inserted, changed ones updated, unchanged ones
 * not touched (by the customer and the utility's waterMeterPointId), so loading a file again changes
 * nothing. A point the utility allotted to another company is refused, never moved.
 *
 * Read as a stream, memory flat in the file's size: the header is read and checked before any row (a
 * header lacking a column is refused without reading on); each row is checked as it is read, and the
 * checked ones go to a staging table of the import's transaction in batches (repositories/registerStage.ts),
 * where the checks over all rows and the write are made. A refused row writes nothing: the transaction
 * holds only its staging table until every row has passed. At most MAX_REGISTER_ROWS rows, counted as
 * they are read. A CSV without a BOM is read as UTF-8 until a byte is not; then it is read again from
 * its start as Windows-1252 (at most twice, and only such a file: decided by every byte, as before, not
 * by a first part).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { companyByOrgNumber, insertLookups, lockRegister, lookupsOf, type RegisterCompany, type RegisterLookupRow } from '../../repositories/register';
import { allottedElsewhere, endStage, repeatedPoints, stagedNames, stageRows, startStage, writeStaged } from '../../repositories/registerStage';
import type { Tx } from '../../db/tx';
import { inUnitOfWork, type UnitOfWorkDeps } from '../unitOfWork';
import { CsvError, encodingOf, NotUtf8Error, readCsv, type CsvEncoding, type CsvRecord } from './csv';
import { LOOKUP_LISTS, mapHeader, type HeaderMap, type LookupList, type RowProblem } from './columns';
import { convertRow, type RegisterPoint } from './convert';
import { xlsxRows } from './xlsx';

/** Rows one file may hold: ten times a large utility's register; a larger file is refused while it is read. */
export const MAX_REGISTER_ROWS = 1_000_000;
/** Largest workbook read (exceljs holds a worksheet stored before its shared strings until they come). */
export const MAX_XLSX_BYTES = 50 * 1024 * 1024;
/** Problems kept for the report; past this many they are only counted. */
export const MAX_PROBLEMS_LISTED = 10_000;
/** Checked rows handed to the staging table at once. */
const STAGE_BATCH = 5_000;

export type ImportPhase = 'read' | 'write';
/** `total` 0: not known (rows while the file is read). */
export type ImportProgress = (phase: ImportPhase, done: number, total: number) => void;

export interface RegisterImportReport {
  company: string;
  format: 'csv' | 'xlsx';
  /** CSV only: the encoding and separator the file was read with. */
  encoding?: string;
  separator?: string;
  /** Rows read (the header aside); none when the header is refused. */
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  withoutCoordinates: number;
  newLookups: { list: LookupList; name: string }[];
  /** Header names that are no column of the register: not read. */
  ignoredColumns: string[];
  /** Problems found (the first MAX_PROBLEMS_LISTED); non-empty means nothing was written. */
  problems: RowProblem[];
  /** Problems found past those listed. */
  moreProblems: number;
  /** The header's problems are the problems: no row was read. */
  headerRefused: boolean;
  /** How many rows the problems refused (a row may have several). */
  refusedRows: number;
}

export class RegisterImportError extends Error {}

/** Where a register's bytes come from; `open` starts them again from the first (another encoding). */
export interface RegisterSource {
  name: string;
  open: () => AsyncIterable<Uint8Array>;
}

export interface ImportOptions {
  onProgress?: ImportProgress;
  /** MAX_REGISTER_ROWS unless told (tests). */
  maxRows?: number;
}

export async function importRegisterFile(
  deps: UnitOfWorkDeps, file: string, orgNumber: string, onProgress: ImportProgress = () => {},
): Promise<RegisterImportReport> {
  const source: RegisterSource = { name: file, open: () => fs.createReadStream(file, { highWaterMark: 1 << 16 }) };
  return importRegister(deps, source, orgNumber, { onProgress });
}

export async function importRegister(deps: UnitOfWorkDeps, source: RegisterSource, orgNumber: string, opts: ImportOptions = {}): Promise<RegisterImportReport> {
  const { onProgress = () => {}, maxRows = MAX_REGISTER_ROWS } = opts;
  const company = await companyByOrgNumber(deps.db, orgNumber);
  if (!company) throw new RegisterImportError(`No company has the organisation number ${orgNumber}.`);
  const bytes = readable(source);
  const head = await bytes.head();
  if (head.length === 0) throw new RegisterImportError('The file is empty: it has no header line.');
  const xlsx = path.extname(source.name).toLowerCase() === '.xlsx' || (head[0] === 0x50 && head[1] === 0x4b);
  const report: RegisterImportReport = {
    company: company.name, format: xlsx ? 'xlsx' : 'csv', rows: 0, inserted: 0, updated: 0, unchanged: 0,
    withoutCoordinates: 0, newLookups: [], ignoredColumns: [], problems: [], moreProblems: 0, headerRefused: false, refusedRows: 0,
  };
  const ctx: ReadContext = { deps, company, report, onProgress, maxRows };
  if (xlsx) {
    const input = Readable.from(capped(bytes.all(), source.name));
    // exceljs waits for more bytes when its input fails: the failure (a read error, the size cap) ends the rows here.
    const failed = new Promise<never>((_, reject) => input.once('error', reject));
    failed.catch(() => {});
    try {
      return await importRecords(ctx, until(xlsxRows(input), failed));
    } catch (err) {
      if (err instanceof RegisterImportError || !(err instanceof Error) || 'code' in err) throw err;
      throw new RegisterImportError(`${source.name} is no readable .xlsx workbook: ${err.message}`);
    }
  }
  const csv = (encoding: CsvEncoding, strict: boolean, from: AsyncIterable<Uint8Array>) => {
    report.encoding = encoding;
    return readCsv(from, encoding, strict, (separator) => { report.separator = separator; });
  };
  const { encoding, strict } = encodingOf(head);
  try {
    return await importRecords(ctx, csv(encoding, strict, bytes.all()));
  } catch (err) {
    if (!(err instanceof NotUtf8Error)) throw err;
    // Not UTF-8: all of it again as Windows-1252, the report started anew.
    Object.assign(report, { rows: 0, withoutCoordinates: 0, ignoredColumns: [], problems: [], moreProblems: 0, refusedRows: 0 });
    return importRecords(ctx, csv('windows-1252', false, readable(source).all()));
  }
}

interface ReadContext {
  deps: UnitOfWorkDeps;
  company: RegisterCompany;
  report: RegisterImportReport;
  onProgress: ImportProgress;
  maxRows: number;
}

/** The header checked first; then every row, staged in the import's transaction, checked over all and written. */
async function importRecords(ctx: ReadContext, records: AsyncGenerator<CsvRecord, void, undefined>): Promise<RegisterImportReport> {
  const { report } = ctx;
  let header: HeaderMap;
  try {
    const first = await records.next();
    if (first.done) throw new RegisterImportError('The file is empty: it has no header line.');
    header = mapHeader(first.value);
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return refuseUnreadable(report, err);
  }
  report.ignoredColumns = header.ignored;
  if (header.problems.length > 0) {
    // Nothing past the header is read.
    await records.return();
    Object.assign(report, { problems: header.problems, headerRefused: true });
    return report;
  }

  await inUnitOfWork(ctx.deps, async ({ tx }) => {
    const { company } = ctx;
    await lockRegister(tx, company.customerId);
    await startStage(tx);
    let staged: number;
    try {
      staged = await stageCheckedRows(ctx, tx, header, records);
    } catch (err) {
      if (!(err instanceof CsvError)) throw err;
      refuseUnreadable(report, err);
      return;
    }
    await endStage(tx);
    const room = () => Math.max(0, MAX_PROBLEMS_LISTED - report.problems.length);
    const repeated = await repeatedPoints(tx, room());
    for (const r of repeated.rows) addProblems(report, [{ line: r.line, column: 'waterMeterPointId', reason: `${r.externalId} is already on line ${r.firstLine}` }]);
    report.moreProblems += repeated.total - repeated.rows.length;
    const elsewhere = await allottedElsewhere(tx, company.customerId, company.id, room());
    for (const r of elsewhere.rows) addProblems(report, [{ line: r.line, column: 'waterMeterPointId', reason: `point ${r.externalId} is allotted to another company` }]);
    report.moreProblems += elsewhere.total - elsewhere.rows.length;
    // A repeated row is a later line than the point's first, the one an allotment refuses: no row counts twice.
    report.refusedRows += repeated.total + elsewhere.total;
    if (report.refusedRows > 0) return;

    const ids = await resolveLookups(tx, company.customerId, report);
    ctx.onProgress('write', 0, staged);
    // New, changed and unchanged points are told apart in the database (repositories/registerStage.ts writeStaged).
    const { inserted, updated } = await writeStaged(tx, { customerId: company.customerId, companyId: company.id }, ids);
    ctx.onProgress('write', staged, staged);
    Object.assign(report, { inserted, updated, unchanged: staged - inserted - updated });
  });
  report.problems.sort((a, b) => a.line - b.line);
  return report;
}

/** Reads, checks and stages the rows after the header; returns how many were staged (every row that passed). */
async function stageCheckedRows(ctx: ReadContext, tx: Tx, header: HeaderMap, records: AsyncIterable<CsvRecord>): Promise<number> {
  const { report, company, maxRows } = ctx;
  let batch: RegisterPoint[] = [];
  let staged = 0;
  for await (const record of records) {
    if (++report.rows > maxRows) {
      throw new RegisterImportError(`The file holds more than ${maxRows.toLocaleString('en-US')} rows, the most one import takes (line ${record.line}); nothing was written. `
        + 'Load it in parts of at most that many rows: points missing from a file are kept.');
    }
    const result = convertRow(record, header, company.customerNumber);
    if (Array.isArray(result)) {
      addProblems(report, result);
      report.refusedRows += 1;
    } else {
      batch.push(result);
      if (result.lat === null) report.withoutCoordinates += 1;
      if (batch.length === STAGE_BATCH) {
        await stageRows(tx, batch);
        staged += batch.length;
        batch = [];
      }
    }
    if (report.rows % 1000 === 0) ctx.onProgress('read', report.rows, 0);
  }
  await stageRows(tx, batch);
  return staged + batch.length;
}

function addProblems(report: RegisterImportReport, problems: RowProblem[]): void {
  for (const p of problems) {
    if (report.problems.length < MAX_PROBLEMS_LISTED) report.problems.push(p);
    else report.moreProblems += 1;
  }
}

/** A file that cannot be parsed on (an unclosed quote, an overlong record): that problem, after those found before it. */
function refuseUnreadable(report: RegisterImportReport, err: CsvError): RegisterImportReport {
  addProblems(report, [{ line: err.line, column: null, reason: err.message }]);
  report.refusedRows += 1;
  return report;
}

/** A source's bytes: its first ones (at least 4 when it has them, to tell its kind), then all of them, read once. */
function readable(source: RegisterSource) {
  const iterator = source.open()[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  const pull = async (): Promise<Uint8Array | null> => {
    try {
      const next = await iterator.next();
      return next.done ? null : next.value;
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (!e.code) throw err;
      throw new RegisterImportError(`Cannot read ${source.name}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`);
    }
  };
  return {
    async head(): Promise<Uint8Array> {
      let length = 0;
      while (length < 4) {
        const chunk = await pull();
        if (!chunk) break;
        taken.push(chunk);
        length += chunk.length;
      }
      return Buffer.concat(taken);
    },
    async* all(): AsyncGenerator<Uint8Array, void, undefined> {
      try {
        yield* taken.splice(0);
        for (let chunk = await pull(); chunk; chunk = await pull()) yield chunk;
      } finally {
        await iterator.return?.();
      }
    },
  };
}

/** The records of `records` until `failed` rejects: then that failure. */
async function* until<T>(records: AsyncGenerator<T, void, undefined>, failed: Promise<never>): AsyncGenerator<T, void, undefined> {
  for (;;) {
    const next = await Promise.race([records.next(), failed]);
    if (next.done) return;
    yield next.value;
  }
}

/** The bytes of a workbook, refused past MAX_XLSX_BYTES. */
async function* capped(bytes: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<Uint8Array, void, undefined> {
  let length = 0;
  for await (const chunk of bytes) {
    length += chunk.length;
    if (length > MAX_XLSX_BYTES) {
      throw new RegisterImportError(`${name} is larger than ${MAX_XLSX_BYTES / 1024 / 1024} MB, the largest workbook the import reads: save it as CSV (no limit but the rows').`);
    }
    yield chunk;
  }
}

/** Per list, name → id (a map per list: no composed key to build and hash for each of 500,000 cells). */
type LookupIds = Record<LookupList, Map<string, number>>;

/** Name → id for every lookup the staged rows name, creating the names the customer's lists lack (next free id, in the file's order). */
async function resolveLookups(tx: Tx, customerId: string, report: RegisterImportReport): Promise<{ list: LookupList; name: string; id: number }[]> {
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
  const used: { list: LookupList; name: string; id: number }[] = [];
  for (const list of LOOKUP_LISTS) {
    const known = ids[list];
    for (const name of await stagedNames(tx, list)) {
      let id = known.get(name) ?? folded[list].get(name.toLowerCase());
      if (id === undefined) {
        id = (next.get(list) ?? 0) + 1;
        next.set(list, id);
        folded[list].set(name.toLowerCase(), id);
        created.push({ customerId, list, id, name });
        report.newLookups.push({ list, name });
      }
      used.push({ list, name, id });
    }
  }
  await insertLookups(tx, created);
  return used;
}
