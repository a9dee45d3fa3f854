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
import { pathKm, shortestOrder, type GeoPoint } from './routeOrder';

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
  keepSelectionOrder?: boolean;
}

/** A week's free time less busy times (widened by the interval) and less everything before `notBefore`. */
export function freeTime(week: readonly FreeDay[], busy: readonly Busy[], intervalMinutes: number, notBefore?: DayMinute): FreeDay[] {
  return (notBefore ? freeFrom(week, notBefore) : week).map(({ date, spans }) => {
    let left: Span[] = [...spans];
    for (const b of busy) if (b.date === date) left = subtract(left, [b.from - intervalMinutes, b.to + intervalMinutes]);
    return { date, spans: left };
  });
}

/** Lays `items` in order into one week's free days. */
export function layWeek(week: readonly FreeDay[], items: readonly LayoutItem[], intervalMinutes: number): { placed: Omit<PlacedItem, 'week'>[]; rest: LayoutItem[] } {
  const placed: Omit<PlacedItem, 'week'>[] = [];
  const rest: LayoutItem[] = [];
  let day = 0;
  let cursor = -Infinity;
  for (const item of items) {
    let spot: { d: number; from: number } | null = null;
    for (let d = day; d < week.length && !spot; d++) {
      for (const [a, b] of week[d].spans) {
        const from = Math.max(a, d === day ? cursor : -Infinity);
        if (from + item.duration <= b) { spot = { d, from }; break; }
      }
    }
    if (!spot) { rest.push(item); continue; }
    placed.push({ id: item.id, date: week[spot.d].date, from: spot.from, to: spot.from + item.duration });
    day = spot.d;
    cursor = spot.from + item.duration + intervalMinutes;
  }
  return { placed, rest };
}

const hasPoint = (i: LayoutItem): i is LayoutItem & GeoPoint => typeof i.lat === 'number' && typeof i.lng === 'number';

/**
 * One day's items in a shorter order, laid again on that day; null when they would not all fit. An
 * open route is as long backwards, so when the shorter order does not fit around lunch (mixed
 * durations) its reverse is tried before the day keeps the selection order.
 */
function reorderDay(free: FreeDay, items: readonly LayoutItem[], intervalMinutes: number): { placed: Omit<PlacedItem, 'week'>[]; km: number } | null {
  const located = items.filter(hasPoint);
  const order = shortestOrder(located).map((i) => located[i]);
  const unlocated = items.filter((i) => !hasPoint(i));
  for (const route of [order, [...order].reverse()]) {
    const { placed, rest } = layWeek([free], [...route, ...unlocated], intervalMinutes);
    if (!rest.length) return { placed, km: pathKm(route) };
  }
  return null;
}

/** Lays `items` into `weeks` (each a week of free days, already through freeTime) in order. */
export function layOut(weeks: readonly (readonly FreeDay[])[], items: readonly LayoutItem[], opts: LayoutOptions): LayoutResult {
  const result: LayoutResult = { placed: [], rest: [...items], weeksUsed: 0, days: [], kilometres: 0, kilometresInSelectionOrder: 0 };
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const [w, week] of weeks.entries()) {
    if (!result.rest.length) break;
    const { placed, rest } = layWeek(week, result.rest, opts.intervalMinutes);
    result.rest = rest;
    if (placed.length) result.weeksUsed = w + 1;
    for (const free of week) {
      const ofDay = placed.filter((p) => p.date === free.date);
      if (!ofDay.length) continue;
      const dayItems = ofDay.map((p) => byId.get(p.id)!);
      const selectionKm = pathKm(dayItems.filter(hasPoint));
      result.kilometresInSelectionOrder += selectionKm;
      const better = opts.keepSelectionOrder ? null : reorderDay(free, dayItems, opts.intervalMinutes);
      const use = better && better.km < selectionKm ? better : { placed: ofDay, km: selectionKm };
      result.kilometres += use.km;
      result.days.push({ week: w, date: free.date, items: use.placed.length, km: use.km });
      result.placed.push(...use.placed.map((p) => ({ ...p, week: w })));
    }
  }
  return result;
}
