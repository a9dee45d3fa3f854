/** Ours, GET /api/MergeField/meterAddressRange: the company's shortest and longest meter address, for what a template costs (SmsCounter). */
import { useLiveRead } from '../../../../data/liveRead';
import { apiFetch } from '../../../../data/transport';
import type { MeterAddressRange } from '../../../../domain/settings/company';

export const fetchMeterAddressRange = (signal: AbortSignal) => apiFetch<MeterAddressRange>('/api/MergeField/meterAddressRange', { signal });

export function useMeterAddressRange(companyId: string | null) {
  return useLiveRead<MeterAddressRange>(companyId ? ['meterAddressRange', companyId] : null, fetchMeterAddressRange);
}
