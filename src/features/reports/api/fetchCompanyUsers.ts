/** GET /api/Users: the company's users (admin), for the dashboard's plumber filter. */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';

export function fetchCompanyUsers(signal: AbortSignal): Promise<Plumber[]> {
  return apiFetch<Plumber[]>('/api/Users', { signal });
}

export function useCompanyUsers() {
  return useLiveRead(['dashboard-users'], fetchCompanyUsers);
}
