/**
 * The sign-in token's claims and the agreement rule, shared by the server that issues them
 * (server/auth/account.ts) and the app that reads them (src/features/auth/claims.ts).
 */

/** Every claim the token carries besides sub; the provider releases these with the openid scope. */
export const ACCOUNT_CLAIMS = [
  'name', 'email', 'given_name', 'family_name', 'job_role', 'registration_id', 'customer_id', 'customer_number',
  'customer_name', 'company_id', 'org_number', 'group_agreement', 'agreement_start', 'agreement_end', 'gdpr_consent',
] as const;

export type AccountClaimName = (typeof ACCOUNT_CLAIMS)[number];

/** The token's claims as the server writes them (sub = users.id); dates are ISO strings. */
export type AccountClaims = { sub: string } & Record<AccountClaimName, unknown>;

export interface Agreement {
  hasAgreement: boolean;
  start: Date | null;
  end: Date | null;
}

/** Spec 3 §4: the agreement holds only when the company has one and now lies within its start and end. */
export function agreementInForce(a: Agreement | null | undefined, now = new Date()): boolean {
  if (!a?.hasAgreement) return false;
  if (a.start && now < a.start) return false;
  if (a.end && now > a.end) return false;
  return true;
}
