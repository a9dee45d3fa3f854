/**
 * The planning map as the pages use it: the map itself (PlanningMapView, with Leaflet, geoman, turf
 * and the cluster workers) loads on demand, so a page that shows it stays light until it renders.
 */
import { lazy, Suspense } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import type { PlanningMapProps } from './types';

const PlanningMapView = lazy(() => import('./PlanningMapView'));

/**
 * Loads the map's code and starts its two cluster workers (clusterClient.ts); call it ahead (e.g.
 * when the planning page opens, before the assignment list has come) so the list's answer meets a
 * map ready for it.
 */
export const preloadPlanningMap = async (): Promise<void> => {
  const [, client] = await Promise.all([import('./PlanningMapView'), import('./clusterClient')]);
  client.warmClusterWorker();
};

export function PlanningMap(props: PlanningMapProps) {
  return (
    <Suspense fallback={<Center h={props.height ?? '60vh'} data-testid="planning-map-loading"><Spinner /></Center>}>
      <PlanningMapView {...props} />
    </Suspense>
  );
}
