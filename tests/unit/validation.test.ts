import { describe, expect, it } from 'vitest';
import {
  contactPhoneE164, isValidContactPhone, isValidDisplayName, isValidPersonName, isValidPhone, toNorwegianE164, validatePlumberInformation,
  validateProfileCompany, validateProfilePersonal,
} from '../../src/domain/validation';

describe('display name', () => {
  it.each(['Ola', 'ola_nordmann', 'Bjørn-Åge', 'Rørlegger 2', 'Ærlig Øyvind Ås', 'a1-b2_c3 d4', 'Ola H.', 'J. Hansen'])('accepts %s', (v) => {
    expect(isValidDisplayName(v)).toBe(true);
  });
  it.each(['', ' Ola', 'Ola ', 'Ola  Nordmann', 'Ola__N', 'Ola-', 'Ola.N', "O'Neil", 'Ola@firma', '.Ola', 'Ola..', 'Ola H. '])('rejects %j', (v) => {
    expect(isValidDisplayName(v)).toBe(false);
  });
});

describe('first and last name', () => {
  it.each(['Ola', 'Anne-Marie', "O'Neil", 'Ole Martin', 'Jr.', 'St. John', 'Åsmund', 'Smith, Jr.'])('accepts %s', (v) => {
    expect(isValidPersonName(v)).toBe(true);
  });
  it.each(['', 'Ola1', '-Ola', ' Ola', 'Ola_Nordmann', 'Ola!'])('rejects %j', (v) => {
    expect(isValidPersonName(v)).toBe(false);
  });
});

describe('phone', () => {
  it.each(['91234567', '21234567', '004791234567', '+4791234567', '4791234567', '99999999'])('accepts %s', (v) => {
    expect(isValidPhone(v)).toBe(true);
  });
  it.each(['', '11234567', '01234567', '9123456', '912345678', '+4711234567', '0046912345678', '+47 91234567', '0047 91234567'])('rejects %j', (v) => {
    expect(isValidPhone(v)).toBe(false);
  });
});

describe('Norwegian number in E.164', () => {
  it.each([
    ['91234567', '+4791234567'], ['+4791234567', '+4791234567'], ['004791234567', '+4791234567'], ['4791234567', '+4791234567'],
    ['47123456', '+4747123456'], ['912 34 567', '+4791234567'], ['+47 912 34 567', '+4791234567'], [' 22334455 ', '+4722334455'],
  ])('%j is %s', (v, e164) => {
    expect(toNorwegianE164(v)).toBe(e164);
  });
  it.each(['', '11234567', '9123456', '+4611234567', '0047-91234567', '+47911234567', 'tlf 91234567'])('rejects %j', (v) => {
    expect(toNorwegianE164(v)).toBeNull();
  });
});

describe('plumber information', () => {
  const ok = { displayName: 'ola-n', firstName: 'Ola', lastName: 'Nordmann', telephone: '+4791234567' };
  it('has no errors when all four are valid', () => {
    expect(validatePlumberInformation(ok)).toEqual({});
  });
  it('takes a phone number written with spaces and an initial with a period', () => {
    expect(validatePlumberInformation({ ...ok, displayName: 'Ola H.', telephone: '+47 923 45 678' })).toEqual({});
    expect(validatePlumberInformation({ ...ok, telephone: '923 45 678' })).toEqual({});
  });
  it('names each invalid field', () => {
    expect(validatePlumberInformation({ displayName: 'ola n ', firstName: 'O1a', lastName: '', telephone: '12345678' }))
      .toEqual({ displayName: true, firstName: true, lastName: true, telephone: true });
  });
});

describe('profile forms', () => {
  it('requires the four personal fields and an email form', () => {
    expect(validateProfilePersonal({ firstName: '', lastName: ' ', telephone: 'x', email: 'nope' }))
      .toEqual({ firstName: 'required', lastName: 'required', email: 'email' });
    expect(validateProfilePersonal({ firstName: 'A', lastName: 'B', telephone: '1', email: 'a@b.no' })).toEqual({});
  });
  it('requires seven company fields and a numeric postal code', () => {
    const company = { orgNumber: '912345678', name: 'Rør AS', address: 'Storgata 1', postcode: '0150', city: 'Oslo', telephone: '22334455', email: 'post@ror.no' };
    expect(validateProfileCompany(company)).toEqual({});
    expect(validateProfileCompany({ ...company, postcode: '01a0', email: 'post' })).toEqual({ postcode: 'numeric', email: 'email' });
    expect(validateProfileCompany({ ...company, city: '', orgNumber: '' })).toEqual({ city: 'required', orgNumber: 'required' });
  });
});

describe('a property contact\'s phone (spec 2 §5 "Contact phone")', () => {
  it.each([
    ['91234567', '+4791234567'], ['12345678', '+4712345678'], ['912 34 567', '+4791234567'], ['004791234567', '+4791234567'],
    ['0047 1234 5678 90', '+471234567890'], ['+4791234567', '+4791234567'], ['+46701234', '+46701234'], ['+1234567890', '+1234567890'],
  ])('takes %s as %s', (v, e164) => {
    expect(isValidContactPhone(v)).toBe(true);
    expect(contactPhoneE164(v)).toBe(e164);
  });
  it.each(['01234567', '9123456', '912345678', '+0123456789', '+12345678901', '+1234567', '00471234567', '0047012345678', 'abc12345', '', '+47 9123456x'])('refuses %s', (v) => {
    expect(isValidContactPhone(v)).toBe(false);
    expect(contactPhoneE164(v)).toBeNull();
  });
});
