/** GET /api/Users?userStatus=&RoleId=1 (spec 1 §7): the plumber list, a live read (admins are online). */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';
import { Role, UserStatus } from '../../../domain/enums';

/** Default (0) asks for every status. */
export function fetchPlumbers(status: number, signal?: AbortSignal): Promise<Plumber[]> {
  const query = new URLSearchParams();
  if (status !== UserStatus.Default) query.set('userStatus', String(status));
  query.set('RoleId', String(Role.Plumber));
  return apiFetch<Plumber[]>(`/api/Users?${query}`, { signal });
}

/**
 * `registrations` moves on each registration notice: the list changed, so it is part of what is read.
 * Spec 3 §8: a 404 on the plumber list is silent (no plumbers), any other failure says so.
 */
export function usePlumbers(status: number, registrations: number) {
  return useLiveRead(['plumbers', status, registrations], (signal) => fetchPlumbers(status, signal), { silent404: true });
}
