/**
 * The planning map (spec 2 §2.1) for the planning page and the calendar. Only the light wrapper is
 * here: the map's code loads when it first renders (or on preloadPlanningMap()). An office screen's
 * part: its Chakra recipes come with it.
 */
import '../../../ui/adminRecipes';
export { PlanningMap, preloadPlanningMap } from './PlanningMap';
export type { DayRoute, PlanningMapProps, RouteStop } from './types';
