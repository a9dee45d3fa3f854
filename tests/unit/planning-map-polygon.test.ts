/**
 * Polygon selection on the planning map: the selectable points inside, by bounding box and a flat
 * copy of turf's own test, which must answer exactly as turf.booleanPointInPolygon does.
 */
import { describe, expect, it } from 'vitest';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import { indicesInPolygon, pointTable, selectInPolygon, type LngLatRing } from '../../src/features/schedule/map/polygonSelect';
import { mulberry32 } from '../../server/db/random';
import { listItem, scatteredItems } from './planning-map-fixtures';

const always = () => true;
const square: LngLatRing = [[10, 59], [11, 59], [11, 60], [10, 60]];

describe('selectInPolygon', () => {
  it('selects the points inside and none outside', () => {
    const points = [listItem(1, 59.5, 10.5), listItem(2, 60.5, 10.5), listItem(3, 59.5, 11.5), listItem(4, 59.01, 10.99)];
    expect(selectInPolygon(points, square, always)).toEqual([1, 4]);
  });

  it('leaves out a point inside that is not selectable', () => {
    const points = [listItem(1, 59.5, 10.5), listItem(2, 59.6, 10.6, { isDisabled: true })];
    expect(selectInPolygon(points, square, (p) => !p.isDisabled)).toEqual([1]);
  });

  it('follows a concave polygon: a point in its notch (inside the bounding box) is outside', () => {
    // A U: the notch is the band 10.3–10.7 above latitude 59.3.
    const u: LngLatRing = [[10, 59], [11, 59], [11, 60], [10.7, 60], [10.7, 59.3], [10.3, 59.3], [10.3, 60], [10, 60], [10, 59]];
    const points = [listItem(1, 59.8, 10.5), listItem(2, 59.1, 10.5), listItem(3, 59.8, 10.1), listItem(4, 59.8, 10.9)];
    expect(selectInPolygon(points, u, always)).toEqual([2, 3, 4]);
  });

  it('takes an open or a closed ring alike, and nothing from fewer than three vertices', () => {
    const points = [listItem(1, 59.5, 10.5)];
    expect(selectInPolygon(points, [...square, square[0]], always)).toEqual([1]);
    expect(selectInPolygon(points, square.slice(0, 2), always)).toEqual([]);
  });

  it('selects over 50,000 points exactly what turf alone selects (the bounding box only skips work; its time is measured by the bench)', () => {
    const points = scatteredItems(50_000);
    const ring: LngLatRing = [[10.3, 59.75], [10.9, 59.8], [10.6, 60.1], [10.5, 59.95], [10.25, 60.05]];
    const polygon = { type: 'Polygon' as const, coordinates: [[...ring.map(([lng, lat]) => [lng, lat]), [ring[0][0], ring[0][1]]]] };
    const everyPoint = points.filter((p) => booleanPointInPolygon([p.lng, p.lat], polygon)).map((p) => p.waterMeterPointId);
    const ids = selectInPolygon(points, ring, always);
    expect(ids.length).toBeGreaterThan(1000);
    expect(ids).toEqual(everyPoint);
  });

  it('counts a point on an edge or a vertex as inside, as turf does, and a NaN coordinate as outside', () => {
    const points = [listItem(1, 59, 10.5), listItem(2, 60, 11), listItem(3, 59.5, 10), listItem(4, 59.5, 11.000001), listItem(5, NaN, 10.5)];
    expect(selectInPolygon(points, square, always)).toEqual([1, 2, 3]);
  });

  it('refuses a point table made of other points', () => {
    const points = [listItem(1, 59.5, 10.5)];
    expect(() => selectInPolygon(points, square, always, pointTable([]))).toThrow();
  });
});

