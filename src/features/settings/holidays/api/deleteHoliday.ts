/** DELETE /api/CompanyHolidayConfiguration/{id}: one holiday, from today on (spec 3 §7). */
import { apiFetch } from '../../../../data/transport';

export function deleteHoliday(id: number): Promise<{ id: number }> {
  return apiFetch<{ id: number }>(`/api/CompanyHolidayConfiguration/${id}`, { method: 'DELETE' });
}
