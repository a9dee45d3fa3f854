/**
 * Section B of the board: the planning map beside the table (spec 2 §2.1), in planning mode. A polygon
 * drawn on it selects what fits (like select-all); deselecting there drops the points chosen here.
 */
import { Box } from '@chakra-ui/react';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import type { PlanSelection } from './usePlanSelection';

export interface MapSectionProps {
  items: readonly AssignmentListItem[];
  selection: Pick<PlanSelection, 'selectedIds' | 'selectMany' | 'deselectMany' | 'clearChosen' | 'week'>;
}

// SLOT: the planning map (src/features/schedule/map, being built beside this page) plugs in here.
export function MapSection(_props: MapSectionProps) {
  return <Box h="100%" borderWidth="1px" borderRadius="md" data-testid="planning-map-slot" />;
}
