/** The SignalR hub on real PostgreSQL, with the real @microsoft/signalr client against the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import WebSocket from 'ws';
import type { PlumberNotification } from '../../src/domain/api';
import { HUB_EVENT, HUB_PATH } from '../../src/domain/constants';
import { buildApp } from '../../server/app';
import { createContext } from '../../server/context';
import { loadConfig } from '../../server/config';
import { seedTestPeople, startTestApp, TEST_PASSWORD, type TestApp, type TestPeople } from '../helpers/app';

let t: TestApp;
let people: TestPeople;
const tokens: Partial<Record<'adminA' | 'plumberA' | 'adminB' | 'adminC', string>> = {};
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await startTestApp({ seed: async (db) => { people = await seedTestPeople(db); } });
  for (const who of ['adminA', 'plumberA', 'adminB', 'adminC'] as const) tokens[who] = await t.login(people.email[who], TEST_PASSWORD);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t?.close();
});

const RS = '\u001e';

/** A client as the web app builds it, but with the token in a header as Node clients send it. */
async function connect(token: string, baseUrl = t.baseUrl) {
  const received: PlumberNotification[] = [];
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}${HUB_PATH}`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(HUB_EVENT, (n: PlumberNotification) => received.push(n));
  await connection.start();
  open.push(connection);
  return { connection, received };
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const register = (companyId: string) => fetch(`${t.baseUrl}/oidc/register`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    firstName: 'Ny', lastName: 'Rørlegger', email: `ny.${Date.now()}.${Math.random()}@example.no`, mobile: '41234567',
    password: 'hemmelig123', companyId, gdprConsent: 'true',
  }).toString(),
});

describe('negotiate', () => {
  it('needs a valid token', async () => {
    expect((await fetch(`${t.baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST' })).status).toBe(401);
    const bad = await fetch(`${t.baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
  });

  it('offers WebSockets with text frames', async () => {
    const res = await fetch(`${t.baseUrl}${HUB_PATH}/negotiate?negotiateVersion=1`, { method: 'POST', headers: { authorization: `Bearer ${tokens.adminA}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
  });
});

describe('protocol', () => {
  const wsUrl = (query: string) => `${t.baseUrl.replace('http', 'ws')}${HUB_PATH}?${query}`;

  it('accepts the browser form (access_token in the query), answers the handshake and ends messages with 0x1E', async () => {
    const ws = new WebSocket(wsUrl(`id=abc&access_token=${encodeURIComponent(tokens.adminA!)}`));
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await until(() => frames.length > 0);
    expect(frames[0]).toBe(`{}${RS}`);
    // This hub has no server methods: an invocation is answered with an error completion.
    ws.send(`${JSON.stringify({ type: 1, invocationId: '7', target: 'Nothing', arguments: [] })}${RS}`);
    await until(() => frames.length > 1);
    expect(JSON.parse(frames[1].slice(0, -1))).toEqual({ type: 3, invocationId: '7', error: 'Method does not exist.' });
    ws.close();
  });

  it('refuses an upgrade without a valid token', async () => {
    for (const query of ['id=abc', 'id=abc&access_token=garbage']) {
      const ws = new WebSocket(wsUrl(query));
      ws.on('error', () => {});
      const status = await new Promise<number>((resolve) => {
        ws.once('unexpected-response', (req, res) => {
          req.destroy();
          resolve(res.statusCode ?? 0);
        });
        ws.once('open', () => resolve(101));
      });
      expect(status).toBe(401);
    }
  });

  it('refuses another protocol', async () => {
    const ws = new WebSocket(wsUrl(`access_token=${encodeURIComponent(tokens.adminA!)}`));
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.send(`{"protocol":"messagepack","version":1}${RS}`);
    await closed;
    expect(JSON.parse(frames[0].slice(0, -1)).error).toMatch(/not supported/);
  });
});

describe('plumber notification', () => {
  it("reaches the company's admins when a plumber registers, and no one else", async () => {
    const adminA = await connect(tokens.adminA!);
    const plumberA = await connect(tokens.plumberA!);
    const adminB = await connect(tokens.adminB!);
    const adminC = await connect(tokens.adminC!);

    expect((await register(people.companyA.id)).status).toBe(303);
    await until(() => adminA.received.length === 1);
    expect(adminA.received[0]).toEqual({ OrganizationNumber: people.companyA.orgNumber, CustomerId: people.customerId, NotificationType: 'Registration' });

    // An event for company B proves the others' connections work; they still got nothing from A.
    expect((await register(people.companyB.id)).status).toBe(303);
    await until(() => adminB.received.length === 1);
    expect(adminB.received[0].OrganizationNumber).toBe(people.companyB.orgNumber);
    expect(plumberA.received).toEqual([]);
    expect(adminC.received).toEqual([]);
    expect(adminA.received).toHaveLength(1);
  });

  it('sends batch events to everyone in the company', async () => {
    const plumberA = await connect(tokens.plumberA!);
    const adminB = await connect(tokens.adminB!);
    const batch = { OrganizationNumber: people.companyA.orgNumber, CustomerId: people.customerId, NotificationType: 'BatchStatus', BatchJobId: 'b-1' };
    await t.app.hub.publish(people.companyA.id, batch);
    await until(() => plumberA.received.length === 1);
    expect(plumberA.received[0]).toEqual(batch);
    await t.app.hub.publish(people.companyB.id, { ...batch, OrganizationNumber: people.companyB.orgNumber });
    await until(() => adminB.received.length === 1);
    expect(plumberA.received).toHaveLength(1);
  });

  it('crosses server processes through PostgreSQL', async () => {
    // A second server on the same database and issuer, as behind a load balancer.
    const port = Number(new URL(t.baseUrl).port) + 1;
    const other = await buildApp(createContext(loadConfig({ port, publicUrl: t.baseUrl, logLevel: 'silent', webDir: t.app.context.config.webDir }), t.database));
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = other.server.address() as { port: number };
      const admin = await connect(tokens.adminA!, `http://127.0.0.1:${address.port}`);
      expect((await register(people.companyA.id)).status).toBe(303);
      await until(() => admin.received.length === 1);
      expect(admin.received[0].NotificationType).toBe('Registration');
    } finally {
      await other.close();
    }
  });

  it('closes its connections when the server stops', async () => {
    const port = Number(new URL(t.baseUrl).port) + 2;
    const other = await buildApp(createContext(loadConfig({ port, publicUrl: t.baseUrl, logLevel: 'silent', webDir: t.app.context.config.webDir }), t.database));
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address() as { port: number };
    const { connection } = await connect(tokens.adminA!, `http://127.0.0.1:${address.port}`);
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    expect(other.hub.connectionCount()).toBe(1);
    const started = Date.now();
    await other.close();
    expect(await closed).toBeUndefined();
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    // Far below ws's own 30 s close timeout: the server does not wait for slow clients.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
