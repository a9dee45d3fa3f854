/**
 * Polygon drawing with geoman (its CSS from the package): while `active`, clicks on the map place
 * corners; a finished polygon is handed over as a [lng, lat] ring and stays drawn until the
 * selections are deleted (`clearToken` changes). Esc cancels a drawing. geoman speaks the interface's
 * language (its own Norwegian, our texts for the tooltips shown here). Its markers are focusable
 * buttons with no name (Leaflet's keyboard markers): the first corner, which closes the polygon as a
 * click does (and here by Enter or Space too), is named; the later corners and the cursor's marker do nothing and are taken
 * out of the tab order and hidden from assistive technology.
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
    // geoman's texts in the interface's language: its own Norwegian ('no') for nb, ours for the tooltips shown.
    map.pm.setLang(i18n.language === 'en' ? 'en' : 'no', {
      tooltips: { firstVertex: t('Draw.FirstVertex'), continueLine: t('Draw.ContinueLine'), finishPoly: t('Draw.FinishPoly') },
    }, 'en');
  }, [map, t, i18n.language]);

  const closeLabel = useRef('');
  closeLabel.current = t('Draw.CloseVertex');
  useEffect(() => {
    const started = (e: { workingLayer?: L.Layer }) => {
      for (const el of map.getContainer().querySelectorAll<HTMLElement>('.leaflet-marker-icon.cursor-marker')) silence(el);
      const working = e.workingLayer as L.Polyline | undefined;
      working?.on('pm:vertexadded', (v: { marker?: L.Marker }) => {
        const marker = v.marker;
        const icon = marker?.getElement();
        if (!marker || !icon) return;
        if (working.getLatLngs().flat().length !== 1) {
          silence(icon);
          return;
        }
        icon.setAttribute('aria-label', closeLabel.current);
        // Leaflet makes it a button but does not press it by key: Enter or Space closes as a click does.
        icon.addEventListener('keydown', (k) => {
          if (k.key !== 'Enter' && k.key !== ' ') return;
          k.preventDefault();
          k.stopPropagation();
          marker.fire('click');
        });
      });
    };
    map.on('pm:drawstart', started);
    return () => {
      map.off('pm:drawstart', started);
    };
  }, [map]);

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

/** A marker that does nothing: no button, not tabbed to, not read. */
function silence(el: HTMLElement) {
  el.removeAttribute('role');
  el.removeAttribute('tabindex');
  el.setAttribute('aria-hidden', 'true');
}
