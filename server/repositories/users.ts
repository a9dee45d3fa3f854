/** The users of a company as the plumber screens read and change them (services/users.ts holds the rules). */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Plumber } from '../../src/domain/schemas';
import { UserStatus } from '../../src/domain/enums';
import { users } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';
import type { UserRow } from './jobs';

export function toPlumber(u: UserRow): Plumber {
  return {
    id: u.registrationId, userId: u.id, firstName: u.firstName, lastName: u.lastName, displayName: u.displayName,
    telephone: u.mobile, email: u.email, userStatus: u.status, registeredDate: u.registeredAt.toISOString(),
    isActive: u.status === UserStatus.Activated,
    plumberInitials: `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase(),
    roleId: u.roleId, gdprConsent: u.gdprConsent, baseLatitude: u.baseLatitude, baseLongitude: u.baseLongitude,
  };
}

export interface UserListFilter {
  companyId: string;
  /** Only this registration id (a plumber's own record). */
  registrationId?: number;
  status?: number;
  roleId?: number;
}

function listCondition(filter: UserListFilter): SQL {
  return and(
    eq(users.companyId, filter.companyId),
    filter.registrationId !== undefined ? eq(users.registrationId, filter.registrationId) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.roleId ? eq(users.roleId, filter.roleId) : undefined,
  )!;
}

/** By first name, last name, then registration id. */
export async function findUsers(db: DbOrTx, filter: UserListFilter): Promise<UserRow[]> {
  return db.select().from(users).where(listCondition(filter))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.registrationId));
}

export async function countUserRows(db: DbOrTx, filter: UserListFilter): Promise<number> {
  return db.$count(users, listCondition(filter));
}

/** A user of the company by user id (UUID) or registration id. */
export async function findCompanyUserBy(db: DbOrTx, companyId: string, by: { userId: string } | { registrationId: number }): Promise<UserRow | undefined> {
  const which = 'userId' in by ? eq(users.id, by.userId) : eq(users.registrationId, by.registrationId);
  const [row] = await db.select().from(users).where(and(which, eq(users.companyId, companyId))).limit(1);
  return row;
}

/** Whether the company has a user with this registration id (any status). */
export async function isCompanyEmployee(db: DbOrTx, companyId: string, registrationId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.registrationId, registrationId), eq(users.companyId, companyId))).limit(1);
  return !!row;
}

/** A company employee's own base (ours, issue 24 §4), or null when they have none or are not the company's. */
export async function ownBaseOf(db: DbOrTx, companyId: string, registrationId: number): Promise<{ baseLatitude: number | null; baseLongitude: number | null } | null> {
  const [row] = await db.select({ baseLatitude: users.baseLatitude, baseLongitude: users.baseLongitude }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.registrationId, registrationId))).limit(1);
  return row ?? null;
}

/** The mobile number on file for a user, if any. */
export async function userMobile(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.mobile ?? null;
}

export async function updateUser(tx: Tx, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [updated] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
  return updated;
}
