/** The error-handling page (an office screen: its Chakra recipes come with it). */
import '../../../ui/adminRecipes';
export { ErrorHandlingPage } from './ErrorHandlingPage';
