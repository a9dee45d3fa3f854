/**
 * Whether the server answered the app's last request. `navigator.onLine` only says the device has a
 * network: after a reload without one Chromium can still say true, and so does a Wi-Fi with no way out
 * ("lie-fi"). The header then said "Tilkoblet" while nothing could be sent. So the transport notes each
 * request's fate here (transport.ts): no answer at all makes the app unreachable until a request is
 * answered again or the browser says the network came back (online.ts), and the sync probes meanwhile
 * (pull.ts). Plain module state: runs in the page and in the service worker (each its own).
 */
let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (unreachable === next) return;
  unreachable = next;
  for (const l of listeners) l();
}

export function isUnreachable(): boolean {
  return unreachable;
}

/** A request got an answer (any status): the server is reachable. */
export function noteAnswered(): void {
  set(false);
}

/** A request got no answer at all (not one the app aborted). */
export function noteUnanswered(): void {
  set(true);
}

// The browser says the network came back: worth trying again at once (the sync does, on the same event).
globalThis.addEventListener?.('online', noteAnswered);

export function onReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
