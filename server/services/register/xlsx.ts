/**
 * The register as a workbook: the first worksheet, read as a stream, row by row (a register of
 * 100,000 rows never sits in memory as cell objects). Each row comes with its sheet row number, as Excel shows it, and
 * every cell as text: numbers as JavaScript writes them (a decimal point), dates as YYYY-MM-DD,
 * rich text and formulas by their text and result.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CsvRecord } from './csv';

const pad = (n: number) => String(n).padStart(2, '0');

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Excel's dates carry no time zone: exceljs gives the wall-clock day in the UTC fields.
  if (value instanceof Date) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return '';
  return '';
}

/**
 * The rows of the first worksheet as they are read, from a file path or a stream (the caller bounds
 * the workbook's size: exceljs holds a worksheet stored before its shared strings until they come).
 */
export async function* xlsxRows(input: string | Readable): AsyncGenerator<CsvRecord, void, undefined> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as ExcelJS.CellValue[];
      const fields: string[] = [];
      for (let c = 1; c < values.length; c++) fields.push(cellText(values[c]));
      if (fields.some((f) => f.trim() !== '')) yield { line: row.number, fields };
    }
    // Only the first sheet holds the register; the rest (notes, pivots) are not read.
    break;
  }
}
