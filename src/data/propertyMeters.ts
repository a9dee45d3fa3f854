/**
 * The meters on a property (GET /api/WaterMeters?matrikkelNummer), read in one place with one copy on
 * the device (db.meta, per property): the old-meter picker and the after-report question read them
 * through propertyMeters(), and the sync keeps the copy fresh for a plumber's open jobs so both work in
 * a basement.
 */
import type { WaterMeter } from '../domain/schemas';
import { JobStatus } from '../domain/enums';
import { db } from './db';
import { getSession } from './identity';
import { ApiError, apiFetch } from './transport';

/** How long a property's meter list on the device is good for before the sync fetches it again. */
export const METERS_FRESH_MS = 12 * 3600_000;
/** At most this many properties per refresh (a plumber's open jobs are a few dozen). */
const METERS_MAX_PROPERTIES = 200;

export const metersKey = (matrikkelNummer: string) => `meters:${matrikkelNummer}`;

interface KeptMeters {
  fetchedAt: number;
  items: WaterMeter[];
}

async function kept(matrikkelNummer: string): Promise<KeptMeters | null> {
  const value = (await db.meta.get(metersKey(matrikkelNummer)))?.value as Partial<KeptMeters> | undefined;
  return Array.isArray(value?.items) ? { fetchedAt: value.fetchedAt ?? 0, items: value.items } : null;
}

async function fetchAndKeep(matrikkelNummer: string, now: number, signal?: AbortSignal): Promise<WaterMeter[]> {
  const items = await apiFetch<WaterMeter[]>(`/api/WaterMeters?matrikkelNummer=${encodeURIComponent(matrikkelNummer)}`, { signal });
  await db.meta.put({ key: metersKey(matrikkelNummer), value: { fetchedAt: now, items } satisfies KeptMeters });
  return items;
}

const isOnline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine ?? true;

/**
 * The property's meters: the server's list when online (kept for later), else the device's copy;
 * null when the device has neither. A 404 means the property has none.
 */
export async function propertyMeters(matrikkelNummer: string, signal?: AbortSignal): Promise<WaterMeter[] | null> {
  if (isOnline()) {
    try {
      return await fetchAndKeep(matrikkelNummer, Date.now(), signal);
    } catch (e) {
      if (signal?.aborted) throw e;
      if (e instanceof ApiError && e.status === 404) return [];
    }
  }
  return (await kept(matrikkelNummer))?.items ?? null;
}

/**
 * A plumber's device keeps the meter list of each property with an open job of theirs. Admins fetch
 * when they open a task. Failures are silent: the form fetches again when it opens.
 */
export async function refreshPropertyMeters(now = Date.now()): Promise<void> {
  const session = getSession();
  if (!session || session.isAdmin) return;
  const open = await db.jobs.where('assignedToId').equals(session.registrationId)
    .filter((j) => j.statusId === JobStatus.New || j.statusId === JobStatus.InProgress).toArray();
  const properties = [...new Set(open.map((j) => j.matrikkel?.matrikkelNummer).filter((n): n is string => !!n))].slice(0, METERS_MAX_PROPERTIES);
  for (const nr of properties) {
    const copy = await kept(nr);
    if (copy && now - copy.fetchedAt < METERS_FRESH_MS) continue;
    try {
      await fetchAndKeep(nr, now);
    } catch (e) {
      if (e instanceof ApiError && e.network) return;
    }
  }
}
