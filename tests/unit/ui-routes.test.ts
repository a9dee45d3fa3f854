import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { FALLBACK_PATH, ROUTE_TABLE } from '../../src/app/routeTable';

/** Spec 1 §2 route table, written out as the spec gives it. */
const SPEC_PATHS = [
  '/schedule', '/schedule/history', '/schedule/plan', '/schedule/plan/edit/:id', '/schedule/calendar', '/about',
  '/helpsupport', '/profile/create', '/profile/view', '/profile/edit', '/plumbers', '/plumbers/:id',
  '/plumbers/edit/:id', '/dashboard', '/settings', '/joblist', '/job/create', '/job/edit/:id', '/job/:id',
  '/job/:jobId/task/:taskId', '/job/scheduleItem/:scheduleItemId', '/job/details/:id/location', '/errorhandling',
  '/notfound',
  // §2, below the table: the page after a job is created.
  '/job/details/:newJobId/mainPage/:origin/type/:jobSource',
];

const routes = [...ROUTE_TABLE.map((r) => ({ path: r.path, id: r.path })), { path: '*', id: '*' }];

function resolve(pathname: string) {
  const m = matchRoutes(routes, pathname);
  const route = ROUTE_TABLE.find((r) => r.path === m?.[0].route.path);
  return { path: m?.[0].route.path, screen: route?.screen, params: m?.[0].params };
}

describe('route table', () => {
  it('holds exactly the spec routes', () => {
    expect(ROUTE_TABLE.map((r) => r.path).sort()).toEqual([...SPEC_PATHS].sort());
    expect(FALLBACK_PATH).toBe('/schedule');
  });

  it.each([
    ['/schedule', 'schedule'],
    ['/schedule/history', 'scheduleHistory'],
    ['/joblist', 'jobList'],
    ['/job/create', 'jobCreate'],
    ['/job/edit/7f3c', 'jobEdit'],
    ['/job/7f3c', 'jobDetails'],
    ['/job/7f3c/task/91aa', 'taskDetails'],
    ['/job/details/7f3c/location', 'jobLocation'],
    ['/plumbers', 'plumbers'],
    ['/plumbers/12', 'plumberDetails'],
    ['/plumbers/edit/12', 'plumberEdit'],
    ['/profile/view', 'profileView'],
    ['/about', 'about'],
    ['/helpsupport', 'helpSupport'],
    ['/notfound', 'notFound'],
    ['/job/details/7f3c/mainPage/joblist/type/NewJob', 'jobDetails'],
  ])('%s shows %s', (pathname, screen) => {
    expect(resolve(pathname).screen).toBe(screen);
  });

  it('passes the spec parameter names', () => {
    expect(resolve('/job/a/task/b').params).toMatchObject({ jobId: 'a', taskId: 'b' });
    expect(resolve('/plumbers/edit/5').params).toMatchObject({ id: '5' });
    expect(resolve('/job/details/j1/mainPage/planning/type/NewJob').params)
      .toMatchObject({ newJobId: 'j1', origin: 'planning', jobSource: 'NewJob' });
  });

  it.each(['/', '/unknown', '/joblist/extra', '/job', '/job/a/task', '/profile', '/job/details/1', '/assignmentlist/schedule', '/map'])(
    'unknown path %s falls to the catch-all',
    (pathname) => {
      expect(resolve(pathname).path).toBe('*');
    },
  );

  it('gives every listed path a screen (none is left redirected to /schedule)', () => {
    const later = ROUTE_TABLE.filter((r) => r.screen === null).map((r) => r.path).sort();
    expect(later).toEqual([]);
    expect(ROUTE_TABLE.find((r) => r.path === '/errorhandling')?.screen).toBe('errorHandling');
  });
});
