/** GET /api/Reports/ReconciliationReport: one page of the completed-jobs report (spec 3 §7). */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { ReportRange } from '../../../domain/reports/range';
import type { ReportLanguage, ReportPage } from '../../../domain/schemas/reports';
import { rangeKey, rangeQuery } from './query';

/** Statuses and types come named in `lang`. */
export function fetchReportPage(
  range: ReportRange, search: string, page: number, pageSize: number, lang: ReportLanguage, signal: AbortSignal,
): Promise<ReportPage> {
  const q = rangeQuery(range);
  if (search.trim()) q.set('search', search.trim());
  q.set('page', String(page));
  q.set('pageSize', String(pageSize));
  q.set('lang', lang);
  return apiFetch<ReportPage>(`/api/Reports/ReconciliationReport?${q}`, { signal });
}

/** Nothing is read while the range is invalid (null); a 404 is an empty report. */
export function useReportPage(range: ReportRange | null, search: string, page: number, pageSize: number, lang: ReportLanguage) {
  return useLiveRead(
    range ? ['report', rangeKey(range), search, page, pageSize, lang] : null,
    (signal) => fetchReportPage(range!, search, page, pageSize, lang, signal),
    { silent404: true },
  );
}
