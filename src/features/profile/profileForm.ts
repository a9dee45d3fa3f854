/** Conversions between the stored profile and the form's text fields. */
import type { ProfileCompanyFields, ProfilePersonalFields } from '../../domain/validation';
import type { LocalProfile } from './localProfile';

export interface ProfileFormValues {
  personal: ProfilePersonalFields;
  /** null: not working for a company. */
  company: ProfileCompanyFields | null;
}

export const EMPTY_COMPANY: ProfileCompanyFields = {
  orgNumber: '', name: '', address: '', postcode: '', city: '', telephone: '', email: '',
};

/** Norwegian postal codes are four digits; the stored number loses leading zeros. */
export function formatPostcode(postcode: number): string {
  return String(postcode).padStart(4, '0');
}

export function profileToForm(profile: LocalProfile): ProfileFormValues {
  const c = profile.companyInfo;
  return {
    personal: { firstName: profile.firstName, lastName: profile.lastName, telephone: profile.mobile, email: profile.email },
    company: c
      ? { orgNumber: c.orgNumber, name: c.name, address: c.address, postcode: formatPostcode(c.postcode), city: c.city, telephone: c.telephone, email: c.email }
      : null,
  };
}

export function formToProfile(values: ProfileFormValues, previous: LocalProfile | null, now: Date, newId: () => string): LocalProfile {
  const p = values.personal;
  const c = values.company;
  return {
    firstName: p.firstName.trim(),
    lastName: p.lastName.trim(),
    mobile: p.telephone.trim(),
    email: p.email.trim(),
    companyInfo: c
      ? {
        id: previous?.companyInfo?.id ?? newId(),
        orgNumber: c.orgNumber.trim(),
        name: c.name.trim(),
        address: c.address.trim(),
        postcode: Number(c.postcode.trim()),
        city: c.city.trim(),
        telephone: c.telephone.trim(),
        email: c.email.trim(),
      }
      : null,
    updatedAt: now.toISOString(),
  };
}

export function sameForm(a: ProfileFormValues, b: ProfileFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
