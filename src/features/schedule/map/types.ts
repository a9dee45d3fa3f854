/** The planning map's contract with the pages that show it (the planning page, later the calendar). */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';

export interface PlanningMapProps {
  /** The assignment list's points (up to 50,000); those without finite coordinates are not drawn. */
  points: readonly AssignmentListItem[];
  /** waterMeterPointId of the selected points. */
  selectedIds: ReadonlySet<number>;
  /** A click on a point toggles it; a polygon selects the selectable points inside. */
  onSelect(ids: number[], selected: boolean): void;
  /** A point that is not selectable is neither toggled by a click nor selected by a polygon. */
  isSelectable(p: AssignmentListItem): boolean;
  mode: 'planning' | 'scheduling';
  /** The 'delete all selections' tool; without it the tool only removes the drawn polygons. */
  onClearSelections?(): void;
  /** The map's height (CSS length or px); 60vh by default. */
  height?: string | number;
}
