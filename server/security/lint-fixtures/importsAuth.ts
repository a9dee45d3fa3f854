// Must fail lint: security sits below the identity provider.
import { authPlugin } from '../../auth/index';
export const probe = authPlugin;
