/// <reference lib="webworker" />
/**
 * Meterwork's service worker (vite-plugin-pwa injectManifest entry): the app shell from the
 * precache, app routes answered with the precached index.html, and the outbox replayed on
 * Background Sync with the same code the page runs (src/data/replay.ts). The page hands over the
 * access token by postMessage; it is kept in IndexedDB so a sync after the worker restarted can
 * still send.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { db, META } from '../src/data/db';
import { setAccessTokenProvider, setWorkerIdentity } from '../src/data/identity';
import { OUTBOX_SYNC_TAG } from '../src/data/replay';
import { runReplay } from '../src/data/replay/run';
import { getLocalReplayState, subscribeReplayState } from '../src/data/status';
import { isTokenExpired, workerMessage, type WorkerCredentials, type WorkerReplayMessage } from '../src/data/workerMessages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/(api|oidc|hubs)(\/|$)/] }));

/**
 * The Service Worker static routing API (Chromium 123+): the browser answers the build's hashed
 * files (/assets/, precached under their own URL) from the caches itself, falling back to the
 * network, without waking this worker's JavaScript for each of them. A visit fetches the shell
 * and then a screen's dozen or more chunks at once, and every one of them went through the
 * worker's fetch handler, one after another on its thread (with 10,000 jobs a repeat visit
 * offline spent more time waiting there than rendering). Other browsers keep the fetch handler.
 * The API, sign-in and hub paths go to the network straight away: this worker never answers them,
 * yet each request (500 in an end-of-day sync from the page) was first dispatched to its fetch
 * handler and only then sent.
 */
interface RouterRule {
  condition: { urlPattern: { pathname: string } };
  source: 'cache' | 'network';
}
const NETWORK_ONLY = ['/api/*', '/oidc/*', '/hubs/*'];
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

self.addEventListener('install', (event: ExtendableEvent) => {
  const { addRoutes } = event as InstallEventWithRoutes;
  if (!addRoutes) return;
  const rules: RouterRule[] = [
    { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'cache' },
    ...NETWORK_ONLY.map((pathname): RouterRule => ({ condition: { urlPattern: { pathname } }, source: 'network' })),
  ];
  event.waitUntil(addRoutes.call(event, rules).catch(() => undefined));
});

// ---------------------------------------------------------------- credentials from the page

let credentials: WorkerCredentials | null = null;
let credentialsSet = false;

function adoptCredentials(c: WorkerCredentials | null): void {
  credentials = c;
  credentialsSet = true;
  setWorkerIdentity(c ? { userId: c.userId, customerId: c.customerId } : null);
}

const loaded = db.meta
  .get(META.workerCredentials)
  .then((row) => {
    // A message may have arrived while reading: it is newer.
    if (!credentialsSet) adoptCredentials((row?.value as WorkerCredentials | undefined) ?? null);
  })
  .catch(() => undefined);

setAccessTokenProvider(async () => {
  await loaded;
  return credentials && !isTokenExpired(credentials.token, Date.now()) ? credentials.token : null;
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = workerMessage(event.data);
  if (!message) return;
  if (message.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
    return;
  }
  const next = message.token ? { token: message.token, customerId: message.customerId, userId: message.userId } : null;
  adoptCredentials(next);
  event.waitUntil(
    next ? db.meta.put({ key: META.workerCredentials, value: next }) : db.meta.delete(META.workerCredentials),
  );
});

self.addEventListener('activate', (event) => {
  // The first install controls the open page at once, so the page can hand over its token.
  event.waitUntil(self.clients.claim());
});

// ---------------------------------------------------------------- Background Sync

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function replayForSync(): Promise<void> {
  await loaded;
  const result = await runReplay();
  // Rejecting makes the browser fire the sync again later, with its own backoff.
  if (result.stop === 'offline' || result.stop === 'retry') throw new Error(`outbox replay stopped: ${result.stop}`);
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayForSync());
});

// The pages show the worker's replay progress too: its start and end at once, the count in between
// at most every PROGRESS_POST_MS (the pages show it at most every 250 ms anyway; a message per
// answer cost a clients lookup here and a render there for each command).
const PROGRESS_POST_MS = 200;
let postedReplaying = false;
let progressTimer: ReturnType<typeof setTimeout> | null = null;

function postProgress(): void {
  if (progressTimer) clearTimeout(progressTimer);
  progressTimer = null;
  const message: WorkerReplayMessage = { type: 'replay-status', state: getLocalReplayState() };
  postedReplaying = message.state.replaying;
  void self.clients
    .matchAll({ type: 'window', includeUncontrolled: true })
    .then((clients) => clients.forEach((c) => c.postMessage(message)));
}

subscribeReplayState(() => {
  if (getLocalReplayState().replaying !== postedReplaying) postProgress();
  else progressTimer ??= setTimeout(postProgress, PROGRESS_POST_MS);
});
