/** The cluster worker's message protocol, its core run in Node without a Worker. */
import { describe, expect, it } from 'vitest';
import {
  clusterZoomFor, createClusterCore, FULL_ZOOMS, INDEX_MAX_ZOOM, LOW_ZOOMS, SPLIT_ZOOM, streamedPoints, SUPERCLUSTER_OPTIONS, type ClusterAnswer,
} from '../../src/features/schedule/map/clusterCore';
import { MAP_MAX_ZOOM } from '../../src/domain/scheduling/enums';
import { SeparatedSupercluster } from '../../src/features/schedule/map/clusterIndex';
import { scatteredItems } from './planning-map-fixtures';

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

function coordsOf(points: { lng: number; lat: number }[]): Float64Array {
  return new Float64Array(points.flatMap((p) => [p.lng, p.lat]));
}
function viewOf(answer: ClusterAnswer) {
  if (answer.type !== 'view') throw new Error(`expected a view, got ${answer.type}`);
  return answer;
}
const total = (counts: Int32Array) => counts.reduce((s, c) => s + c, 0);

describe('cluster worker core', () => {
  it('answers a load with the count, then views whose items hold every point once', () => {
    const core = createClusterCore();
    const points = scatteredItems(5000);
    const loaded = core.handle({ type: 'load', generation: 1, coords: coordsOf(points) }).answer;
    expect(loaded).toMatchObject({ type: 'loaded', generation: 1, count: 5000 });

    const { answer, transfer } = core.handle({ type: 'view', generation: 1, queryId: 7, bbox: WORLD, zoom: 5 });
    const view = viewOf(answer);
    expect(view).toMatchObject({ generation: 1, queryId: 7, zoom: 5 });
    expect(view.counts.length).toBeLessThan(50);
    expect(total(view.counts)).toBe(5000);
    expect(view.lngLat.length).toBe(view.counts.length * 2);
    // The arrays go across by transfer, not by copy.
    expect(transfer).toEqual([view.lngLat.buffer, view.counts.buffer, view.refs.buffer]);
  });

  it('names a single point by its index in the loaded array', () => {
    const core = createClusterCore();
    const points = [{ lng: 10, lat: 59 }, { lng: 11, lat: 60 }, { lng: 10.5, lat: 59.5 }];
    core.handle({ type: 'load', generation: 3, coords: coordsOf(points) });
    const view = viewOf(core.handle({ type: 'view', generation: 3, queryId: 1, bbox: [10.4, 59.4, 10.6, 59.6], zoom: 12 }).answer);
    expect([...view.counts]).toEqual([1]);
    expect([...view.refs]).toEqual([2]);
    expect(view.lngLat[0]).toBeCloseTo(10.5, 9);
    expect(view.lngLat[1]).toBeCloseTo(59.5, 9);
  });

  it('answers the points themselves at the map max zoom, even at one spot', () => {
    const core = createClusterCore();
    const spot = Array.from({ length: 6 }, () => ({ lng: 10.5, lat: 59.5 }));
    core.handle({ type: 'load', generation: 1, coords: coordsOf(spot) });
    const below = viewOf(core.handle({ type: 'view', generation: 1, queryId: 1, bbox: WORLD, zoom: MAP_MAX_ZOOM - 1 }).answer);
    expect([...below.counts]).toEqual([6]);
    const atMax = viewOf(core.handle({ type: 'view', generation: 1, queryId: 2, bbox: WORLD, zoom: MAP_MAX_ZOOM }).answer);
    expect([...atMax.counts]).toEqual([1, 1, 1, 1, 1, 1]);
    expect([...atMax.refs].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(clusterZoomFor(MAP_MAX_ZOOM)).toBe(INDEX_MAX_ZOOM + 1);
    expect(INDEX_MAX_ZOOM).toBe(MAP_MAX_ZOOM - 1);
    expect(clusterZoomFor(9.6)).toBe(9);
  });

  it('answers the zoom at which a cluster falls apart, at most the map max zoom', () => {
    const core = createClusterCore();
    const points = [{ lng: 10.5, lat: 59.5 }, { lng: 10.5001, lat: 59.5001 }, { lng: 10.5, lat: 59.5 }, { lng: 10.5, lat: 59.5 }];
    core.handle({ type: 'load', generation: 1, coords: coordsOf(points) });
    const view = viewOf(core.handle({ type: 'view', generation: 1, queryId: 1, bbox: WORLD, zoom: 10 }).answer);
    expect([...view.counts]).toEqual([4]);
    const expansion = core.handle({ type: 'expand', generation: 1, queryId: 2, clusterId: view.refs[0] }).answer;
    expect(expansion).toMatchObject({ type: 'expansion', queryId: 2, clusterId: view.refs[0] });
    const zoom = expansion.type === 'expansion' ? expansion.zoom : NaN;
    expect(zoom).toBeGreaterThan(10);
    expect(zoom).toBeLessThanOrEqual(MAP_MAX_ZOOM);
  });

  it('refuses a question about a load it no longer holds, naming the query', () => {
    const core = createClusterCore();
    expect(core.handle({ type: 'view', generation: 1, queryId: 4, bbox: WORLD, zoom: 3 }).answer)
      .toMatchObject({ type: 'error', generation: 1, queryId: 4 });
    core.handle({ type: 'load', generation: 2, coords: coordsOf([{ lng: 1, lat: 1 }]) });
    expect(core.handle({ type: 'expand', generation: 1, queryId: 5, clusterId: 1 }).answer)
      .toMatchObject({ type: 'error', generation: 1, queryId: 5 });
  });

  it('builds only the levels asked for: the preview up to SPLIT_ZOOM, the whole index every level, each zoom with every point', () => {
    const points = scatteredItems(20_000);
    const low = createClusterCore();
    const full = createClusterCore();
    expect(low.handle({ type: 'load', generation: 1, coords: coordsOf(points), zooms: LOW_ZOOMS }).answer).toMatchObject({ type: 'loaded', zooms: [0, SPLIT_ZOOM] });
    expect(full.handle({ type: 'load', generation: 1, coords: coordsOf(points), zooms: FULL_ZOOMS }).answer).toMatchObject({ type: 'loaded', zooms: [0, INDEX_MAX_ZOOM] });
    const counts: number[] = [];
    for (let zoom = 0; zoom <= MAP_MAX_ZOOM; zoom++) {
      const view = viewOf(full.handle({ type: 'view', generation: 1, queryId: zoom, bbox: WORLD, zoom }).answer);
      expect(view.full).toBe(true);
      expect(total(view.counts)).toBe(20_000);
      counts.push(view.counts.length);
      if (zoom <= SPLIT_ZOOM) {
        const preview = viewOf(low.handle({ type: 'view', generation: 1, queryId: zoom, bbox: WORLD, zoom }).answer);
        expect(preview.full).toBe(false);
        expect(total(preview.counts)).toBe(20_000);
      }
    }
    // Fewer, bigger clusters further out; the points themselves at the most zoom.
    for (let z = 1; z < counts.length; z++) expect(counts[z]).toBeGreaterThanOrEqual(counts[z - 1]);
    expect(counts[MAP_MAX_ZOOM]).toBe(20_000);
  });

  it('clusters the streamed points exactly as supercluster clusters GeoJSON features of them', () => {
    const points = scatteredItems(5000);
    const coords = coordsOf(points);
    expect([...streamedPoints(coords)].length).toBe(5000);
    const core = createClusterCore();
    core.handle({ type: 'load', generation: 1, coords });
    const reference = new SeparatedSupercluster<{ i: number }>(SUPERCLUSTER_OPTIONS).load(points.map((p, i) => ({
      type: 'Feature' as const, properties: { i }, geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] },
    })));
    for (const zoom of [3, 9, 12, 13, 16, MAP_MAX_ZOOM]) {
      const view = viewOf(core.handle({ type: 'view', generation: 1, queryId: zoom, bbox: WORLD, zoom }).answer);
      const expected = reference.getClusters(WORLD, clusterZoomFor(zoom));
      expect([...view.counts]).toEqual(expected.map((f) => ('cluster' in f.properties ? f.properties.point_count : 1)));
      expect([...view.refs]).toEqual(expected.map((f) => ('cluster' in f.properties ? f.properties.cluster_id : f.properties.i)));
      expect([...view.lngLat]).toEqual(expected.flatMap((f) => f.geometry.coordinates));
    }
  });
});
