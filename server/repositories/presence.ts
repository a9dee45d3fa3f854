/**
 * Open calendar tabs per plumber's week (services/scheduling/presence.ts). Every read and write is
 * scoped to the caller's company; expiry is judged on the database's clock, so two server processes
 * agree on who is still there.
 */
import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { schedulePresence, users } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

export type PresenceRow = typeof schedulePresence.$inferSelect;
export interface PresenceWeek { assigneeId: number; year: number; weekNo: number }

/** The tab's row as it was, locked until the transaction ends (none: a new tab). */
export async function lockPresence(tx: Tx, viewId: string): Promise<(PresenceRow & { expired: boolean }) | undefined> {
  const [row] = await tx.select({ row: schedulePresence, expired: sql<boolean>`${schedulePresence.expiresAt} <= now()` })
    .from(schedulePresence).where(eq(schedulePresence.viewId, viewId)).for('update');
  return row && { ...row.row, expired: row.expired };
}

/** The tab has this week open for `ttlSeconds` more. */
export async function savePresence(
  tx: Tx, row: Omit<PresenceRow, 'expiresAt'>, ttlSeconds: number,
): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  await tx.insert(schedulePresence).values({ ...row, expiresAt })
    .onConflictDoUpdate({
      target: schedulePresence.viewId,
      set: { assigneeId: row.assigneeId, year: row.year, weekNo: row.weekNo, expiresAt },
    });
}

/** Forgets the company's tabs that stopped beating. */
export async function deleteExpiredPresence(db: DbOrTx, companyId: string): Promise<void> {
  // Rows another request holds (its tab beating again) are left for a later beat: no waiting, no deadlock.
  const expired = db.select({ viewId: schedulePresence.viewId }).from(schedulePresence)
    .where(and(eq(schedulePresence.companyId, companyId), lte(schedulePresence.expiresAt, sql`now()`))).for('update', { skipLocked: true });
  await db.delete(schedulePresence).where(inArray(schedulePresence.viewId, expired));
}

/** Removes the viewer's own tab; answers the row it removed. */
export async function deletePresence(db: DbOrTx, companyId: string, viewerRegistrationId: number, viewId: string): Promise<PresenceRow | undefined> {
  const [row] = await db.delete(schedulePresence).where(and(
    eq(schedulePresence.viewId, viewId), eq(schedulePresence.companyId, companyId), eq(schedulePresence.viewerRegistrationId, viewerRegistrationId),
  )).returning();
  return row;
}

/** The names of the company's users other than `except` with the week open now, each once, by name. */
export async function viewersOfWeek(db: DbOrTx, companyId: string, week: PresenceWeek, except: number): Promise<string[]> {
  const rows = await db.selectDistinct({ name: users.displayName, registrationId: users.registrationId }).from(schedulePresence)
    .innerJoin(users, and(eq(users.registrationId, schedulePresence.viewerRegistrationId), eq(users.companyId, companyId)))
    .where(and(
      eq(schedulePresence.companyId, companyId), eq(schedulePresence.assigneeId, week.assigneeId), eq(schedulePresence.year, week.year),
      eq(schedulePresence.weekNo, week.weekNo), ne(schedulePresence.viewerRegistrationId, except), gt(schedulePresence.expiresAt, sql`now()`),
    ))
    .orderBy(asc(users.displayName), asc(users.registrationId));
  return rows.map((r) => r.name);
}
