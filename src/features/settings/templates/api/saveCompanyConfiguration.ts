/** POST (none yet) or PUT /api/CompanyConfiguration (spec 3 §7); answers the configuration saved. */
import { apiFetch } from '../../../../data/transport';
import { ownWrite } from '../../../../data/useLiveReload';
import type { CompanyConfiguration } from '../../../../domain/schemas/companySettings';

export const saveCompanyConfiguration = (configuration: CompanyConfiguration, exists: boolean) =>
  ownWrite(apiFetch<CompanyConfiguration>('/api/CompanyConfiguration', { method: exists ? 'PUT' : 'POST', body: configuration }));
