/**
 * The completed-jobs status report (spec 3 §3 "Jobs report row", §7 /api/Reports).
 *
 * GET /api/Reports/ReconciliationReport?fromDate&toDate[&search][&page&pageSize]
 * - Without page and pageSize: the spec's answer, a list of report rows (every row of the range), at
 *   most REPORT_LIST_MAX_ROWS of them: a range holding more is 400 (REPORT_LIST_TOO_LONG), to be read
 *   in pages or exported. The report screen always pages.
 * - With page or pageSize (either one turns paging on; page defaults to 1, pageSize to 15): one page
 *   as { rows, total }, total being the number of rows matching range and search. The report table
 *   reads this; the list form stays for the spec's callers.
 * Rows: one per live task of the caller's company's live jobs completed in the range (by the job's
 * completion date), ordered by completion time, reference number and task order. jobStatus, jobType
 * and taskStatus are names in `lang` (nb or en, default nb; src/domain/reports/texts.ts), so the
 * screen shows them in the user's language.
 *
 * GET /api/Reports/ReconciliationReportSpreadsheet?fromDate&toDate[&search][&lang]: the same rows as
 * an .xlsx (streamed), headed and with names as the report screen shows them in the user's language
 * (`lang`, nb or en). A range without rows is 400 with REPORT_NO_JOBS_MESSAGE (serverErrors.ts).
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from './common';
import {
  REPORT_DATE_MAX_LENGTH, REPORT_DATE_PATTERN, REPORT_DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, REPORT_SEARCH_MAX_LENGTH,
} from '../reports/range';

/** Rows the unpaged list answers at most (about 1.4 MB of JSON). */
export const REPORT_LIST_MAX_ROWS = 2000;
export const REPORT_LIST_TOO_LONG = `holds more than ${REPORT_LIST_MAX_ROWS} rows: read it in pages (page, pageSize) or export the spreadsheet`;

export const ReportDate = Type.String({
  pattern: REPORT_DATE_PATTERN, maxLength: REPORT_DATE_MAX_LENGTH, description: 'MM.DD.YYYY, YYYY.MM.DD or YYYY-MM-DD (a time after it is ignored)',
});

/** Spec 3 §3, field names as the spec spells them (isSchueduled included). */
export const ReportRowSchema = Type.Object({
  jobRef: Type.Integer({ description: 'The job reference number' }),
  jobStatus: Type.String({ description: 'Job status name (JobStatus list) in the requested language' }),
  jobCompleted: DateTime,
  jobType: Type.String({ description: 'Job type name (JobTypes list) in the requested language' }),
  assigneeName: Type.String(),
  taskStatus: Type.String({ description: 'Task status name (TaskStatus list) in the requested language' }),
  taskCompleted: Nullable(DateTime),
  matrikkelnumber: Type.String(),
  address: Type.String(),
  note: Nullable(Type.String({ description: "The task's note, else its deviation or obstacle note, else the job's note" })),
  oldMeter: Nullable(Type.String({ description: 'Serial number of the meter taken down' })),
  newMeter: Nullable(Type.String({ description: 'Serial number of the meter put up' })),
  isSchueduled: Type.Boolean({ description: 'The task is tied to an SMS schedule item (not whether the job has a planned date)' }),
});
export type ReportRow = Static<typeof ReportRowSchema>;

export const ReportPageSchema = Type.Object({
  rows: Type.Array(ReportRowSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type ReportPage = Static<typeof ReportPageSchema>;

export const ReportPageSize = Type.Unsafe<(typeof REPORT_PAGE_SIZES)[number]>({
  type: 'integer', enum: [...REPORT_PAGE_SIZES], description: `Rows per page (default ${REPORT_DEFAULT_PAGE_SIZE})`,
});

export const ReportLanguage = Type.Union([Type.Literal('nb'), Type.Literal('en')], {
  description: 'Language of the headings and of the status and type names (default nb)',
});
export type ReportLanguage = Static<typeof ReportLanguage>;

export const ReportQuery = Type.Object({
  fromDate: ReportDate,
  toDate: ReportDate,
  search: Type.Optional(Type.String({ maxLength: REPORT_SEARCH_MAX_LENGTH, description: 'Part of the address, matrikkel number, reference number or assignee name' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(ReportPageSize),
  lang: Type.Optional(ReportLanguage),
});
export type ReportQuery = Static<typeof ReportQuery>;

export const ReportSpreadsheetQuery = Type.Object({
  fromDate: ReportDate,
  toDate: ReportDate,
  search: Type.Optional(Type.String({ maxLength: REPORT_SEARCH_MAX_LENGTH })),
  lang: Type.Optional(ReportLanguage),
});
export type ReportSpreadsheetQuery = Static<typeof ReportSpreadsheetQuery>;
