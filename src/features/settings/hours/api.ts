/** The working-hours calls of spec 3 §7 (live reads and writes: admins are online). */
import { apiFetch } from '../../../data/transport';
import { ownWrite } from '../../../data/useLiveReload';
import type { Plumber } from '../../../domain/api';
import { UserStatus } from '../../../domain/enums';
import type { EmployeeWorkingDay, WorkingHoursSetting, WorkingHoursSettingInput } from '../../../domain/schemas/workingHours';
import type { SavePlan, SaveWeek } from './editorState';

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

/** The company default's days: POST (all seven) or PUT (by id); answers the rows saved. */
export function saveCompanyHours(companyId: string, plan: SavePlan): Promise<WorkingHoursSetting[]> {
  const body = { groupId: companyId, workingHoursSettings: plan.days };
  return ownWrite(apiFetch<WorkingHoursSetting[]>('/api/WorkingHoursSetting', { method: plan.method, body }));
}

/** An employee's edits as one PUT (all or nothing); answers `week` as it applies after the save. */
export function saveEmployeeHours(companyId: string, registrationId: number, days: WorkingHoursSettingInput[], week: SaveWeek): Promise<EmployeeWorkingDay[]> {
  const body = { groupId: companyId, userRegistrationId: registrationId, workingHoursSettings: days, answerWeek: week };
  return ownWrite(apiFetch<EmployeeWorkingDay[]>('/api/WorkingHoursSetting', { method: 'PUT', body }));
}
