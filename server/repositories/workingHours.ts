/**
 * Working-hours rows as kept (schema: db/schema/settings.ts workingHours; which row applies: src/domain/settings/
 * workingHours.ts). services/workingHours.ts holds the rules; writes run after lockCompanySettings.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { WorkingHoursSetting } from '../../src/domain/schemas/workingHours';
import { hoursOf } from '../../src/domain/settings/workingHours';
import { workDayTypeOf, type DayHours } from '../../src/domain/settings/dayHours';
import { workingHours } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

export type HoursRow = typeof workingHours.$inferSelect;
export type NewHoursRow = typeof workingHours.$inferInsert;

export function toSetting(r: HoursRow): WorkingHoursSetting {
  return {
    id: r.id, userRegistrationId: r.registrationId, workDayTypeId: workDayTypeOf(r.dayOfWeek), dayOfWeek: r.dayOfWeek,
    year: r.year, weekNo: r.weekNo, ...hoursOf(r),
  };
}

/** Rows without a week that apply in the week of `monday` (the company's have no validity: always). */
const standingIn = (monday: string): SQL => and(
  isNull(workingHours.year),
  or(isNull(workingHours.validFrom), lte(workingHours.validFrom, monday)),
  or(isNull(workingHours.validUntil), gt(workingHours.validUntil, monday)),
)!;

/** The company default, Monday first. */
export async function companyDefaultHours(db: DbOrTx, companyId: string): Promise<HoursRow[]> {
  return db.select().from(workingHours)
    .where(and(eq(workingHours.companyId, companyId), isNull(workingHours.registrationId), isNull(workingHours.year)))
    .orderBy(asc(workingHours.dayOfWeek));
}

/**
 * Every row that may apply to the employee in ISO week `year`/`weekNo` (starting `monday`): the
 * company default, their standing hours in force then and their rows for that week.
 */
export async function hoursRowsForWeek(db: DbOrTx, companyId: string, registrationId: number, year: number, weekNo: number, monday: string): Promise<HoursRow[]> {
  return db.select().from(workingHours).where(and(
    eq(workingHours.companyId, companyId),
    or(
      and(isNull(workingHours.registrationId), isNull(workingHours.year)),
      and(eq(workingHours.registrationId, registrationId), or(
        standingIn(monday),
        and(eq(workingHours.year, year), eq(workingHours.weekNo, weekNo)),
      )),
    ),
  ));
}

/** The company default's (employee null) or an employee's rows not replaced by newer standing hours. */
export async function openHoursRows(db: DbOrTx, companyId: string, employee: number | null): Promise<HoursRow[]> {
  return db.select().from(workingHours).where(and(
    eq(workingHours.companyId, companyId),
    employee === null ? isNull(workingHours.registrationId) : eq(workingHours.registrationId, employee),
    isNull(workingHours.validUntil),
  ));
}

/** The company's rows with these ids (those it has). */
export async function findHoursRows(db: DbOrTx, companyId: string, ids: number[]): Promise<HoursRow[]> {
  return db.select().from(workingHours).where(and(eq(workingHours.companyId, companyId), inArray(workingHours.id, ids)));
}

/** An employee's row of a day for one ISO week only, if any. */
export async function findWeekRow(
  db: DbOrTx, companyId: string, registrationId: number, dayOfWeek: number, year: number, weekNo: number,
): Promise<HoursRow | undefined> {
  const [row] = await db.select().from(workingHours).where(and(
    eq(workingHours.companyId, companyId), eq(workingHours.registrationId, registrationId), eq(workingHours.dayOfWeek, dayOfWeek),
    eq(workingHours.year, year), eq(workingHours.weekNo, weekNo),
  )).limit(1);
  return row;
}

/** An employee's standing row of a day in use now (not replaced), if any. */
export async function currentStandingRow(db: DbOrTx, companyId: string, registrationId: number, dayOfWeek: number): Promise<HoursRow | undefined> {
  const [current] = await db.select().from(workingHours).where(and(
    eq(workingHours.companyId, companyId), eq(workingHours.registrationId, registrationId), eq(workingHours.dayOfWeek, dayOfWeek),
    isNull(workingHours.year), isNull(workingHours.validUntil),
  )).limit(1);
  return current;
}

export async function insertHoursRows(tx: Tx, rows: NewHoursRow[]): Promise<HoursRow[]> {
  return tx.insert(workingHours).values(rows).returning();
}

export async function setHoursOf(tx: Tx, id: number, hours: DayHours): Promise<HoursRow> {
  const [row] = await tx.update(workingHours).set(hours).where(eq(workingHours.id, id)).returning();
  return row;
}

/** Standing hours replaced from `monday` on: they keep the weeks before it. */
export async function closeStandingRow(tx: Tx, id: number, monday: string): Promise<void> {
  await tx.update(workingHours).set({ validUntil: monday }).where(eq(workingHours.id, id));
}

export async function deleteHoursRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(workingHours).where(eq(workingHours.id, id));
}
