/**
 * A card dropped on the calendar (spec 2 §4 Dragging, §5 "Dropping a schedule item"): whether it may
 * lie there, judged on the plumber's week facts (freeWeek.ts), once for the calendar (before it asks
 * the server) and for POST /api/Scheduler/singleitem (again, under the plumber's time lock).
 *
 * The rules, in the order a refusal is reported:
 * - only Scheduled or NotificationFailed items move (itemStatus.ts isMovable): Scheduling.StatusNotAllowed;
 * - the start lies in the week and the item within the day's window 06:00–18:00 (spec 2 §9): NotEnoughSlotSpace;
 * - a start in the past: InvalidScheduledDateInThePastMessage (the calendar's warning modal);
 * - a start on time the plumber does not work because of an absence (full or half day), an unavailable
 *   slot or a holiday: DropToSkipDate (spec 2 §5: the first position of such a column);
 * - enough consecutive free time for the item's duration: inside one span of the working time less the
 *   unavailable slots, and, ours, as the batch counts it (layout.ts gapMinutes), the job interval or the
 *   drive from the stop before and to the stop after on that day, whichever is longer; the day's first
 *   stop is reached from the company's base after the day's working time starts, and every stop leaves
 *   time to drive back to it before the day's working time ends (layout.ts layWeek): NotEnoughSlotSpace.
 *   Cancelled items, and those cancelled for invalid information, hold no time (spec 2 §4 Free slots);
 *   the week facts carry only items that hold it.
 * The blacklist (GET /api/ScheduleBlacklist) is judged by `blacklistBlocks`; "Error : Already Exists"
 * (the point already has an item in the week) needs the database and is the server's.
 */
import { minutesOf, type DayMinute } from './hours';
import { freeWeek, type WeekFacts } from './freeWeek';
import { baseMinutes, gapMinutes, type LayoutItem } from './layout';
import { isMovable } from './itemStatus';
import { AvailabilityType, SCHEDULE_DAY_END, SCHEDULE_DAY_START } from './enums';
import { osloDay } from '../time/oslo';

/** The card being dropped: `id` 0 and `status` null for a point dragged from the map (a new item). */
export interface DroppedItem {
  id: number;
  status: number | null;
  /** Minutes it takes. */
  duration: number;
  lat?: number | null;
  lng?: number | null;
}

export type DropRefusal = 'StatusNotAllowed' | 'NotEnoughSlotSpace' | 'InThePast' | 'DropToSkipDate';

export type DropVerdict = { ok: true; from: number; to: number } | { ok: false; refusal: DropRefusal; errorKey: string; problem: string };

/** The message key the page shows for each refusal (nb and en in planning.json). */
export const DROP_ERROR_KEY: Readonly<Record<DropRefusal, string>> = {
  StatusNotAllowed: 'Scheduling.StatusNotAllowed',
  NotEnoughSlotSpace: 'Scheduling.NotEnoughSlotSpace',
  InThePast: 'Scheduling.InvalidScheduledDateInThePastMessage',
  DropToSkipDate: 'Scheduling.DropToSkipDate',
};

const refuse = (refusal: DropRefusal, problem: string): DropVerdict => ({ ok: false, refusal, errorKey: DROP_ERROR_KEY[refusal], problem });

/** Whether minute `m` of `date` lies on time taken from the plumber by an absence, an unavailable slot or a holiday. */
function onSkippedTime(f: WeekFacts, date: string, m: number): boolean {
  const inside = (x: { date: string; startTime: string; endTime: string }) => x.date === date && minutesOf(x.startTime) <= m && m < minutesOf(x.endTime);
  return f.availability.some((a) => (a.availabilityType === AvailabilityType.Absent || a.availabilityType === AvailabilityType.Unavailable) && inside(a))
    || f.unavailable.some(inside)
    || f.holidays.some(inside);
}

/**
 * Whether `item` may start at minute `at.minute` of Oslo day `at.date` in the week of `f`, `now` being
 * the Oslo moment of the judgement. The facts' laid items may hold the item itself (when it is moved
 * within the week): it never stands in its own way.
 */
export function judgeDrop(f: WeekFacts, item: DroppedItem, at: DayMinute, now: DayMinute): DropVerdict {
  if (item.id > 0 && !isMovable(item.status)) return refuse('StatusNotAllowed', 'only Scheduled or NotificationFailed items move');
  const from = at.minute;
  const to = from + item.duration;
  if (!f.dates.includes(at.date)) return refuse('NotEnoughSlotSpace', `must start in week ${f.weekNo} of ${f.year} (${f.dates[0]} to ${f.dates[6]})`);
  if (from < minutesOf(SCHEDULE_DAY_START) || to > minutesOf(SCHEDULE_DAY_END)) {
    return refuse('NotEnoughSlotSpace', `must leave the item within ${SCHEDULE_DAY_START}–${SCHEDULE_DAY_END}`);
  }
  if (at.date < now.date || (at.date === now.date && from < now.minute)) return refuse('InThePast', 'must not be in the past');
  if (onSkippedTime(f, at.date, from)) return refuse('DropToSkipDate', 'starts on time the plumber is absent or unavailable');

  // Working time less unavailable slots, without any laid item: the neighbours are judged below with the drive.
  const working = freeWeek(f, { relaying: new Set(f.laid.map((x) => x.id)) }).find((d) => d.date === at.date)?.spans ?? [];
  if (!working.some(([a, b]) => a <= from && to <= b)) return refuse('NotEnoughSlotSpace', `needs ${item.duration} free minutes from the start`);
  const self: LayoutItem = { id: item.id, duration: item.duration, lat: item.lat, lng: item.lng };
  const others = f.laid.filter((o) => o.date === at.date && !(item.id > 0 && o.id === item.id));
  // As the batch lays a day: the first stop is driven to from the base, and every stop leaves the drive back.
  const home = baseMinutes(self, { base: f.base, travel: f.travel });
  if (home > 0) {
    const dayStart = working.length ? Math.min(...working.map(([a]) => a)) : from;
    const dayEnd = working.length ? Math.max(...working.map(([, b]) => b)) : to;
    if (!others.some((o) => o.to <= from) && from < dayStart + home) {
      return refuse('NotEnoughSlotSpace', `leaves no time to drive from the base (${home} minutes after the day starts)`);
    }
    if (to > dayEnd - home) return refuse('NotEnoughSlotSpace', `leaves no time to drive back to the base (${home} minutes before the day ends)`);
  }
  for (const o of others) {
    const other: LayoutItem = { id: o.id, duration: o.to - o.from, lat: o.lat, lng: o.lng };
    const gap = gapMinutes(other, self, f.intervalMinutes, f.travel);
    const clear = o.to <= from ? o.to + gap <= from : o.from >= to ? to + gap <= o.from : false;
    if (!clear) return refuse('NotEnoughSlotSpace', `leaves no time to get from or to schedule item ${o.id} (${gap} minutes needed)`);
  }
  return { ok: true, from, to };
}

/** A blacklist entry (GET /api/ScheduleBlacklist): the end of a time the property's owner was told of. */
export interface BlacklistEntryLike {
  notificationTimeEnd: string;
}

/**
 * spec 2 §5: the blacklist blocks a drop when an entry's notification end falls on the same (Oslo) day
 * as the item's end.
 */
export const blacklistBlocks = (entries: readonly BlacklistEntryLike[], itemEnd: Date): boolean =>
  entries.some((e) => osloDay(new Date(e.notificationTimeEnd)) === osloDay(itemEnd));
