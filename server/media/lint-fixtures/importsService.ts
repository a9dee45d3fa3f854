// Must fail lint: infrastructure is below the services.
import { dailyCleanup } from '../../services/cleanup';
export const probe = dailyCleanup;
