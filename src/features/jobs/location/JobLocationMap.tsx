/**
 * The map of job location (spec 1 §2 "Job location"): one marker at the first task's subscriber
 * location, default zoom 9. Loaded on demand (leaflet, react-leaflet and proj4 are heavy). The
 * marker is drawn by the page itself (an inline SVG), so it shows even when no tiles load.
 */
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import { DEFAULT_MAP_ZOOM } from '../../../domain/constants';
import { liveTasks } from '../../../domain/jobRules';
import { locationToLatLng } from '../../../domain/utm';
import { EmptyView, snackbar } from '../../../ui';

/** Tile source per installation (VITE_MAP_TILE_URL / VITE_MAP_TILE_ATTRIBUTION); OpenStreetMap by default. */
const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined)
  || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

const PIN_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="42" viewBox="0 0 24 32">'
  + '<path d="M12 0C5.4 0 0 5.4 0 12c0 9 12 20 12 20s12-11 12-20C24 5.4 18.6 0 12 0z" fill="#0b5394" stroke="#fff" stroke-width="1.5"/>'
  + '<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>';

const PIN = L.divIcon({ html: PIN_SVG, className: 'job-location-pin', iconSize: [32, 42], iconAnchor: [16, 42] });

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
    <Box h={{ base: '70vh', md: '75vh' }} w="100%" rounded="md" overflow="hidden" borderWidth="1px" bg="gray.100" data-testid="job-location-map">
      <MapContainer center={position} zoom={DEFAULT_MAP_ZOOM} style={{ height: '100%', width: '100%', background: '#e8eef3' }}>
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <Marker position={position} icon={PIN} title={job.subscriberText} alt={job.subscriberText} />
      </MapContainer>
    </Box>
  );
}
