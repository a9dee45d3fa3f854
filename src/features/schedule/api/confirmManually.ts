/**
 * "Manually agreed" (spec 2 §4 Manual confirmation, §7 PUT /api/ScheduleItemManagement/{id}; rules:
 * src/domain/schemas/notices.ts). Online only: an office screen.
 */
import { apiFetch } from '../../../data/transport';
import type { ManualConfirmationRequest } from '../../../domain/schemas/notices';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';

export function confirmManually(id: number, body: ManualConfirmationRequest): Promise<ScheduleItem> {
  return apiFetch<ScheduleItem>(`/api/ScheduleItemManagement/${id}`, { method: 'PUT', body });
}
