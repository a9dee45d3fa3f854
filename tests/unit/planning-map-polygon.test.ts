/** Polygon selection on the planning map: the selectable points inside, by bounding box then turf. */
import { describe, expect, it } from 'vitest';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { selectInPolygon, type LngLatRing } from '../../src/features/schedule/map/polygonSelect';
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
});
