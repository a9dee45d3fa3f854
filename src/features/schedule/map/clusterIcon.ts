/** A cluster's drawn size by its point count (spec 2 §9): 50 px below 10 points, 10 px more at each threshold. */
import { CLUSTER_ICON_SIZES, CLUSTER_ICON_THRESHOLDS } from '../../../domain/scheduling/enums';

/** A single point's dot (drawing.ts); a selected point has a 3 px ring around it. */
export const POINT_RADIUS = 7;
/** A single point's drawn size with its ring, in CSS pixels. */
export const POINT_ICON_SIZE = 2 * (POINT_RADIUS + 3);

/** Diameter in CSS pixels of the icon of a cluster of `count` points. */
export function clusterIconSize(count: number): number {
  let step = 0;
  while (step < CLUSTER_ICON_THRESHOLDS.length && count >= CLUSTER_ICON_THRESHOLDS[step]) step++;
  return CLUSTER_ICON_SIZES[step];
}

/** Diameter of what the map draws for an item of `count` points: a cluster's icon or a point's dot. */
export const itemIconSize = (count: number): number => (count > 1 ? clusterIconSize(count) : POINT_ICON_SIZE);

/** The largest icon the map draws (spec 2 §9's last size). */
export const MAX_ITEM_ICON_SIZE = CLUSTER_ICON_SIZES[CLUSTER_ICON_SIZES.length - 1];
