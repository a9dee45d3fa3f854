/**
 * The map's tools above it (spec 2 §2.1): polygon draw and delete all selections in both modes; in
 * scheduling mode a status filter with All, and Fit zoom. Ordinary buttons and checkboxes, so they
 * are reached by Tab and named for screen readers.
 */
import { Button, Checkbox, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTER_KEYS, type StatusFilterKey } from './statusFilter';
import type { MapMode } from './markerStyle';

export interface MapToolbarProps {
  mode: MapMode;
  /** Without the polygon and delete-selections tools. */
  noDrawing?: boolean;
  drawing: boolean;
  onToggleDrawing(): void;
  onDeleteSelections(): void;
  shown: ReadonlySet<StatusFilterKey> | 'all';
  onShownChange(shown: ReadonlySet<StatusFilterKey> | 'all'): void;
  fitZoom: boolean;
  onFitZoomChange(fit: boolean): void;
}

function FilterBox({ label, checked, onChange, testId }: { label: string; checked: boolean; onChange(checked: boolean): void; testId: string }) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} data-testid={testId}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export function MapToolbar(props: MapToolbarProps) {
  const { t } = useTranslation('map');
  const { mode, drawing, shown } = props;
  const toggle = (key: StatusFilterKey, on: boolean) => {
    const next = new Set(shown === 'all' ? STATUS_FILTER_KEYS : shown);
    if (on) next.add(key);
    else next.delete(key);
    props.onShownChange(next.size === STATUS_FILTER_KEYS.length ? 'all' : next);
  };
  return (
    <Stack gap={2} role="toolbar" aria-label={t('Tools')} data-testid="planning-map-tools">
      <HStack gap={2} wrap="wrap">
        {!props.noDrawing && (
          <>
            <Button size="sm" variant={drawing ? 'solid' : 'outline'} aria-pressed={drawing} onClick={props.onToggleDrawing} data-testid="planning-map-draw">
              {drawing ? t('StopDrawing') : t('DrawPolygon')}
            </Button>
            <Button size="sm" variant="outline" onClick={props.onDeleteSelections} data-testid="planning-map-clear">
              {t('DeleteSelections')}
            </Button>
          </>
        )}
        {mode === 'scheduling' && (
          <FilterBox label={t('FitZoom')} checked={props.fitZoom} onChange={props.onFitZoomChange} testId="planning-map-fit" />
        )}
      </HStack>
      {drawing && <Text fontSize="sm" aria-live="polite">{t('DrawingHelp')}</Text>}
      {mode === 'scheduling' && (
        <Wrap role="group" aria-label={t('StatusFilter')} gap={3} data-testid="planning-map-status-filter">
          <FilterBox label={t('All')} checked={shown === 'all'} onChange={(on) => props.onShownChange(on ? 'all' : new Set())} testId="planning-map-status-all" />
          {STATUS_FILTER_KEYS.map((key) => (
            <FilterBox key={key} label={t(`Status.${key}`)} checked={shown === 'all' || shown.has(key)} onChange={(on) => toggle(key, on)} testId={`planning-map-status-${key}`} />
          ))}
        </Wrap>
      )}
    </Stack>
  );
}
