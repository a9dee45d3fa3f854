/**
 * A plumber's week as planning sees it (spec 2 §9, spec 3 §3): the free time of each day from their
 * effective working hours, the company's holidays and their availability entries; and the company's
 * job durations per assignment type and its job interval.
 */
import { addDays, isoWeek, isoWeekDates, isoWeekMonday } from '../../../src/domain/calendar/days';
import { weekFreeTime, type FreeDay } from '../../../src/domain/scheduling/hours';
import { DURATION_SETTING_TYPES, SettingType } from '../../../src/domain/settings/company';
import { isDayOff } from '../../../src/domain/settings/dayHours';
import { effectiveWeek } from '../../../src/domain/settings/workingHours';
import type { DbOrTx } from '../../db/tx';
import { holidaysFrom } from '../../repositories/holidays';
import { availabilityBetween } from '../../repositories/scheduling';
import { companySettingsOf } from '../../repositories/settings';
import { hoursRowsForWeek } from '../../repositories/workingHours';

export interface PlumberWeek {
  year: number;
  weekNo: number;
  free: FreeDay[];
  /** Whether any day of the week has working hours (else the calendar shows WorkinghoursNotAvailable). */
  hasHours: boolean;
}

/** The ISO week after year/weekNo. */
export function nextWeek(year: number, weekNo: number): { year: number; weekNo: number } {
  const w = isoWeek(addDays(isoWeekMonday(year, weekNo), 7));
  return { year: w.year, weekNo: w.week };
}

export async function plumberWeek(db: DbOrTx, companyId: string, registrationId: number, year: number, weekNo: number): Promise<PlumberWeek> {
  const dates = isoWeekDates(year, weekNo);
  const rows = await hoursRowsForWeek(db, companyId, registrationId, year, weekNo, dates[0]);
  const days = effectiveWeek(rows, registrationId, year, weekNo).map((d, i) => ({ date: dates[i], hours: d.hours }));
  const holidays = (await holidaysFrom(db, companyId, dates[0])).filter((h) => h.date <= dates[6]);
  const availability = (await availabilityBetween(db, companyId, registrationId, dates[0], dates[6]))
    .map((a) => ({ date: a.date, availabilityType: a.availabilityTypeId, startTime: a.startTime, endTime: a.endTime }));
  return { year, weekNo, free: weekFreeTime(days, holidays, availability), hasHours: days.some((d) => !isDayOff(d.hours)) };
}

export interface JobTimes {
  /** The company's duration in minutes per assignment type (1 New, 2 Replacement, 3 Dismantle); null when not set. */
  durationOf(assignmentType: number): number | null;
  intervalMinutes: number;
}

/** A positive whole number of minutes from a setting's text, else null. */
const minutes = (value: string | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export async function companyJobTimes(db: DbOrTx, companyId: string): Promise<JobTimes> {
  const settings = await companySettingsOf(db, companyId);
  const value = (type: number) => settings.find((s) => s.settingTypeId === type)?.value;
  // Assignment types 1–3 are the job types, whose duration settings have the same ids.
  const byType = new Map(DURATION_SETTING_TYPES.map((t) => [t as number, minutes(value(t))]));
  return { durationOf: (type) => byType.get(type) ?? null, intervalMinutes: minutes(value(SettingType.JobInterval)) ?? 0 };
}
