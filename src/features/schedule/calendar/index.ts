/** The weekly schedule calendar and the error-handling page (office screens: their Chakra recipes come with them). */
import '../../../ui/adminRecipes';
export { CalendarPage } from './CalendarPage';
export { ScheduleItemContactPage } from './ScheduleItemContactPage';
export { ErrorHandlingPage } from '../errors/ErrorHandlingPage';
