/**
 * Where an item left on absent time goes (spec 2 §2.2 availability modal, §4, §5): the
 * first start in its week that a drop there would be accepted, judged by drop.ts judgeDrop, the rule
 * the calendar and POST /api/Scheduler/singleitem apply, on the plumber's week facts (freeWeek.ts) as
 * they are after the absence was saved.
 *
 * The starts tried are the calendar's slots (CALENDAR_SLOT_MINUTES from SCHEDULE_DAY_START: a drop
 * lands on a slot), from the item's own start on (the item goes later, never earlier: the first free
 * time after the time it had) and never before `now`, day by day to the week's Sunday. Items are moved
 * one after the other: `withItemAt` puts a moved item at its new place in the facts, so the next one
 * is judged on a week that holds it, as the server will judge it. (hours.ts firstFreeStart is another
 * rule: the planning page's default start, the first free minute of the week.)
 */
import { judgeDrop, type DroppedItem } from './drop';
import { CALENDAR_SLOT_MINUTES, SCHEDULE_DAY_END, SCHEDULE_DAY_START, ScheduleItemStatus } from './enums';
import type { WeekFacts } from './freeWeek';
import { isBefore, minutesOf, type DayMinute } from './hours';
import { isMovable } from './itemStatus';

/**
 * The earliest slot start, from `from` on and not before `now`, in the week of `facts`, at which
 * judgeDrop accepts `item`; null when there is none left in the week (or the item may not move at all:
 * only Scheduled and NotificationFailed items do, itemStatus.ts isMovable).
 */
export function firstFreeSlot(facts: WeekFacts, item: DroppedItem, from: DayMinute, now: DayMinute): DayMinute | null {
  if (item.id > 0 && !isMovable(item.status)) return null;
  const earliest = isBefore(from, now) ? now : from;
  const dayStart = minutesOf(SCHEDULE_DAY_START);
  const dayEnd = minutesOf(SCHEDULE_DAY_END);
  for (const date of facts.dates) {
    if (date < earliest.date) continue;
    // The first slot that starts at or after the earliest minute (slots lie every 30 minutes from 06:00).
    const first = date === earliest.date
      ? dayStart + Math.max(0, Math.ceil((earliest.minute - dayStart) / CALENDAR_SLOT_MINUTES)) * CALENDAR_SLOT_MINUTES
      : dayStart;
    for (let minute = first; minute + item.duration <= dayEnd; minute += CALENDAR_SLOT_MINUTES) {
      const at = { date, minute };
      if (judgeDrop(facts, item, at, now).ok) return at;
    }
  }
  return null;
}

/** The facts with `item` laid at `at` for its duration (moved from where it lay, or added). */
export function withItemAt(facts: WeekFacts, item: DroppedItem, at: DayMinute): WeekFacts {
  const before = facts.laid.find((x) => x.id === item.id);
  return {
    ...facts,
    laid: [
      ...facts.laid.filter((x) => x.id !== item.id),
      {
        id: item.id, date: at.date, from: at.minute, to: at.minute + item.duration,
        status: item.status ?? before?.status ?? ScheduleItemStatus.Scheduled, lat: item.lat ?? before?.lat, lng: item.lng ?? before?.lng,
      },
    ],
  };
}
