/** The Users calls of spec 1 §7 that the plumber screens make (live reads: admins are online). */
import { apiFetch } from '../../data/transport';
import type { Plumber, PlumberJobCounts, UserInformationRequest } from '../../domain/api';
import { Role, UserStatus } from '../../domain/enums';

/** GET /api/Users?userStatus=&RoleId=1; Default (0) asks for every status. */
export function fetchPlumbers(status: number, signal?: AbortSignal): Promise<Plumber[]> {
  const query = new URLSearchParams();
  if (status !== UserStatus.Default) query.set('userStatus', String(status));
  query.set('RoleId', String(Role.Plumber));
  return apiFetch<Plumber[]>(`/api/Users?${query}`, { signal });
}

export function fetchPlumber(id: number, signal?: AbortSignal): Promise<Plumber> {
  return apiFetch<Plumber>(`/api/Users/${id}`, { signal });
}

export function fetchPlumberJobCounts(id: number, signal?: AbortSignal): Promise<PlumberJobCounts> {
  return apiFetch<PlumberJobCounts>(`/api/Jobs/details/plumber/${id}`, { signal });
}

export function updatePlumberStatus(id: number, status: number): Promise<unknown> {
  return apiFetch<unknown>('/api/Users', { method: 'PUT', body: { id, status } });
}

/** PUT /api/Users/userinformation's body. */
export type PlumberInformationUpdate = UserInformationRequest;

export function updatePlumberInformation(body: PlumberInformationUpdate): Promise<unknown> {
  return apiFetch<unknown>('/api/Users/userinformation', { method: 'PUT', body });
}

/** GET /api/Users/count?RoleId=1&UserStatus=1: plumbers waiting for approval. */
export async function fetchNewPlumbersCount(signal?: AbortSignal): Promise<number> {
  const answer = await apiFetch<number | { count: number }>(
    `/api/Users/count?RoleId=${Role.Plumber}&UserStatus=${UserStatus.Pending}`,
    { signal },
  );
  return typeof answer === 'number' ? answer : answer.count;
}
