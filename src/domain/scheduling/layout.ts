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
 * - Unless the admin keeps the selection order, the days are chosen by place (layOut): one short
 *   route through all stops (by priority) is laid day by day, and is also split into days by
 *   daySplit.ts (the best cut of the route into one run per day, each run judged by laying it on its
 *   day; then stops moved, swapped and exchanged between days while both days still lay and the
 *   kilometres fall); the split is kept only when it leaves no more out, fills the first weeks no
 *   less, uses no more days and drives less.
 * - Then each day's stops are ordered to shorten the driving (routeOrder.ts) and laid again in that
 *   order on that day; a day whose new order would not fit keeps the order it was laid in. Kilometres
 *   are counted per day, both ways, over the items with coordinates.
 */
import { freeFrom, subtract, type DayMinute, type FreeDay, type Span } from './hours';
import { dayKm as splitKm, improveDays, splitRoute, type SplitInput } from './daySplit';
import { DEFAULT_TRAVEL, haversineKm, refineOrder, routeKm, shortestLoop, shortestOrder, travelMinutes, type GeoPoint, type TravelModel } from './routeOrder';

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
   * The plumber's base (their own, else the company's; settings/company.ts plumberBase): each day starts there and
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
export const baseMinutes = (item: LayoutItem, spacing: { travel?: TravelModel; base?: GeoPoint | null }): number =>
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

/** How many of `items` from `from` on, in that order, one day lays (layWeek's rules on a single day, stopping at the first that does not fit). */
function dayRun(free: FreeDay, items: readonly LayoutItem[], from: number, spacing: Spacing): number {
  const spans = free.spans;
  if (!spans.length) return 0;
  let last: { item: LayoutItem; end: number } | null = null;
  let i = from;
  for (; i < items.length; i++) {
    const item = items[i];
    const home = baseMinutes(item, spacing);
    const after = last ? last.end + gapMinutes(last.item, item, spacing.intervalMinutes, spacing.travel) : spans[0][0] + home;
    const dayEnd = spans[spans.length - 1][1] - home;
    let end = -1;
    for (const [a, b] of spans) {
      const start = Math.max(a, after);
      if (start + item.duration <= Math.min(b, dayEnd)) { end = start + item.duration; break; }
    }
    if (end < 0) break;
    last = { item, end };
  }
  return i - from;
}

/**
 * Each priority's located stops on one short open route (the highest priority first), found once per
 * layout; `refined` is that route shortened further by Or-opt (routeOrder.ts refineOrder).
 */
type PriorityRoutes = { priority: number; route: LayoutItem[]; refined: LayoutItem[]; unlocated: LayoutItem[] }[];

function priorityRoutes(items: readonly LayoutItem[]): PriorityRoutes {
  const priorities = [...new Set(items.map((i) => i.priority ?? 0))].sort((a, b) => b - a);
  return priorities.map((p) => {
    const of = items.filter((i) => (i.priority ?? 0) === p);
    const route = shortestRoute(of.filter(hasPoint), null);
    return { priority: p, route, refined: refineOrder(route, route.map((_, k) => k)).map((k) => route[k]), unlocated: of.filter((i) => !hasPoint(i)) };
  });
}

/**
 * The stops on one short route through all of them, by priority: each priority's stops on their own
 * route, the highest priority first, so what the weeks cannot hold is of the lowest priority. `reverse`
 * runs each priority's route backwards (the priorities keep their order). The stops without a
 * position come last (`byPriority`: each after its own priority's route).
 */
function routeByPriority(routes: PriorityRoutes, reverse: boolean, byPriority: boolean, refined = false): LayoutItem[] {
  const run = (r: PriorityRoutes[number]) => {
    const route = refined ? r.refined : r.route;
    return reverse ? [...route].reverse() : route;
  };
  return byPriority ? routes.flatMap((r) => [...run(r), ...r.unlocated]) : [...routes.flatMap(run), ...routes.flatMap((r) => r.unlocated)];
}

/** Evaluations the local search between days may spend per item (daySplit.ts improveDays): bounds the dry run's time. */
const SEARCH_BUDGET = 150;

/**
 * The route split into days and improved between days (daySplit.ts), laid day by day: every placed
 * item with its week, and what was left out; null when the split lays nothing. `dist` holds the
 * kilometres between the items (by their index in `items`).
 */
