/** GET /api/Reports/ReconciliationReportSpreadsheet: the report as .xlsx (spec 3 §7). */
import { apiFetchBlob } from '../../../data/transport';
import type { ReportRange } from '../../../domain/reports/range';
import type { ReportLanguage } from '../../../domain/schemas/reports';
import { rangeQuery } from './query';

/** The file is headed and its names given in the user's language, as the screen shows them. */
export function fetchReportSpreadsheet(range: ReportRange, search: string, lang: ReportLanguage): Promise<Blob> {
  const q = rangeQuery(range);
  if (search.trim()) q.set('search', search.trim());
  q.set('lang', lang);
  return apiFetchBlob(`/api/Reports/ReconciliationReportSpreadsheet?${q}`);
}
