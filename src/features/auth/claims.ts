/** The signed-in user (Session) from the sign-in token's claims (spec 1 §3, §6; spec 3 §4, §6). */
import { Role } from '../../domain/enums';
import { agreementInForce as agreementHolds } from '../../domain/auth/claims';
import type { Session } from '../../data/session';

type Claims = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const flag = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';

function date(v: unknown): Date | null {
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Spec 3 §4: true only when the group has an agreement and now lies within its start and end. */
export function agreementInForce(claims: Claims, now = new Date()): boolean {
  return agreementHolds({
    hasAgreement: flag(claims.group_agreement), start: date(claims.agreement_start), end: date(claims.agreement_end),
  }, now);
}

/** Null when the claims lack what the app cannot work without (user, customer, role). */
export function sessionFromClaims(claims: Claims | null | undefined, now = new Date()): Session | null {
  if (!claims) return null;
  const userId = text(claims.sub);
  const customerId = text(claims.customer_id);
  const roleId = Number(claims.job_role);
  const registrationId = Number(claims.registration_id);
  if (!userId || !customerId || !Number.isInteger(roleId) || !Number.isInteger(registrationId)) return null;
  const isAdmin = roleId === Role.PlumberAdmin;
  const name = text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return {
    userId,
    registrationId,
    roleId,
    isAdmin,
    companyId: text(claims.company_id) || null,
    customerId,
    customerNumber: text(claims.customer_number),
    customerName: text(claims.customer_name),
    name,
    email: text(claims.email) || text(claims.preferred_username),
    gdprConsent: flag(claims.gdpr_consent),
    hasAgreement: agreementInForce(claims, now),
    userType: isAdmin ? 'admin' : 'plumber',
    orgNumber: text(claims.org_number) || null,
  };
}

/** A session read back from the device's store, checked before the app trusts it offline. */
export function isStoredSession(value: unknown): value is Session {
  const s = value as Partial<Session> | null;
  return !!s && typeof s.userId === 'string' && typeof s.customerId === 'string' && typeof s.registrationId === 'number'
    && typeof s.roleId === 'number' && (s.userType === 'admin' || s.userType === 'plumber');
}
