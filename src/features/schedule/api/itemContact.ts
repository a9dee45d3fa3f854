/**
 * The Contact and SMS log page's reads and save (spec 2 §2.3, §7; shapes and rules:
 * src/domain/schemas/contactInformation.ts): the item with its contact, the item's SMS log, and the
 * owners of its cadastre unit (GET /api/Property/owners/{matrikkelenhetId}; none known: an empty list).
 * Online only: an office screen.
 */
import { useLiveRead } from '../../../data/liveRead';
import { ApiError, apiFetch } from '../../../data/transport';
import type {
  ContactInformation, ContactInformationBody, ScheduleItemContact, SmsLogEntry,
} from '../../../domain/schemas/contactInformation';

export interface PropertyOwner { id: number | null; name: string }

export function useItemContact(id: number | null) {
  return useLiveRead(id ? ['itemContact', id] : null, (signal) => apiFetch<ScheduleItemContact>(`/api/contactInformation/scheduleItemId/${id}`, { signal }));
}

export function useSmsDialogs(id: number | null) {
  return useLiveRead(id ? ['smsDialogs', id] : null, (signal) => apiFetch<SmsLogEntry[]>(`/api/ScheduleItem/${id}/smsDialogs`, { signal }));
}

export function usePropertyOwners(matrikkelenhetId: string | null) {
  return useLiveRead(matrikkelenhetId ? ['propertyOwners', matrikkelenhetId] : null, async (signal) => {
    try {
      return await apiFetch<PropertyOwner[]>(`/api/Property/owners/${encodeURIComponent(matrikkelenhetId!)}`, { signal });
    } catch (err) {
      // The spec's "404 silent": a unit the register does not know has no owners to show.
      if (err instanceof ApiError && err.status === 404) return [];
      throw err;
    }
  });
}

/** POST when the item has no contact yet, else PUT with the contact's id. */
export function saveItemContact(body: ContactInformationBody, exists: boolean): Promise<ContactInformation> {
  return apiFetch<ContactInformation>('/api/contactInformation', { method: exists ? 'PUT' : 'POST', body: exists ? { ...body, id: body.scheduleItemId } : body });
}
