/** GET /api/Setting/companyid/{id}: the company's settings, of which planning reads the job durations per type. */
import { prefetchLiveRead, useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { CompanySetting } from '../../../domain/schemas/companySettings';
import { DURATION_SETTING_TYPES } from '../../../domain/settings/company';

export function fetchCompanySettings(companyId: string, signal?: AbortSignal): Promise<CompanySetting[]> {
  return apiFetch<CompanySetting[]>(`/api/Setting/companyid/${companyId}`, { signal });
}

const settingsKey = (companyId: string) => ['planningSettings', companyId];

/** A company without settings (404) has no durations: the page then says so. */
export function useCompanySettings(companyId: string | null) {
  return useLiveRead(companyId ? settingsKey(companyId) : null, (signal) => fetchCompanySettings(companyId!, signal), { silent404: true });
}

/** Starts the read the planning page's useCompanySettings will take over (while its schedule loads). */
export function prefetchCompanySettings(companyId: string): void {
  prefetchLiveRead(settingsKey(companyId), () => fetchCompanySettings(companyId));
}

/** The job durations per assignment type (minutes) set in the company's settings; a type not set is absent. */
export function jobDurationsOf(settings: readonly CompanySetting[] | undefined): Map<number, number> {
  const byType = new Map<number, number>();
  for (const typeId of DURATION_SETTING_TYPES) {
    const minutes = Number((settings ?? []).find((s) => s.settingTypeId === typeId)?.value);
    if (Number.isInteger(minutes) && minutes > 0) byType.set(typeId, minutes);
  }
  return byType;
}
