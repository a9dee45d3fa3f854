/**
 * The route split into days and improved between days (src/domain/scheduling/daySplit.ts, through
 * layout.ts layOut): near the optimum on a small selection, town by town when the days can separate
 * the towns, and never more left out than the orders laid day by day.
 */
import { describe, expect, it } from 'vitest';
import { addDays, isoWeekDates } from '../../src/domain/time/oslo';
import { weekFreeTime, type FreeDay } from '../../src/domain/scheduling/hours';
import { layOut, layWeek, type LayoutItem } from '../../src/domain/scheduling/layout';
import { DEFAULT_TRAVEL, haversineKm } from '../../src/domain/scheduling/routeOrder';

/** The bench's demo hours (07:00–15:30, lunch 11:30–12:00), weekdays only, `n` weeks from 2027-W10. */
const WEEKDAY = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const OFF = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
function weeks(n: number): FreeDay[][] {
  const monday = isoWeekDates(2027, 10)[0];
  return Array.from({ length: n }, (_, w) => weekFreeTime(Array.from({ length: 7 }, (__, d) => ({
    date: addDays(monday, 7 * w + d), hours: d < 5 ? WEEKDAY : OFF,
  }))));
}

function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const spacing = { intervalMinutes: 15, travel: DEFAULT_TRAVEL };

/**
 * The least kilometres of any plan of `items` on at most `days` days of the demo hours: every set of
 * stops a day can hold in some order (each order laid by layWeek), its shortest open path (every
 * order tried), then the best split into days.
 */
function bruteForce(items: readonly (LayoutItem & { lat: number; lng: number })[], day: FreeDay, days: number): number {
  const n = items.length;
  const full = (1 << n) - 1;
  // best[mask][last]: the shortest path over mask ending at last, among orders that lay on the day.
  const best = Array.from({ length: 1 << n }, () => new Float64Array(n).fill(Infinity));
  const order = Array.from({ length: 1 << n }, () => Array.from({ length: n }, () => [] as number[]));
  for (let i = 0; i < n; i++) { best[1 << i][i] = 0; order[1 << i][i] = [i]; }
  const dayKm = new Float64Array(1 << n).fill(Infinity);
  for (let mask = 1; mask <= full; mask++) {
    for (let last = 0; last < n; last++) {
      if (best[mask][last] === Infinity) continue;
      if (layWeek([day], order[mask][last].map((k) => items[k]), spacing).rest.length) continue;
      dayKm[mask] = Math.min(dayKm[mask], best[mask][last]);
      for (let next = 0; next < n; next++) {
        if (mask & (1 << next)) continue;
        const to = mask | (1 << next);
        const km = best[mask][last] + haversineKm(items[last], items[next]);
        if (km < best[to][next]) { best[to][next] = km; order[to][next] = [...order[mask][last], next]; }
      }
    }
  }
  // The best split of all stops into at most `days` day sets.
  let plans = new Float64Array(1 << n).fill(Infinity);
  plans[0] = 0;
  for (let d = 0; d < days; d++) {
    const next = Float64Array.from(plans);
    for (let done = 0; done <= full; done++) {
      if (plans[done] === Infinity) continue;
      const left = full & ~done;
      for (let sub = left; sub; sub = (sub - 1) & left) {
        if (dayKm[sub] < Infinity) next[done | sub] = Math.min(next[done | sub], plans[done] + dayKm[sub]);
      }
    }
    plans = next;
  }
  return plans[full];
}

