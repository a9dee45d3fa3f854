import { describe, expect, it } from 'vitest';
import { agreementInForce, isStoredSession, sessionFromClaims } from './claims';

const now = new Date('2025-06-01T12:00:00Z');
const claims = {
  sub: '2b0c6a8e-1d7f-4c55-9a39-6f1a0a0e2b11',
  name: 'Kari Hansen',
  email: 'kari@example.no',
  given_name: 'Kari',
  family_name: 'Hansen',
  job_role: 2,
  registration_id: 17,
  customer_id: '5e0d8c7a-0b7d-4a0e-8a8b-0c9e0f1d2a33',
  customer_number: '4601',
  customer_name: 'Bergen Vann KF',
  company_id: '7f3e2d1c-0b9a-4877-8665-544332211000',
  org_number: '912345678',
  group_agreement: true,
  agreement_start: '2025-01-01T00:00:00.000Z',
  agreement_end: '2025-12-31T23:59:59.000Z',
  gdpr_consent: true,
};

describe('sessionFromClaims', () => {
  it('makes an admin session from the token claims', () => {
    expect(sessionFromClaims(claims, now)).toEqual({
      userId: claims.sub,
      registrationId: 17,
      roleId: 2,
      isAdmin: true,
      companyId: claims.company_id,
      customerId: claims.customer_id,
      customerNumber: '4601',
      customerName: 'Bergen Vann KF',
      name: 'Kari Hansen',
      email: 'kari@example.no',
      gdprConsent: true,
      hasAgreement: true,
      userType: 'admin',
      orgNumber: '912345678',
    });
  });

  it('makes a plumber of job role 1, also when claims come as strings', () => {
    const s = sessionFromClaims({ ...claims, job_role: '1', registration_id: '18', group_agreement: 'false' }, now);
    expect(s).toMatchObject({ roleId: 1, isAdmin: false, userType: 'plumber', registrationId: 18, hasAgreement: false });
  });

  it('refuses claims without user, customer or role', () => {
    expect(sessionFromClaims({ ...claims, sub: undefined }, now)).toBeNull();
    expect(sessionFromClaims({ ...claims, customer_id: '' }, now)).toBeNull();
    expect(sessionFromClaims({ ...claims, job_role: undefined }, now)).toBeNull();
    expect(sessionFromClaims(null, now)).toBeNull();
  });
});

describe('agreementInForce', () => {
  it('holds only with an agreement and now within its dates', () => {
    expect(agreementInForce(claims, now)).toBe(true);
    expect(agreementInForce({ ...claims, group_agreement: false }, now)).toBe(false);
    expect(agreementInForce(claims, new Date('2024-12-31T23:00:00Z'))).toBe(false);
    expect(agreementInForce(claims, new Date('2026-01-01T00:00:00Z'))).toBe(false);
    expect(agreementInForce({ ...claims, agreement_start: null, agreement_end: null }, now)).toBe(true);
  });
});

describe('isStoredSession', () => {
  it('accepts a stored session and nothing else', () => {
    expect(isStoredSession(sessionFromClaims(claims, now))).toBe(true);
    expect(isStoredSession({ userId: 'x' })).toBe(false);
    expect(isStoredSession(null)).toBe(false);
  });
});
