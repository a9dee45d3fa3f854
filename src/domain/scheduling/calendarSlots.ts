/**
 * What each 30-minute slot of the weekly calendar is (spec 2 §2.2, §3 Calendar slot, §4 calendar card
 * types), from the server's facts of the plumber's week (freeWeek.ts WeekFacts). The free time is the
 * one rule of freeWeek.ts / hours.ts (workingWeek: working hours less lunch, holidays and absence, plus
 * extended time), less the schedule's unavailable slots; this module only names why the time that is
 * not free is not. Items laid in the week are cards above the slots, not slot types.
 *
 * A slot is Free when the free time covers all of it, Extended when that free time lies outside the
 * day's working hours (an Extended or Available entry added it). Otherwise, in this order:
 * - Fullday: a full-day holiday, or an absence (holidays and Absent entries) that takes all the day's
 *   working time: the whole column is the absence;
 * - Halfday: the slot meets a half-day holiday or an Absent entry;
 * - Unavailable: the slot meets an Unavailable entry or one of the schedule's unavailable slots;
 * - OutOfWorkingHour: anything else (before or after the hours, lunch, a day off).
 */
import { HolidayType } from '../settings/holidays';
import { AvailabilityType, CALENDAR_SLOT_MINUTES, SCHEDULE_DAY_END, SCHEDULE_DAY_START } from './enums';
import { workingWeek, type WeekFacts } from './freeWeek';
import { minutesOf, subtract, workingSpans, type Span } from './hours';

/** spec 2 §4 calendar card types, less Schedule (an item: a card, not a slot). */
export const CalendarSlotType = {
  Free: 'Free', OutOfWorkingHour: 'OutOfWorkingHour', Unavailable: 'Unavailable', Fullday: 'Fullday', Halfday: 'Halfday', Extended: 'Extended',
} as const;
export type CalendarSlotTypeName = (typeof CalendarSlotType)[keyof typeof CalendarSlotType];

export interface CalendarSlot {
  /** Oslo day YYYY-MM-DD. */
  date: string;
  /** [from, to) in minutes after the Oslo midnight. */
  from: number;
  to: number;
  type: CalendarSlotTypeName;
}

const covers = (spans: readonly Span[], from: number, to: number): boolean => spans.some(([a, b]) => a <= from && to <= b);
const meets = (spans: readonly Span[], from: number, to: number): boolean => spans.some(([a, b]) => a < to && from < b);
const spanOf = (x: { startTime: string; endTime: string }): Span => [minutesOf(x.startTime), minutesOf(x.endTime)];

/** The slots of each day of the week (Monday … Sunday), 06:00–18:00 in CALENDAR_SLOT_MINUTES steps. */
export function weekSlots(f: WeekFacts): CalendarSlot[][] {
  const free = workingWeek(f);
  return f.dates.map((date) => {
    const unavailable: Span[] = [
      ...f.unavailable.filter((s) => s.date === date).map(spanOf),
      ...f.availability.filter((a) => a.date === date && a.availabilityType === AvailabilityType.Unavailable).map(spanOf),
    ];
    let open: Span[] = free.find((d) => d.date === date)?.spans ?? [];
    for (const cut of unavailable) open = subtract(open, cut);
    const hours = f.days.find((d) => d.date === date)?.hours;
    const working = hours ? workingSpans(hours) : [];
    const holidays = f.holidays.filter((h) => h.date === date);
    const absent: Span[] = [
      ...holidays.filter((h) => h.holidayTypeId !== HolidayType.FullDay).map(spanOf),
      ...f.availability.filter((a) => a.date === date && a.availabilityType === AvailabilityType.Absent).map(spanOf),
    ];
    const allAbsent = working.length > 0 && absent.length > 0 && absent.reduce<Span[]>((left, cut) => subtract(left, cut), working).length === 0;
    const fullDay = holidays.some((h) => h.holidayTypeId === HolidayType.FullDay) || allAbsent;

    const slots: CalendarSlot[] = [];
    for (let from = minutesOf(SCHEDULE_DAY_START); from < minutesOf(SCHEDULE_DAY_END); from += CALENDAR_SLOT_MINUTES) {
      const to = from + CALENDAR_SLOT_MINUTES;
      let type: CalendarSlotTypeName;
      if (covers(open, from, to)) type = covers(working, from, to) ? CalendarSlotType.Free : CalendarSlotType.Extended;
      else if (fullDay) type = CalendarSlotType.Fullday;
      else if (meets(absent, from, to)) type = CalendarSlotType.Halfday;
      else if (meets(unavailable, from, to)) type = CalendarSlotType.Unavailable;
      else type = CalendarSlotType.OutOfWorkingHour;
      slots.push({ date, from, to, type });
    }
    return slots;
  });
}

/** The earliest working minute of the week (where the calendar scrolls to); null: no working time. */
export function firstWorkingMinute(f: WeekFacts): number | null {
  const starts = workingWeek(f).flatMap((d) => d.spans.map(([a]) => a));
  return starts.length ? Math.min(...starts) : null;
}
