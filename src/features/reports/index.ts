/** Route screen of the dashboard feature (/dashboard); the app loads this module on demand. */
import '../../ui/adminRecipes';

export { DashboardPage } from './DashboardPage';
