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
 * A load may build only some of the index's levels (`zooms`): the page's first view is drawn from a
 * preview of the levels up to SPLIT_ZOOM in one worker while the whole index is built in another
 * (clusterClient.ts, see SPLIT_ZOOM).
 */
import type { ClusterProperties, PointFeature } from 'supercluster';
import { CLUSTER_MAX_ZOOM, MAP_MAX_ZOOM } from '../../../domain/scheduling/enums';
import { MAX_ITEM_ICON_SIZE } from './clusterIcon';
import { SeparatedSupercluster } from './clusterIndex';

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
    /** From the whole index (every level, one hierarchy), not the first view's preview (SPLIT_ZOOM). */
    full: boolean;
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
 * The clustering radius, in screen pixels: the largest icon spec 2 §9 draws (100 px) instead of its
 * default radius of 40 px, which is narrower than every cluster icon (50–100 px), so that
 * neighbouring clusters stood over each other's counts. The index (clusterIndex.ts) then merges
 * whatever icons still overlap; starting from the wider radius leaves it little to merge, and the
 * index is built faster (50,000 demo points, all levels, Node here: about 75 ms against 120 ms
 * with 40 px; tests/unit/mapClusters.test.ts prints it).
 * Supercluster's radius is relative to its tile extent; Leaflet's tiles are 256 px, so an extent of
 * 256 makes it real screen pixels.
 */
export const CLUSTER_RADIUS_PX = MAX_ITEM_ICON_SIZE;
export const SUPERCLUSTER_OPTIONS = { radius: CLUSTER_RADIUS_PX, maxZoom: INDEX_MAX_ZOOM, minZoom: 0, extent: 256, nodeSize: 64 } as const;

/**
 * The map's first view is drawn before the whole index is built: one worker builds a preview of the
 * levels 0 to SPLIT_ZOOM, clustered from the points themselves at SPLIT_ZOOM and down from there
 * (about 30 ms for the 50,000 demo points in Node here), the other the whole index, every level
 * from the points at INDEX_MAX_ZOOM down (about 75 ms), which nests: a cluster's points are exactly
 * those of its children one zoom in, and its expansion zoom is where it falls apart. The preview
 * nests within itself only, so it answers views until the whole index is built, never a click on a
 * cluster (clusterClient.ts, ClusterCanvasLayer.ts). The map opens at zoom 9 (spec 2 §9).
 */
export const SPLIT_ZOOM = 12;
export const LOW_ZOOMS: [number, number] = [0, SPLIT_ZOOM];
export const FULL_ZOOMS: [number, number] = [0, INDEX_MAX_ZOOM];

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
  let index: SeparatedSupercluster<null> | null = null;
  let generation = -1;
  let full = false;

  function load(req: Extract<ClusterRequest, { type: 'load' }>): Reply {
    const t0 = performance.now();
    const [minZoom, maxZoom] = req.zooms ?? [0, INDEX_MAX_ZOOM];
    index = new SeparatedSupercluster<null>({ ...SUPERCLUSTER_OPTIONS, minZoom, maxZoom }).load(streamedPoints(req.coords));
    generation = req.generation;
    full = minZoom === FULL_ZOOMS[0] && maxZoom === FULL_ZOOMS[1];
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
      answer: { type: 'view', generation, queryId: req.queryId, zoom: req.zoom, full, ms: performance.now() - t0, lngLat, counts, refs },
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
