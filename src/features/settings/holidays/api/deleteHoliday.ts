/** DELETE /api/CompanyHolidayConfiguration/{id}: one holiday, from today on (spec 3 §7). */
import { apiFetch } from '../../../../data/transport';
import { ownWrite } from '../../../../data/useLiveReload';

export function deleteHoliday(id: number): Promise<{ id: number }> {
  return ownWrite(apiFetch<{ id: number }>(`/api/CompanyHolidayConfiguration/${id}`, { method: 'DELETE' }));
}
