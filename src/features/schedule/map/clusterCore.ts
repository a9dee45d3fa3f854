/**
 * The cluster worker's logic and message protocol, free of any Worker so it runs in Node too
 * (tests/unit/planning-map-worker.test.ts). cluster.worker.ts only wires it to `self`.
 *
 * The page sends the shown points' coordinates once per change of the shown set (`load`, a
 * transferred Float64Array of lng,lat pairs); a point is then named by its index in that array.
 * `view` asks for the clusters and points of a bounding box at a zoom; the answer is three
 * transferred typed arrays, one entry per drawn item. `expand` asks the zoom at which a cluster
 * falls apart. Answers carry the request's `generation` (which load they belong to) and `queryId`,
 * so the page can drop answers it no longer wants.
 *
 * A load may build only some of the index's levels (`zooms`): the page keeps the levels up to
 * SPLIT_ZOOM in one worker and those above in another (clusterClient.ts), so the map's first view
 * waits for the cheap levels only (see SPLIT_ZOOM).
 */
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, MAP_MAX_ZOOM } from '../../../domain/scheduling/enums';

export type ClusterRequest =
  | {
    type: 'load'; generation: number; coords: Float64Array;
    /** The index's levels to build, [least, most]; all of them (0 to INDEX_MAX_ZOOM) when left out. */
    zooms?: [number, number];
  }
  | { type: 'view'; generation: number; queryId: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; generation: number; queryId: number; clusterId: number };

export type ClusterAnswer =
  | { type: 'loaded'; generation: number; count: number; ms: number; zooms: [number, number] }
  | {
    type: 'view'; generation: number; queryId: number; zoom: number;
    /** The worker's own time for the answer. */
    ms: number;
    /** lng,lat pairs of each item. */
    lngLat: Float64Array;
    /** Points in each item: 1 for a single point. */
    counts: Int32Array;
    /** A single point's index in the loaded array, or a cluster's id. */
    refs: Int32Array;
  }
  | { type: 'expansion'; generation: number; queryId: number; clusterId: number; zoom: number }
  | { type: 'error'; generation: number; queryId?: number; message: string };

export interface Reply {
  answer: ClusterAnswer;
  transfer: Transferable[];
}

/**
 * Clusters exist up to the map's own most zoom (MAP_MAX_ZOOM 19), where the points themselves are
 * shown (the answer above the index's maxZoom is the unclustered input; points at one spot are then
 * spread by the page, spiral.ts). Spec 2 §9's CLUSTER_MAX_ZOOM (20) lies beyond the map, so the
 * levels 19 and 20 would never be asked for: not building them saves a quarter or more of the
 * indexing of 50,000 points (median 175 → 133 ms in Node here).
 */
export const INDEX_MAX_ZOOM = Math.min(CLUSTER_MAX_ZOOM, MAP_MAX_ZOOM - 1);

/**
 * Supercluster's radius is relative to its tile extent; Leaflet's tiles are 256 px, so an extent of
 * 256 makes CLUSTER_RADIUS real screen pixels.
 */
export const SUPERCLUSTER_OPTIONS = { radius: CLUSTER_RADIUS, maxZoom: INDEX_MAX_ZOOM, minZoom: 0, extent: 256, nodeSize: 64 } as const;

/**
 * Where the index is cut in two: levels 0 to SPLIT_ZOOM in one worker, clustered from the points
 * themselves at SPLIT_ZOOM and down from there, and SPLIT_ZOOM + 1 to INDEX_MAX_ZOOM in another.
 * Supercluster builds its levels from the most zoomed in down, and those (where nearly every point
 * still stands alone) are most of the work: for 50,000 distinct places, all levels cost 155 ms of
 * CPU in Node here, levels 0–12 from the points 35 ms, 13–18 175 ms. The map opens at zoom 9 (spec 2
 * §9), so its first view waits for the 35 ms; the levels above are built next, in the other
 * worker. The one difference from a single index: each part nests within itself, but a cluster at
 * SPLIT_ZOOM is not made of exactly the clusters at SPLIT_ZOOM + 1 (a point at its rim may belong to
 * a neighbour's cluster one zoom in), and a cluster's expansion zoom at SPLIT_ZOOM or below is at
 * most SPLIT_ZOOM + 1, where the upper part's clusters take over.
 */
export const SPLIT_ZOOM = 12;
export const LOW_ZOOMS: [number, number] = [0, SPLIT_ZOOM];
export const HIGH_ZOOMS: [number, number] = [SPLIT_ZOOM + 1, INDEX_MAX_ZOOM];

