/**
 * The map of job location (spec 1 §2 "Job location"): one marker at the first task's subscriber
 * location, default zoom 9. Loaded on demand (leaflet, react-leaflet and proj4 are heavy).
 */
import { useEffect, useRef } from 'react';
import { Marker } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import { DEFAULT_MAP_ZOOM } from '../../../domain/constants';
import { liveTasks } from '../../../domain/jobs/rules';
import { locationToLatLng } from '../../../domain/geo/utm';
import { EmptyView, snackbar } from '../../../ui';
import { BaseMap, pinIcon } from '../../../ui/map';

const PIN = pinIcon('#0b5394', 'job-location-pin');

export default function JobLocationMap({ job, customerNumber }: { job: Job; customerNumber: string }) {
  const { t } = useTranslation('jobs');
  const first = liveTasks(job)[0];
  const position = locationToLatLng(first?.subscriberDetails?.location, customerNumber);
  const warned = useRef(false);

  useEffect(() => {
    if (position || warned.current) return;
    warned.current = true;
    snackbar.warning(t('LocationNotFound'));
  }, [position, t]);

  if (!position) return <EmptyView title={t('LocationNotFound')} />;

  return (
    <BaseMap center={position} zoom={DEFAULT_MAP_ZOOM} h={{ base: '70vh', md: '75vh' }} testId="job-location-map">
      <Marker position={position} icon={PIN} title={job.subscriberText} alt={job.subscriberText} />
    </BaseMap>
  );
}
