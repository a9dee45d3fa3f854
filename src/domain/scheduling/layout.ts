/**
 * How the batch (POST /api/Scheduler) lays a schedule's items into the plumber's free time: pure, so
 * the server's batch and the tests share it.
 *
 * - Free time per day comes from hours.ts weekFreeTime (working hours in the 06:00–18:00 window, less
 *   lunch, holidays and absence, plus extended time); freeTime() then takes out the schedule's
 *   unavailable slots, the items kept where they are (each widened by the job interval on both
 *   sides) and everything before the first moment allowed (now, or the admin's chosen start).
 * - Items go in the order given, each at the earliest free moment at or after the previous item's
 *   end plus the job interval, within one free span (a job is not split over lunch). An item that
 *   fits nowhere later in the week waits for the next week, and the ones after it go on from where
 *   the last one laid ended.
 * - Weeks follow one another (the next ISO weeks when the admin allowed it); what fits in none is
 *   left unlaid.
 * - Then each day's stops are ordered to shorten the driving (routeOrder.ts) and laid again in that
 *   order on that day; a day whose new order would not fit keeps the selection order. Kilometres are
 *   counted per day, both ways, over the items with coordinates.
 */
import { freeFrom, subtract, type DayMinute, type FreeDay, type Span } from './hours';
import { DEFAULT_TRAVEL, haversineKm, routeKm, shortestLoop, shortestOrder, travelMinutes, type GeoPoint, type TravelModel } from './routeOrder';

export interface LayoutItem {
  id: number;
  /** Minutes. */
  duration: number;
  lat?: number | null;
  lng?: number | null;
  /** The register's priority: higher is laid first (and left out last); 0 or none is the register's "none". */
  priority?: number | null;
}

/** Time already taken on a day, in minutes after midnight. */
export interface Busy {
  date: string;
  from: number;
  to: number;
}

export interface PlacedItem {
  id: number;
  /** Index of the week in the weeks laid into (0: the schedule's own week). */
  week: number;
  date: string;
  from: number;
  to: number;
}

export interface LayoutResult {
  placed: PlacedItem[];
  /** Items that fit in none of the weeks, in their order. */
  rest: LayoutItem[];
  weeksUsed: number;
  /** Each day with items laid: how many, and the kilometres of its route. */
  days: { week: number; date: string; items: number; km: number }[];
  kilometres: number;
  kilometresInSelectionOrder: number;
}

export interface LayoutOptions {
  intervalMinutes: number;
  /** How drives are counted; DEFAULT_TRAVEL when not given. */
  travel?: TravelModel;
  keepSelectionOrder?: boolean;
  /**
   * The plumber's base (the company's, settings BaseLatitude/BaseLongitude): each day starts there and
   * ends there, so a day's first stop starts after the drive from it, its last ends in time to drive
   * back before the day's end, and its kilometres count both drives.
   */
  base?: GeoPoint | null;
}

/** What separates two stops of a day (the job interval, or the drive when longer), and the base a day starts and ends at. */
interface Spacing { intervalMinutes: number; travel: TravelModel; base?: GeoPoint | null }

/** A week's free time less busy times (widened by the interval) and less everything before `notBefore`. */
export function freeTime(week: readonly FreeDay[], busy: readonly Busy[], intervalMinutes: number, notBefore?: DayMinute): FreeDay[] {
  return (notBefore ? freeFrom(week, notBefore) : week).map(({ date, spans }) => {
    let left: Span[] = [...spans];
    for (const b of busy) if (b.date === date) left = subtract(left, [b.from - intervalMinutes, b.to + intervalMinutes]);
    return { date, spans: left };
  });
}

const hasPoint = (i: LayoutItem): i is LayoutItem & GeoPoint => typeof i.lat === 'number' && typeof i.lng === 'number';

/**
 * Minutes between two consecutive stops of a day: the company's job interval, or the driving between
 * them when that is longer (routeOrder.ts travelMinutes), so every laid day can be driven.
 */
