/** The report's date range as a query gives it (spec 3 §5), shared by the report and the analytics. */
import { checkReportRange, parseReportDate, REPORT_MAX_RANGE_DAYS, type ReportRange } from '../../../src/domain/reports/range';
import { badRequest } from '../../http/errors';

/** The query's range, or 400 naming the field (spec 3 §5: the end before the start is refused). */
export function readRange(fromDate: string, toDate: string): ReportRange {
  const from = parseReportDate(fromDate);
  if (!from) throw badRequest('querystring/fromDate', 'must be a real date as MM.DD.YYYY, YYYY.MM.DD or YYYY-MM-DD');
  const to = parseReportDate(toDate);
  if (!to) throw badRequest('querystring/toDate', 'must be a real date as MM.DD.YYYY, YYYY.MM.DD or YYYY-MM-DD');
  const problem = checkReportRange({ from, to });
  if (problem === 'toBeforeFrom') throw badRequest('querystring/toDate', 'must not be before fromDate');
  if (problem === 'rangeTooLong') throw badRequest('querystring/toDate', `must be at most ${REPORT_MAX_RANGE_DAYS} days after fromDate`);
  return { from, to };
}
