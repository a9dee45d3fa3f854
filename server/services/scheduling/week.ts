/**
 * A plumber's week as planning sees it (spec 2 §9, spec 3 §3): the facts its free time is made of
 * (src/domain/scheduling/freeWeek.ts); and the company's job durations per assignment type and its
 * job interval.
 */
import { addDays, isoWeek, isoWeekDates, isoWeekMonday, osloDayMinute, osloInstant } from '../../../src/domain/time/oslo';
import { WEEK_PICKER_WEEKS } from '../../../src/domain/scheduling/enums';
import { planFit, type PlanFit, type WeekFacts } from '../../../src/domain/scheduling/freeWeek';
import type { DayMinute } from '../../../src/domain/scheduling/hours';
import type { LayoutItem } from '../../../src/domain/scheduling/layout';
import type { GeoPoint, TravelModel } from '../../../src/domain/scheduling/routeOrder';
import { baseOf, DURATION_SETTING_TYPES, plumberBase, SettingType, travelOf } from '../../../src/domain/settings/company';
import { isDayOff } from '../../../src/domain/settings/dayHours';
import { effectiveWeek } from '../../../src/domain/settings/workingHours';
import { sideBySide, type DbOrTx } from '../../db/tx';
import { holidaysFrom } from '../../repositories/holidays';
import { availabilityBetween, findWeekSchedule, laidItemsOfPlumber, unavailableSlotsOf } from '../../repositories/scheduling';
import { companySettingsOf } from '../../repositories/settings';
import { ownBaseOf } from '../../repositories/users';
import { hoursRowsForWeek } from '../../repositories/workingHours';

/** The ISO week after year/weekNo. */
export function nextWeek(year: number, weekNo: number): { year: number; weekNo: number } {
  const w = isoWeek(addDays(isoWeekMonday(year, weekNo), 7));
  return { year: w.year, weekNo: w.week };
}

/**
 * The facts of the plumber's week (src/domain/scheduling/freeWeek.ts), composed the one way the page
 * (GET /api/Schedule/planningWeek), the submit's check, the batch and the calendar's drop all read them.
 * Holidays are read by date, so a week across New Year holds those of both years. The base is the
 * plumber's own when one is set, else the company's (plumberBase).
 */
export async function weekFacts(
  db: DbOrTx, companyId: string, registrationId: number, year: number, weekNo: number, times?: JobTimes,
): Promise<WeekFacts> {
  const dates = isoWeekDates(year, weekNo);
  // The reads are independent: on the pool they run side by side (one after another on a transaction's one connection).
  const [rows, holidayRows, availabilityRows, schedule, laidRows, jobTimes, ownBase] = await sideBySide(db, [
    () => hoursRowsForWeek(db, companyId, registrationId, year, weekNo, dates[0]),
    () => holidaysFrom(db, companyId, dates[0]),
    () => availabilityBetween(db, companyId, registrationId, dates[0], dates[6]),
    () => findWeekSchedule(db, companyId, registrationId, year, weekNo),
    () => laidItemsOfPlumber(db, companyId, registrationId, osloInstant(dates[0], 0), osloInstant(addDays(dates[6], 1), 0)),
    () => times ?? companyJobTimes(db, companyId),
    () => ownBaseOf(db, companyId, registrationId),
  ]);
  const days = effectiveWeek(rows, registrationId, year, weekNo).map((d, i) => ({ date: dates[i], hours: d.hours }));
  const holidays = holidayRows.filter((h) => h.date <= dates[6])
    .map((h) => ({ date: h.date, holidayTypeId: h.holidayTypeId, startTime: h.startTime, endTime: h.endTime }));
  const availability = availabilityRows
    .map((a) => ({ date: a.date, availabilityType: a.availabilityTypeId, startTime: a.startTime, endTime: a.endTime }));
  const unavailable = schedule
    ? (await unavailableSlotsOf(db, schedule.id)).map((x) => ({ date: x.date, startTime: x.startTime, endTime: x.endTime }))
    : [];
  const laid = laidRows
    .map((i) => {
      const from = osloDayMinute(i.startTime!);
      return { id: i.id, date: from.date, from: from.minute, to: from.minute + Math.round((i.endTime!.getTime() - i.startTime!.getTime()) / 60_000), status: i.status, lat: i.latitude, lng: i.longitude };
    });
  const { intervalMinutes, travel } = jobTimes;
  // The plumber's own base over the company's (issue 24 §4): their days start and end there.
  const base = plumberBase(ownBase, jobTimes.base);
  return { year, weekNo, dates, days, holidays, availability, unavailable, laid, intervalMinutes, travel, base, hasHours: days.some((d) => !isDayOff(d.hours)) };
}

export interface JobTimes {
  /** The company's duration in minutes per assignment type (1 New, 2 Replacement, 3 Dismantle); null when not set. */
  durationOf(assignmentType: number): number | null;
  intervalMinutes: number;
  /** How the company counts a drive between stops (settings RoadFactor, TravelSpeed). */
  travel: TravelModel;
  /** Where the company's days start and end (settings BaseLatitude, BaseLongitude), or null; a plumber's own base overrides it in weekFacts. */
  base: GeoPoint | null;
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
  return {
    durationOf: (type) => byType.get(type) ?? null, intervalMinutes: minutes(value(SettingType.JobInterval)) ?? 0, travel: travelOf(value),
    base: baseOf(value),
  };
}

/** The most weeks a plan may run into when the admin lets it continue (spec 2 §9: the week picker's 12). */
export const PLAN_WEEKS_MAX = WEEK_PICKER_WEEKS;

/**
 * Lays `items` from `start` on into the plan's week and, when allowed, the weeks after it, one more
 * week at a time while something is left (planFit over the weeks' facts). The submit's check and the
 * batch call this with the same facts, under the plumber's time lock.
 */
export async function fitPlan(
  db: DbOrTx, companyId: string, assigneeId: number, first: { year: number; weekNo: number }, items: readonly LayoutItem[],
  start: DayMinute, relaying: ReadonlySet<number>, opts: { continueIntoNextWeeks: boolean; keepSelectionOrder?: boolean },
): Promise<{ weeks: WeekFacts[]; fit: PlanFit }> {
  const weeks: WeekFacts[] = [];
  const times = await companyJobTimes(db, companyId);
  let at = first;
  let fit: PlanFit;
  do {
    weeks.push(await weekFacts(db, companyId, assigneeId, at.year, at.weekNo, times));
    fit = planFit(weeks, items, start, relaying, { keepSelectionOrder: opts.keepSelectionOrder });
    at = nextWeek(at.year, at.weekNo);
  } while (fit.rest.length && opts.continueIntoNextWeeks && weeks.length < PLAN_WEEKS_MAX);
  return { weeks, fit };
}

/** The minutes an item of the schedule takes when laid: its override, else the company's for its type, else its own. */
export const itemMinutes = (times: JobTimes, item: { durationOverride: number | null; objectType: number; duration: number }): number =>
  item.durationOverride ?? times.durationOf(item.objectType) ?? item.duration;
