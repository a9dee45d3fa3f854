/** Which requests belong to the plumber API: the auth hook and the input checks both ask. */

/** Whether a matched route (its pattern as registered) belongs to the API. */
export function isApiRoute(pattern: string | undefined): boolean {
  if (!pattern) return false;
  const p = pattern.toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}
