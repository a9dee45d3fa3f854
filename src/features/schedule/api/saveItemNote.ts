/**
 * The card's note (spec 2 §4 Notes, §7 PUT /api/scheduleitem/{id}): sent with the status the admin saw,
 * so a status changed on the server meanwhile is refused (409 Scheduling.StatusChanged) rather than
 * written over. Online only: the calendar is an office screen.
 */
import { apiFetch } from '../../../data/transport';
import type { ScheduleItem, ScheduleItemNoteBody } from '../../../domain/schemas/scheduling';

export function saveItemNote(body: ScheduleItemNoteBody): Promise<ScheduleItem> {
  return apiFetch<ScheduleItem>(`/api/scheduleitem/${body.id}`, { method: 'PUT', body });
}
