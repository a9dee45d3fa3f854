/** ISO weeks for the calendar's top bar (spec 2 §2.2, §9): stepping, and the week picker's 12 weeks. */
import { WEEK_PICKER_WEEKS } from '../../../domain/scheduling/enums';
import { addDays, isoWeek, isoWeekDates, osloDay } from '../../../domain/time/oslo';

export interface IsoWeekRef {
  year: number;
  weekNo: number;
}

export const weekKey = (w: IsoWeekRef): string => `${w.year}-${w.weekNo}`;

/** The ISO week of an Oslo day. */
export function weekOf(date: string): IsoWeekRef {
  const { year, week } = isoWeek(date);
  return { year, weekNo: week };
}

/** The week `by` weeks after `w` (before, when negative). */
export const stepWeek = (w: IsoWeekRef, by: number): IsoWeekRef => weekOf(addDays(isoWeekDates(w.year, w.weekNo)[0], 7 * by));

/** This week and the next ones, WEEK_PICKER_WEEKS in all, from `today` (Oslo). */
export function pickerWeeks(today: string = osloDay(new Date())): IsoWeekRef[] {
  return Array.from({ length: WEEK_PICKER_WEEKS }, (_, n) => weekOf(addDays(today, 7 * n)));
}
