/**
 * The error-handling page's list (spec 2 §2.4, §7 GET /api/ErroneousScheduleItem; which items and
 * what each field means: src/domain/schemas/erroneous.ts). Online only: an office screen.
 */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { ErroneousScheduleItem } from '../../../domain/schemas/erroneous';

export function useErroneousItems() {
  return useLiveRead(['erroneousItems'], (signal) => apiFetch<ErroneousScheduleItem[]>('/api/ErroneousScheduleItem', { signal }));
}
