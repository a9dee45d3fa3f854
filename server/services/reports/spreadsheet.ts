/**
 * GET /api/Reports/ReconciliationReportSpreadsheet: the status report as a streamed .xlsx (spec 3 §7).
 * exceljs's streaming WorkbookWriter writes a batch of rows at a time, each batch one short query
 * keyed on the last row's sort key, waiting while the response is not drained: memory stays flat
 * whatever the row count, and no connection is held while a client downloads.
 */
import type { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportLanguage, ReportRow, ReportSpreadsheetQuery } from '../../../src/domain/schemas/reports';
import { REPORT_NO_JOBS_MESSAGE } from '../../../src/domain/serverErrors';
import { REPORT_TEXTS, reportLookupName } from '../../../src/domain/reports/texts';
import type { UserContext } from '../../auth/context';
import type { Db } from '../../db/index';
import { HttpError } from '../../http/errors';
import { anyReportRow, sheetRowsAfter, type ReportFilter, type SheetRow } from '../../repositories/reports';
import { claimSpreadsheetSlot, DownloadBody, drained, SPREADSHEET_LIMITS } from './downloads';
import { reportFilter } from './list';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read per query. */
const BATCH = 1000;
const DATE_FORMAT = 'dd.mm.yyyy hh:mm';

const COLUMNS: { key: keyof ReportRow; width: number; numFmt?: string }[] = [
  { key: 'jobRef', width: 10, numFmt: '0' },
  { key: 'jobStatus', width: 12 },
  { key: 'jobCompleted', width: 17, numFmt: DATE_FORMAT },
  { key: 'jobType', width: 26 },
  { key: 'assigneeName', width: 22 },
  { key: 'taskStatus', width: 12 },
  { key: 'taskCompleted', width: 17, numFmt: DATE_FORMAT },
  { key: 'matrikkelnumber', width: 26 },
  { key: 'address', width: 36 },
  { key: 'note', width: 40 },
  { key: 'oldMeter', width: 16 },
  { key: 'newMeter', width: 16 },
  { key: 'isSchueduled', width: 12 },
];

/** The row's Oslo wall-clock time as a Date whose UTC fields are that time (exceljs writes those). */
const excelDate = (wallClock: string | null) => (wallClock ? new Date(wallClock) : null);

/**
 * Text a spreadsheet program could take for a formula (=, +, -, @, and tab or CR before them) gets a
 * leading apostrophe, as OWASP's CSV-injection advice has it: a note "=HYPERLINK(...)" is shown as
 * typed and stays text when the cell is edited.
 */
function plainText(value: string | null): string | null {
  return value !== null && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cells(r: SheetRow, lang: ReportLanguage): unknown[] {
  const text = plainText;
  return [
    Number(r.jobRef), reportLookupName(lang, 'jobStatus', r.jobStatusId), excelDate(r.jobCompletedOslo), reportLookupName(lang, 'jobType', r.jobTypeId),
    text(r.assigneeName), reportLookupName(lang, 'taskStatus', r.taskStatusId),
    excelDate(r.taskCompletedOslo), text(r.matrikkelnumber), text(r.address), text(r.note), text(r.oldMeter), text(r.newMeter), r.isSchueduled,
  ];
}

/**
 * The range checked (400 when it holds no rows), a place claimed (429), and the .xlsx streaming into
 * the returned body. The place is given back when the body closes: read to the end, given up by the
 * client, or cut for not being read.
 */
export async function openSpreadsheet(db: Db, user: UserContext, q: ReportSpreadsheetQuery, onError: (err: unknown) => void): Promise<Readable> {
  const filter = await prepareSpreadsheet(db, user, q);
  const release = claimSpreadsheetSlot(filter.companyId);
  const body = new DownloadBody(SPREADSHEET_LIMITS.stallMs);
  body.once('close', release);
  writeSpreadsheet(db, filter, body, { lang: q.lang ?? 'nb' }).catch((err: unknown) => {
    if (!body.destroyed) onError(err);
    body.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return body;
}

/** The range checked and known to hold rows; 400 with REPORT_NO_JOBS_MESSAGE when it holds none. */
export async function prepareSpreadsheet(db: Db, user: UserContext, q: ReportSpreadsheetQuery): Promise<ReportFilter> {
  const filter = reportFilter(user, q);
  if (!(await anyReportRow(db, filter))) throw new HttpError(400, REPORT_NO_JOBS_MESSAGE);
  return filter;
}

/**
 * Writes the report of `filter` (from prepareSpreadsheet) as .xlsx into `out`, and ends it. Each
 * batch is its own query continuing after the previous batch's last row, so no transaction or
 * connection stays open while the writer waits for a slow download (the file is not one snapshot:
 * a job completed during the download may or may not be in it). openSpreadsheet claims the place.
 */
export async function writeSpreadsheet(db: Db, filter: ReportFilter, out: Writable, { lang = 'nb', batch = BATCH }: { lang?: ReportLanguage; batch?: number } = {}): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    // Fast deflate: the sheet is repetitive text, level 1 keeps it small and the CPU on the rows.
    stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Meterwork';
  const sheet = workbook.addWorksheet('Statusrapport', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Headed as the report screen heads it, in the user's language.
  sheet.columns = COLUMNS.map((c) => ({ header: REPORT_TEXTS[lang].column[c.key], key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  let last: SheetRow | null = null;
  for (;;) {
    const rows: SheetRow[] = await sheetRowsAfter(db, filter, last, batch);
    for (const r of rows) sheet.addRow(cells(r, lang)).commit();
    if (rows.length < batch) break;
    last = rows[rows.length - 1];
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
