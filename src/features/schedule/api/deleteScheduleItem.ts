/** DELETE /api/ScheduleItem/scheduleitemid/{id}: a saved item deselected on the planning page (spec 2 §4). */
import { apiFetch } from '../../../data/transport';

export function deleteScheduleItem(id: number): Promise<unknown> {
  return apiFetch<unknown>(`/api/ScheduleItem/scheduleitemid/${id}`, { method: 'DELETE' });
}
