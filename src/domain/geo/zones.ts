/** UTM zone rules (spec 1 §9). */
import { EPSG } from '../constants';

/** Counties (first two digits of a municipality or customer number) east of 24°E use zone 35, Nordland/Troms zone 33. */
const ZONE_BY_COUNTY: Record<string, number> = {
  '18': EPSG.Zone33, // Nordland
  '55': EPSG.Zone33, // Troms
  '56': EPSG.Zone35, // Finnmark
  '54': EPSG.Zone35, // Troms og Finnmark (2020–2023)
};

/** EPSG code for a county or municipality code; unknown codes use zone 32. */
export function epsgForCode(code: string): number {
  return ZONE_BY_COUNTY[code.slice(0, 2)] ?? EPSG.Zone32;
}
