/** GET /api/ScheduleItemBatchJob?weekNumber&year&scheduleId: the week's latest batch (404: none yet). */
import { apiFetch } from '../../../data/transport';
import type { BatchJobState } from '../../../domain/schemas/scheduling';

export function fetchBatchJob(weekNumber: number, year: number, scheduleId: number, signal?: AbortSignal): Promise<BatchJobState> {
  const query = new URLSearchParams({ weekNumber: String(weekNumber), year: String(year), scheduleId: String(scheduleId) });
  return apiFetch<BatchJobState>(`/api/ScheduleItemBatchJob?${query}`, { signal });
}
