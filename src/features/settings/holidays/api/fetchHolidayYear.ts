/** GET /api/CompanyHolidayConfiguration/year/{year}: the company's holidays of a year, by date (spec 3 §7). */
import { useLiveRead } from '../../../../data/liveRead';
import { apiFetch } from '../../../../data/transport';
import type { Holiday } from '../../../../domain/schemas/holidays';

export function fetchHolidayYear(year: number, signal?: AbortSignal): Promise<Holiday[]> {
  return apiFetch<Holiday[]>(`/api/CompanyHolidayConfiguration/year/${year}`, { signal });
}

/** A live read (admins are online); nothing is read until the company is known. */
export function useHolidayYear(companyId: string | null, year: number) {
  return useLiveRead(companyId ? ['holidays', companyId, year] : null, (signal) => fetchHolidayYear(year, signal));
}
