/** Field rules of spec 1 §5 ("Profile forms", "Employee/plumber edit"), shared by forms and server. */

/**
 * Letters (æ, ø, å and other letters), digits, joined by single space, underscore or hyphen; a word
 * may end in a period, as an initial does ("Ola H.").
 */
const DISPLAY_NAME = /^[\p{L}\d]+\.?(?:[ _-][\p{L}\d]+\.?)*$/u;
/** Letters, with apostrophe, comma, period, space or hyphen between them; a closing period ("Jr."). */
const PERSON_NAME = /^\p{L}+(?:[',. -]+\p{L}+)*\.?$/u;
/** Optional 0047, +47 or 47, then 8 digits starting 2 to 9. */
const PHONE = /^(?:0047|\+47|47)?[2-9]\d{7}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^\d+$/;

export function isValidDisplayName(value: string): boolean {
  return DISPLAY_NAME.test(value);
}

export function isValidPersonName(value: string): boolean {
  return PERSON_NAME.test(value);
}

export function isValidPhone(value: string): boolean {
  return PHONE.test(value);
}

/**
 * A Norwegian phone number (isValidPhone: optional 0047, +47 or 47, then 8 digits starting 2 to 9;
 * spaces as people write them, "912 34 567", are ignored) in E.164, "+4791234567"; null when it is not one.
 */
export function toNorwegianE164(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  return isValidPhone(compact) ? `+47${compact.slice(-8)}` : null;
}

/**
 * A property contact's phone (spec 2 §5 "Contact phone"): an optional 0047 or + prefix followed by 8
 * to 10 digits starting 1-9, or exactly 8 digits starting 1-9; spaces as people write them are ignored.
 */
const CONTACT_PHONE = /^(?:(?:0047|\+)[1-9]\d{7,9}|[1-9]\d{7})$/;

export function isValidContactPhone(value: string): boolean {
  return CONTACT_PHONE.test(value.replace(/\s+/g, ''));
}

/**
 * A contact phone (isValidContactPhone) in E.164, as SMS are sent to it: eight digits are a Norwegian
 * number (+47), 0047 is +47, a + keeps its country code; null when it is not one.
 */
export function contactPhoneE164(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  if (!CONTACT_PHONE.test(compact)) return null;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('0047')) return `+47${compact.slice(4)}`;
  return `+47${compact}`;
}

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}

export interface PlumberInformation {
  displayName: string;
  firstName: string;
  lastName: string;
  telephone: string;
}

export type PlumberInformationErrors = Partial<Record<keyof PlumberInformation, true>>;

/** Which of the four fields are invalid; submit is allowed only when none is. */
export function validatePlumberInformation(v: PlumberInformation): PlumberInformationErrors {
  const errors: PlumberInformationErrors = {};
  if (!isValidDisplayName(v.displayName)) errors.displayName = true;
  if (!isValidPersonName(v.firstName)) errors.firstName = true;
  if (!isValidPersonName(v.lastName)) errors.lastName = true;
  // Spaces as people write a number ("+47 923 45 678") are fine: the server keeps it in E.164.
  if (toNorwegianE164(v.telephone) === null) errors.telephone = true;
  return errors;
}

export interface ProfilePersonalFields {
  firstName: string;
  lastName: string;
  telephone: string;
  email: string;
}

export interface ProfileCompanyFields {
  orgNumber: string;
  name: string;
  address: string;
  postcode: string;
  city: string;
  telephone: string;
  email: string;
}

export type FieldError = 'required' | 'numeric' | 'email';

/** Profile forms: every field required; postal code numeric; emails in email form. No other checks. */
export function validateProfilePersonal(v: ProfilePersonalFields): Partial<Record<keyof ProfilePersonalFields, FieldError>> {
  const errors: Partial<Record<keyof ProfilePersonalFields, FieldError>> = {};
  for (const key of ['firstName', 'lastName', 'telephone', 'email'] as const) {
    if (!v[key].trim()) errors[key] = 'required';
  }
  if (!errors.email && !isValidEmail(v.email.trim())) errors.email = 'email';
  return errors;
}

export function validateProfileCompany(v: ProfileCompanyFields): Partial<Record<keyof ProfileCompanyFields, FieldError>> {
  const errors: Partial<Record<keyof ProfileCompanyFields, FieldError>> = {};
  for (const key of ['orgNumber', 'name', 'address', 'postcode', 'city', 'telephone', 'email'] as const) {
    if (!v[key].trim()) errors[key] = 'required';
  }
  if (!errors.postcode && !DIGITS.test(v.postcode.trim())) errors.postcode = 'numeric';
  if (!errors.email && !isValidEmail(v.email.trim())) errors.email = 'email';
  return errors;
}
