/**
 * Polygon drawing with geoman (its CSS from the package): while `active`, clicks on the map place
 * corners; a finished polygon is handed over as a [lng, lat] ring and stays drawn until the
 * selections are deleted (`clearToken` changes). Esc cancels a drawing.
 */
import type L from 'leaflet';
// geoman extends the global L that Leaflet sets: Leaflet must be evaluated first.
import 'leaflet';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import type { LngLatRing } from './polygonSelect';

const POLYGON_STYLE: L.PathOptions = { color: '#dd6b20', weight: 2, fillOpacity: 0.08, interactive: false };

export interface PolygonDrawingProps {
  active: boolean;
  onDrawn(ring: LngLatRing): void;
  /** The drawing ended (finished or cancelled). */
  onEnd(): void;
  clearToken: number;
}

export function PolygonDrawing({ active, onDrawn, onEnd, clearToken }: PolygonDrawingProps) {
  const map = useMap();
  const { t, i18n } = useTranslation('map');
  const drawn = useRef<L.Layer[]>([]);
  const handlers = useRef({ onDrawn, onEnd });
  handlers.current = { onDrawn, onEnd };

  useEffect(() => {
    // geoman's own tooltips, in the interface's language (its locale slot 'en' holds ours).
    map.pm.setLang('en', { tooltips: { firstVertex: t('Draw.FirstVertex'), continueLine: t('Draw.ContinueLine'), finishPoly: t('Draw.FinishPoly') } });
  }, [map, t, i18n.language]);

  useEffect(() => {
    const created = (e: { layer: L.Layer }) => {
      const layer = e.layer as L.Polygon;
      layer.setStyle(POLYGON_STYLE);
      drawn.current.push(layer);
      const ring = (layer.getLatLngs()[0] as L.LatLng[]).map((ll) => [ll.lng, ll.lat] as const);
      handlers.current.onDrawn(ring);
    };
    const ended = () => handlers.current.onEnd();
    map.on('pm:create', created);
    map.on('pm:drawend', ended);
    return () => {
      map.off('pm:create', created);
      map.off('pm:drawend', ended);
    };
  }, [map]);

  useEffect(() => {
    if (!active) return;
    map.pm.enableDraw('Polygon', { snappable: false, templineStyle: POLYGON_STYLE, hintlineStyle: { ...POLYGON_STYLE, dashArray: '5 5' }, pathOptions: POLYGON_STYLE });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') map.pm.disableDraw();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      map.pm.disableDraw();
    };
  }, [map, active]);

  useEffect(() => {
    for (const layer of drawn.current) layer.remove();
    drawn.current = [];
  }, [clearToken]);

  return null;
}
