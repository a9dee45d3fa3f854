/** GET /api/waterMeterSettings/getCustomerContactInfo: contact details on Help and support (spec 1 §1), with their fallback. */
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../data/transport';
import type { SupportContact } from '../../../domain/api';

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

/** The contact to show; null while it loads (never an error: a failure falls back to the support e-mail). */
export function useContactInfo(supportEmail: string): ContactInfo | null {
  const [contact, setContact] = useState<ContactInfo | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchContactInfo(supportEmail, controller.signal).then((c) => {
      if (!controller.signal.aborted) setContact(c);
    });
    return () => controller.abort();
  }, [supportEmail]);
  return contact;
}