function splitIntoDays(
  weeks: readonly (readonly FreeDay[])[], tour: readonly LayoutItem[], spacing: Spacing, maxDays: number,
  indexOf: ReadonlyMap<LayoutItem, number>, dist: Float64Array, size: number, mustLay: number, lastDay: { week: number; date: string } | null,
): { km: number; laid: number; improve: (recreate: boolean) => { placed: PlacedItem[]; rest: LayoutItem[] } | null } | null {
  const free: { week: number; day: FreeDay }[] = [];
  for (const [w, week] of weeks.entries()) {
    for (const day of week) {
      if (lastDay && (w > lastDay.week || (w === lastDay.week && day.date > lastDay.date))) continue;
      if (day.spans.length) free.push({ week: w, day });
    }
  }
  const n = tour.length;
  if (!free.length || !n) return null;
  const at = Int32Array.from(tour, (i) => indexOf.get(i)!);
  const base = spacing.base ?? null;
  // Days of the same free spans lay the same runs: each kind of day is run once.
  const reach = new Int16Array(free.length * n);
  const runs = new Map<string, number>();
  for (let k = 0; k < free.length; k++) {
    const key = free[k].day.spans.join(';');
    const same = runs.get(key);
    if (same !== undefined) reach.copyWithin(k * n, same * n, same * n + n);
    else {
      runs.set(key, k);
      for (let i = 0; i < n; i++) reach[k * n + i] = dayRun(free[k].day, tour, i, spacing);
    }
  }
  const lays = (k: number, stops: readonly number[]) => layWeek([free[k].day], stops.map((s) => tour[s]), spacing);
  const inp: SplitInput = {
    n,
    dayWeeks: free.map((f) => f.week),
    maxDays,
    priority: tour.map((i) => i.priority ?? 0),
    dist,
    at,
    stride: size,
    located: Uint8Array.from(tour, (i) => (hasPoint(i) ? 1 : 0)),
    fromBase: base ? Float64Array.from(tour, (i) => (hasPoint(i) ? haversineKm(base, i) : 0)) : null,
    reach,
    fits: (k, stops) => {
      if (!lays(k, stops).rest.length) return [...stops];
      const back = [...stops].reverse();
      return lays(k, back).rest.length ? null : back;
    },
    order: (stops) => {
      const located = stops.filter((s) => hasPoint(tour[s]));
      const order = base ? shortestLoop(base, located.map((s) => tour[s] as GeoPoint)) : shortestOrder(located.map((s) => tour[s] as GeoPoint));
      return [...order.map((k) => located[k]), ...stops.filter((s) => !hasPoint(tour[s]))];
    },
  };
  const days = splitRoute(inp, mustLay);
  if (!days) return null;
  const improve = (recreate: boolean) => {
    improveDays(inp, days, SEARCH_BUDGET * n, recreate);
    const placed: PlacedItem[] = [];
    const laid = new Set<number>();
    for (const [k, stops] of days.entries()) {
      if (!stops.length) continue;
      const { placed: ofDay, rest } = lays(k, stops);
      if (rest.length) return null;
      placed.push(...ofDay.map((p) => ({ ...p, week: free[k].week })));
      for (const s of stops) laid.add(s);
    }
    return { placed, rest: tour.filter((_, i) => !laid.has(i)) };
  };
  return { km: days.reduce((sum, stops) => sum + splitKm(inp, stops), 0), laid: days.reduce((sum, stops) => sum + stops.length, 0), improve };
}

/**
 * Lays `items` into `weeks` (each a week of free days, already through freeTime).
 *
 * With `keepSelectionOrder` the items are laid in the admin's order (layWeek, week after week) and
 * each day's stops are then ordered to drive less. Otherwise:
 * 1. Route first, days second: the stops are put on one short route through all of them (by priority,
 *    the highest first); that route, its reverse and the selection order are each laid day by day,
 *    filling every day, and the first that leaves the fewest items out (then of the lowest priority,
 *    then driving the least) is the plan to beat.
 * 2. The route and its reverse, and both once more shortened by Or-opt (routeOrder.ts refineOrder),
 *    are also split into days by daySplit.ts: the best cut of each into runs of consecutive stops, one
 *    per free day, each run judged by laying it on its day (most items laid, then each in the
 *    earliest week, then the fewest kilometres, on no more days and weeks than the plan to beat
 *    used and none after its last day), so a long drive between places ends a day and the last day is not left short. The two
 *    splits that drive least are improved: stops moved, swapped and exchanged between days while both
 *    days still lay and the kilometres fall, never leaving an earlier week fewer stops (a search of
 *    SEARCH_BUDGET evaluations per item at most, for the page's dry run), then a few stops near each
 *    other taken out and put back at a time (daySplit.ts ruinAndRecreate, seeded, bounded rounds; on
 *    the split that drives least only).
 * 3. A split replaces the plan to beat only when it leaves no more items out (and none of a higher
 *    priority), holds at least as many items in the first weeks (week 0, weeks 0–1, …), uses no more
 *    days, and drives less.
 * 4. Each day's stops are ordered once more (reorderDay) when that drives less.
 * `kilometresInSelectionOrder` is what the selection order laid as it stands would drive.
 */
