/**
 * GET /api/Users?userStatus=<active>&RoleId=1: the plumbers an admin can plan for, read again when a
 * user of the company changes (UsersChanged: a plumber approved, deactivated or renamed).
 */
import { useLiveRead } from '../../../data/liveRead';
import { useHubNotice } from '../../../data/useLiveReload';
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';
import { NotificationType, Role, UserStatus } from '../../../domain/enums';

const HEARS: readonly string[] = [NotificationType.UsersChanged];

export function fetchPlanningPlumbers(signal?: AbortSignal): Promise<Plumber[]> {
  const query = new URLSearchParams({ userStatus: String(UserStatus.Activated), RoleId: String(Role.Plumber) });
  return apiFetch<Plumber[]>(`/api/Users?${query}`, { signal });
}

/** A 404 is "no plumbers" (spec 3 §8), not an error. */
export function usePlanningPlumbers(companyId: string | null) {
  const read = useLiveRead(companyId ? ['planningPlumbers', companyId] : null, fetchPlanningPlumbers, { silent404: true });
  useHubNotice(HEARS, () => { if (companyId) void read.refetch(); });
  return read;
}
