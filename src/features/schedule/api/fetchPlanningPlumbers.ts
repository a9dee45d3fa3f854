/** GET /api/Users?userStatus=<active>&RoleId=1: the plumbers an admin can plan for. */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';
import { Role, UserStatus } from '../../../domain/enums';

export function fetchPlanningPlumbers(signal?: AbortSignal): Promise<Plumber[]> {
  const query = new URLSearchParams({ userStatus: String(UserStatus.Activated), RoleId: String(Role.Plumber) });
  return apiFetch<Plumber[]>(`/api/Users?${query}`, { signal });
}

/** A 404 is "no plumbers" (spec 3 §8), not an error. */
export function usePlanningPlumbers(companyId: string | null) {
  return useLiveRead(companyId ? ['planningPlumbers', companyId] : null, fetchPlanningPlumbers, { silent404: true });
}
