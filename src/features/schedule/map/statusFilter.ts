/**
 * Scheduling mode's status filter (spec 2 §2.1): points by schedule item status, with All. An item
 * with no status counts as the filter's key 8 (spec 2 §4, NO_STATUS_FILTER_KEY).
 */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { NO_STATUS_FILTER_KEY, ScheduleItemStatus, type ScheduleItemStatusId } from '../../../domain/scheduling/enums';

export const STATUS_FILTER_KEYS = Object.values(ScheduleItemStatus) as readonly ScheduleItemStatusId[];
export type StatusFilterKey = number;

export const statusFilterKey = (p: AssignmentListItem): StatusFilterKey => p.scheduleItemStatus ?? NO_STATUS_FILTER_KEY;

/** The points the map shows: all of them in planning mode or with All, else those of a chosen status. */
export function visiblePoints(points: readonly AssignmentListItem[], shown: ReadonlySet<StatusFilterKey> | 'all'): readonly AssignmentListItem[] {
  if (shown === 'all') return points;
  return points.filter((p) => shown.has(statusFilterKey(p)));
}

/** Bounds [[south, west], [north, east]] of points with finite coordinates; null when there are none. */
export function pointBounds(points: readonly AssignmentListItem[]): [[number, number], [number, number]] | null {
  let south = Infinity, west = Infinity, north = -Infinity, east = -Infinity;
  for (const p of points) {
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng)) continue;
    if (p.lat < south) south = p.lat;
    if (p.lat > north) north = p.lat;
    if (p.lng < west) west = p.lng;
    if (p.lng > east) east = p.lng;
  }
  return south === Infinity ? null : [[south, west], [north, east]];
}

/**
 * Where most of the points are: the median latitude and the median longitude of those with finite
 * coordinates; null when there are none. The map opens here rather than at the middle of the bounds:
 * a utility whose area spans two places (the demo's Bærum, and Eidskog and Trysil east of 12°E) would
 * otherwise open on the empty land between them.
 */
export function pointCentre(points: readonly AssignmentListItem[]): [number, number] | null {
  const lats: number[] = [];
  const lngs: number[] = [];
  for (const p of points) {
    if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng)) continue;
    lats.push(p.lat);
    lngs.push(p.lng);
  }
  if (lats.length === 0) return null;
  const median = (xs: number[]) => Float64Array.from(xs).sort()[xs.length >> 1];
  return [median(lats), median(lngs)];
}
