/** GET /api/MergeField/notificationType/{type}: the merge fields a template of the type may use (spec 3 §7). */
import { useLiveRead } from '../../../../data/liveRead';
import { apiFetch } from '../../../../data/transport';
import type { MergeFieldDto } from '../../../../domain/schemas/templates';

export const fetchMergeFields = (type: number, signal: AbortSignal) =>
  apiFetch<MergeFieldDto[]>(`/api/MergeField/notificationType/${type}`, { signal });

export function useMergeFields(type: number) {
  return useLiveRead(['mergeFields', type], (signal) => fetchMergeFields(type, signal));
}
