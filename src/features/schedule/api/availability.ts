/**
 * The calendar's availability calls (spec 2 §7): a plumber's entries of a day, one call of an edit
 * (availability.ts availabilityRequest) with the laid items it left outside the plumber's time, and the
 * move of such an item to the time firstFree.ts found: the calendar's drop (POST /api/Scheduler/singleitem,
 * dropScheduleItem.ts), which the server judges again under the plumber's time lock.
 */
import { apiFetch } from '../../../data/transport';
import { availabilityRequest, type AvailabilityCall, type AvailabilityEntryLike } from '../../../domain/scheduling/availability';
import type { DayMinute } from '../../../domain/scheduling/hours';
import type { OverlappedItem } from '../../../domain/schemas/availability';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { osloInstant } from '../../../domain/time/oslo';
import { dropScheduleItem, singleItemRequest } from './dropScheduleItem';

export function fetchDayAvailability(plumberId: number, date: string): Promise<AvailabilityEntryLike[]> {
  return apiFetch<AvailabilityEntryLike[]>(`/api/PlumberAvailabilitySetting/plumber/${plumberId}?from=${date}&to=${date}`);
}

export async function sendAvailabilityCall(call: AvailabilityCall): Promise<OverlappedItem[]> {
  const { method, path, body } = availabilityRequest(call);
  const answer = await apiFetch<{ overlappedItems?: OverlappedItem[] } | null>(path, { method, body });
  return answer?.overlappedItems ?? [];
}

/** `item` of `schedule` laid at `at` for `duration` minutes, as the calendar's drop sends it (cardDrop.ts). */
export function moveScheduleItem(schedule: Schedule, item: ScheduleItem, at: DayMinute, duration: number): Promise<ScheduleItem> {
  return dropScheduleItem(singleItemRequest(schedule, item, osloInstant(at.date, at.minute), duration));
}
