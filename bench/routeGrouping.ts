/**
 * Days grouped by place (DESIGN.md "Scheduling"): the layout of selections of 10–200 points, in the
 * order the batch lays them now (one short route through all stops first, days second, the drive
 * between stops counted as time) against the way it chose days before (days filled in selection
 * order, then each day's stops ordered; the drives counted in both). The selections: random points over Bærum, Bærum and Trysil mixed (the case where
 * one day mixed both towns), one street, and points far apart. Demo hours (07:00–15:30, lunch
 * 11:30–12:00), 45-minute jobs, a 15-minute interval, up to 12 weeks. Pure: no database.
 *
 * The kilometres are each day's open path between its stops (straight lines, routeOrder.ts). No
 * independent solver (OR-tools) can be installed here, so the figure is the ratio to the order before,
 * and the time of the layout itself.
 */
import { performance } from 'node:perf_hooks';
import { addDays, isoWeekDates } from '../src/domain/calendar/days';
import { weekFreeTime, type FreeDay } from '../src/domain/scheduling/hours';
import { layOut, type LayoutItem } from '../src/domain/scheduling/layout';
import { pathKm, shortestOrder } from '../src/domain/scheduling/routeOrder';

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

type Selection = { name: string; items: LayoutItem[] };

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
  out.push({ name: 'far apart, 10', items: Array.from({ length: 10 }, (_, i) => item(i + 1, 59.5 + r() * 2, 9.5 + r() * 3)) });
  return out;
}

/** Each day's stops, ordered as the batch before ordered them (selection order's days, then each day shortest). */
function kmBefore(free: FreeDay[][], items: LayoutItem[]): { km: number; rest: number; days: number } {
  const kept = layOut(free, items, { intervalMinutes: INTERVAL, keepSelectionOrder: true });
  let km = 0;
  for (const day of kept.days) {
    const pts = kept.placed.filter((p) => p.week === day.week && p.date === day.date).map((p) => items.find((i) => i.id === p.id)!)
      .filter((i): i is LayoutItem & { lat: number; lng: number } => typeof i.lat === 'number' && typeof i.lng === 'number');
    km += pathKm(pts, shortestOrder(pts));
  }
  return { km, rest: kept.rest.length, days: kept.days.length };
}

export interface RouteGroupingRow { name: string; items: number; kmNow: number; daysNow: number; restNow: number; kmBefore: number; daysBefore: number; restBefore: number; ms: number }

export function runRouteGroupingBench(): RouteGroupingRow[] {
  const free = weeks();
  return selections().map(({ name, items }) => {
    const times: number[] = [];
    let now = layOut(free, items, { intervalMinutes: INTERVAL });
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      now = layOut(free, items, { intervalMinutes: INTERVAL });
      times.push(performance.now() - t);
    }
    const before = kmBefore(free, items);
    return {
      name, items: items.length, kmNow: now.kilometres, daysNow: now.days.length, restNow: now.rest.length,
      kmBefore: before.km, daysBefore: before.days, restBefore: before.rest, ms: times.sort((a, b) => a - b)[2],
    };
  });
}

export function formatRouteGroupingBench(rows: RouteGroupingRow[]): string {
  return rows.map((r) => `  ${r.name}: ${r.kmNow.toFixed(1)} km over ${r.daysNow} days (${r.restNow} not laid) vs before `
    + `${r.kmBefore.toFixed(1)} km over ${r.daysBefore} days (${r.restBefore} not laid): ratio ${(r.kmNow / Math.max(r.kmBefore, 1e-9)).toFixed(2)}; `
    + `layout ${r.ms.toFixed(1)} ms`).join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatRouteGroupingBench(runRouteGroupingBench()));
