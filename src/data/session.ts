/**
 * The signed-in user, as the rest of the app sees it. The auth feature sets it after sign-in (and
 * from the replica's meta table when starting offline); screens read it with useSession().
 * The state itself lives in identity.ts so the service worker can use it without React.
 */
import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './identity';

export { getAccessToken, getSession, setAccessTokenProvider, setSession } from './identity';
export type { Session } from './identity';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
