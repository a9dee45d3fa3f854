/**
 * The real-time hub (spec 1 §7): a SignalR connection to /hubs/notifications that delivers
 * 'plumber notification' events, reconnecting on its own whenever the network or server comes back.
 * While the browser knows it is offline it does not try at all and waits for 'online'; otherwise
 * failed attempts back off (backoff.ts), so a device in a basement does not retry every few seconds.
 */
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { PlumberNotification } from '../domain/api';
import { HUB_EVENT, HUB_PATH } from '../domain/constants';
import { Backoff } from './backoff';
import { getAccessToken } from './identity';

const FIRST_RETRY_DELAY_MS = 1_000;
const MAX_RETRY_DELAY_MS = 2 * 60_000;

/** Ids and numbers compare with braces removed and case ignored (spec 1 §7). */
function normalise(value: string | null | undefined): string {
  return (value ?? '').replace(/[{}]/g, '').trim().toLowerCase();
}

/** Is this notification for the user's company (organisation number) and customer? */
export function matchesNotification(n: PlumberNotification, orgNumber: string | null | undefined, customerId: string | null | undefined): boolean {
  const org = normalise(orgNumber);
  const customer = normalise(customerId);
  return org !== '' && customer !== '' && normalise(n.OrganizationNumber) === org && normalise(n.CustomerId) === customer;
}

function knownOffline(): boolean {
  return (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
}

type HubListener = (n: PlumberNotification) => void;
const listeners = new Set<HubListener>();

/**
 * Hears the app's own connection (the one src/app/useHubNotifications.ts starts) without opening
 * another: each 'plumber notification' it receives reaches `listener` until the returned function is
 * called. Filtering (matchesNotification, the kind) is the listener's.
 */
export function onHubNotification(listener: HubListener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/**
 * Connects and keeps connecting until the returned function is called. The app starts one (and
 * screens listen through onHubNotification), so a device holds one connection.
 */
export function startHub(onNotification: HubListener): () => void {
  const backoff = new Backoff({ firstMs: FIRST_RETRY_DELAY_MS, maxMs: MAX_RETRY_DELAY_MS });
  const connection = new HubConnectionBuilder()
    .withUrl(HUB_PATH, {
      // An empty token is refused by the server; the retry below asks again later.
      accessTokenFactory: async () => (await getAccessToken().catch(() => null)) ?? '',
      transport: HttpTransportType.WebSockets,
    })
    // Offline, SignalR gives up (null) and the connection closes: onclose below waits for 'online'.
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => (knownOffline() ? null : backoff.next()) })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(HUB_EVENT, (n: PlumberNotification) => {
    onNotification(n);
    for (const listener of listeners) listener(n);
  });

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const retryLater = () => {
    if (stopped || timer) return;
    // The 'online' event connects again.
    if (knownOffline()) return;
    timer = setTimeout(() => void connect(), backoff.next());
  };
  const connect = async () => {
    timer = null;
    if (stopped || connection.state !== HubConnectionState.Disconnected) return;
    if (knownOffline()) return;
    try {
      await connection.start();
      backoff.reset();
    } catch {
      // Automatic reconnect covers lost connections only, not a first start that failed (e.g. offline).
      retryLater();
    }
  };
  const connectNow = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    backoff.reset();
    void connect();
  };

  connection.onreconnected(() => backoff.reset());
  connection.onclose(retryLater);
  globalThis.addEventListener?.('online', connectNow);
  void connect();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    globalThis.removeEventListener?.('online', connectNow);
    void connection.stop();
  };
}
