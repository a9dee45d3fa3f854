/** GET /api/Users: the company's users (admin), for the dashboard's plumber filter; read again on UsersChanged. */
import { useLiveRead } from '../../../data/liveRead';
import { useHubNotice } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';

export function fetchCompanyUsers(signal: AbortSignal): Promise<Plumber[]> {
  return apiFetch<Plumber[]>('/api/Users', { signal });
}

const HEARS: readonly string[] = [NotificationType.UsersChanged];

export function useCompanyUsers() {
  const read = useLiveRead(['dashboard-users'], fetchCompanyUsers);
  useHubNotice(HEARS, () => { void read.refetch(); });
  return read;
}