describe('indicesInPolygon against turf.booleanPointInPolygon', () => {
  const rnd = mulberry32(20240611);
  /** A ring of `n` random vertices around a centre: star-shaped, or in any order (crossing itself). */
  function randomRing(n: number, crossing: boolean, cx: number, cy: number, size: number): [number, number][] {
    const angles = Array.from({ length: n }, () => rnd() * 2 * Math.PI);
    if (!crossing) angles.sort((a, b) => a - b);
    return angles.map((a) => {
      const r = size * (0.2 + 0.8 * rnd());
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
    });
  }
  const closed = (ring: [number, number][]) => [...ring, ring[0]];
  const byTurf = (xs: number[], polygon: Polygon) => {
    const inside: number[] = [];
    for (let i = 0; i < xs.length / 2; i++) if (booleanPointInPolygon([xs[2 * i], xs[2 * i + 1]], polygon)) inside.push(i);
    return inside;
  };

  it('agrees on random polygons, simple and crossing themselves, with and without holes, over random points and points on their edges and vertices', () => {
    let compared = 0;
    let insideSeen = 0;
    let onBoundary = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = 3 + Math.floor(rnd() * 25);
      const outer = randomRing(n, trial % 3 === 0, 10.65, 59.95, 0.3);
      // Every fourth polygon has a hole (turf's Polygon takes one; geoman draws one ring).
      const rings = trial % 4 === 1 ? [outer, randomRing(3 + Math.floor(rnd() * 6), false, 10.65, 59.95, 0.05)] : [outer];
      const coords: number[] = [];
      for (let i = 0; i < 400; i++) coords.push(10.2 + rnd() * 0.9, 59.6 + rnd() * 0.7);
      // Points exactly on vertices, on the midpoints of edges and on horizontal lines through vertices.
      for (const ring of rings) {
        ring.forEach(([x, y], k) => {
          const [nx, ny] = ring[(k + 1) % ring.length];
          coords.push(x, y, (x + nx) / 2, (y + ny) / 2, x + 0.01, y, x - 0.01, y);
        });
      }
      const polygon: Polygon = { type: 'Polygon', coordinates: rings.map(closed) };
      const table = pointTable(Array.from({ length: coords.length / 2 }, (_, i) => ({ waterMeterPointId: i, lng: coords[2 * i], lat: coords[2 * i + 1] })));
      const expected = byTurf(coords, polygon);
      expect(indicesInPolygon(table, rings)).toEqual(expected);
      // The same with each ring given closed.
      expect(indicesInPolygon(table, rings.map(closed))).toEqual(expected);
      compared += table.count;
      insideSeen += expected.length;
      onBoundary += rings.reduce((s, r) => s + r.length, 0);
    }
    // The comparison saw both answers and many boundary points.
    expect(compared).toBeGreaterThan(100_000);
    expect(insideSeen).toBeGreaterThan(10_000);
    expect(compared - insideSeen).toBeGreaterThan(10_000);
    expect(onBoundary).toBeGreaterThan(3000);
  });

  it('agrees on 20,000 points and polygons of many edges', () => {
    const points = scatteredItems(20_000, 5);
    const table = pointTable(points);
    const coords = [...table.coords];
    for (let trial = 0; trial < 12; trial++) {
      const ring = randomRing(10 + trial * 8, trial % 2 === 1, 10.65, 59.95, 0.35);
      const expected = byTurf(coords, { type: 'Polygon', coordinates: [closed(ring)] });
      expect(expected.length).toBeGreaterThan(0);
      expect(indicesInPolygon(table, [ring])).toEqual(expected);
    }
  });

  it('agrees on a point a rounding error off a slanted edge (where only exact arithmetic decides)', () => {
    const ring: LngLatRing = [[0.1, 0.1], [0.7, 0.3], [0.2, 0.9]];
    const coords: number[] = [];
    for (let i = 1; i < 200; i++) {
      const t = i / 200;
      const x = 0.1 + 0.6 * t;
      const y = 0.1 + 0.2 * t;
      coords.push(x, y, x, y + Number.EPSILON, x, y - Number.EPSILON, x + 1e-17, y);
    }
    const table = { coords: Float64Array.from(coords), count: coords.length / 2 };
    const expected = byTurf(coords, { type: 'Polygon', coordinates: [[...ring.map(([x, y]) => [x, y]), [0.1, 0.1]]] });
    expect(indicesInPolygon(table, [ring])).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(table.count);
  });
});