describe('the route split into days', () => {
  it('lays 10 random points of Bærum within 10 % of the optimum (no 7 + 3 where 6 + 4 drives less)', () => {
    for (const seed of [10, 11, 12]) {
      const r = seeded(seed);
      const items = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, duration: 45, lat: 59.87 + r() * 0.1, lng: 10.45 + r() * 0.2 }));
      const free = weeks(1);
      const plan = layOut(free, items, { intervalMinutes: 15 });
      expect(plan.rest).toEqual([]);
      const optimum = bruteForce(items, free[0][0], plan.days.length);
      expect(plan.kilometres, `seed ${seed}`).toBeLessThanOrEqual(1.1 * optimum + 1e-9);
    }
  });

  it("lays the same plan each time from the same items (ruin and recreate is seeded: the page's dry run and the batch agree)", () => {
    const r = seeded(60);
    const items = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, duration: 45, lat: 59.87 + r() * 0.1, lng: 10.45 + r() * 0.2 }));
    const first = layOut(weeks(4), items, { intervalMinutes: 15 });
    const again = layOut(weeks(4), items, { intervalMinutes: 15 });
    expect(again.placed).toEqual(first.placed);
    expect(again.kilometres).toBe(first.kilometres);
  });

  it('never mixes Bærum and Trysil on a day when the days can separate them, and drives the towns apart only once', () => {
    const r = seeded(1100);
    const items = Array.from({ length: 100 }, (_, i) => (r() < 0.5
      ? { id: i + 1, duration: 45, lat: 59.87 + r() * 0.1, lng: 10.45 + r() * 0.2 }
      : { id: i + 1, duration: 45, lat: 61.28 + r() * 0.08, lng: 12.2 + r() * 0.15 }));
    const town = (id: number) => (items[id - 1].lat < 60.5 ? 'Bærum' : 'Trysil');
    const plan = layOut(weeks(12), items, { intervalMinutes: 15 });
    expect(plan.rest).toEqual([]);
    for (const d of plan.days) {
      const towns = new Set(plan.placed.filter((p) => p.week === d.week && p.date === d.date).map((p) => town(p.id)));
      expect(towns.size, `${d.date}`).toBe(1);
    }
    // Before the split, one day drove 171 km from Bærum to Trysil (267.6 km in all).
    expect(plan.kilometres).toBeLessThan(100);
  });

  it('never leaves more out than the selection order or a priority order laid day by day, and every day lays again as placed', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = seeded(seed);
      const n = 20 + Math.floor(r() * 40);
      const items: LayoutItem[] = Array.from({ length: n }, (_, i) => ({
        id: i + 1, duration: 15 + Math.floor(r() * 8) * 15, priority: Math.floor(r() * 3),
        ...(r() < 0.9 ? { lat: 59.87 + r() * 0.1, lng: 10.45 + r() * 0.2 } : {}),
      }));
      const free = weeks(2);
      const base = seed % 2 ? { lat: 59.89, lng: 10.52 } : undefined;
      const plan = layOut(free, items, { intervalMinutes: 15, base });
      // The route laid day by day, filling every day: the selection order of a route by priority.
      const byRoute = [...items].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
      const greedy = layOut(free, byRoute, { intervalMinutes: 15, base, keepSelectionOrder: true });
      const kept = layOut(free, items, { intervalMinutes: 15, base, keepSelectionOrder: true });
      expect(plan.rest.length, `seed ${seed}`).toBeLessThanOrEqual(Math.min(greedy.rest.length, kept.rest.length));
      // What is left out is of a priority no higher than what the route laid day by day leaves out.
      const top = (rest: readonly LayoutItem[]) => Math.max(-Infinity, ...rest.map((i) => i.priority ?? 0));
      if (plan.rest.length === greedy.rest.length) expect(top(plan.rest)).toBeLessThanOrEqual(top(greedy.rest));
      expect(new Set(plan.placed.map((p) => p.id)).size).toBe(plan.placed.length);
      expect(plan.placed.length + plan.rest.length).toBe(n);
      // Every day as placed lays again on its own, in its order.
      for (const d of plan.days) {
        const ofDay = plan.placed.filter((p) => p.week === d.week && p.date === d.date).sort((a, b) => a.from - b.from);
        const free1 = free[d.week].find((f) => f.date === d.date)!;
        const again = layWeek([free1], ofDay.map((p) => items[p.id - 1]), { ...spacing, base });
        expect(again.rest, `seed ${seed} ${d.date}`).toEqual([]);
      }
    }
  });
});
