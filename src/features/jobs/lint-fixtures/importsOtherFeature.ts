// Must fail lint: a feature imports no other feature.
import { loadLandingPage } from '../../auth/landing';
export const probe = loadLandingPage;
