/** A day's stops in a shorter order (src/domain/scheduling/routeOrder.ts). */
import { describe, expect, it } from 'vitest';
import { haversineKm, nearestNeighbour, pathKm, shortestOrder, twoOpt, type GeoPoint } from '../../src/domain/scheduling/routeOrder';

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
});
