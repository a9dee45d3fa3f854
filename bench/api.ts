/**
 * Budget: job list page and job details p99 under 50 ms with 100,000 jobs in the database.
 * The whole server (auth guard, schemas, serialization) in its own thread on an embedded
 * PostgreSQL, with the demo data plus synthetic jobs up to `jobCount`; the client signs in through
 * the real OIDC flow and sends many sequential requests over loopback. Set DATABASE_URL to measure
 * against another PostgreSQL (its database is wiped first). Run alone: `npx tsx bench/api.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { createContext } from '../server/context';
import { loadConfig } from '../server/config';
import { connect, migrateDb } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { DEMO_PASSWORD, DEMO_SIGN_INS, insertSyntheticJobs, seedDemoData } from '../server/db/seed';
import { signInWithPassword } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/freePort';

export interface ApiCase {
  name: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ApiBench {
  jobCount: number;
  seedMs: number;
  budgetMs: number;
  cases: ApiCase[];
  worstP99Ms: number;
  withinBudget: boolean;
}

const BASELINE = 'baseline: GET /api/TaskStatus';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Deterministic pseudo-random numbers, so every run asks for the same pages and jobs. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export async function runApiBench(opts: { jobCount?: number; requests?: number } = {}): Promise<ApiBench> {
  const jobCount = opts.jobCount ?? 100_000;
  const requests = opts.requests ?? 1_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-bench-'));
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dir, await freePort(), 'meterwork_bench');
  const url = process.env.DATABASE_URL ?? embedded!.url;
  const database = connect(url);
  try {
    const reset = new pg.Client({ connectionString: url });
    await reset.connect();
    await reset.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public');
    await reset.end();
    await migrateDb(database.db);

    const seedStart = performance.now();
    await seedDemoData(database.db);
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`);
    await insertSyntheticJobs(database.db, Math.max(0, jobCount - rows[0].n));
    const seedMs = performance.now() - seedStart;

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startServerThread({ url, port, webDir: path.join(dir, 'no-web') });
    try {
      const token = async (email: string) => {
        const result = await signInWithPassword(baseUrl, loadConfig().oidcClientId, email, DEMO_PASSWORD);
        if (!result.ok) throw new Error(`sign-in of ${email} failed with ${result.status}`);
        return result.tokens.access_token;
      };
      const admin = await token(DEMO_SIGN_INS[0].email);
      const plumber = await token(DEMO_SIGN_INS[1].email);
      const customerOf = (t: string) => String(JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString()).customer_id);
      const get = async (t: string, p: string) => {
        const res = await fetch(`${baseUrl}${p}`, { headers: { authorization: `Bearer ${t}`, 'x-waapi-context': customerOf(t) } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
        return body;
      };

      const first = JSON.parse(await get(admin, '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=25')) as { numberOfPages: number };
      const ids = (await database.db.execute<{ id: string }>(sql`
        select id from jobs where company_id = (select company_id from users where email = ${DEMO_SIGN_INS[0].email}) and deleted_at is null`)).rows.map((r) => r.id);

      const random = rng(7);
      // The baseline (token check and a tiny lookup) shows what every request costs; it is not a budget case.
      const cases: [string, string, () => string][] = [
        [BASELINE, admin, () => '/api/TaskStatus'],
        ['GetJobsPage admin, first page', admin, () => '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=25'],
        ['GetJobsPage admin, pages 1-40 (Load more)', admin, () => `/api/Jobs/GetJobsPage?pageNumber=${1 + Math.floor(random() * 40)}&pageSize=25`],
        ['GetJobsPage admin, any page', admin, () => `/api/Jobs/GetJobsPage?pageNumber=${1 + Math.floor(random() * first.numberOfPages)}&pageSize=25`],
        ['GetJobsPage admin, status In progress', admin, () => '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=25&statusId=2'],
        ['GetJobsPage plumber, first page', plumber, () => '/api/Jobs/GetJobsPage?pageNumber=1&pageSize=25'],
        ['job details (admin, random job)', admin, () => `/api/jobs/${ids[Math.floor(random() * ids.length)]}`],
      ];

      const results: ApiCase[] = [];
      for (const [name, t, next] of cases) {
        for (let i = 0; i < 50; i++) await get(t, next());
        const times: number[] = [];
        for (let i = 0; i < requests; i++) {
          const p = next();
          const s = performance.now();
          await get(t, p);
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        results.push({ name, requests, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), p99Ms: percentile(times, 0.99), maxMs: times[times.length - 1] });
      }
      const budgetMs = 50;
      const worstP99Ms = Math.max(...results.filter((r) => r.name !== BASELINE).map((r) => r.p99Ms));
      return { jobCount: (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`)).rows[0].n, seedMs, budgetMs, cases: results, worstP99Ms, withinBudget: worstP99Ms <= budgetMs };
    } finally {
      await server.terminate();
    }
  } finally {
    await database.close();
    if (embedded) await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface ServerData {
  url: string;
  port: number;
  webDir: string;
}

/** The server in a worker thread, so the client's requests do not share its event loop. */
async function startServerThread(data: ServerData): Promise<Worker> {
  // Loader hooks are per thread: the worker registers tsx before it loads this file.
  const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: data });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve()));
    worker.once('error', reject);
  });
  return worker;
}

async function serve(data: ServerData): Promise<void> {
  const database = connect(data.url);
  // The main thread stops PostgreSQL under this pool when the run ends.
  database.pool.on('error', () => {});
  const defaults = loadConfig();
  // The limits are counted (their cost is in the figures) but set out of reach: one user sends
  // thousands of requests a minute here.
  const rateLimit = { ...defaults.rateLimit, perIpPerMinute: 1e9, perUserPerMinute: 1e9 };
  const config = loadConfig({ port: data.port, publicUrl: `http://127.0.0.1:${data.port}`, logLevel: 'silent', webDir: data.webDir, databaseUrl: data.url, rateLimit });
  const app = await buildApp(createContext(config, database));
  await app.listen({ port: data.port, host: '127.0.0.1' });
}

export function formatApiBench(b: ApiBench): string {
  const ms = (v: number) => v.toFixed(1).padStart(7);
  const lines = [
    `API with ${b.jobCount.toLocaleString('en')} jobs (seeded in ${(b.seedMs / 1000).toFixed(1)} s), budget p99 < ${b.budgetMs} ms`,
    `${'case'.padEnd(44)}     p50     p95     p99     max`,
    ...b.cases.map((c) => `${c.name.padEnd(44)} ${ms(c.p50Ms)} ${ms(c.p95Ms)} ${ms(c.p99Ms)} ${ms(c.maxMs)}`),
    `worst p99 ${b.worstP99Ms.toFixed(1)} ms: ${b.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  ];
  return lines.join('\n');
}

if (!isMainThread && (workerData as ServerData | null)?.url) {
  serve(workerData as ServerData).then(
    () => parentPort!.postMessage({}),
    (err: Error) => parentPort!.postMessage({ error: err.stack ?? String(err) }),
  );
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runApiBench().then((b) => {
    console.log(formatApiBench(b));
    process.exit(b.withinBudget ? 0 : 1);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
