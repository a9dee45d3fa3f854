/** GET /api/CompanyConfiguration: the company's SMS sender and the name and phone its texts carry (spec 3 §7). */
import { useLiveRead } from '../../../../data/liveRead';
import { useSession } from '../../../../data/session';
import { apiFetch } from '../../../../data/transport';
import type { CompanyConfiguration } from '../../../../domain/schemas/companySettings';

export const fetchCompanyConfiguration = (signal: AbortSignal) => apiFetch<CompanyConfiguration>('/api/CompanyConfiguration', { signal });

/** A 404 means none yet (silent, spec 3 §8): status 'missing'. */
export function useCompanyConfiguration() {
  const companyId = useSession()?.companyId ?? null;
  return useLiveRead<CompanyConfiguration>(companyId ? ['companyConfiguration', companyId] : null, fetchCompanyConfiguration, { silent404: true });
}
