/**
 * PUT /api/Schedule/presence and DELETE /api/Schedule/presence/{viewId}: the calendar tab says it has a
 * plumber's week open, hears who else has, and says when it leaves (src/domain/schemas/presence.ts).
 */
import { onAccessToken, getRequestIdentity } from '../../../data/identity';
import { apiFetch } from '../../../data/transport';
import type { Presence, PresenceBody } from '../../../domain/schemas/presence';

export function beatPresence(body: PresenceBody, signal?: AbortSignal): Promise<Presence> {
  return apiFetch<Presence>('/api/Schedule/presence', { method: 'PUT', body, signal });
}

export function leavePresence(viewId: string): Promise<void> {
  return apiFetch<void>(`/api/Schedule/presence/${viewId}`, { method: 'DELETE' });
}

// A page being closed cannot wait for a token: the last one handed out (the heartbeat's) goes with the leave.
let lastToken: string | null = null;
onAccessToken((token) => { lastToken = token; });

/** The leave sent while the page is being closed: a keepalive request, outliving the page. */
export function leavePresenceOnUnload(viewId: string): void {
  const headers: Record<string, string> = {};
  if (lastToken) headers.Authorization = `Bearer ${lastToken}`;
  const identity = getRequestIdentity();
  if (identity) headers['X-WAAPI-CONTEXT'] = identity.customerId;
  void fetch(`/api/Schedule/presence/${viewId}`, { method: 'DELETE', headers, keepalive: true }).catch(() => {});
}
