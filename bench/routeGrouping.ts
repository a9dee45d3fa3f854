/**
 * Days grouped by place (DESIGN.md "Scheduling"): the layout of selections of 10–200 points, in the
 * order the batch lays them now (one short route through all stops first, then split into days and
 * improved between days, layout.ts and daySplit.ts; the drive between stops counted as time) against the way it chose days before (days filled in selection
 * order, then each day's stops ordered; the drives counted in both). The selections: random points
 * over Bærum, Bærum and Trysil mixed (the case where one day mixed both towns), one street, points far
 * apart, and random points over Bærum from a base (each day a loop from it and back). Demo hours
 * (07:00–15:30, lunch 11:30–12:00), 45-minute jobs, a 15-minute interval, up to 12 weeks. Pure: no database.
 *
 * The kilometres are each day's open path between its stops, or its loop from the base (straight
 * lines, routeOrder.ts). Each selection is also set against an independent reference
 * (routeReference.ts: the HiGHS MIP solver, as OR-tools cannot be installed here) for the same items
 * and the same free days, on as many days as ours used (from a base, any number of the days offered,
 * as there more days are longer): the proven optimum where HiGHS gets there in time (the 10- and
 * 30-point selections, and others when quick), else a proven lower bound (the LP with capacity cuts,
 * then the MIP's dual bound). Against the optimum, ours / reference is ours' excess; against a lower
 * bound it is an upper bound of it: within 1.10 proves ours within 10 % of the optimum (the budget),
 * above it proves nothing either way. ROUTES_REFERENCE_SECONDS sets the reference's time per selection.
 */
import { performance } from 'node:perf_hooks';
import { addDays, isoWeekDates } from '../src/domain/time/oslo';
import { weekFreeTime, type FreeDay } from '../src/domain/scheduling/hours';
import { layOut, type LayoutItem } from '../src/domain/scheduling/layout';
import { haversineKm, pathKm, shortestOrder, type GeoPoint } from '../src/domain/scheduling/routeOrder';
import { routeReference, type ReferenceResult } from './routeReference';

const WEEKDAY = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const OFF = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
const INTERVAL = 15;

function weeks(): FreeDay[][] {
  const monday = isoWeekDates(2027, 10)[0];
  return Array.from({ length: 12 }, (_, w) => weekFreeTime(Array.from({ length: 7 }, (__, d) => ({
    date: addDays(monday, 7 * w + d), hours: d < 5 ? WEEKDAY : OFF,
  }))));
}

function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

/** `base`: each day starts and ends there (LayoutOptions.base), its kilometres counting both drives. */
type Selection = { name: string; items: LayoutItem[]; base?: GeoPoint };

function selections(): Selection[] {
  const out: Selection[] = [];
  const item = (id: number, lat: number, lng: number): LayoutItem => ({ id, duration: 45, lat, lng });
  for (const n of [10, 50, 100, 200]) {
    const r = seeded(n);
    out.push({ name: `random Bærum, ${n}`, items: Array.from({ length: n }, (_, i) => item(i + 1, 59.87 + r() * 0.1, 10.45 + r() * 0.2)) });
  }
  for (const n of [50, 100]) {
    const r = seeded(1000 + n);
    out.push({ name: `Bærum and Trysil mixed, ${n}`, items: Array.from({ length: n }, (_, i) => (r() < 0.5
      ? item(i + 1, 59.87 + r() * 0.1, 10.45 + r() * 0.2) : item(i + 1, 61.28 + r() * 0.08, 12.2 + r() * 0.15))) });
  }
  const r = seeded(7);
  out.push({ name: 'one street, 30', items: Array.from({ length: 30 }, (_, i) => item(i + 1, 59.9 + (r() - 0.5) * 0.0004, 10.5 + i * 0.0006)).sort(() => r() - 0.5) });
  // From a base in Sandvika: each day a loop from it and back.
  for (const n of [10, 50]) {
    const rb = seeded(n);
    out.push({ name: `random Bærum from a base, ${n}`, base: { lat: 59.89, lng: 10.52 }, items: Array.from({ length: n }, (_, i) => item(i + 1, 59.87 + rb() * 0.1, 10.45 + rb() * 0.2)) });
  }
  out.push({ name: 'far apart, 10', items: Array.from({ length: 10 }, (_, i) => item(i + 1, 59.5 + r() * 2, 9.5 + r() * 3)) });
  return out;
}

/** Each day's stops, ordered as the batch before ordered them (selection order's days, then each day shortest; with a base, from it and back). */
function kmBefore(free: FreeDay[][], items: LayoutItem[], base?: GeoPoint): { km: number; rest: number; days: number } {
  const kept = layOut(free, items, { intervalMinutes: INTERVAL, keepSelectionOrder: true, base });
  let km = 0;
  for (const day of kept.days) {
    const pts = kept.placed.filter((p) => p.week === day.week && p.date === day.date).map((p) => items.find((i) => i.id === p.id)!)
      .filter((i): i is LayoutItem & { lat: number; lng: number } => typeof i.lat === 'number' && typeof i.lng === 'number');
    const order = shortestOrder(pts);
    km += pathKm(pts, order) + (base && pts.length ? haversineKm(base, pts[order[0]]) + haversineKm(pts[order[order.length - 1]], base) : 0);
  }
  return { km, rest: kept.rest.length, days: kept.days.length };
}

