// @vitest-environment happy-dom
/**
 * The planning map's clusters on a register like the demo's (spec 2 §9): 50,000 points around Bærum
 * in dense clumps. At every zoom the map opens or is zoomed to, no cluster's icon covers another's
 * (or a point's dot) where the map draws them, and the clusters form one hierarchy: a cluster's
 * points are exactly those of its children at its expansion zoom, where a click takes the map.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import L from 'leaflet';
import {
  clusterZoomFor, createClusterCore, FULL_ZOOMS, INDEX_MAX_ZOOM, LOW_ZOOMS, SPLIT_ZOOM, streamedPoints, SUPERCLUSTER_OPTIONS, type ClusterAnswer,
} from '../../src/features/schedule/map/clusterCore';
import { SeparatedSupercluster } from '../../src/features/schedule/map/clusterIndex';
import { clusterIconSize, POINT_ICON_SIZE } from '../../src/features/schedule/map/clusterIcon';
import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from '../../src/domain/scheduling/enums';
import { mulberry32 } from '../../server/db/random';

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];
const COUNT = 50_000;
/** No item yet (a point's item is -1 - its index, a cluster's its id). */
const NONE = 0x7fffffff;

/**
 * `count` points in lat 59.85–59.95, lng 10.4–10.65: most in clumps of a few hundred to a few
 * thousand around village centres (Sandvika, Bekkestua, Høvik...), houses thinning out from each;
 * blocks of flats share one spot; the rest scattered. Seeded.
 */
function baerumPoints(count: number, seed = 59): Float64Array {
  const rnd = mulberry32(seed);
  const centres = Array.from({ length: 24 }, () => ({ lat: 59.86 + rnd() * 0.08, lng: 10.42 + rnd() * 0.21, spread: 0.002 + rnd() * 0.012, weight: 0.2 + rnd() }));
  const weights = centres.reduce((s, c) => s + c.weight, 0);
  const coords = new Float64Array(count * 2);
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  let i = 0;
  while (i < count) {
    let lat: number;
    let lng: number;
    if (rnd() < 0.15) {
      lat = 59.85 + rnd() * 0.1;
      lng = 10.4 + rnd() * 0.25;
    } else {
      let pick = rnd() * weights;
      const c = centres.find((x) => (pick -= x.weight) <= 0) ?? centres[0];
      const g = () => rnd() + rnd() + rnd() - 1.5;
      lat = clamp(c.lat + g() * c.spread, 59.85, 59.95);
      lng = clamp(c.lng + g() * c.spread * 2, 10.4, 10.65);
    }
    const meters = rnd() < 0.04 ? 4 + Math.floor(rnd() * 12) : 1;
    for (let m = 0; m < meters && i < count; m++, i++) {
      coords[2 * i] = lng;
      coords[2 * i + 1] = lat;
    }
  }
  return coords;
}

