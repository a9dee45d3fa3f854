/**
 * The landing page's code loads only when nobody is signed in: a returning user, who starts from
 * the stored session, never needs it (DESIGN.md budgets). authClient starts the load as soon as it
 * knows, alongside fetching the sign-in config, so the page is ready when the config is.
 */
export const loadLandingPage = () => import('./LandingPage');