export interface RouteGroupingRow {
  name: string; base: boolean; items: number; kmNow: number; daysNow: number; restNow: number; kmBefore: number; daysBefore: number; restBefore: number; ms: number;
  /** The independent reference over the same items, free days and as many days as ours (null when ours left items out). */
  reference: ReferenceResult | null;
}

/** Seconds of the reference per selection: a small one is solved to the optimum, a large one gets a bound in this time (100 points and more: 150 s, as 25 s left random Bærum 100 unproven and 200 at a bound 0.5 km weaker). */
const referenceSeconds = (n: number): number => Number(process.env.ROUTES_REFERENCE_SECONDS ?? (n <= 30 ? 30 : n >= 100 ? 150 : 25));

export async function runRouteGroupingBench(): Promise<RouteGroupingRow[]> {
  const free = weeks();
  const rows: RouteGroupingRow[] = [];
  for (const { name, items, base } of selections()) {
    const times: number[] = [];
    let now = layOut(free, items, { intervalMinutes: INTERVAL, base });
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      now = layOut(free, items, { intervalMinutes: INTERVAL, base });
      times.push(performance.now() - t);
    }
    const before = kmBefore(free, items, base);
    const seconds = referenceSeconds(items.length);
    const reference = now.rest.length ? null : await routeReference({
      items: items.map((i) => ({ lat: i.lat!, lng: i.lng!, duration: i.duration })),
      // With no base, more days are never longer: as many as ours used. From a base, any number the weeks offer.
      days: free.flat(), maxDays: base ? free.flat().length : now.days.length, intervalMinutes: INTERVAL, base,
    }, { seconds, lpSeconds: seconds / 2 });
    rows.push({
      name, base: Boolean(base), items: items.length, kmNow: now.kilometres, daysNow: now.days.length, restNow: now.rest.length,
      kmBefore: before.km, daysBefore: before.days, restBefore: before.rest, ms: times.sort((a, b) => a - b)[2], reference,
    });
  }
  return rows;
}

const WITHIN = 1.1;

const referenceText = (ref: ReferenceResult): string => {
  if (ref.kind === 'optimum' && ref.proven) return `optimum ${ref.km.toFixed(1)} km`;
  if (ref.kind === 'optimum') return `optimum not proven in ${ref.seconds.toFixed(0)} s: bound ${ref.bound.toFixed(1)} km, best plan ${ref.incumbent!.toFixed(1)} km`;
  return `lower bound ${ref.km.toFixed(1)} km (LP ${ref.lpBound.toFixed(1)}${ref.mipSolves ? ', MIP dual bound' : ''})`;
};

export function formatRouteGroupingBench(rows: RouteGroupingRow[]): string {
  const lines: string[] = [];
  const within: string[] = [];
  const above: string[] = [];
  const unknown: string[] = [];
  for (const r of rows) {
    lines.push(`  ${r.name}: ${r.kmNow.toFixed(1)} km over ${r.daysNow} days (${r.restNow} not laid) vs before `
      + `${r.kmBefore.toFixed(1)} km over ${r.daysBefore} days (${r.restBefore} not laid): ratio ${(r.kmNow / Math.max(r.kmBefore, 1e-9)).toFixed(2)}; `
      + `layout ${r.ms.toFixed(1)} ms`);
    const ref = r.reference;
    if (!ref) {
      lines.push('    reference: none (ours left items out; the reference lays them all)');
      unknown.push(r.name);
      continue;
    }
    const ratio = r.kmNow / Math.max(ref.km, 1e-9);
    const exact = ref.kind === 'optimum' && ref.proven;
    lines.push(`    reference (HiGHS, ${r.base ? 'any number of days, from the base' : `${r.daysNow} days`}, ${ref.capacity} stops a day at most): ${referenceText(ref)}; ours / reference ${ratio.toFixed(3)}`
      + ` (${ref.seconds.toFixed(1)} s, ${ref.lpRounds} LP rounds, ${ref.cuts} cuts, ${ref.mipSolves} MIP solves)`
      + `${ref.notes.filter((n) => !n.startsWith('no base')).map((n) => `; ${n}`).join('')}`);
    const tag = `${r.name} (${ratio.toFixed(2)}${exact ? '' : ' vs a bound'})`;
    if (ratio <= WITHIN + 1e-9) within.push(tag);
    else if (exact) above.push(tag);
    else unknown.push(tag);
  }
  lines.push(`  within 10 % of the reference: ${within.length}/${rows.length}${within.length ? ` (${within.join(', ')})` : ''}`);
  lines.push(`  more than 10 % above the optimum: ${above.length ? above.join(', ') : 'none'}`);
  lines.push(`  not shown within 10 % (ours more than 10 % above a lower bound, the optimum unknown): ${unknown.length ? unknown.join(', ') : 'none'}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatRouteGroupingBench(await runRouteGroupingBench()));
