/** GET /api/CompanyHolidayConfiguration/year/{year}: the company's holidays, which take hours off a week. */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { Holiday } from '../../../domain/schemas/holidays';

export function fetchHolidays(year: number, signal?: AbortSignal): Promise<Holiday[]> {
  return apiFetch<Holiday[]>(`/api/CompanyHolidayConfiguration/year/${year}`, { signal });
}

/** A company without a holiday calendar (404) has no holidays. */
export function useHolidays(companyId: string | null, year: number) {
  return useLiveRead(companyId ? ['planningHolidays', companyId, year] : null, (signal) => fetchHolidays(year, signal), { silent404: true });
}
