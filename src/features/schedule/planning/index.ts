/** The planning screen (an office screen: its Chakra recipes come with it). */
import '../../../ui/adminRecipes';
export { PlanningPage } from './PlanningPage';
