/**
 * Screens hear the app's one hub connection (hub.ts onHubNotification) instead of opening their own:
 * with SignalR faked, one connection is built, its notifications reach every listener as well as the
 * app's own callback, and a listener that has stopped hears nothing more.
 */
import { expect, it, vi } from 'vitest';
import type { PlumberNotification } from '../domain/api';

const fake = vi.hoisted(() => ({ builds: 0, handler: null as null | ((n: unknown) => void) }));

vi.mock('./identity', () => ({ getAccessToken: async () => 'token' }));
vi.mock('@microsoft/signalr', () => {
  const connection = {
    state: 'Connected',
    start: async () => undefined,
    stop: async () => undefined,
    on: (_event: string, handler: (n: unknown) => void) => { fake.handler = handler; },
    onclose: () => undefined,
    onreconnected: () => undefined,
  };
  class HubConnectionBuilder {
    withUrl() { return this; }
    withAutomaticReconnect() { return this; }
    configureLogging() { return this; }
    build() { fake.builds++; return connection; }
  }
  return {
    HubConnectionBuilder,
    HubConnectionState: { Disconnected: 'Disconnected', Connected: 'Connected' },
    HttpTransportType: { WebSockets: 1 },
    LogLevel: { None: 6 },
  };
});

const { onHubNotification, startHub } = await import('./hub');

const note = (BatchJobId: string): PlumberNotification => ({ OrganizationNumber: '1', CustomerId: 'c', NotificationType: 'ScheduleBatch', BatchJobId });

it('a listener hears the app\'s connection; none is opened for it; stopping it stops the notifications', () => {
  const app: PlumberNotification[] = [];
  const stopApp = startHub((n) => app.push(n));
  const heard: PlumberNotification[] = [];
  const stop = onHubNotification((n) => heard.push(n));
  expect(fake.builds).toBe(1);
  fake.handler!(note('a'));
  expect(app).toHaveLength(1);
  expect(heard.map((n) => n.BatchJobId)).toEqual(['a']);
  stop();
  fake.handler!(note('b'));
  expect(app).toHaveLength(2);
  expect(heard).toHaveLength(1);
  expect(fake.builds).toBe(1);
  stopApp();
});
