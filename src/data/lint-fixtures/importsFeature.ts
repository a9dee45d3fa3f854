// Must fail lint: src/data imports no feature.
import { loadLandingPage } from '../../features/auth/landing';
export const probe = loadLandingPage;
