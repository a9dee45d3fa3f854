/**
 * The parts of the planning map that live inside Leaflet's map (react-leaflet's useMap): the
 * clustered canvas layer, the labelled zoom buttons, centring on the first points, Fit zoom, and
 * following the size of its box.
 */
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from '../../../domain/scheduling/enums';
import { ClusterCanvasLayer, type ClusterLayerState } from './ClusterCanvasLayer';
import { pointBounds, pointCentre } from './statusFilter';

export interface ClusterLayerProps extends Omit<ClusterLayerState, 'onError'> {
  points: readonly AssignmentListItem[];
  /** The canvas's name for screen readers (the count summary). */
  label: string;
  onError(err: Error): void;
}

export function ClusterLayer({ points, label, ...state }: ClusterLayerProps) {
  const map = useMap();
  const layer = useRef<ClusterCanvasLayer | null>(null);

  useEffect(() => {
    const created = new ClusterCanvasLayer(state).addTo(map);
    layer.current = created;
    return () => {
      created.remove();
      layer.current = null;
    };
    // The layer lives as long as the map; later states reach it through update().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  useEffect(() => {
    layer.current?.setPoints(points);
  }, [points]);

  const { selectedIds, isSelectable, mode, clickable, onTogglePoint, onError } = state;
  useEffect(() => {
    layer.current?.update({ selectedIds, isSelectable, mode, clickable, onTogglePoint, onError });
  }, [selectedIds, isSelectable, mode, clickable, onTogglePoint, onError]);

  useEffect(() => {
    const canvas = layer.current?.getCanvas();
    if (!canvas) return;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    canvas.dataset.testid = 'planning-map-canvas';
  }, [label]);

  return null;
}

/** Leaflet's zoom buttons, named in the interface's language (Leaflet gives them aria-labels from these titles). */
export function ZoomButtons() {
  const map = useMap();
  const { t } = useTranslation('map');
  useEffect(() => {
    map.zoomControl?.remove();
    const control = L.control.zoom({ zoomInTitle: t('ZoomIn'), zoomOutTitle: t('ZoomOut') }).addTo(map);
    return () => {
      control.remove();
    };
  }, [map, t]);
  return null;
}

/** The first time there are points, the map centres on where most of them are, at the default zoom (spec 2 §9). */
export function CentreOnPoints({ points, skip }: { points: readonly AssignmentListItem[]; skip: boolean }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || points.length === 0) return;
    done.current = true;
    if (skip) return;
    const centre = pointCentre(points);
    if (centre) map.setView(centre, MAP_DEFAULT_ZOOM, { animate: false });
  }, [map, points, skip]);
  return null;
}

/** Fit zoom (scheduling mode): the map shows all the visible points whenever they change. */
export function FitToPoints({ points, active }: { points: readonly AssignmentListItem[]; active: boolean }) {
  const map = useMap();
  useEffect(() => {
    if (!active) return;
    const bounds = pointBounds(points);
    if (bounds) map.fitBounds(bounds, { padding: [24, 24], maxZoom: MAP_MAX_ZOOM });
  }, [map, points, active]);
  return null;
}

/** Leaflet notices a window resize only: the planning page's layouts resize the map's box alone. */
export function TrackSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Leaflet's link in the attribution corner, titled in the interface's language: Leaflet's own prefix
 * (its link and flag) with the English title ('A JavaScript library for interactive maps') replaced.
 */
export function AttributionPrefix() {
  const map = useMap();
  const { t } = useTranslation('map');
  useEffect(() => {
    const own = L.Control.Attribution.prototype.options.prefix;
    if (!map.attributionControl || typeof own !== 'string') return;
    map.attributionControl.setPrefix(own.replace(/title="[^"]*"/, `title="${escapeAttribute(t('LeafletTitle'))}"`));
  }, [map, t]);
  return null;
}
