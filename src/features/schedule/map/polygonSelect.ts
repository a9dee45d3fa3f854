/**
 * Which points a drawn polygon selects: the selectable ones inside it (spec 2 §2.1; geoman draws,
 * turf decides what is inside).
 *
 * turf stays the reference, and the judge of every hard case; the 50,000 points do not each go
 * through it, as that cost up to 99–230 ms on a busy machine (budget 50 ms):
 * - the points' coordinates are one flat Float64Array (`pointTable`, built once per shown set, not
 *   per polygon), so the loop reads no objects;
 * - a bounding-box test rules out most points;
 * - the rest go through `crossings`, the very test @turf/boolean-point-in-polygon runs
 *   (point-in-polygon-hao: its edge walk, its counting rule and its answer for a point on an edge or
 *   a vertex, which turf counts as inside), written over the flat ring. Where hao's robust orient2d
 *   would need more than a double's precision (the point lies on an edge's line within rounding),
 *   the point is handed to turf itself, so the answer is turf's everywhere
 *   (tests/unit/planning-map-polygon.test.ts compares the two on random polygons).
 * geoman's polygon is one ring (possibly crossing itself, which the even-odd count handles as turf
 * does); the core takes several rings (holes), as turf's Polygon does, should a tool draw them.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';

export interface PolygonCandidate {
  waterMeterPointId: number;
  lat: number;
  lng: number;
}

/** A ring of [lng, lat] vertices (GeoJSON order), closed or not. */
export type LngLatRing = readonly (readonly [number, number])[];

/** The points' coordinates, flat: lng of point i at 2i, lat at 2i + 1; and their waterMeterPointIds. */
export interface PointTable {
  coords: Float64Array;
  ids?: Float64Array;
  count: number;
}

export function pointTable(points: readonly PolygonCandidate[]): PointTable {
  const coords = new Float64Array(points.length * 2);
  const ids = new Float64Array(points.length);
  for (let i = 0; i < points.length; i++) {
    coords[2 * i] = points[i].lng;
    coords[2 * i + 1] = points[i].lat;
    ids[i] = points[i].waterMeterPointId;
  }
  return { coords, ids, count: points.length };
}

/** robust-predicates' ccwerrboundA: below it, orient2d's sign is not sure in doubles. */
const ERR_BOUND = (3 + 16 * 1.1102230246251565e-16) * 1.1102230246251565e-16;
const UNSURE = -1;

/**
 * point-in-polygon-hao over flat closed rings (`rings[r]` holds x0,y0,…,xn,yn with the last vertex
 * equal to the first): 1 inside, 0 on the boundary, 2 outside (hao's true / 0 / false), or UNSURE
 * where hao would need its exact arithmetic.
 */
function crossings(x: number, y: number, rings: readonly Float64Array[]): number {
  let k = 0;
  for (const ring of rings) {
    let u1 = ring[0] - x;
    let v1 = ring[1] - y;
    for (let j = 2; j < ring.length; j += 2) {
      const u2 = ring[j] - x;
      const v2 = ring[j + 1] - y;
      if (v1 === 0 && v2 === 0) {
        if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) return 0;
      } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
        // orient2d(u1, u2, v1, v2, 0, 0), its fast path.
        const left = u2 * v1;
        const right = u1 * v2;
        const f = left - right;
        if (!(left === 0 || right === 0 || (left > 0) !== (right > 0)) && Math.abs(f) < ERR_BOUND * Math.abs(left + right)) return UNSURE;
        if (f === 0) return 0;
        if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) k++;
      }
      u1 = u2;
      v1 = v2;
    }
  }
  return k % 2 === 0 ? 2 : 1;
}

const closedRing = (ring: LngLatRing): [number, number][] => {
  const closed = ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
  return [...ring.map(([lng, lat]) => [lng, lat] as [number, number]), ...(closed ? [] : [[ring[0][0], ring[0][1]] as [number, number]])];
};

/**
 * Indices (into the table) of the points inside the polygon or on its boundary, exactly those
 * turf.booleanPointInPolygon counts inside. `rings[0]` is the outer ring, any others holes.
 */
export function indicesInPolygon(table: PointTable, rings: readonly LngLatRing[]): number[] {
  const usable = rings.filter((r) => r.length >= 3);
  if (usable.length === 0 || usable[0] !== rings[0]) return [];
  const closed = usable.map(closedRing);
  // Over every ring: turf counts a point on a hole's edge as inside, even where the hole reaches
  // beyond the outer ring.
  let west = Infinity, south = Infinity, east = -Infinity, north = -Infinity;
  for (const [lng, lat] of closed.flat()) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  const flat = closed.map((ring) => Float64Array.from(ring.flat()));
  let polygon: Polygon | null = null;
  const { coords, count } = table;
  const inside: number[] = [];
  for (let i = 0; i < count; i++) {
    const x = coords[2 * i];
    const y = coords[2 * i + 1];
    // Written so a NaN coordinate is outside, as turf has it.
    if (!(x >= west && x <= east && y >= south && y <= north)) continue;
    let verdict = crossings(x, y, flat);
    if (verdict === UNSURE) {
      polygon ??= { type: 'Polygon', coordinates: closed };
      verdict = booleanPointInPolygon([x, y], polygon) ? 1 : 2;
    }
    if (verdict !== 2) inside.push(i);
  }
  return inside;
}

/** The waterMeterPointIds of the selectable points inside a drawn ring (see the file's comment). */
export function selectInPolygon<T extends PolygonCandidate>(
  points: readonly T[], ring: LngLatRing, isSelectable: (p: T) => boolean, table: PointTable = pointTable(points),
): number[] {
  if (table.count !== points.length) throw new Error('selectInPolygon: the point table is of other points');
  const inside = indicesInPolygon(table, [ring]);
  const ids: number[] = [];
  for (let k = 0; k < inside.length; k++) {
    const i = inside[k];
    if (isSelectable(points[i])) ids.push(table.ids ? table.ids[i] : points[i].waterMeterPointId);
  }
  return ids;
}
