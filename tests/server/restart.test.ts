/**
 * Issue 7 §3, with the real `npm start` entry (server/main.ts) in a child process and its embedded
 * PostgreSQL: kill -9, then start again and serve with nothing committed lost; a port in use is a
 * clear failure that leaves no PostgreSQL behind; SIGTERM stops everything within seconds while a
 * keep-alive connection, a half-sent request and a hub websocket are open.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { freePort } from '../helpers/freePort';
import { signInWithPassword } from '../helpers/app';

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // Orphans a failed test may have left: stop them by their pid files.
  const { stopOrphan } = await import('../../server/db/embedded');
  for (const d of dirs) {
    await stopOrphan(path.join(d, 'postgres')).catch(() => {});
    fs.rmSync(d, { recursive: true, force: true });
  }
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-restart-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

function start(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, BUILD_WEB: 'false', WEB_DIR: path.join(os.tmpdir(), 'meterwork-no-web-build'), LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => out, exited };
}

/**
 * Waits for /api/health to answer 200. A server that exits first fails at once with what it printed,
 * so a failed start says why instead of timing out blind.
 */
async function healthy(server: Server, port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void server.exited.then((e) => { exit = e; });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return;
    } catch { /* not yet */ }
    if (exit) throw new Error(`the server exited (${JSON.stringify(exit)}) before it was healthy on ${port}; it printed:\n${server.output().slice(-4000)}`);
    if (Date.now() > until) throw new Error(`not healthy on ${port} after ${ms} ms; it printed:\n${server.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A first start on fresh ports. Ports from freePort() are free when chosen, but a test in another
 * worker may take one before the server binds it; the server then exits naming the port, and only
 * then is the start tried again on new ports. Any other failure fails the test.
 */
async function startOnFreePorts(dir: string, extra: Record<string, string>, ms: number): Promise<{ server: Server; env: Record<string, string>; port: number; pgPort: number }> {
  for (let attempt = 1; ; attempt++) {
    const [port, pgPort] = [await freePort(), await freePort()];
    const env = { PORT: String(port), DATA_DIR: dir, EMBEDDED_PG_PORT: String(pgPort), PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra };
    const server = start(env);
    try {
      await healthy(server, port, ms);
      return { server, env, port, pgPort };
    } catch (e) {
      const taken = server.child.exitCode !== null && /is in use/.test(server.output());
      if (!taken || attempt >= 3) throw e;
    }
  }
}

const postmasterPid = (dir: string): number | null => {
  try {
    return Number(fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
};
const alive = (pid: number | null) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function query<T extends pg.QueryResultRow>(pgPort: number, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: `postgres://meterwork:meterwork@127.0.0.1:${pgPort}/meterwork` });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('kill -9 and start again', () => {
  it('finds the PostgreSQL the dead server left running, stops it, serves again, and keeps what was committed', async () => {
    const dir = dataDir();
    const { server: first, env, port, pgPort } = await startOnFreePorts(dir, {}, 180_000);
    await query(pgPort, "insert into customers (number, name) values ('9901', 'Før krasjet')");

    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmasterPid(dir);
    expect(alive(orphan)).toBe(true);

    const began = Date.now();
    const second = start(env);
    await healthy(second, port, 90_000);
    const restartMs = Date.now() - began;
    console.log(`restart after kill -9: ${restartMs} ms to a healthy /api/health`);
    expect(second.output()).toContain('from an earlier run is still using');
    expect(second.output()).not.toMatch(/\bundefined\b/);
    expect(alive(orphan)).toBe(false);
    expect(await query(pgPort, "select name from customers where number = '9901'")).toEqual([{ name: 'Før krasjet' }]);

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(alive(postmasterPid(dir))).toBe(false);
  }, 360_000);
});

describe('a port in use', () => {
  it('ends the start with a clear message and a non-zero exit, and leaves no PostgreSQL running', async () => {
    const dir = dataDir();
    const blocker = net.createServer().listen(0, '0.0.0.0');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const server = start({ PORT: String(port), DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()) });
      const { code } = await server.exited;
      expect(code).not.toBe(0);
      expect(server.output()).toContain(`Port ${port} is in use by another program`);
      expect(server.output()).not.toMatch(/\bundefined\b/);
      expect(alive(postmasterPid(dir))).toBe(false);
    } finally {
      blocker.close();
    }
  }, 120_000);

  it('names the embedded PostgreSQL\'s port when that one is taken', async () => {
    const dir = dataDir();
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const pgPort = (blocker.address() as net.AddressInfo).port;
    try {
      const server = start({ PORT: String(await freePort()), DATA_DIR: dir, EMBEDDED_PG_PORT: String(pgPort) });
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toContain(`Port ${pgPort} for the embedded PostgreSQL is in use`);
    } finally {
      blocker.close();
    }
  }, 120_000);
});

describe('SIGTERM', () => {
  it('stops everything within seconds with a keep-alive connection, a half-sent request and a hub websocket open', async () => {
    const dir = dataDir();
    const { server, port } = await startOnFreePorts(dir, { SEED_DEMO_DATA: 'true' }, 180_000);
    const baseUrl = `http://127.0.0.1:${port}`;

    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => http.get(`${baseUrl}/api/health`, { agent }, (res) => { res.resume(); res.on('end', () => resolve()); }).on('error', reject));
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((r) => slow.once('connect', r));
    slow.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const signedIn = await signInWithPassword(baseUrl, 'meterwork-web', 'ola.hansen@sandvika-ror.no', DEMO_PASSWORD);
    if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/hubs/notifications?id=x`, { headers: { authorization: `Bearer ${signedIn.tokens.access_token}` } });
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    ws.send(`${JSON.stringify({ protocol: 'json', version: 1 })}\u001e`);
    const wsClosed = new Promise((r) => ws.once('close', r));

    const began = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    const stopMs = Date.now() - began;
    console.log(`SIGTERM to exit with open connections: ${stopMs} ms`);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(8_000);
    await wsClosed;
    expect(alive(postmasterPid(dir))).toBe(false);
    slow.destroy();
    agent.destroy();
  }, 360_000);
});
