/** GET /api/AssignmentList/lookup: the filter panel's lists (dimensions, zone, status, reader type, agreement type). */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { AssignmentLookups } from '../../../domain/schemas/scheduling';

export function fetchAssignmentLookups(signal?: AbortSignal): Promise<AssignmentLookups> {
  return apiFetch<AssignmentLookups>('/api/AssignmentList/lookup', { signal });
}

export function useAssignmentLookups(companyId: string | null) {
  return useLiveRead(companyId ? ['assignmentLookups', companyId] : null, fetchAssignmentLookups);
}
