/** Which requests belong to the plumber API: the auth hook and the input checks both ask. */
import type { FastifyRequest } from 'fastify';

/** Whether a matched route (its pattern as registered) belongs to the API. */
export function isApiRoute(pattern: string | undefined): boolean {
  if (!pattern) return false;
  const p = pattern.toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}

/**
 * Whether a request's route needs a signed-in user: every /api route unless it says
 * `config: { public: true }`. The sign-in hook checks these, and counts their rate limits.
 */
export function isSignedInRoute(req: FastifyRequest): boolean {
  return isApiRoute(req.routeOptions.url) && req.routeOptions.config?.public !== true;
}
