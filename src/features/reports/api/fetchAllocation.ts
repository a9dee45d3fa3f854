/** GET /api/Analytics/joballocation/company[/user/{id}]: jobs by status per plumber (spec 3 §7). */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { JobAllocation } from '../../../domain/schemas/analytics';
import { analyticsKey, analyticsQuery, type AnalyticsFilter } from './query';

export function fetchAllocation(f: AnalyticsFilter, signal: AbortSignal): Promise<JobAllocation> {
  const path = f.userId ? `/api/Analytics/joballocation/company/user/${f.userId}` : '/api/Analytics/joballocation/company';
  return apiFetch<JobAllocation>(`${path}?${analyticsQuery(f)}`, { signal });
}

export function useAllocation(f: AnalyticsFilter | null) {
  const key = analyticsKey(f);
  return useLiveRead(key && ['allocation', ...key], (signal) => fetchAllocation(f!, signal));
}
