/** GET /api/WorkingHoursSetting/filter?userRegistrationId&Year&WeekNo: the plumber's days of the week (404: none set up). */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { EmployeeWorkingDay } from '../../../domain/schemas/workingHours';

export function fetchPlumberWeekHours(registrationId: number, year: number, weekNo: number, signal?: AbortSignal): Promise<EmployeeWorkingDay[]> {
  const query = new URLSearchParams({ userRegistrationId: String(registrationId), Year: String(year), WeekNo: String(weekNo) });
  return apiFetch<EmployeeWorkingDay[]>(`/api/WorkingHoursSetting/filter?${query}`, { signal });
}

/** null: no plumber chosen yet, nothing is read. */
export function usePlumberWeekHours(registrationId: number | null, year: number, weekNo: number) {
  return useLiveRead(
    registrationId ? ['planningWeekHours', registrationId, year, weekNo] : null,
    (signal) => fetchPlumberWeekHours(registrationId!, year, weekNo, signal), { silent404: true },
  );
}
