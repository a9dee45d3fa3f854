/** The dashboard's calls (spec 3 §7 /api/Reports, /api/Analytics, and /api/Users for the plumber filter). */
import { apiFetch, apiFetchBlob } from '../../data/transport';
import type { Plumber } from '../../domain/api';
import { formatQueryDate, type ReportRange } from '../../domain/reportRange';
import type { Assignments, JobAllocation } from '../../domain/schemas/analytics';
import type { ReportLanguage, ReportPage } from '../../domain/schemas/reports';

/** Spec 3 §7: dates as MM.DD.YYYY, the end date with an end-of-day time. */
function rangeQuery(range: ReportRange): URLSearchParams {
  return new URLSearchParams({ fromDate: formatQueryDate(range.from), toDate: `${formatQueryDate(range.to)} 23:59:59` });
}

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

/** The file is headed and its names given in the user's language, as the screen shows them. */
export function fetchReportSpreadsheet(range: ReportRange, search: string, lang: ReportLanguage): Promise<Blob> {
  const q = rangeQuery(range);
  if (search.trim()) q.set('search', search.trim());
  q.set('lang', lang);
  return apiFetchBlob(`/api/Reports/ReconciliationReportSpreadsheet?${q}`);
}

export interface AnalyticsFilter {
  range: ReportRange;
  /** Registration id; 0 = every plumber. */
  userId: number;
  /** 0 = every job type. */
  jobTypeId: number;
}

function analyticsQuery(f: AnalyticsFilter): URLSearchParams {
  const q = rangeQuery(f.range);
  if (f.jobTypeId) q.set('jobTypeId', String(f.jobTypeId));
  return q;
}

export function fetchAllocation(f: AnalyticsFilter, signal: AbortSignal): Promise<JobAllocation> {
  const path = f.userId ? `/api/Analytics/joballocation/company/user/${f.userId}` : '/api/Analytics/joballocation/company';
  return apiFetch<JobAllocation>(`${path}?${analyticsQuery(f)}`, { signal });
}

export function fetchAssignments(f: AnalyticsFilter, signal: AbortSignal): Promise<Assignments> {
  const q = analyticsQuery(f);
  if (f.userId) {
    q.set('userId', String(f.userId));
    return apiFetch<Assignments>(`/api/Analytics/assignments/company/user/filter?${q}`, { signal });
  }
  return apiFetch<Assignments>(`/api/Analytics/assignments/company/filter?${q}`, { signal });
}

/** The company's users (admin), for the plumber filter. */
export function fetchCompanyUsers(signal: AbortSignal): Promise<Plumber[]> {
  return apiFetch<Plumber[]>('/api/Users', { signal });
}
