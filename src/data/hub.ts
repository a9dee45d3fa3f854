/**
 * The real-time hub (spec 1 §7): a SignalR connection to /hubs/notifications that delivers
 * 'plumber notification' events, reconnecting on its own whenever the network or server comes back.
 */
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { PlumberNotification } from '../domain/api';
import { HUB_EVENT, HUB_PATH } from '../domain/constants';
import { getAccessToken } from './identity';

const MAX_RETRY_DELAY_MS = 30_000;

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

function retryDelay(attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** attempt);
}

/** Connects and keeps connecting until the returned function is called. */
export function startHub(onNotification: (n: PlumberNotification) => void): () => void {
  const connection = new HubConnectionBuilder()
    .withUrl(HUB_PATH, {
      // An empty token is refused by the server; the retry below asks again later.
      accessTokenFactory: async () => (await getAccessToken().catch(() => null)) ?? '',
      transport: HttpTransportType.WebSockets,
    })
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (ctx) => retryDelay(ctx.previousRetryCount) })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(HUB_EVENT, (n: PlumberNotification) => onNotification(n));

  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    timer = null;
    if (stopped || connection.state !== HubConnectionState.Disconnected) return;
    try {
      await connection.start();
      attempt = 0;
    } catch {
      // Automatic reconnect covers lost connections only, not a first start that failed (e.g. offline).
      if (!stopped) timer = setTimeout(() => void connect(), retryDelay(attempt++));
    }
  };
  const connectNow = () => {
    if (timer) clearTimeout(timer);
    attempt = 0;
    void connect();
  };

  connection.onclose(() => {
    if (!stopped) timer = setTimeout(() => void connect(), retryDelay(attempt++));
  });
  globalThis.addEventListener?.('online', connectNow);
  void connect();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    globalThis.removeEventListener?.('online', connectNow);
    void connection.stop();
  };
}
