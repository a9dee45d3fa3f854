/**
 * The calendar's routes on its map (spec 2 §2.2): each shown day's stops in the order the
 * plumber drives them, joined from the company's base and back, one colour per day, each stop numbered.
 * A stop is a keyboard-reachable marker named for screen readers; hovering or focusing it tells the page
 * (which lights the card), a click asks for the card; the page's lit card lights its stop here.
 */
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { DayRoute } from './types';

export interface RouteLayerProps {
  routes: readonly DayRoute[];
  base: [number, number] | null;
  baseLabel: string;
  /** The schedule item lit on the page (its card hovered or focused), or null. */
  litId: number | null;
  onStop?(id: number | null, how: 'hover' | 'click'): void;
}

const stopHtml = (n: number, colour: string, id: number) =>
  `<div data-testid="calendar-route-stop" data-item-id="${id}" style="width:22px;height:22px;border-radius:50%;background:${colour};color:#fff;`
  + `border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45);font:600 11px/18px system-ui,sans-serif;text-align:center">${n}</div>`;

const BASE_HTML = '<div data-testid="calendar-route-base" style="width:14px;height:14px;background:#1a202c;border:2px solid #fff;'
  + 'box-shadow:0 0 0 1px rgba(0,0,0,.5);transform:rotate(45deg)"></div>';

export function RouteLayer({ routes, base, baseLabel, litId, onStop }: RouteLayerProps) {
  const map = useMap();
  const markers = useRef(new Map<number, L.Marker>());
  const onStopRef = useRef(onStop);
  onStopRef.current = onStop;
  const fitted = useRef(false);

  // The first time the week has stops, the map shows them all (with the base): the week is what the admin looks at.
  useEffect(() => {
    const coords: [number, number][] = routes.flatMap((r) => r.stops.map((s) => [s.lat, s.lng] as [number, number]));
    if (fitted.current || !coords.length) return;
    fitted.current = true;
    if (base) coords.push(base);
    map.fitBounds(L.latLngBounds(coords), { padding: [32, 32], maxZoom: 15, animate: false });
  }, [map, routes, base]);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const byId = markers.current;
    byId.clear();
    const tell = (id: number | null, how: 'hover' | 'click') => onStopRef.current?.(id, how);
    for (const route of routes) {
      const line: [number, number][] = route.stops.map((s) => [s.lat, s.lng]);
      if (base && line.length) {
        line.unshift(base);
        line.push(base);
      }
      if (line.length > 1) {
        L.polyline(line, { color: route.colour, weight: 3, opacity: 0.85, interactive: false }).addTo(group);
      }
      route.stops.forEach((s, i) => {
        const marker = L.marker([s.lat, s.lng], {
          icon: L.divIcon({ className: '', html: stopHtml(i + 1, route.colour, s.id), iconSize: [22, 22], iconAnchor: [11, 11] }),
          keyboard: true, title: s.label, alt: s.label, riseOnHover: true,
        });
        marker.on('mouseover', () => tell(s.id, 'hover'));
        marker.on('mouseout', () => tell(null, 'hover'));
        marker.on('click', () => tell(s.id, 'click'));
        marker.addTo(group);
        const el = marker.getElement();
        if (el) {
          el.setAttribute('aria-label', s.label);
          el.addEventListener('focus', () => tell(s.id, 'hover'));
          el.addEventListener('blur', () => tell(null, 'hover'));
          el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); tell(s.id, 'click'); } });
        }
        byId.set(s.id, marker);
      });
    }
    if (base && routes.some((r) => r.stops.length)) {
      L.marker(base, {
        icon: L.divIcon({ className: '', html: BASE_HTML, iconSize: [14, 14], iconAnchor: [7, 7] }), interactive: false, keyboard: false, alt: baseLabel,
      }).addTo(group);
    }
    return () => {
      group.remove();
      byId.clear();
    };
  }, [map, routes, base, baseLabel]);

  // The lit stop: larger and on top, with a dark ring (not told by colour alone).
  useEffect(() => {
    const marker = litId === null ? undefined : markers.current.get(litId);
    const dot = marker?.getElement()?.firstElementChild as HTMLElement | null | undefined;
    if (!marker || !dot) return;
    marker.setZIndexOffset(1000);
    dot.dataset.lit = 'true';
    dot.style.transform = 'scale(1.45)';
    dot.style.boxShadow = '0 0 0 3px #1a202c';
    return () => {
      marker.setZIndexOffset(0);
      delete dot.dataset.lit;
      dot.style.transform = '';
      dot.style.boxShadow = '0 0 0 1px rgba(0,0,0,.45)';
    };
  }, [litId, routes]);

  return null;
}
