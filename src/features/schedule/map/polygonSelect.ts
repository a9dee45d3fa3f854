/**
 * Which points a drawn polygon selects: the selectable ones inside it. A bounding-box test first
 * (cheap, rules out most points), then @turf/boolean-point-in-polygon for the candidates; 50,000
 * points take a few milliseconds (bench/planningMap.ts, budget 50 ms).
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

export function selectInPolygon<T extends PolygonCandidate>(
  points: readonly T[], ring: LngLatRing, isSelectable: (p: T) => boolean,
): number[] {
  if (ring.length < 3) return [];
  let west = Infinity, south = Infinity, east = -Infinity, north = -Infinity;
  for (const [lng, lat] of ring) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  const closed = ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1];
  const polygon: Polygon = { type: 'Polygon', coordinates: [[...ring.map(([lng, lat]) => [lng, lat]), ...(closed ? [] : [[ring[0][0], ring[0][1]]])]] };
  const ids: number[] = [];
  for (const p of points) {
    if (p.lng < west || p.lng > east || p.lat < south || p.lat > north) continue;
    if (!booleanPointInPolygon([p.lng, p.lat], polygon) || !isSelectable(p)) continue;
    ids.push(p.waterMeterPointId);
  }
  return ids;
}
