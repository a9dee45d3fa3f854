/** The token the server writes is read by the app with the same claim names and the same agreement rule. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CLAIMS, agreementInForce } from '../../src/domain/auth/claims';
import { accountClaims, userContext, type Account } from '../../server/auth/account';
import { sessionFromClaims } from '../../src/features/auth/claims';

function account(start: string | null, end: string | null, hasAgreement = true): Account {
  return {
    user: {
      id: '0b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b', displayName: 'Ola Nordmann', email: 'ola@example.no', firstName: 'Ola',
      lastName: 'Nordmann', roleId: 2, registrationId: 42, companyId: '1b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b',
      gdprConsent: true, customerId: '2b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b',
    },
    customer: { id: '2b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b', number: '1001', name: 'Kunde AS' },
    company: {
      id: '1b7c1a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b', orgNumber: '123456789', hasAgreement,
      agreementStart: start ? new Date(start) : null, agreementEnd: end ? new Date(end) : null,
    },
  } as unknown as Account;
}

describe('shared claims', () => {
  it('the server writes exactly the named claims and sub', () => {
    expect(Object.keys(accountClaims(account(null, null))).sort()).toEqual(['sub', ...ACCOUNT_CLAIMS].sort());
  });

  it('server and app agree on the agreement at its edges', () => {
    const cases: Array<[string | null, string | null, boolean]> = [
      ['2025-01-01T00:00:00Z', '2025-12-31T23:59:59Z', true], [null, null, true], [null, null, false],
      ['2099-01-01T00:00:00Z', null, true], [null, '2000-01-01T00:00:00Z', true],
    ];
    const now = new Date();
    for (const [start, end, has] of cases) {
      const a = account(start, end, has);
      const expected = agreementInForce({ hasAgreement: has, start: start ? new Date(start) : null, end: end ? new Date(end) : null }, now);
      expect(userContext(a).hasAgreement).toBe(expected);
      expect(sessionFromClaims(JSON.parse(JSON.stringify(accountClaims(a))), now)?.hasAgreement).toBe(expected);
    }
  });

  it('the agreement holds on its first and last instant and not outside', () => {
    const a = { hasAgreement: true, start: new Date('2025-01-01T00:00:00Z'), end: new Date('2025-12-31T00:00:00Z') };
    expect(agreementInForce(a, a.start)).toBe(true);
    expect(agreementInForce(a, a.end)).toBe(true);
    expect(agreementInForce(a, new Date(a.start.getTime() - 1))).toBe(false);
    expect(agreementInForce(a, new Date(a.end.getTime() + 1))).toBe(false);
    expect(agreementInForce(null)).toBe(false);
  });
});
