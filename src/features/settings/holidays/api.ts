/** The holiday calendar calls of spec 3 §7 (live reads and writes: admins are online). */
import { apiFetch } from '../../../data/transport';
import type { Holiday, HolidayInput } from '../../../domain/schemas/holidays';

export function fetchHolidayYear(year: number, signal?: AbortSignal): Promise<Holiday[]> {
  return apiFetch<Holiday[]>(`/api/CompanyHolidayConfiguration/year/${year}`, { signal });
}

/** PUT /year/{year}: the year's calendar as it should be; answers it as saved. */
export function saveHolidayYear(year: number, holidays: HolidayInput[]): Promise<Holiday[]> {
  return apiFetch<Holiday[]>(`/api/CompanyHolidayConfiguration/year/${year}`, { method: 'PUT', body: holidays });
}

export function deleteHoliday(id: number): Promise<{ id: number }> {
  return apiFetch<{ id: number }>(`/api/CompanyHolidayConfiguration/${id}`, { method: 'DELETE' });
}
