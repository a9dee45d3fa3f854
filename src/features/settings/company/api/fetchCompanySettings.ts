/** GET /api/Setting/companyid/{id}: the company's settings (spec 3 §7), a live read (admins are online). */
import { useLiveRead } from '../../../../data/liveRead';
import { useSession } from '../../../../data/session';
import { apiFetch } from '../../../../data/transport';
import type { CompanySetting } from '../../../../domain/schemas/companySettings';

export function fetchCompanySettings(companyId: string, signal?: AbortSignal): Promise<CompanySetting[]> {
  return apiFetch<CompanySetting[]>(`/api/Setting/companyid/${companyId}`, { signal });
}

export function useCompanySettings() {
  const companyId = useSession()?.companyId ?? null;
  const read = useLiveRead<CompanySetting[]>(
    companyId ? ['companySettings', companyId] : null,
    (signal) => fetchCompanySettings(companyId!, signal),
  );
  return { companyId, read };
}
