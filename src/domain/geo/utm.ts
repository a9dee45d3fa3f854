/**
 * Task locations to latitude/longitude for the map (spec 1 §9). Kept apart from geo.ts because
 * proj4 is heavy: only the lazily loaded map imports this.
 */
import proj4 from 'proj4';
import type { Location } from '../api';
import { EPSG } from '../constants';
import { epsgForCode } from './zones';

const WGS84_EPSG = 4326;
const UTM_ZONE: Record<number, number> = { [EPSG.Zone32]: 32, [EPSG.Zone33]: 33, [EPSG.Zone35]: 35 };

function utmDefinition(epsg: number): string {
  const zone = UTM_ZONE[epsg] ?? 32;
  // EUREF89 / UTM: GRS80 ellipsoid, no datum shift to WGS84 at map precision.
  return `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
}

/**
 * srs 0 means x is longitude and y latitude, used as is. Otherwise x/y are UTM in the location's
 * EPSG code or, when the location names none, the zone of the customer number's first two digits.
 * Returns [lat, lng], or null when the location is missing or not finite.
 */
export function locationToLatLng(location: Location | null | undefined, customerNumber: string): [number, number] | null {
  if (!location || !Number.isFinite(location.x) || !Number.isFinite(location.y)) return null;
  if (location.srs === 0 || location.srs === WGS84_EPSG) return [location.y, location.x];
  const epsg = location.srs && UTM_ZONE[location.srs] ? location.srs : epsgForCode(customerNumber);
  const [lng, lat] = proj4(utmDefinition(epsg), 'WGS84', [location.x, location.y]);
  return Number.isFinite(lat) && Number.isFinite(lng) ? [lat, lng] : null;
}
