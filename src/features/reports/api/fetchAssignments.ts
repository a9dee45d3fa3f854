/** GET /api/Analytics/assignments/company[/user]/filter: completed, open and overdue work (spec 3 §7). */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { Assignments } from '../../../domain/schemas/analytics';
import { analyticsKey, analyticsQuery, type AnalyticsFilter } from './query';

export function fetchAssignments(f: AnalyticsFilter, signal: AbortSignal): Promise<Assignments> {
  const q = analyticsQuery(f);
  if (f.userId) {
    q.set('userId', String(f.userId));
    return apiFetch<Assignments>(`/api/Analytics/assignments/company/user/filter?${q}`, { signal });
  }
  return apiFetch<Assignments>(`/api/Analytics/assignments/company/filter?${q}`, { signal });
}

export function useAssignments(f: AnalyticsFilter | null) {
  const key = analyticsKey(f);
  return useLiveRead(key && ['assignments', ...key], (signal) => fetchAssignments(f!, signal));
}
