/** A day's stops in a shorter order (src/domain/scheduling/routeOrder.ts). */
import { describe, expect, it } from 'vitest';
import { EXACT_ORDER_MAX, haversineKm, nearestNeighbour, pathKm, routeKm, shortestLoop, shortestOrder, twoOpt, type GeoPoint } from '../../src/domain/scheduling/routeOrder';

/** A seeded generator: the same points every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}
const cloud = (n: number, seed: number): GeoPoint[] => {
  const r = random(seed);
  return Array.from({ length: n }, () => ({ lat: 59.85 + r() * 0.1, lng: 10.6 + r() * 0.2 }));
};
const isPermutation = (order: number[], n: number) => [...order].sort((a, b) => a - b).every((v, i) => v === i) && order.length === n;

describe('route order', () => {
  it('measures great-circle kilometres', () => {
    expect(haversineKm({ lat: 59.9139, lng: 10.7522 }, { lat: 60.3913, lng: 5.3221 })).toBeCloseTo(305, -1); // Oslo–Bergen
    expect(haversineKm({ lat: 59.9, lng: 10.7 }, { lat: 59.9, lng: 10.7 })).toBe(0);
  });

  it('2-opt is never longer than nearest neighbour, and the answer never longer than the order given', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const points = cloud(3 + (seed % 18), seed);
      const nn = nearestNeighbour(points);
      const opt = twoOpt(points, nn);
      expect(isPermutation(nn, points.length)).toBe(true);
      expect(isPermutation(opt, points.length)).toBe(true);
      expect(pathKm(points, opt)).toBeLessThanOrEqual(pathKm(points, nn) + 1e-9);
      const best = shortestOrder(points);
      expect(pathKm(points, best)).toBeLessThanOrEqual(pathKm(points) + 1e-9);
      expect(pathKm(points, best)).toBeLessThanOrEqual(pathKm(points, opt) + 1e-9);
    }
  });

  it('untangles a crossing and finds the straight path along a line', () => {
    const line = [0, 4, 1, 3, 2].map((k) => ({ lat: 60, lng: 10 + k * 0.01 }));
    const order = shortestOrder(line);
    const visited = order.map((i) => line[i].lng);
    const ascending = [...visited].sort((a, b) => a - b);
    expect([ascending.join(), [...ascending].reverse().join()]).toContain(visited.join());
    expect(pathKm(line, order)).toBeCloseTo(haversineKm(line[0], line[1]), 6);
  });

  it('keeps short lists as given', () => {
    expect(shortestOrder([])).toEqual([]);
    expect(shortestOrder(cloud(2, 3))).toEqual([0, 1]);
  });

  it('saves a good share on a scattered day', () => {
    const points = cloud(12, 99);
    expect(pathKm(points, shortestOrder(points))).toBeLessThan(pathKm(points) * 0.7);
  });

  it('a day of up to EXACT_ORDER_MAX stops gets the optimum, open or from the base and back: every order tried agrees', () => {
    const permutations = (n: number): number[][] => (n === 0 ? [[]] : permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)])));
    const base = { lat: 59.9, lng: 10.65 };
    let beatTwoOpt = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const n = 3 + (seed % 5);
      const points = cloud(n, seed * 7919);
      const all = permutations(n);
      const best = Math.min(...all.map((p) => pathKm(p.map((i) => points[i]))));
      const bestLoop = Math.min(...all.map((p) => routeKm(p.map((i) => points[i]), base)));
      const open = shortestOrder(points);
      const loop = shortestLoop(base, points);
      expect(isPermutation(open, n) && isPermutation(loop, n)).toBe(true);
      expect(pathKm(open.map((i) => points[i]))).toBeCloseTo(best, 9);
      expect(routeKm(loop.map((i) => points[i]), base)).toBeCloseTo(bestLoop, 9);
      const d = points.map((a) => points.map((b) => haversineKm(a, b)));
      if (pathKm(twoOpt(points, nearestNeighbour(points, d), d).map((i) => points[i])) > best + 1e-9) beatTwoOpt++;
    }
    // Nearest neighbour and 2-opt alone miss the optimum on some of these days (what the exact order is for).
    expect(beatTwoOpt).toBeGreaterThan(0);
    expect(EXACT_ORDER_MAX).toBeGreaterThanOrEqual(7);
  });
});
