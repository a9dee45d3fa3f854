/**
 * Leaflet's set-up, shared by the job location, planning and calendar maps. Import it only from a
 * module the app loads on demand (React.lazy): Leaflet must stay out of the shell (DESIGN.md budgets),
 * which is why src/ui/index.ts does not re-export it.
 */
export { BaseMap, type BaseMapProps } from './BaseMap';
export { pinIcon } from './pin';
