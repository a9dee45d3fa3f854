/**
 * The app's router: the route table of spec 1 §2 under the shell (a data router, for useBlocker), and
 * beside it the property owner's answer page (/a/{token}, spec 2 §4 Replies), which is for someone
 * with no account: outside the sign-in gate and the shell.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Root } from './Root';
import { RouteError } from './RouteError';
import { FALLBACK_PATH, ROUTE_TABLE } from './routeTable';
import { SCREENS } from './screens';

export interface RouteHandle {
  titleKey: string;
  topLevel: boolean;
}

export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTE_TABLE.map((r) => {
    if (!r.screen) return { path: r.path, element: <Navigate to={FALLBACK_PATH} replace /> };
    const Screen = SCREENS[r.screen];
    const handle: RouteHandle = { titleKey: r.titleKey, topLevel: r.topLevel };
    return { path: r.path, element: <Screen />, handle };
  });
  children.push({ path: '*', element: <Navigate to={FALLBACK_PATH} replace /> });
  return [
    // A chunk of its own, loaded by the router only when the page is opened (the shell carries nothing of it).
    { path: '/a/:token', lazy: () => import('../features/ownerAnswer/OwnerAnswerPage').then((m) => ({ Component: m.OwnerAnswerRoute })), errorElement: <RouteError /> },
    { element: <Root />, errorElement: <RouteError />, children },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
