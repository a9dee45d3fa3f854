/** Route screens of the company settings feature (spec 3); the app loads this module on demand. */
import '../../ui/adminRecipes';

export { SettingsPage } from './SettingsPage';
