/**
 * Section B of the board: the planning map beside the table (spec 2 §2.1), in planning mode. A click
 * on a point is a row's toggle (with its refusals); a polygon selects what fits, like select-all;
 * 'delete all selections' drops the points chosen here (saved items leave one by one, by delete).
 */
import { useCallback, useMemo } from 'react';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { PlanningMap } from '../map';
import { selectVerdict } from './selection';
import type { PlanSelection } from './usePlanSelection';

/** The board's height less the header, its top bar, the chips and the map's tools with their drawing help. */
const MAP_HEIGHT = 'max(320px, calc(100dvh - 300px))';

export interface MapSectionProps {
  items: readonly AssignmentListItem[];
  selection: Pick<PlanSelection, 'selectedIds' | 'toggle' | 'selectMany' | 'deselectMany' | 'clearChosen' | 'week'>;
  /** The map's height; by default the board's height less what stands above it. */
  height?: string;
}

export function MapSection({ items, selection, height = MAP_HEIGHT }: MapSectionProps) {
  const { selectedIds, toggle, selectMany, deselectMany, clearChosen, week } = selection;
  const byId = useMemo(() => new Map(items.map((a) => [a.waterMeterPointId, a])), [items]);

  // Another week's point stays clickable so the click says why it cannot be taken (PreviousWeekItem).
  const isSelectable = useCallback(
    (p: AssignmentListItem) => selectedIds.has(p.waterMeterPointId) || selectVerdict(p, week) !== 'disabled',
    [selectedIds, week],
  );

  const onSelect = useCallback((ids: number[], selected: boolean) => {
    const points = ids.map((id) => byId.get(id)).filter((a): a is AssignmentListItem => !!a);
    if (points.length === 1) toggle(points[0]);
    else if (selected) selectMany(points);
    else deselectMany(ids);
  }, [byId, toggle, selectMany, deselectMany]);

  return (
    <PlanningMap
      points={items} selectedIds={selectedIds} onSelect={onSelect} isSelectable={isSelectable}
      mode="planning" onClearSelections={clearChosen} height={height}
    />
  );
}
