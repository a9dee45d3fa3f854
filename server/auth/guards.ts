/**
 * Who may reach the company's settings and reports (spec 3 §1, §6), checked on the server for every
 * such route. Each answers the caller's company id, or throws 403 with the spec's text.
 */
import { forbidden } from '../http/errors';
import type { UserContext } from './context';

/** Any signed-in member of a company (a plumber reading their own hours). */
export function requireCompany(user: UserContext): string {
  if (!user.companyId) throw forbidden();
  return user.companyId;
}

/** An admin of a company: the report, the analytics, the SMS templates. */
export function requireAdmin(user: UserContext): string {
  const companyId = requireCompany(user);
  if (!user.isAdmin) throw forbidden();
  return companyId;
}

/** An admin whose company's agreement is in force now: company settings and the calendar (spec 3 §1). */
export function requireAdminWithAgreement(user: UserContext): string {
  const companyId = requireAdmin(user);
  if (!user.hasAgreement) throw forbidden();
  return companyId;
}
