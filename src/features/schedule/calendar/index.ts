/** The weekly schedule calendar (an office screen: its Chakra recipes come with it). */
import '../../../ui/adminRecipes';
export { CalendarPage } from './CalendarPage';
export { ScheduleItemContactPage } from './ScheduleItemContactPage';
