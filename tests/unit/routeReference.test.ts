/**
 * The bench's route reference (bench/routeReference.ts, HiGHS): on tiny selections its optimum is the
 * one a brute force finds (every order of every day, every split into days), its LP bound is never
 * above it, and its day facts are the layout's rules, written here once more from the rules.
 */
import { describe, expect, it } from 'vitest';
import { dayCapacity, fitsDay, routeReference, type ReferenceItem } from '../../bench/routeReference';
import type { Span } from '../../src/domain/scheduling/hours';
import { haversineKm, travelMinutes, type GeoPoint } from '../../src/domain/scheduling/routeOrder';

/** 07:00–11:30 and 12:00–15:30: the demo hours less lunch. */
const DAY: Span[] = [[420, 690], [720, 930]];
const INTERVAL = 15;
const TRAVEL = { roadFactor: 1.3, speedKmh: 40 };

function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

const points = (seed: number, n: number, spreadLat: number, spreadLng: number): ReferenceItem[] => {
  const r = seeded(seed);
  return Array.from({ length: n }, () => ({ lat: 59.87 + r() * spreadLat, lng: 10.45 + r() * spreadLng, duration: 45 }));
};

/**
 * The least kilometres over every plan: every order of every set of stops laid on a day (each at the
 * earliest moment after the previous end plus max(interval, drive), in one span; with a base, the
 * first after the drive from it and the last back in time), then the best split into at most `maxDays`.
 */
function bruteForce(items: readonly ReferenceItem[], maxDays: number, base: GeoPoint | null = null): number {
  const n = items.length;
  const km = (a: GeoPoint, b: GeoPoint) => haversineKm(a, b);
  const home = (i: number) => (base ? travelMinutes(km(base, items[i]), TRAVEL) : 0);
  const best = new Float64Array(1 << n).fill(Infinity);
  const visit = (mask: number, last: number, end: number, sum: number) => {
    if (mask && end <= DAY[DAY.length - 1][1] - home(last)) best[mask] = Math.min(best[mask], sum + (base ? km(items[last], base) : 0));
    for (let k = 0; k < n; k++) {
      if (mask & (1 << k)) continue;
      const after = last < 0 ? DAY[0][0] + home(k) : end + Math.max(INTERVAL, travelMinutes(km(items[last], items[k]), TRAVEL));
      const span = DAY.find(([a, b]) => Math.max(a, after) + items[k].duration <= b);
      if (!span) continue;
      visit(mask | (1 << k), k, Math.max(span[0], after) + items[k].duration, sum + (last < 0 ? (base ? km(base, items[k]) : 0) : km(items[last], items[k])));
    }
  };
  visit(0, -1, -Infinity, 0);
  let plans = new Float64Array(1 << n).fill(Infinity);
  plans[0] = 0;
  for (let d = 0; d < maxDays; d++) {
    const next = Float64Array.from(plans);
    for (let mask = 1; mask < 1 << n; mask++) {
      const low = mask & -mask;
      for (let sub = mask; sub; sub = (sub - 1) & mask) if (sub & low) next[mask] = Math.min(next[mask], best[sub] + plans[mask ^ sub]);
    }
    plans = next;
  }
  return plans[(1 << n) - 1];
}

const days = (count: number) => Array.from({ length: count }, (_, d) => ({ date: `2027-03-0${d + 1}`, spans: DAY }));

describe('route reference (bench)', () => {
  it('counts the bench day as seven 45-minute stops, and lays a day as the layout does', () => {
    expect(dayCapacity(DAY, 45, INTERVAL)).toBe(7);
    expect(dayCapacity(DAY, 60, INTERVAL)).toBe(6);
    // Two stops 193 km apart (376 minutes of driving): the second starts at 07:45 + 376 min = 14:01 and
    // ends 14:46, inside the day; not in a day ending at 14:30, nor when the day ends back at a base.
    const far = [{ lat: 59.9, lng: 10.5, duration: 45 }, { lat: 61.6, lng: 11.2, duration: 45 }];
    expect(travelMinutes(haversineKm(far[0], far[1]), TRAVEL)).toBe(376);
    expect(fitsDay(DAY, far, INTERVAL, TRAVEL, null)).toBe(true);
    expect(fitsDay([[420, 690], [720, 870]], far, INTERVAL, TRAVEL, null)).toBe(false);
    expect(fitsDay(DAY, far, INTERVAL, TRAVEL, far[0])).toBe(false);
    // A job is not split over lunch: 11:00 + 45 min does not fit before 11:30, so it starts at 12:00.
    const near = [{ lat: 59.9, lng: 10.5, duration: 45 }, { lat: 59.9, lng: 10.5, duration: 45 }];
    expect(fitsDay([[600, 690], [720, 765]], near, INTERVAL, TRAVEL, null)).toBe(true);
    expect(fitsDay([[600, 690], [720, 764]], near, INTERVAL, TRAVEL, null)).toBe(false);
  });

  it('finds the brute force optimum on tiny selections (open paths, two days)', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const items = points(seed, 5 + (seed % 3), 0.1, 0.2);
      const ref = await routeReference({ items, days: days(5), maxDays: 2, intervalMinutes: INTERVAL }, { seconds: 20 });
      expect(ref.kind).toBe('optimum');
      expect(ref.proven).toBe(true);
      expect(ref.km).toBeCloseTo(bruteForce(items, 2), 6);
      expect(ref.lpBound).toBeLessThanOrEqual(ref.km + 1e-6);
    }
  });

  it('finds the brute force optimum when the drives decide what fits a day', async () => {
    // Points 100-200 km apart: a day holds two or three of them, not seven.
    let decided = 0;
    for (const seed of [5, 6, 7]) {
      const items = points(seed, 6, 2, 3);
      const want = bruteForce(items, 3);
      expect(Number.isFinite(want)).toBe(true);
      const ref = await routeReference({ items, days: days(5), maxDays: 3, intervalMinutes: INTERVAL }, { seconds: 30 });
      expect(ref.proven).toBe(true);
      expect(ref.km).toBeCloseTo(want, 6);
      expect(ref.lpBound).toBeLessThanOrEqual(ref.km + 1e-6);
      // The capacity model alone (seven a day) was shorter: the days' time decided.
      if (ref.timeCuts > 0 && ref.lpBound < ref.km - 1e-6) decided++;
    }
    expect(decided).toBeGreaterThan(0);
  });

  it('finds the brute force optimum with a base (each day a loop from it)', async () => {
    const base = { lat: 59.92, lng: 10.55 };
    for (const seed of [8, 9]) {
      // Eight stops: at least two days of seven.
      const items = points(seed, 8, 0.3, 0.6);
      const ref = await routeReference({ items, days: days(5), maxDays: 3, intervalMinutes: INTERVAL, base }, { seconds: 20 });
      expect(ref.proven).toBe(true);
      expect(ref.km).toBeCloseTo(bruteForce(items, 3, base), 6);
    }
  });

  it('never bounds above the optimum (LP with cuts, random selections)', async () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const items = points(seed, 7, 0.1, 0.2);
      const want = bruteForce(items, 2);
      const lp = await routeReference({ items, days: days(5), maxDays: 2, intervalMinutes: INTERVAL }, { lpOnly: true });
      expect(lp.kind).toBe('lower bound');
      expect(lp.km).toBeLessThanOrEqual(want + 1e-6);
      expect(lp.km).toBeGreaterThan(0);
    }
  });
});
