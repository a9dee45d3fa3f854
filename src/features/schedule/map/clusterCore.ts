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
 */
import Supercluster, { type ClusterProperties } from 'supercluster';
import type { Feature, Point } from 'geojson';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, MAP_MAX_ZOOM } from '../../../domain/scheduling/enums';

export type ClusterRequest =
  | { type: 'load'; generation: number; coords: Float64Array }
  | { type: 'view'; generation: number; queryId: number; bbox: [number, number, number, number]; zoom: number }
  | { type: 'expand'; generation: number; queryId: number; clusterId: number };

export type ClusterAnswer =
  | { type: 'loaded'; generation: number; count: number; ms: number }
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

/** The index's zoom for the map's zoom: its own level, or the points themselves at the map's most zoom. */
export const clusterZoomFor = (mapZoom: number): number => (mapZoom >= MAP_MAX_ZOOM ? INDEX_MAX_ZOOM + 1 : Math.max(0, Math.floor(mapZoom)));

interface PointProps { i: number }

export function createClusterCore() {
  let index: Supercluster<PointProps> | null = null;
  let generation = -1;

  function load(coords: Float64Array, gen: number): Reply {
    const t0 = performance.now();
    const features: Feature<Point, PointProps>[] = new Array(coords.length / 2);
    for (let i = 0; i < features.length; i++) {
      features[i] = { type: 'Feature', properties: { i }, geometry: { type: 'Point', coordinates: [coords[2 * i], coords[2 * i + 1]] } };
    }
    index = new Supercluster<PointProps>(SUPERCLUSTER_OPTIONS).load(features);
    generation = gen;
    return { answer: { type: 'loaded', generation: gen, count: features.length, ms: performance.now() - t0 }, transfer: [] };
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
      const props = item.properties as Partial<ClusterProperties> & Partial<PointProps>;
      if (props.cluster) {
        counts[k] = props.point_count ?? 0;
        refs[k] = props.cluster_id ?? -1;
      } else {
        counts[k] = 1;
        refs[k] = props.i ?? -1;
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
          case 'load': return load(req.coords, req.generation);
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