export const gapMinutes = (from: LayoutItem, to: LayoutItem, intervalMinutes: number, travel: TravelModel = DEFAULT_TRAVEL): number =>
  (hasPoint(from) && hasPoint(to) ? Math.max(intervalMinutes, travelMinutes(haversineKm(from, to), travel)) : intervalMinutes);

/** Minutes of driving between the base and a stop (either way); 0 without a base or a position. */
const baseMinutes = (item: LayoutItem, spacing: Spacing): number =>
  (spacing.base && hasPoint(item) ? travelMinutes(haversineKm(spacing.base, item), spacing.travel) : 0);

/** Lays `items` in order into one week's free days. */
export function layWeek(week: readonly FreeDay[], items: readonly LayoutItem[], spacing: Spacing): { placed: Omit<PlacedItem, 'week'>[]; rest: LayoutItem[] } {
  const placed: Omit<PlacedItem, 'week'>[] = [];
  const rest: LayoutItem[] = [];
  let day = 0;
  // The day's last stop and when it ends: the next one on that day starts after the gap from it.
  let last: { item: LayoutItem; end: number } | null = null;
  for (const item of items) {
    let spot: { d: number; from: number } | null = null;
    const home = baseMinutes(item, spacing);
    for (let d = day; d < week.length && !spot; d++) {
      const spans = week[d].spans;
      if (!spans.length) continue;
      // The day's first stop is reached from the base; every stop must leave time to drive back to it.
      const after = d === day && last ? last.end + gapMinutes(last.item, item, spacing.intervalMinutes, spacing.travel) : spans[0][0] + home;
      const dayEnd = spans[spans.length - 1][1] - home;
      for (const [a, b] of spans) {
        const from = Math.max(a, after);
        if (from + item.duration <= Math.min(b, dayEnd)) { spot = { d, from }; break; }
      }
    }
    if (!spot) { rest.push(item); continue; }
    placed.push({ id: item.id, date: week[spot.d].date, from: spot.from, to: spot.from + item.duration });
    day = spot.d;
    last = { item, end: spot.from + item.duration };
  }
  return { placed, rest };
}

/**
 * One day's items in a shorter order, laid again on that day; null when they would not all fit. An
 * open route is as long backwards, so when the shorter order does not fit around lunch (mixed
 * durations) its reverse is tried before the day keeps the selection order.
 */
function reorderDay(free: FreeDay, items: readonly LayoutItem[], spacing: Spacing): { placed: Omit<PlacedItem, 'week'>[]; km: number } | null {
  const located = items.filter(hasPoint);
  const order = shortestRoute(located, spacing.base ?? null);
  const unlocated = items.filter((i) => !hasPoint(i));
  for (const route of [order, [...order].reverse()]) {
    const { placed, rest } = layWeek([free], [...route, ...unlocated], spacing);
    if (!rest.length) return { placed, km: routeKm(route, spacing.base) };
  }
  return null;
}

/** Lays `items` in this order into the weeks one after another (no reordering within a day). */
function layInOrder(weeks: readonly (readonly FreeDay[])[], items: readonly LayoutItem[], spacing: Spacing): { placed: PlacedItem[]; rest: LayoutItem[] } {
  const out: { placed: PlacedItem[]; rest: LayoutItem[] } = { placed: [], rest: [...items] };
  for (const [w, week] of weeks.entries()) {
    if (!out.rest.length) break;
    const { placed, rest } = layWeek(week, out.rest, spacing);
    out.rest = rest;
    out.placed.push(...placed.map((p) => ({ ...p, week: w })));
  }
  return out;
}

/** A short order of a day's or a plan's stops: a loop from the base when there is one, else an open path. */
function shortestRoute<T extends LayoutItem & GeoPoint>(located: readonly T[], base: GeoPoint | null): T[] {
  return (base ? shortestLoop(base, located) : shortestOrder(located)).map((i) => located[i]);
}

