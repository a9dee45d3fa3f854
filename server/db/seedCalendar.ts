/**
 * Demo working hours and holidays (spec 3): the company default (weekdays 07:00–15:30 with lunch
 * 11:30–12:00, weekend off), the plumber ola.hansen's own Friday, and the Norwegian public holidays of
 * this year and the next as full days, with Christmas Eve, New Year's Eve and the Wednesday before
 * Easter as half days. Deterministic given `now`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { addDays, isoWeek, osloDay } from '../../src/domain/time/oslo';
import { easterSunday, HOLIDAY_DAY_END, HOLIDAY_DAY_START, HolidayType, norwegianPublicHolidays } from '../../src/domain/settings/holidays';
import { DAYS_OF_WEEK } from '../../src/domain/settings/dayHours';
import type { DbOrTx } from './tx';
import { companyHolidays, users, workingHours } from './schema';

const WEEKDAY = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const OFF = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
/** Ola ends early on Fridays. */
const OLA_FRIDAY = { startTime: '07:00', lunchStartTime: '11:00', lunchEndTime: '11:30', endTime: '13:00' };
export const OLA_EMAIL = 'ola.hansen@sandvika-ror.no';
const HALF_DAY_END = '12:00';

export async function seedWorkingCalendar(db: DbOrTx, companyId: string, now: Date): Promise<void> {
  await db.insert(workingHours).values(DAYS_OF_WEEK.map((dayOfWeek) => ({
    companyId, registrationId: null, dayOfWeek, ...(dayOfWeek <= 5 ? WEEKDAY : OFF),
  })));

  const [ola] = await db.select({ registrationId: users.registrationId }).from(users)
    .where(and(eq(users.companyId, companyId), eq(sql`lower(${users.email})`, OLA_EMAIL))).limit(1);
  if (ola) await db.insert(workingHours).values({ companyId, registrationId: ola.registrationId, dayOfWeek: 5, ...OLA_FRIDAY });

  const thisYear = Number(osloDay(now).slice(0, 4));
  const rows = [thisYear, thisYear + 1].flatMap((year) => {
    const full = norwegianPublicHolidays(year).map((h) => ({ date: h.date, reason: h.name, holidayTypeId: HolidayType.FullDay, endTime: HOLIDAY_DAY_END }));
    const half = [
      { date: addDays(easterSunday(year), -4), reason: 'Onsdag før skjærtorsdag' },
      { date: `${year}-12-24`, reason: 'Julaften' },
      { date: `${year}-12-31`, reason: 'Nyttårsaften' },
    ].map((h) => ({ ...h, holidayTypeId: HolidayType.HalfDay, endTime: HALF_DAY_END }));
    return [...full, ...half].map((h) => ({
      companyId, date: h.date, year, weekNo: isoWeek(h.date).week, holidayTypeId: h.holidayTypeId,
      startTime: HOLIDAY_DAY_START, endTime: h.endTime, reason: h.reason,
    }));
  });
  await db.insert(companyHolidays).values(rows);
}
