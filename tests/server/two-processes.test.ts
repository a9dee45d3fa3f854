/**
 * Two server processes on one PostgreSQL behind one port (issue 7 "Operations"): a round-robin proxy
 * sends every request and websocket to the next process. Sign-in (its interaction state in one
 * process, the form post in the other), a hub event published by one reaching a socket held by the
 * other, and a replayed command (same Idempotency-Key, other process) applied once.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { sql } from 'drizzle-orm';
import type { PlumberNotification } from '../../src/domain/api';
import { HUB_EVENT, HUB_PATH } from '../../src/domain/constants';
import { NotificationType, Role } from '../../src/domain/enums';
import { DEMO_PASSWORD, seedDemoData } from '../../server/db/seed';
import { freePort } from '../helpers/freePort';
import { signInWithPassword, startTestApp, tokenClaims, type TestApp } from '../helpers/app';
import { createBody, EMAILS, type Demo } from './jobs-fixtures';

let proxyUrl: string;
let proxy: http.Server;
let a: TestApp;
let b: TestApp;
const served: string[] = [];
/** Which process answered what: "METHOD path" → port. */
const routed: { what: string; port: string }[] = [];
const hubs: HubConnection[] = [];

beforeAll(async () => {
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  a = await startTestApp({ seed: async (db) => { await seedDemoData(db, undefined, { registerSize: 300 }); }, config: { publicUrl: proxyUrl } });
  b = await startTestApp({ database: a.database, config: { publicUrl: proxyUrl } });
  const targets = [new URL(a.baseUrl), new URL(b.baseUrl)];
  let next = 0;
  const pick = () => targets[next++ % targets.length];

  proxy = http.createServer((req, res) => {
    const target = pick();
    served.push(target.port);
    routed.push({ what: `${req.method} ${req.url?.split('?')[0]}`, port: target.port });
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(upstream);
  });
  // Websocket upgrades are passed through as raw TCP to the next process.
  proxy.on('upgrade', (req, socket, head) => {
    const target = pick();
    served.push(target.port);
    routed.push({ what: `UPGRADE ${req.url?.split('?')[0]}`, port: target.port });
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  await Promise.all(hubs.map((h) => h.stop()));
  proxy?.close();
  await b?.close();
  await a?.close();
});

async function signIn(email: string): Promise<string> {
  const result = await signInWithPassword(proxyUrl, 'meterwork-web', email, DEMO_PASSWORD);
  if (!result.ok) throw new Error(`sign-in through the proxy stopped with ${result.status}`);
  return result.tokens.access_token;
}

async function api(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${proxyUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id), 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) as unknown : text };
}

describe('two processes behind one port', () => {
  it('signs in, delivers hub events across processes, and applies a replayed command once', async () => {
    const admin = await signIn(EMAILS.kari);
    const plumber = await signIn(EMAILS.ola);
    // Both processes answered parts of the sign-in flows.
    expect(new Set(served).size).toBe(2);

    const events: PlumberNotification[] = [];
    const hub = new HubConnectionBuilder()
      .withUrl(`${proxyUrl}${HUB_PATH}`, { accessTokenFactory: () => plumber, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    hub.on(HUB_EVENT, (n: PlumberNotification) => events.push(n));
    await hub.start();
    hubs.push(hub);

    // The same command twice, as a device replays it after a lost answer: the proxy sends the two
    // copies to different processes; the job exists once and the second answer is the stored one.
    const demo = { t: a, reg: async () => (await a.database.db.execute<{ r: number }>(sql`select registration_id as r from users where email = ${EMAILS.ola}`)).rows[0].r } as unknown as Demo;
    const body = await createBody(demo, 'ola', Role.PlumberAdmin);
    const key = { 'idempotency-key': `two-processes-${body.jobId}` };
    const first = await api(admin, 'POST', '/api/Jobs', body, key);
    const second = await api(admin, 'POST', '/api/Jobs', body, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.replayed).toBe('true');
    expect(second.body).toEqual(first.body);
    const { rows } = await a.database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where id = ${body.jobId}`);
    expect(rows[0].n).toBe(1);

    // The create was committed by one process; the plumber's socket is held by one of the two.
    await expect.poll(() => events.filter((e) => e.NotificationType === NotificationType.JobsChanged).length, { timeout: 10_000 }).toBe(1);
    // ... and they were not the same process: the event crossed through PostgreSQL.
    const socketPort = routed.find((r) => r.what.startsWith('UPGRADE'))!.port;
    const createPort = routed.find((r) => r.what === 'POST /api/Jobs')!.port;
    expect(createPort).not.toBe(socketPort);
    const job = await api(plumber, 'GET', `/api/jobs/${body.jobId}`);
    expect(job.status).toBe(200);
  }, 120_000);
});
