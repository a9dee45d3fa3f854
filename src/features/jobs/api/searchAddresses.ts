/** GET /api/Property/search (spec 1 §2 "New job page"): addresses and properties matching the typed text. */
import { apiFetch } from '../../../data/transport';
import type { AddressSearchResult } from '../../../domain/api';
import { addressSearchPath } from '../../../domain/jobs/property';

export async function searchAddresses(query: string, signal?: AbortSignal): Promise<AddressSearchResult[]> {
  return (await apiFetch<AddressSearchResult[] | null>(addressSearchPath(query), { signal })) ?? [];
}
