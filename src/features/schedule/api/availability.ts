/**
 * The calendar's availability calls (spec 2 §7): a plumber's entries of a day, and one call of an edit
 * (availability.ts availabilityRequest) with the laid items it left outside the plumber's time.
 */
import { apiFetch } from '../../../data/transport';
import { availabilityRequest, type AvailabilityCall, type AvailabilityEntryLike } from '../../../domain/scheduling/availability';
import type { OverlappedItem } from '../../../domain/schemas/availability';

export function fetchDayAvailability(plumberId: number, date: string): Promise<AvailabilityEntryLike[]> {
  return apiFetch<AvailabilityEntryLike[]>(`/api/PlumberAvailabilitySetting/plumber/${plumberId}?from=${date}&to=${date}`);
}

export async function sendAvailabilityCall(call: AvailabilityCall): Promise<OverlappedItem[]> {
  const { method, path, body } = availabilityRequest(call);
  const answer = await apiFetch<{ overlappedItems?: OverlappedItem[] } | null>(path, { method, body });
  return answer?.overlappedItems ?? [];
}
