/** The query strings the dashboard's calls share (spec 3 §7). */
import { formatQueryDate, type ReportRange } from '../../../domain/reports/range';
import { formatIsoDay } from '../../../domain/time/oslo';

/** Dates as MM.DD.YYYY, the end date with an end-of-day time. */
export function rangeQuery(range: ReportRange): URLSearchParams {
  return new URLSearchParams({ fromDate: formatQueryDate(range.from), toDate: `${formatQueryDate(range.to)} 23:59:59` });
}

/** The range as a live read's key names it. */
export const rangeKey = (range: ReportRange) => `${formatIsoDay(range.from)}/${formatIsoDay(range.to)}`;

export interface AnalyticsFilter {
  range: ReportRange;
  /** Registration id; 0 = every plumber. */
  userId: number;
  /** 0 = every job type. */
  jobTypeId: number;
}

export function analyticsQuery(f: AnalyticsFilter): URLSearchParams {
  const q = rangeQuery(f.range);
  if (f.jobTypeId) q.set('jobTypeId', String(f.jobTypeId));
  return q;
}

/** A filter as a live read's key names it (null: no valid filter, nothing to read). */
export const analyticsKey = (f: AnalyticsFilter | null) => (f ? [rangeKey(f.range), f.userId, f.jobTypeId] : null);