export function layOut(weeks: readonly (readonly FreeDay[])[], items: readonly LayoutItem[], opts: LayoutOptions): LayoutResult {
  const byId = new Map(items.map((i) => [i.id, i]));
  const base = opts.base ?? null;
  const spacing: Spacing = { intervalMinutes: opts.intervalMinutes, travel: opts.travel ?? DEFAULT_TRAVEL, base };
  const inSelection = layInOrder(weeks, items, spacing);
  let chosen = inSelection;
  let routes: PriorityRoutes = [];
  if (!opts.keepSelectionOrder) {
    // Fewer left out first; then what is left out of lower priority; then the shorter drive.
    const better = (a: typeof chosen, b: typeof chosen) => {
      if (a.rest.length !== b.rest.length) return a.rest.length < b.rest.length;
      const pa = topPriority(a.rest);
      const pb = topPriority(b.rest);
      if (pa !== pb) return pa < pb;
      return b === inSelection && dayKm(a.placed, byId, base) < dayKm(b.placed, byId, base);
    };
    routes = priorityRoutes(items);
    for (const reverse of [false, true]) {
      const tried = layInOrder(weeks, routeByPriority(routes, reverse, false), spacing);
      if (better(tried, chosen)) chosen = tried;
    }
  }
  let result = finish(weeks, chosen, byId, spacing, Boolean(opts.keepSelectionOrder));
  if (!opts.keepSelectionOrder && items.length > 1) {
    // When the plan to beat lays every item, its days and weeks are the most the split may use.
    // …and no day after its last: the plan still begins at its start and fills the days in order
    // (the admin who starts it on Wednesday 10:00 finds work on Wednesday), the cut between them is free.
    const maxDays = chosen.rest.length ? Infinity : result.days.length;
    const lastDay = chosen.rest.length || !result.days.length ? null : result.days[result.days.length - 1];
    const inWeeks = chosen.rest.length ? weeks : weeks.slice(0, result.weeksUsed);
    const size = items.length;
    const dist = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      const a = items[i];
      if (!hasPoint(a)) continue;
      for (let j = i + 1; j < size; j++) {
        const b = items[j];
        if (hasPoint(b)) dist[i * size + j] = dist[j * size + i] = haversineKm(a, b);
      }
    }
    const indexOf = new Map(items.map((i, k) => [i, k]));
    // Each route (and its reverse, and both refined) is split; the two splits that drive least are improved.
    const mustLay = items.length - chosen.rest.length;
    const splits = [[false, false], [true, false], [false, true], [true, true]]
      .map(([reverse, refined], k) => ({ k, split: splitIntoDays(inWeeks, routeByPriority(routes, reverse, true, refined), spacing, maxDays, indexOf, dist, size, mustLay, lastDay) }))
      .flatMap(({ k, split }) => (split ? [{ k, split }] : []))
      .sort((a, b) => b.split.laid - a.split.laid || a.split.km - b.split.km || a.k - b.k);
    for (const [k, { split }] of splits.slice(0, 2).entries()) {
      const improved = split.improve(k === 0);
      if (!improved) continue;
      const tried = finish(inWeeks, improved, byId, spacing, false);
      if (beats(tried, result, weeks.length)) result = tried;
    }
  }
  result.kilometresInSelectionOrder = dayKm(inSelection.placed, byId, base);
  return result;
}

/**
 * Whether the plan `a` may replace `b`: fewer items left out; or as many, none of a higher priority,
 * at least as many in each first run of weeks, on no more days, and fewer kilometres.
 */
function beats(a: LayoutResult, b: LayoutResult, weekCount: number): boolean {
  if (a.rest.length !== b.rest.length) return a.rest.length < b.rest.length;
  if (topPriority(a.rest) > topPriority(b.rest)) return false;
  let inA = 0;
  let inB = 0;
  for (let w = 0; w < weekCount; w++) {
    inA += a.placed.filter((p) => p.week === w).length;
    inB += b.placed.filter((p) => p.week === w).length;
    if (inA < inB) return false;
  }
  // A plan that lays everything ends no later than the one it replaces.
  const la = a.days[a.days.length - 1];
  const lb = b.days[b.days.length - 1];
  if (!b.rest.length && la && lb && (la.week > lb.week || (la.week === lb.week && la.date > lb.date))) return false;
  return a.days.length <= b.days.length && a.kilometres < b.kilometres - 1e-9;
}

/** The plan laid: each day's stops ordered once more when that drives less (not when the admin keeps the order), its kilometres counted. */
function finish(
  weeks: readonly (readonly FreeDay[])[], chosen: { placed: PlacedItem[]; rest: LayoutItem[] }, byId: ReadonlyMap<number, LayoutItem>, spacing: Spacing, keep: boolean,
): LayoutResult {
  const base = spacing.base ?? null;
  const result: LayoutResult = { placed: [], rest: chosen.rest, weeksUsed: 0, days: [], kilometres: 0, kilometresInSelectionOrder: 0 };
  for (const [w, week] of weeks.entries()) {
    for (const free of week) {
      const ofDay = chosen.placed.filter((p) => p.week === w && p.date === free.date);
      if (!ofDay.length) continue;
      result.weeksUsed = w + 1;
      const dayItems = ofDay.map((p) => byId.get(p.id)!);
      const laidKm = routeKm(dayItems.filter(hasPoint), base);
      const better = keep ? null : reorderDay(free, dayItems, spacing);
      const use = better && better.km < laidKm ? better : { placed: ofDay, km: laidKm };
      result.kilometres += use.km;
      result.days.push({ week: w, date: free.date, items: use.placed.length, km: use.km });
      result.placed.push(...use.placed.map((p) => ({ ...p, week: w })));
    }
  }
  return result;
}
