// Must fail lint: the service worker imports only src/data and src/domain.
import { snackbar } from '../../src/ui';
export const probe = snackbar;
