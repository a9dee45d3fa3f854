/**
 * The plumber's free week and what fits in it: one rule for the planning page, the server's check of a
 * submit and the batch that lays it (spec 2 §5, §9; DESIGN.md "Scheduling").
 *
 * The facts of a week (WeekFacts) are composed once, by the server (GET /api/Schedule/planningWeek
 * answers them to the page; the submit and the batch compose the same ones in their transaction):
 * - each day's effective working hours (company, per employee, valid-from), lunch inside them;
 * - the company's holidays falling on the week's dates, whatever year they were entered under (week 53
 *   of 2026 holds 1 January 2027);
 * - the plumber's availability entries (absence, extended time, unavailable);
 * - the schedule's unavailable time slots;
 * - the plumber's items already laid in the week, in any of their schedules (itemStatus.ts occupiesTime);
 * - the company's job interval.
 *
 * freeWeek turns them into free spans; planFit lays items into them with the batch's own code
 * (layout.ts layOut), so "fits" means the batch will lay it. The available hours shown against the
 * planned hours stay the spec's formula (working time less lunch and absence, plus extended time).
 */
import {
  availableMinutes, freeFrom, minutesOf, weekFreeTime, type AvailabilityLike, type DayMinute, type FreeDay, type HolidayLike, type WeekDayHours,
} from './hours';
import { freeTime, layOut, type Busy, type LayoutItem, type LayoutOptions, type LayoutResult } from './layout';
import type { GeoPoint, TravelModel } from './routeOrder';

/** An item of the plumber already laid in the week. */
export interface LaidItem {
  id: number;
  /** Oslo day YYYY-MM-DD and minutes after its midnight. */
  date: string;
  from: number;
  to: number;
  status: number;
  /** Where it is: a drop next to it counts the drive (drop.ts). */
  lat?: number | null;
  lng?: number | null;
}

export interface UnavailableSlotLike {
  date: string;
  startTime: string;
  endTime: string;
}

export interface WeekFacts {
  year: number;
  weekNo: number;
  /** Monday … Sunday, YYYY-MM-DD. */
  dates: string[];
  days: WeekDayHours[];
  holidays: HolidayLike[];
  availability: AvailabilityLike[];
  unavailable: UnavailableSlotLike[];
  laid: LaidItem[];
  intervalMinutes: number;
  /** How the company counts a drive between stops (its settings); DEFAULT_TRAVEL when absent. */
  travel?: TravelModel;
  /** The plumber's base, where each day starts and ends: their own when set, else the company's (settings BaseLatitude/BaseLongitude; plumberBase); none when neither is. */
  base?: GeoPoint | null;
  /** Whether any day has working hours (else WorkinghoursNotAvailable). */
  hasHours: boolean;
}

/** The week's working time by the spec's formula (hours.ts weekFreeTime) from the facts. */
export const workingWeek = (f: WeekFacts): FreeDay[] =>
  weekFreeTime(f.days, f.holidays.filter((h) => f.dates.includes(h.date)), f.availability.filter((a) => f.dates.includes(a.date)));

/** Available minutes from `start` on (spec 2 §9), the figure the summary shows against the planned hours. */
export const availableFrom = (f: WeekFacts, start: DayMinute): number => availableMinutes(freeFrom(workingWeek(f), start));

/**
 * The week's free time for laying items: working time less unavailable slots and the laid items other
 * than those being laid again (each widened by the interval: the plumber needs it to get to and from
 * either), less everything before `notBefore`.
 */
export function freeWeek(f: WeekFacts, opts: { notBefore?: DayMinute; relaying?: ReadonlySet<number> } = {}): FreeDay[] {
  const busy: Busy[] = f.laid.filter((i) => !opts.relaying?.has(i.id)).map((i) => ({ date: i.date, from: i.from, to: i.to }));
  for (const s of f.unavailable) busy.push({ date: s.date, from: minutesOf(s.startTime), to: minutesOf(s.endTime) });
  return freeTime(workingWeek(f), busy, f.intervalMinutes, opts.notBefore);
}

/** Why an item the plan holds was not laid. */
export type NotPlacedReason = 'NoTimeLeft' | 'OutsideWeek';

export interface PlanFit extends LayoutResult {
  /** Every item of `rest` with its reason. */
  notPlaced: { id: number; reason: NotPlacedReason }[];
}

/**
 * Lays `items` (in the admin's order) into `weeks` from `start` on, `relaying` being the ids of laid
 * items that are laid again with them: the dry run the page and the submit call, and the batch's layout.
 * Items that fit nowhere are named: OutsideWeek when no week has any time left from the start on,
 * else NoTimeLeft.
 */
export function planFit(
  weeks: readonly WeekFacts[], items: readonly LayoutItem[], start: DayMinute, relaying: ReadonlySet<number>,
  opts: Omit<LayoutOptions, 'intervalMinutes' | 'travel' | 'base'> = {},
): PlanFit {
  const free = weeks.map((f) => freeWeek(f, { notBefore: start, relaying }));
  const intervalMinutes = weeks[0]?.intervalMinutes ?? 0;
  const result = layOut(free, items, { ...opts, intervalMinutes, travel: weeks[0]?.travel, base: weeks[0]?.base });
  const anyTime = free.some((w) => availableMinutes(w) > 0);
  return { ...result, notPlaced: result.rest.map((i) => ({ id: i.id, reason: anyTime ? 'NoTimeLeft' : 'OutsideWeek' })) };
}

/**
 * How many of `candidates` (in order), added after `items`, still let every item be laid with `opts`
 * (those the submit will use): select-all and a polygon selection take these and report the rest as
 * skipped (spec 2 §5). Found by halving. In the selection order adding an item never makes room for an
 * earlier one, so the count is exact there; with the route order (layout.ts layOut) a count that fits
 * is found, and a single item chosen after it is judged by planFit itself.
 */
export function howManyMoreFit(
  weeks: readonly WeekFacts[], items: readonly LayoutItem[], candidates: readonly LayoutItem[], start: DayMinute, relaying: ReadonlySet<number>,
  opts: Omit<LayoutOptions, 'intervalMinutes' | 'travel' | 'base'> = {},
): number {
  const fits = (n: number) => planFit(weeks, [...items, ...candidates.slice(0, n)], start, relaying, opts).rest.length === 0;
  if (!fits(0)) return 0;
  // No more can fit than the free minutes hold at the shortest duration: a polygon over 30,000 points
  // is judged on that many at most, never laid (and routed: a matrix of n² distances) whole.
  const room = weeks.reduce((sum, f) => sum + availableMinutes(freeWeek(f, { notBefore: start, relaying })), 0);
  const shortest = Math.max(1, [...items, ...candidates].reduce((min, i) => Math.min(min, i.duration), Infinity));
  let lo = 0;
  let hi = Math.min(candidates.length, Math.max(0, Math.floor(room / shortest) - items.length));
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
