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
import { DEFAULT_TRAVEL, haversineKm, pathKm, shortestOrder, travelMinutes, type GeoPoint, type TravelModel } from './routeOrder';

export interface LayoutItem {
  id: number;
  /** Minutes. */
  duration: number;
  lat?: number | null;
  lng?: number | null;
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
}

/** What separates two stops of a day: the job interval, or the drive when longer. */
interface Spacing { intervalMinutes: number; travel: TravelModel }

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

/** Lays `items` in order into one week's free days. */
export function layWeek(week: readonly FreeDay[], items: readonly LayoutItem[], spacing: Spacing): { placed: Omit<PlacedItem, 'week'>[]; rest: LayoutItem[] } {
  const placed: Omit<PlacedItem, 'week'>[] = [];
  const rest: LayoutItem[] = [];
  let day = 0;
  // The day's last stop and when it ends: the next one on that day starts after the gap from it.
  let last: { item: LayoutItem; end: number } | null = null;
  for (const item of items) {
    let spot: { d: number; from: number } | null = null;
    for (let d = day; d < week.length && !spot; d++) {
      const after = d === day && last ? last.end + gapMinutes(last.item, item, spacing.intervalMinutes, spacing.travel) : -Infinity;
      for (const [a, b] of week[d].spans) {
        const from = Math.max(a, after);
        if (from + item.duration <= b) { spot = { d, from }; break; }
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
  const order = shortestOrder(located).map((i) => located[i]);
  const unlocated = items.filter((i) => !hasPoint(i));
  for (const route of [order, [...order].reverse()]) {
    const { placed, rest } = layWeek([free], [...route, ...unlocated], spacing);
    if (!rest.length) return { placed, km: pathKm(route) };
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

/** Kilometres of each day's stops in the order laid. */
function dayKm(placed: readonly PlacedItem[], byId: ReadonlyMap<number, LayoutItem>): number {
  let km = 0;
  for (const date of new Set(placed.map((p) => p.date))) km += pathKm(placed.filter((p) => p.date === date).map((p) => byId.get(p.id)!).filter(hasPoint));
  return km;
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
  const spacing: Spacing = { intervalMinutes: opts.intervalMinutes, travel: opts.travel ?? DEFAULT_TRAVEL };
  const inSelection = layInOrder(weeks, items, spacing);
  let chosen = inSelection;
  if (!opts.keepSelectionOrder) {
    const located = items.filter(hasPoint);
    const route = shortestOrder(located).map((i) => located[i]);
    const unlocated = items.filter((i) => !hasPoint(i));
    for (const order of [[...route, ...unlocated], [...[...route].reverse(), ...unlocated]]) {
      const tried = layInOrder(weeks, order, spacing);
      if (tried.rest.length < chosen.rest.length || (tried.rest.length === chosen.rest.length && chosen === inSelection && dayKm(tried.placed, byId) < dayKm(chosen.placed, byId))) {
        chosen = tried;
      }
    }
  }
  const result: LayoutResult = {
    placed: [], rest: chosen.rest, weeksUsed: 0, days: [], kilometres: 0, kilometresInSelectionOrder: dayKm(inSelection.placed, byId),
  };
  for (const [w, week] of weeks.entries()) {
    for (const free of week) {
      const ofDay = chosen.placed.filter((p) => p.week === w && p.date === free.date);
      if (!ofDay.length) continue;
      result.weeksUsed = w + 1;
      const dayItems = ofDay.map((p) => byId.get(p.id)!);
      const laidKm = pathKm(dayItems.filter(hasPoint));
      const better = opts.keepSelectionOrder ? null : reorderDay(free, dayItems, spacing);
      const use = better && better.km < laidKm ? better : { placed: ofDay, km: laidKm };
      result.kilometres += use.km;
      result.days.push({ week: w, date: free.date, items: use.placed.length, km: use.km });
      result.placed.push(...use.placed.map((p) => ({ ...p, week: w })));
    }
  }
  return result;
}
