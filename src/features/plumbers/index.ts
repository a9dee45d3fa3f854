/** Route screens of the plumbers feature; the app loads this module on demand. */
export { PlumbersPage } from './PlumbersPage';
export { PlumberDetailsPage } from './PlumberDetailsPage';
export { EditPlumberPage } from './EditPlumberPage';
