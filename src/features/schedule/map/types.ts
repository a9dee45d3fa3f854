/** The planning map's contract with the pages that show it (the planning page and the calendar). */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';

/** One stop of a day's route: a schedule item, where it is, and its name for screen readers. */
export interface RouteStop {
  id: number;
  lat: number;
  lng: number;
  label: string;
}

/** A day's route (the calendar): its stops in the order they are driven, drawn in the day's colour. */
export interface DayRoute {
  date: string;
  colour: string;
  stops: RouteStop[];
  /** The day's drive, from the base and back when there is one: kilometres by road and minutes, as the batch counts them. */
  km: number;
  minutes: number;
}

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
  /** Without the polygon and delete-selections tools (the calendar takes one point at a time). */
  noDrawing?: boolean;
  /** The calendar: each shown day's route in order, from and back to the company's base. */
  routes?: readonly DayRoute[];
  base?: [number, number] | null;
  /** The schedule item whose stop is lit (its card hovered or focused on the page). */
  litId?: number | null;
  /** A stop hovered or focused (id), left (null), or clicked. */
  onStop?(id: number | null, how: 'hover' | 'click'): void;
}
