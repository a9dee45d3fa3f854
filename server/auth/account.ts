/** A user with their company and customer, as the claims, the user context and GET /api/me need it. */
import { eq, sql } from 'drizzle-orm';
import type { CompanyInfo, User } from '../../src/domain/schemas';
import { Role, UserStatus } from '../../src/domain/enums';
import { agreementInForce, type AccountClaims } from '../../src/domain/auth/claims';
import type { Db } from '../db/index';
import { companies, customers, users } from '../db/schema';
import type { UserContext } from './context';
import { countSql, limitState, type LimitState } from '../security/rateLimit';

export interface Account {
  user: typeof users.$inferSelect;
  company: typeof companies.$inferSelect | null;
  customer: typeof customers.$inferSelect;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loadAccount(db: Db, userId: string): Promise<Account | null> {
  if (!UUID.test(userId)) return null;
  const [row] = await db.select({ user: users, company: companies, customer: customers })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** An account found together with the rate-limit counts taken in the same statement. */
export interface CountedAccount {
  account: Account | null;
  address: LimitState;
  user: LimitState;
}

/**
 * One statement for a signed-in request: counts it against the client address, then against the
 * user (rows locked in that order), and reads the user's account. `userId` is the verified token's
 * subject; the user is counted even when there is no such (Activated) account.
 */
export async function countAndLoadAccount(db: Db, userId: string, addressKey: string, userKey: string, windowMs: number): Promise<CountedAccount> {
  const address = db.$with('address', { count: sql<number>`address_count`.as('address_count'), ttlMs: sql<number>`address_ttl_ms`.as('address_ttl_ms') })
    .as(countSql(addressKey, windowMs, 'address'));
  const counted = db.$with('counted', { count: sql<number>`user_count`.as('user_count'), ttlMs: sql<number>`user_ttl_ms`.as('user_ttl_ms') })
    .as(countSql(userKey, windowMs, 'user', 'address'));
  const known = UUID.test(userId);
  const [row] = await db.with(address, counted)
    .select({ addressCount: address.count, addressTtl: address.ttlMs, userCount: counted.count, userTtl: counted.ttlMs, user: users, company: companies, customer: customers })
    .from(address).crossJoin(counted)
    .leftJoin(users, known ? eq(users.id, userId) : sql`false`)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(companies, eq(companies.id, users.companyId));
  const account = row.user && row.customer ? { user: row.user, company: row.company, customer: row.customer } : null;
  return { account, address: limitState(row.addressCount, row.addressTtl), user: limitState(row.userCount, row.userTtl) };
}

export async function findAccountByEmail(db: Db, email: string): Promise<Account | null> {
  const [row] = await db.select({ id: users.id }).from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
  return row ? loadAccount(db, row.id) : null;
}

/** Claims of the ID token and the access token (sub = users.id); their names live in src/domain/auth/claims.ts. */
export function accountClaims(a: Account): AccountClaims {
  return {
    sub: a.user.id,
    name: a.user.displayName,
    email: a.user.email,
    given_name: a.user.firstName,
    family_name: a.user.lastName,
    job_role: a.user.roleId,
    registration_id: a.user.registrationId,
    customer_id: a.customer.id,
    customer_number: a.customer.number,
    customer_name: a.customer.name,
    company_id: a.company?.id ?? null,
    org_number: a.company?.orgNumber ?? null,
    group_agreement: a.company?.hasAgreement ?? false,
    agreement_start: a.company?.agreementStart?.toISOString() ?? null,
    agreement_end: a.company?.agreementEnd?.toISOString() ?? null,
    gdpr_consent: a.user.gdprConsent,
  };
}

export function userContext(a: Account): UserContext {
  const isAdmin = a.user.roleId === Role.PlumberAdmin;
  return {
    userId: a.user.id,
    registrationId: a.user.registrationId,
    roleId: a.user.roleId,
    isAdmin,
    companyId: a.user.companyId,
    customerId: a.customer.id,
    customerNumber: a.customer.number,
    email: a.user.email,
    name: a.user.displayName,
    hasAgreement: agreementInForce(a.company && {
      hasAgreement: a.company.hasAgreement, start: a.company.agreementStart, end: a.company.agreementEnd,
    }),
  };
}

function companyInfo(c: NonNullable<Account['company']>): CompanyInfo {
  return {
    id: c.id, orgNumber: c.orgNumber, name: c.name, address: c.address, postcode: c.postcode,
    city: c.city, telephone: c.telephone, email: c.email,
  };
}

/** The API's User shape (src/domain/schemas/auth.ts). */
export function toUser(a: Account): User {
  const { user } = a;
  return {
    userId: user.id,
    userRegistrationId: user.registrationId,
    customerId: a.customer.id,
    companyId: user.companyId,
    customerNumber: a.customer.number,
    customerName: a.customer.name,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    userName: user.email,
    email: user.email,
    mobile: user.mobile,
    userSource: 'Meterwork',
    isAdmin: user.roleId === Role.PlumberAdmin,
    isActive: user.status === UserStatus.Activated,
    hidePlumberOptions: user.hidePlumberOptions,
    gdprConsent: user.gdprConsent,
    roleId: user.roleId,
    userStatus: user.status,
    registeredDate: user.registeredAt.toISOString(),
    companyInfo: a.company ? companyInfo(a.company) : null,
  };
}
