/**
 * The map every screen starts from: Leaflet's CSS, a container filling a bordered box, and the
 * installation's tile layer. Markers, clusters and drawing go in as children.
 */
import 'leaflet/dist/leaflet.css';
import type { ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';
import type { LatLngExpression } from 'leaflet';
import { MapContainer, TileLayer } from 'react-leaflet';
import { TILE_ATTRIBUTION, TILE_URL } from './tiles';

export interface BaseMapProps {
  center: LatLngExpression;
  zoom: number;
  /** The most zoom (Leaflet's tile layer stops at 18 unless told). */
  maxZoom?: number;
  /** The box's height (a map has none of its own). */
  h: BoxProps['h'];
  testId?: string;
  children?: ReactNode;
}

export function BaseMap({ center, zoom, maxZoom, h, testId, children }: BaseMapProps) {
  return (
    <Box h={h} w="100%" rounded="md" overflow="hidden" borderWidth="1px" bg="gray.100" data-testid={testId}>
      <MapContainer center={center} zoom={zoom} maxZoom={maxZoom} style={{ height: '100%', width: '100%', background: '#e8eef3' }}>
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} {...(maxZoom === undefined ? {} : { maxZoom })} />
        {children}
      </MapContainer>
    </Box>
  );
}
