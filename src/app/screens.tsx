/**
 * Route screens, each loaded on demand so the shell's JavaScript stays small (DESIGN.md budgets).
 * Screens of one feature share a chunk.
 */
import { createElement, lazy, type ComponentType } from 'react';
import { matchRoutes } from 'react-router-dom';
import i18n, { i18nReady } from '../i18n';
import { ROUTE_TABLE, type ScreenId } from './routeTable';

/** A feature's code and the on-demand texts its screens cannot show without (src/i18n/index.ts). */
export interface ScreenChunk<M> {
  /** Loads both (once; again after a failure, so a failed prefetch does not break the screen). */
  load: () => Promise<M>;
  /** The module once loaded: its screens then render at once, without suspending. */
  loaded: () => M | undefined;
}

function chunk<M>(importModule: () => Promise<M>, namespaces: readonly string[] = []): ScreenChunk<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    // The texts only once i18next has started: the app may ask before (main.tsx, at start).
    load: () => (loading ??= Promise.all([importModule(), namespaces.length ? i18nReady.then(() => i18n.loadNamespaces([...namespaces])) : null]).then(
      ([m]) => (module = m),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    )),
    loaded: () => module,
  };
}

// Code and texts come together: the texts would otherwise wait for the code (a second round trip).
// syncDetails: a card's or photo's failed change names the server's reason.
export const JOBS_CHUNK = chunk(() => import('../features/jobs'), ['jobs', 'syncDetails']);
const plumbers = chunk(() => import('../features/plumbers'));
const profile = chunk(() => import('../features/profile'));
// My schedule and its history share a chunk; their own texts (schedule) are on demand too, and their
// cards name types and statuses in the planning texts.
const schedule = chunk(() => import('../features/schedule'), ['schedule', 'planning']);
// The calendar, the contact page of its cards and the error-handling page share a chunk.
const calendarChunk = chunk(() => import('../features/schedule/calendar'), ['planning', 'hours']);

/** A route's screen; `preload` loads its code (and texts) ahead of the first render. */
export type Screen = ComponentType & { preload: () => Promise<unknown> };

function screen<M>(from: ScreenChunk<M>, pick: (m: M) => ComponentType): Screen {
  const Lazy = lazy(async () => ({ default: pick(await from.load()) }));
  // React.lazy suspends on its first render even when the module is in; a prefetched screen must not.
  function RouteScreen() {
    const m = from.loaded();
    return createElement(m ? pick(m) : Lazy);
  }
  return Object.assign(RouteScreen, { preload: from.load });
}

export const SCREENS: Record<ScreenId, Screen> = {
  schedule: screen(schedule, (m) => m.MySchedulePage),
  scheduleHistory: screen(schedule, (m) => m.ScheduleHistoryPage),
  about: screen(chunk(() => import('../features/about')), (m) => m.AboutPage),
  helpSupport: screen(chunk(() => import('../features/help')), (m) => m.HelpSupportPage),
  profileCreate: screen(profile, (m) => m.ProfileCreatePage),
  profileView: screen(profile, (m) => m.ProfileViewPage),
  profileEdit: screen(profile, (m) => m.ProfileEditPage),
  plumbers: screen(plumbers, (m) => m.PlumbersPage),
  plumberDetails: screen(plumbers, (m) => m.PlumberDetailsPage),
  plumberEdit: screen(plumbers, (m) => m.EditPlumberPage),
  jobList: screen(JOBS_CHUNK, (m) => m.JobListPage),
  jobCreate: screen(JOBS_CHUNK, (m) => m.NewJobPage),
  jobEdit: screen(JOBS_CHUNK, (m) => m.EditJobPage),
  jobDetails: screen(JOBS_CHUNK, (m) => m.JobDetailsPage),
  taskDetails: screen(JOBS_CHUNK, (m) => m.TaskDetailsPage),
  jobLocation: screen(JOBS_CHUNK, (m) => m.JobLocationPage),
  dashboard: screen(chunk(() => import('../features/reports')), (m) => m.DashboardPage),
  settings: screen(chunk(() => import('../features/settings')), (m) => m.SettingsPage),
  planning: screen(chunk(() => import('../features/schedule/planning'), ['planning', 'hours', 'map']), (m) => m.PlanningPage),
  calendar: screen(calendarChunk, (m) => m.CalendarPage),
  scheduleItemContact: screen(calendarChunk, (m) => m.ScheduleItemContactPage),
  errorHandling: screen(calendarChunk, (m) => m.ErrorHandlingPage),
  notFound: screen(chunk(() => import('../features/notfound')), (m) => m.NotFoundPage),
};

const SCREEN_ROUTES = ROUTE_TABLE.flatMap((r) => (r.screen ? [{ path: r.path, screen: r.screen }] : []));

/**
 * Starts loading the screen at this path, if any: called before the app renders, so the code of
 * the screen a (repeat, offline) visit opens on loads while the shell starts and checks the session.
 * Settles once it is in (or failed).
 */
export function preloadScreenAt(pathname: string): Promise<unknown> {
  const id = matchRoutes(SCREEN_ROUTES, pathname)?.[0].route.screen;
  return id ? SCREENS[id].preload().catch(() => undefined) : Promise.resolve();
}