/** The index's zoom for the map's zoom: its own level, or the points themselves at the map's most zoom. */
export const clusterZoomFor = (mapZoom: number): number => (mapZoom >= MAP_MAX_ZOOM ? INDEX_MAX_ZOOM + 1 : Math.max(0, Math.floor(mapZoom)));

/**
 * The points as Supercluster.load reads them, without 50,000 GeoJSON features: one feature object
 * whose coordinates and id change as the load iterates (the load copies both into its own arrays at
 * each step and keeps nothing else of a feature: supercluster 9's index.js, `load`). That makes the
 * load's first part 2.5 times cheaper (CPU in Node: 43 against 105 ms with levels 0–12);
 * tests/unit/planning-map-worker.test.ts checks the clusters equal those of real features.
 * A point's id is its index in `coords`.
 */
export function streamedPoints(coords: Float64Array): PointFeature<null>[] {
  const count = coords.length >> 1;
  const lngLat = [0, 0];
  const feature = { type: 'Feature', id: 0, properties: null, geometry: { type: 'Point', coordinates: lngLat } };
  const points = {
    length: count,
    [Symbol.iterator]() {
      let i = 0;
      const step = { value: feature, done: false };
      return {
        next() {
          if (i >= count) return { value: undefined, done: true };
          lngLat[0] = coords[2 * i];
          lngLat[1] = coords[2 * i + 1];
          feature.id = i++;
          return step;
        },
      };
    },
  };
  return points as unknown as PointFeature<null>[];
}

export function createClusterCore() {
  let index: Supercluster<null> | null = null;
  let generation = -1;

  function load(req: Extract<ClusterRequest, { type: 'load' }>): Reply {
    const t0 = performance.now();
    const [minZoom, maxZoom] = req.zooms ?? [0, INDEX_MAX_ZOOM];
    index = new Supercluster<null>({ ...SUPERCLUSTER_OPTIONS, minZoom, maxZoom }).load(streamedPoints(req.coords));
    generation = req.generation;
    return { answer: { type: 'loaded', generation, count: req.coords.length >> 1, ms: performance.now() - t0, zooms: [minZoom, maxZoom] }, transfer: [] };
  }

  function view(req: Extract<ClusterRequest, { type: 'view' }>): Reply {
    if (!index || req.generation !== generation) return stale(req.generation, req.queryId);
    const t0 = performance.now();
    const [west, south, east, north] = req.bbox;
    const items = index.getClusters([Math.max(-180, west), Math.max(-90, south), Math.min(180, east), Math.min(90, north)], clusterZoomFor(req.zoom));
    const lngLat = new Float64Array(items.length * 2);
    const counts = new Int32Array(items.length);
    const refs = new Int32Array(items.length);
    items.forEach((item, k) => {
      lngLat[2 * k] = item.geometry.coordinates[0];
      lngLat[2 * k + 1] = item.geometry.coordinates[1];
      const props = item.properties as Partial<ClusterProperties> | null;
      if (props?.cluster) {
        counts[k] = props.point_count ?? 0;
        refs[k] = props.cluster_id ?? -1;
      } else {
        counts[k] = 1;
        refs[k] = typeof item.id === 'number' ? item.id : -1;
      }
    });
    return {
      answer: { type: 'view', generation, queryId: req.queryId, zoom: req.zoom, ms: performance.now() - t0, lngLat, counts, refs },
      transfer: [lngLat.buffer, counts.buffer, refs.buffer],
    };
  }

  function expand(req: Extract<ClusterRequest, { type: 'expand' }>): Reply {
    if (!index || req.generation !== generation) return stale(req.generation, req.queryId);
    const zoom = Math.min(MAP_MAX_ZOOM, index.getClusterExpansionZoom(req.clusterId));
    return { answer: { type: 'expansion', generation, queryId: req.queryId, clusterId: req.clusterId, zoom }, transfer: [] };
  }

  function stale(gen: number, queryId: number): Reply {
    return { answer: { type: 'error', generation: gen, queryId, message: `no points loaded for generation ${gen}` }, transfer: [] };
  }

  return {
    handle(req: ClusterRequest): Reply {
      try {
        switch (req.type) {
          case 'load': return load(req);
          case 'view': return view(req);
          case 'expand': return expand(req);
        }
      } catch (err) {
        const queryId = req.type === 'load' ? undefined : req.queryId;
        return { answer: { type: 'error', generation: req.generation, queryId, message: err instanceof Error ? err.message : String(err) }, transfer: [] };
      }
    },
  };
}
