/** Contact details on Help and support (spec 1 §1) with their fallback. */
import type { SupportContact } from '../../domain/api';
import { apiFetch } from '../../data/transport';

/** GET /api/waterMeterSettings/getCustomerContactInfo's answer. */
export type ContactInfo = SupportContact;

/**
 * The utility's contact when it has one; otherwise (call failed, 404 before the API offers it, or
 * an empty answer) the product's support e-mail and no phone.
 */
export function resolveContactInfo(answer: Partial<ContactInfo> | null | undefined, supportEmail: string): ContactInfo {
  const email = answer?.emailAddress?.trim() ?? '';
  const phone = answer?.phoneNumber?.trim() ?? '';
  if (!email && !phone) return { emailAddress: supportEmail, phoneNumber: '' };
  return { emailAddress: email || supportEmail, phoneNumber: phone };
}

export async function fetchContactInfo(supportEmail: string, signal?: AbortSignal): Promise<ContactInfo> {
  try {
    const answer = await apiFetch<Partial<ContactInfo> | null>('/api/waterMeterSettings/getCustomerContactInfo', { signal });
    return resolveContactInfo(answer, supportEmail);
  } catch {
    return resolveContactInfo(null, supportEmail);
  }
}
