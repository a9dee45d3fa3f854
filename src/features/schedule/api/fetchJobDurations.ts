/** GET /api/Setting/companyid/{id}: the company's settings, of which planning reads the job durations per type. */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import type { CompanySetting } from '../../../domain/schemas/companySettings';

export function fetchCompanySettings(companyId: string, signal?: AbortSignal): Promise<CompanySetting[]> {
  return apiFetch<CompanySetting[]>(`/api/Setting/companyid/${companyId}`, { signal });
}

/** A company without settings (404) has no durations: the page then says so. */
export function useCompanySettings(companyId: string | null) {
  return useLiveRead(companyId ? ['planningSettings', companyId] : null, (signal) => fetchCompanySettings(companyId!, signal), { silent404: true });
}
