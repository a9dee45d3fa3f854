/** A company's holiday calendar as kept (services/holidays.ts holds the rules; writes take lockCompanySettings). */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Holiday } from '../../src/domain/schemas/holidays';
import { companyHolidays } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

export type HolidayRow = typeof companyHolidays.$inferSelect;
export type NewHolidayRow = typeof companyHolidays.$inferInsert;

export function toHoliday(r: HolidayRow): Holiday {
  return {
    id: r.id, groupId: r.companyId, date: r.date, year: r.year, weekNo: r.weekNo, holidayTypeId: r.holidayTypeId,
    startTime: r.startTime, endTime: r.endTime, reason: r.reason,
  };
}

/** The company's holidays of a year, by date. */
export async function holidaysInYear(db: DbOrTx, companyId: string, year: number): Promise<HolidayRow[]> {
  return db.select().from(companyHolidays)
    .where(and(eq(companyHolidays.companyId, companyId), eq(companyHolidays.year, year))).orderBy(asc(companyHolidays.date));
}

/** The company's holidays on or after a day (YYYY-MM-DD), by date. */
export async function holidaysFrom(db: DbOrTx, companyId: string, day: string): Promise<HolidayRow[]> {
  return db.select().from(companyHolidays)
    .where(and(eq(companyHolidays.companyId, companyId), gte(companyHolidays.date, day))).orderBy(asc(companyHolidays.date));
}

/** Every date the company has a holiday on. */
export async function holidayDates(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db.select({ date: companyHolidays.date }).from(companyHolidays).where(eq(companyHolidays.companyId, companyId));
  return rows.map((r) => r.date);
}

export async function findHoliday(db: DbOrTx, companyId: string, id: number): Promise<HolidayRow | undefined> {
  const [row] = await db.select().from(companyHolidays).where(and(eq(companyHolidays.id, id), eq(companyHolidays.companyId, companyId))).limit(1);
  return row;
}

/** Inserts rows (an `id` keeps a changed holiday's id); answers them as stored. */
export async function insertHolidays(tx: Tx, rows: NewHolidayRow[]): Promise<HolidayRow[]> {
  return rows.length ? tx.insert(companyHolidays).values(rows).returning() : [];
}

export async function deleteHolidays(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.delete(companyHolidays).where(inArray(companyHolidays.id, ids));
}