function viewOf(answer: ClusterAnswer) {
  if (answer.type !== 'view') throw new Error(`expected a view, got ${answer.type}`);
  return answer;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('planning map clusters on 50,000 points around Bærum', () => {
  const coords = baerumPoints(COUNT);
  let index: SeparatedSupercluster<null>;

  beforeAll(() => {
    index = new SeparatedSupercluster<null>(SUPERCLUSTER_OPTIONS).load(streamedPoints(coords.slice()));
  });

  it('indexes them about as fast as the two parts did (times printed)', () => {
    const time = (zooms: [number, number]) => median(Array.from({ length: 5 }, () => {
      const core = createClusterCore();
      const answer = core.handle({ type: 'load', generation: 1, coords: coords.slice(), zooms }).answer;
      return answer.type === 'loaded' ? answer.ms : NaN;
    }));
    const preview = time(LOW_ZOOMS);
    const whole = time(FULL_ZOOMS);
    console.log(`clustering ${COUNT} points (median of 5, Node): first view's preview (levels 0–${SPLIT_ZOOM}) ${preview.toFixed(1)} ms, whole index (0–${INDEX_MAX_ZOOM}) ${whole.toFixed(1)} ms`);
    expect(preview).toBeLessThan(whole);
  });

  it('draws no two icons over each other at any zoom from the default to 16', () => {
    const map = L.CRS.EPSG3857;
    const core = createClusterCore();
    core.handle({ type: 'load', generation: 1, coords: coords.slice(), zooms: FULL_ZOOMS });
    for (let zoom = MAP_DEFAULT_ZOOM; zoom <= 16; zoom++) {
      const view = viewOf(core.handle({ type: 'view', generation: 1, queryId: zoom, bbox: [10.3, 59.8, 10.75, 60], zoom }).answer);
      expect(view.full).toBe(true);
      // Where the map draws each item (Leaflet's pixel at this zoom) and how big.
      const items = Array.from(view.counts, (count, k) => {
        const p = map.latLngToPoint(L.latLng(view.lngLat[2 * k + 1], view.lngLat[2 * k]), zoom);
        return { x: p.x, y: p.y, count, size: count > 1 ? clusterIconSize(count) : POINT_ICON_SIZE };
      }).sort((a, b) => a.x - b.x);
      expect(items.reduce((s, it) => s + it.count, 0)).toBe(COUNT);
      const overlaps: string[] = [];
      for (let a = 0; a < items.length; a++) {
        for (let b = a + 1; b < items.length && items[b].x - items[a].x < 100; b++) {
          const [p, q] = [items[a], items[b]];
          if (p.count === 1 && q.count === 1) continue;
          const d = Math.hypot(p.x - q.x, p.y - q.y);
          if (d < (p.size + q.size) / 2) overlaps.push(`z${zoom}: ${p.count} and ${q.count} ${d.toFixed(1)} px apart`);
        }
      }
      expect(overlaps.slice(0, 5)).toEqual([]);
      if (zoom === MAP_DEFAULT_ZOOM) expect(view.counts.length).toBeGreaterThan(0);
    }
  });

  it('nests: a cluster holds exactly its children\'s points, down to its expansion zoom, where it shows several', () => {
    // Each point's item at each zoom: a cluster's id, or -1 - the point's index.
    const itemOf: Int32Array[] = [];
    for (let zoom = 0; zoom <= MAP_MAX_ZOOM; zoom++) {
      const of = new Int32Array(COUNT).fill(NONE);
      for (const f of index.getClusters(WORLD, clusterZoomFor(zoom))) {
        const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number } | null;
        if (props?.cluster) {
          const leaves = index.getLeaves(props.cluster_id!, Infinity);
          expect(leaves.length).toBe(props.point_count);
          for (const leaf of leaves) of[leaf.id as number] = props.cluster_id!;
        } else {
          of[f.id as number] = -1 - (f.id as number);
        }
      }
      expect(`zoom ${zoom}: ${of.filter((x) => x === NONE).length} points in no item`).toBe(`zoom ${zoom}: 0 points in no item`);
      itemOf.push(of);
    }
    // One zoom in, every item lies within one item: the outer one is the union of its children.
    for (let zoom = 0; zoom < MAP_MAX_ZOOM; zoom++) {
      const parentOf = new Map<number, number>();
      for (let p = 0; p < COUNT; p++) {
        const child = itemOf[zoom + 1][p];
        const parent = parentOf.get(child);
        if (parent === undefined) parentOf.set(child, itemOf[zoom][p]);
        else if (parent !== itemOf[zoom][p]) throw new Error(`zoom ${zoom + 1}: item ${child} lies in ${parent} and ${itemOf[zoom][p]} at zoom ${zoom}`);
      }
    }
    const sizeAt = itemOf.map((of) => {
      const sizes = new Map<number, number>();
      for (const item of of) sizes.set(item, (sizes.get(item) ?? 0) + 1);
      return sizes;
    });
    // A click zooms a cluster to its expansion zoom (the core's answer): there its points are two or
    // more items, at every zoom between them still the one.
    const core = createClusterCore();
    core.handle({ type: 'load', generation: 1, coords: coords.slice(), zooms: FULL_ZOOMS });
    let checked = 0;
    for (let zoom = MAP_DEFAULT_ZOOM; zoom <= 16; zoom++) {
      const view = viewOf(core.handle({ type: 'view', generation: 1, queryId: zoom, bbox: WORLD, zoom }).answer);
      const membersOf = new Map<number, number[]>();
      itemOf[zoom].forEach((item, p) => {
        if (item < 0) return;
        const list = membersOf.get(item);
        if (list) list.push(p);
        else membersOf.set(item, [p]);
      });
      for (let k = 0; k < view.counts.length; k++) {
        if (view.counts[k] < 2) continue;
        const members = membersOf.get(view.refs[k])!;
        expect(members.length).toBe(view.counts[k]);
        const answer = core.handle({ type: 'expand', generation: 1, queryId: k, clusterId: view.refs[k] }).answer;
        const expansion = answer.type === 'expansion' ? answer.zoom : NaN;
        expect(expansion).toBeGreaterThan(zoom);
        for (let z = zoom + 1; z <= expansion; z++) {
          const parts = new Set(members.map((p) => itemOf[z][p]));
          if (z < expansion) expect(parts.size).toBe(1);
          else expect(parts.size).toBeGreaterThan(1);
          // Nothing else joins it on the way in.
          expect([...parts].reduce((sum, part) => sum + sizeAt[z].get(part)!, 0)).toBe(members.length);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
