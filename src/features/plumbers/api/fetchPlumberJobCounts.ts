/** GET /api/Jobs/details/plumber/{id}: a plumber's assigned, completed and pending jobs. */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { PlumberJobCounts } from '../../../domain/api';

export function fetchPlumberJobCounts(id: number, signal?: AbortSignal): Promise<PlumberJobCounts> {
  return apiFetch<PlumberJobCounts>(`/api/Jobs/details/plumber/${id}`, { signal });
}

export function usePlumberJobCounts(id: number) {
  return useLiveRead(['plumberJobCounts', id], (signal) => fetchPlumberJobCounts(id, signal));
}
