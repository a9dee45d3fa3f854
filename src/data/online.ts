/**
 * Whether the app can reach the server, as a hook the screens re-render with: the browser says it has
 * a network and the server answered the last request (reachability.ts: a reload without a network,
 * where Chromium still says online, or a network with no way out).
 */
import { useSyncExternalStore } from 'react';
import { isUnreachable, onReachability } from './reachability';

function subscribeOnline(listener: () => void): () => void {
  globalThis.addEventListener('online', listener);
  globalThis.addEventListener('offline', listener);
  const off = onReachability(listener);
  return () => {
    globalThis.removeEventListener('online', listener);
    globalThis.removeEventListener('offline', listener);
    off();
  };
}

const isReachable = () => navigator.onLine && !isUnreachable();
const serverOnline = () => true;

/** Whether the app can reach the server (live); the one hook for it. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isReachable, serverOnline);
}
