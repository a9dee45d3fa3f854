/** Whether the browser says it is online, as a hook the screens re-render with. */
import { useSyncExternalStore } from 'react';

function subscribeOnline(listener: () => void): () => void {
  globalThis.addEventListener('online', listener);
  globalThis.addEventListener('offline', listener);
  return () => {
    globalThis.removeEventListener('online', listener);
    globalThis.removeEventListener('offline', listener);
  };
}

const getOnline = () => navigator.onLine;
const serverOnline = () => true;

/** Whether the browser says it is online (live); the one hook for it. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, getOnline, serverOnline);
}
