/** PUT /api/CompanyHolidayConfiguration/year/{year}: the year's calendar as it should be (spec 3 §7). */
import { apiFetch } from '../../../../data/transport';
import { ownWrite } from '../../../../data/useLiveReload';
import type { Holiday, HolidayInput } from '../../../../domain/schemas/holidays';

/** Answers the year's holidays as saved: what GET /year/{year} would answer now. */
export function saveHolidayYear(year: number, holidays: HolidayInput[]): Promise<Holiday[]> {
  return ownWrite(apiFetch<Holiday[]>(`/api/CompanyHolidayConfiguration/year/${year}`, { method: 'PUT', body: holidays }));
}
