/** A cluster's drawn size by its point count (spec 2 §9): 50 px below 10 points, 10 px more at each threshold. */
import { CLUSTER_ICON_SIZES, CLUSTER_ICON_THRESHOLDS } from '../../../domain/scheduling/enums';

/** Diameter in CSS pixels of the icon of a cluster of `count` points. */
export function clusterIconSize(count: number): number {
  let step = 0;
  while (step < CLUSTER_ICON_THRESHOLDS.length && count >= CLUSTER_ICON_THRESHOLDS[step]) step++;
  return CLUSTER_ICON_SIZES[step];
}
