/** GET /api/Users/{id}: one plumber for the details and edit screens, a live read. */
import { useLiveRead, type LiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';

export function fetchPlumber(id: number, signal?: AbortSignal): Promise<Plumber> {
  return apiFetch<Plumber>(`/api/Users/${id}`, { signal });
}

export function usePlumber(id: number): LiveRead<Plumber> {
  return useLiveRead(['plumber', id], (signal) => fetchPlumber(id, signal));
}
