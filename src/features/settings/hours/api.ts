/** The working-hours calls of spec 3 §7 (live reads and writes: admins are online). */
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';
import { UserStatus } from '../../../domain/enums';
import type {
  EmployeeWorkingDay, WorkingHoursDeleteResult, WorkingHoursSetting, WorkingHoursSettingInput,
} from '../../../domain/schemas/workingHours';

export function fetchCompanyHours(companyId: string, signal?: AbortSignal): Promise<WorkingHoursSetting[]> {
  return apiFetch<WorkingHoursSetting[]>(`/api/WorkingHoursSetting/filter?groupId=${encodeURIComponent(companyId)}`, { signal });
}

export function fetchEmployeeWeek(registrationId: number, year: number, weekNo: number, signal?: AbortSignal): Promise<EmployeeWorkingDay[]> {
  const query = new URLSearchParams({ userRegistrationId: String(registrationId), Year: String(year), WeekNo: String(weekNo) });
  return apiFetch<EmployeeWorkingDay[]>(`/api/WorkingHoursSetting/filter?${query}`, { signal });
}

/** The company's active users (plumbers and admins): the employee picker. */
export function fetchActiveEmployees(signal?: AbortSignal): Promise<Plumber[]> {
  return apiFetch<Plumber[]>(`/api/Users?userStatus=${UserStatus.Activated}`, { signal });
}

interface SaveBody {
  groupId: string;
  userRegistrationId?: number;
  workingHoursSettings: WorkingHoursSettingInput[];
}

export const createHours = (body: SaveBody) => apiFetch<WorkingHoursSetting[]>('/api/WorkingHoursSetting', { method: 'POST', body });
export const updateHours = (body: SaveBody) => apiFetch<WorkingHoursSetting[]>('/api/WorkingHoursSetting', { method: 'PUT', body });
export const deleteHours = (ids: number[]) => apiFetch<WorkingHoursDeleteResult>('/api/WorkingHoursSetting', { method: 'DELETE', body: ids });
