/**
 * Plumber availability entries and a schedule's unavailable time slots as kept (spec 2 §7; the rules
 * are services/scheduling/availability.ts and src/domain/scheduling/availability.ts). Every read is
 * scoped to the caller's company.
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { plumberAvailability, unavailableTimeSlots } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

export type AvailabilityRow = typeof plumberAvailability.$inferSelect;
export type NewAvailabilityRow = typeof plumberAvailability.$inferInsert;
export type UnavailableSlotRow = typeof unavailableTimeSlots.$inferSelect;
export type NewUnavailableSlotRow = typeof unavailableTimeSlots.$inferInsert;

/** The company's entries with these ids (those it has). */
export async function findAvailability(db: DbOrTx, companyId: string, ids: number[]): Promise<AvailabilityRow[]> {
  if (!ids.length) return [];
  return db.select().from(plumberAvailability).where(and(eq(plumberAvailability.companyId, companyId), inArray(plumberAvailability.id, ids)));
}

/** A plumber's entries on these days. */
export async function availabilityOnDays(db: DbOrTx, companyId: string, registrationId: number, dates: string[]): Promise<AvailabilityRow[]> {
  if (!dates.length) return [];
  return db.select().from(plumberAvailability).where(and(
    eq(plumberAvailability.companyId, companyId), eq(plumberAvailability.registrationId, registrationId), inArray(plumberAvailability.date, dates),
  ));
}

/** A plumber's entries from `from` to `to` (inclusive; open when null), by day and start, at most `limit`. */
export async function availabilityPage(db: DbOrTx, companyId: string, registrationId: number, from: string, to: string | null, limit: number): Promise<AvailabilityRow[]> {
  return db.select().from(plumberAvailability).where(and(
    eq(plumberAvailability.companyId, companyId), eq(plumberAvailability.registrationId, registrationId), gte(plumberAvailability.date, from),
    ...(to === null ? [] : [lte(plumberAvailability.date, to)]),
  )).orderBy(asc(plumberAvailability.date), asc(plumberAvailability.startTime), asc(plumberAvailability.id)).limit(limit);
}

export async function insertAvailability(tx: Tx, rows: NewAvailabilityRow[]): Promise<AvailabilityRow[]> {
  return rows.length ? tx.insert(plumberAvailability).values(rows).returning() : [];
}

export async function updateAvailabilityRow(
  tx: Tx, id: number, patch: Pick<NewAvailabilityRow, 'date' | 'availabilityTypeId' | 'startTime' | 'endTime' | 'reason'>,
): Promise<AvailabilityRow> {
  const [row] = await tx.update(plumberAvailability).set(patch).where(eq(plumberAvailability.id, id)).returning();
  return row;
}

export async function deleteAvailabilityRows(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.delete(plumberAvailability).where(inArray(plumberAvailability.id, ids));
}

/** The company's unavailable slot with this id. */
export async function findUnavailableSlot(db: DbOrTx, companyId: string, id: number): Promise<UnavailableSlotRow | undefined> {
  const [row] = await db.select().from(unavailableTimeSlots).where(and(eq(unavailableTimeSlots.companyId, companyId), eq(unavailableTimeSlots.id, id)));
  return row;
}

/** A schedule's unavailable slots, by day and start. */
export async function unavailableSlotsOfSchedule(db: DbOrTx, companyId: string, scheduleId: number): Promise<UnavailableSlotRow[]> {
  return db.select().from(unavailableTimeSlots).where(and(eq(unavailableTimeSlots.companyId, companyId), eq(unavailableTimeSlots.scheduleId, scheduleId)))
    .orderBy(asc(unavailableTimeSlots.date), asc(unavailableTimeSlots.startTime), asc(unavailableTimeSlots.id));
}

export async function insertUnavailableSlot(tx: Tx, row: NewUnavailableSlotRow): Promise<UnavailableSlotRow> {
  const [made] = await tx.insert(unavailableTimeSlots).values(row).returning();
  return made;
}

export async function deleteUnavailableSlotRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(unavailableTimeSlots).where(eq(unavailableTimeSlots.id, id));
}