/** Kilometres of each day's stops in the order laid (from the base and back to it, when there is one). */
function dayKm(placed: readonly PlacedItem[], byId: ReadonlyMap<number, LayoutItem>, base: GeoPoint | null): number {
  let km = 0;
  for (const date of new Set(placed.map((p) => p.date))) km += routeKm(placed.filter((p) => p.date === date).map((p) => byId.get(p.id)!).filter(hasPoint), base);
  return km;
}

/** The highest priority among `items` (0 when none has one). */
const topPriority = (items: readonly LayoutItem[]): number => items.reduce((max, i) => Math.max(max, i.priority ?? 0), -Infinity);

/**
 * The stops on one short route through all of them, by priority: each priority's stops on their own
 * route, the highest priority first, so what the weeks cannot hold is of the lowest priority. `reverse`
 * runs each priority's route backwards (the priorities keep their order).
 */
function routeByPriority(items: readonly LayoutItem[], reverse: boolean): LayoutItem[] {
  const located = items.filter(hasPoint);
  const priorities = [...new Set(located.map((i) => i.priority ?? 0))].sort((a, b) => b - a);
  // The whole plan's route is open even with a base: its stretches become days, each a loop of its own.
  const route = priorities.flatMap((p) => {
    const route = shortestRoute(located.filter((i) => (i.priority ?? 0) === p), null);
    return reverse ? route.reverse() : route;
  });
  return [...route, ...items.filter((i) => !hasPoint(i))];
}

/**
 * Lays `items` into `weeks` (each a week of free days, already through freeTime). Unless the admin
 * keeps the selection order, the stops are first put on one short route through all of them (route
 * first, days second: consecutive stops of a short route lie together, so each day keeps to one
 * place, and a long drive between places ends the day instead of filling it); that route, its reverse
 * and the selection order are laid, and the first that leaves the fewest items out is kept. Then each
 * day's stops are ordered once more. `kilometresInSelectionOrder` is what the selection order laid
 * as it stands would drive.
 */
export function layOut(weeks: readonly (readonly FreeDay[])[], items: readonly LayoutItem[], opts: LayoutOptions): LayoutResult {
  const byId = new Map(items.map((i) => [i.id, i]));
  const base = opts.base ?? null;
  const spacing: Spacing = { intervalMinutes: opts.intervalMinutes, travel: opts.travel ?? DEFAULT_TRAVEL, base };
  const inSelection = layInOrder(weeks, items, spacing);
  let chosen = inSelection;
  if (!opts.keepSelectionOrder) {
    // Fewer left out first; then what is left out of lower priority; then the shorter drive.
    const better = (a: typeof chosen, b: typeof chosen) => {
      if (a.rest.length !== b.rest.length) return a.rest.length < b.rest.length;
      const pa = topPriority(a.rest);
      const pb = topPriority(b.rest);
      if (pa !== pb) return pa < pb;
      return b === inSelection && dayKm(a.placed, byId, base) < dayKm(b.placed, byId, base);
    };
    for (const reverse of [false, true]) {
      const tried = layInOrder(weeks, routeByPriority(items, reverse), spacing);
      if (better(tried, chosen)) chosen = tried;
    }
  }
  const result: LayoutResult = {
    placed: [], rest: chosen.rest, weeksUsed: 0, days: [], kilometres: 0, kilometresInSelectionOrder: dayKm(inSelection.placed, byId, base),
  };
  for (const [w, week] of weeks.entries()) {
    for (const free of week) {
      const ofDay = chosen.placed.filter((p) => p.week === w && p.date === free.date);
      if (!ofDay.length) continue;
      result.weeksUsed = w + 1;
      const dayItems = ofDay.map((p) => byId.get(p.id)!);
      const laidKm = routeKm(dayItems.filter(hasPoint), base);
      const better = opts.keepSelectionOrder ? null : reorderDay(free, dayItems, spacing);
      const use = better && better.km < laidKm ? better : { placed: ofDay, km: laidKm };
      result.kilometres += use.km;
      result.days.push({ week: w, date: free.date, items: use.placed.length, km: use.km });
      result.placed.push(...use.placed.map((p) => ({ ...p, week: w })));
    }
  }
  return result;
}
