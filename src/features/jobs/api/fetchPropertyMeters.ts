/**
 * GET /api/WaterMeters?matrikkelNummer= : the property's meters, through the one reader that keeps the
 * device's copy (src/data/propertyMeters.ts): online the server's list, offline the copy the sync
 * keeps for a plumber's open jobs.
 */
import { useEffect, useState } from 'react';
import { propertyMeters } from '../../../data/propertyMeters';
import type { WaterMeter } from '../../../domain/api';

export { propertyMeters as fetchPropertyMeters } from '../../../data/propertyMeters';

/** The property's meters once read (null before, or when the device has none); `enabled` false reads nothing. */
export function usePropertyMeters(matrikkelNummer: string, enabled: boolean): WaterMeter[] | null {
  const [meters, setMeters] = useState<{ nr: string; list: WaterMeter[] | null } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    propertyMeters(matrikkelNummer, abort.signal)
      .then((list) => setMeters({ nr: matrikkelNummer, list }))
      .catch(() => undefined);
    return () => abort.abort();
  }, [matrikkelNummer, enabled]);
  return enabled && meters?.nr === matrikkelNummer ? meters.list : null;
}
