/**
 * The planning map (spec 2 §2.1, §9): every point clustered in a Web Worker and drawn on
 * one canvas, selection by click and by polygon, and the mode's tools. Loaded on demand through
 * PlanningMap.tsx: Leaflet, geoman and turf stay out of the app shell.
 */
import { useCallback, useMemo, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from '../../../domain/scheduling/enums';
import { BaseMap } from '../../../ui/map';
import { MapToolbar } from './MapToolbar';
import { AttributionPrefix, CentreOnPoints, ClusterLayer, FitToPoints, TrackSize, ZoomButtons } from './mapParts';
import { PolygonDrawing } from './PolygonDrawing';
import { RouteLayer } from './RouteLayer';
import { pointTable, selectInPolygon, type LngLatRing } from './polygonSelect';
import { visiblePoints, type StatusFilterKey } from './statusFilter';
import type { PlanningMapProps } from './types';

/** Where the map opens before any point has come: Oslo (the points then move it). */
const START: [number, number] = [59.91, 10.75];

const hasPlace = (p: AssignmentListItem) => Number.isFinite(p.lat) && Number.isFinite(p.lng);

export default function PlanningMapView({
  points, selectedIds, onSelect, isSelectable, mode, onClearSelections, height = '60vh', noDrawing = false, routes, base = null, litId = null, onStop,
}: PlanningMapProps) {
  const { t } = useTranslation('map');
  const [shown, setShown] = useState<ReadonlySet<StatusFilterKey> | 'all'>('all');
  const [fitZoom, setFitZoom] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [clearToken, setClearToken] = useState(0);
  const [failed, setFailed] = useState(false);

  const placed = useMemo(() => (points.every(hasPlace) ? points : points.filter(hasPlace)), [points]);
  const visible = useMemo(() => (mode === 'scheduling' ? visiblePoints(placed, shown) : placed), [mode, placed, shown]);
  const fitting = mode === 'scheduling' && fitZoom;
  // The shown points' coordinates, flat, for polygon selection: made once per shown set.
  const table = useMemo(() => pointTable(visible), [visible]);

  const selectPolygon = useCallback((ring: LngLatRing) => {
    const start = performance.now();
    const ids = selectInPolygon(visible, ring, isSelectable, table);
    performance.measure('planning-map:polygon-select', { start, end: performance.now() });
    if (ids.length > 0) onSelect(ids, true);
  }, [visible, table, isSelectable, onSelect]);

  const togglePoint = useCallback((p: AssignmentListItem) => {
    onSelect([p.waterMeterPointId], !selectedIds.has(p.waterMeterPointId));
  }, [onSelect, selectedIds]);

  const deleteSelections = () => {
    setDrawing(false);
    setClearToken((n) => n + 1);
    onClearSelections?.();
  };
  const onError = useCallback((err: Error) => {
    console.error('Planning map', err);
    setFailed(true);
  }, []);

  return (
    <Stack gap={2} data-testid="planning-map-root">
      <MapToolbar
        mode={mode} noDrawing={noDrawing} drawing={drawing} onToggleDrawing={() => setDrawing((d) => !d)} onDeleteSelections={deleteSelections}
        shown={shown} onShownChange={setShown} fitZoom={fitZoom} onFitZoomChange={setFitZoom}
      />
      {failed && <Text color="red.600" role="alert">{t('PointsFailed')}</Text>}
      <BaseMap center={START} zoom={MAP_DEFAULT_ZOOM} maxZoom={MAP_MAX_ZOOM} h={height} testId="planning-map">
        <ZoomButtons />
        <AttributionPrefix />
        <TrackSize />
        <ClusterLayer
          points={visible} selectedIds={selectedIds} isSelectable={isSelectable} mode={mode} clickable={!drawing}
          onTogglePoint={togglePoint} onError={onError} label={t('Summary', { count: visible.length, selected: selectedIds.size })}
        />
        {routes && <RouteLayer routes={routes} base={base} baseLabel={t('Base')} litId={litId} onStop={onStop} />}
        <PolygonDrawing active={drawing} onDrawn={selectPolygon} onEnd={() => setDrawing(false)} clearToken={clearToken} />
        <CentreOnPoints points={placed} skip={fitting || !!routes?.some((r) => r.stops.length)} />
        <FitToPoints points={visible} active={fitting} />
      </BaseMap>
    </Stack>
  );
}
