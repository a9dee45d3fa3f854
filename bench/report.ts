/**
 * Budget (DESIGN.md): the completed-jobs report with 20,000 rows: a page request (with and without a
 * search) p99 < 50 ms, and the .xlsx of all rows streamed in < 3 s with flat server memory. The server
 * runs in its own thread (bench/serverThread.ts) on an embedded PostgreSQL with the demo data plus
 * synthetic jobs until the demo admin's company has `rows` completed ones. Memory: the process's RSS
 * (server thread included; the client reads the download and keeps nothing) sampled every 10 ms
 * during the export, against the size of the file. Run alone: `npx tsx bench/report.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { connect, migrateDb } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { DEMO_PASSWORD, DEMO_SIGN_INS, insertSyntheticJobs, seedDemoData } from '../server/db/seed';
import { formatQueryDate } from '../src/domain/reports/range';
import { addDays, osloDayParts } from '../src/domain/time/oslo';
import { signInWithPassword } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/freePort';
import { startServerThread } from './serverThread';

export interface ReportBench {
  rows: number;
  cases: { name: string; requests: number; p50Ms: number; p99Ms: number }[];
  pageBudgetMs: number;
  exportMs: number;
  exportBytes: number;
  exportBudgetMs: number;
  rssBeforeMb: number;
  rssPeakGrowthMb: number;
  withinBudget: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const mb = (b: number) => b / 1024 / 1024;

export async function runReportBench(opts: { rows?: number; requests?: number } = {}): Promise<ReportBench> {
  const wanted = opts.rows ?? 20_000;
  const requests = opts.requests ?? 500;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-report-bench-'));
  const embedded = await startEmbeddedPostgres(dir, await freePort(), 'meterwork_report_bench');
  const database = connect(embedded.url);
  try {
    await migrateDb(database.db);
    await seedDemoData(database.db);
    const adminEmail = DEMO_SIGN_INS[0].email;
    // Synthetic jobs are completed yesterday, one in five, spread over both companies' users.
    const completedRows = async () => (await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from jobs j join tasks t on t.job_id = j.id and not t.is_deleted
      where j.company_id = (select company_id from users where email = ${adminEmail}) and j.deleted_at is null
        and j.completed_date > now() - interval '2 days'`)).rows[0].n;
    for (let have = await completedRows(); have < wanted; have = await completedRows()) {
      await insertSyntheticJobs(database.db, Math.max(1000, Math.ceil((wanted - have) * 8)));
    }

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startServerThread({ url: embedded.url, port, webDir: path.join(dir, 'no-web'), dataDir: dir });
    try {
      const signIn = await signInWithPassword(baseUrl, loadConfig().oidcClientId, adminEmail, DEMO_PASSWORD);
      if (!signIn.ok) throw new Error(`sign-in failed with ${signIn.status}`);
      const token = signIn.tokens.access_token;
      const headers = {
        authorization: `Bearer ${token}`,
        'x-waapi-context': String(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).customer_id),
      };
      const today = osloDayParts(new Date());
      const range = `fromDate=${formatQueryDate(addDays(today, -6))}&toDate=${formatQueryDate(today)}`;
      const get = async (p: string) => {
        const res = await fetch(`${baseUrl}${p}`, { headers });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
        return body;
      };
      const total = (JSON.parse(await get(`/api/Reports/ReconciliationReport?${range}&pageSize=15`)) as { total: number }).total;
      const pages = Math.ceil(total / 200);
      let n = 0;
      const cases: [string, () => string][] = [
        ['first page of 15', () => `/api/Reports/ReconciliationReport?${range}&pageSize=15&page=1`],
        ['any page of 200', () => `/api/Reports/ReconciliationReport?${range}&pageSize=200&page=${1 + (n++ * 7919) % pages}`],
        ['search by address, page of 15', () => `/api/Reports/ReconciliationReport?${range}&pageSize=15&search=${encodeURIComponent(['Rud', 'vei 1', 'Sandvika', 'gata'][n++ % 4])}`],
        ['search by assignee, page of 50', () => `/api/Reports/ReconciliationReport?${range}&pageSize=50&search=${encodeURIComponent(['Ola', 'hansen', 'Ingrid'][n++ % 3])}`],
      ];
      const results: ReportBench['cases'] = [];
      for (const [name, next] of cases) {
        for (let i = 0; i < 30; i++) await get(next());
        const times: number[] = [];
        for (let i = 0; i < requests; i++) {
          const p = next();
          const s = performance.now();
          await get(p);
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        results.push({ name, requests, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) });
      }

      // The export: read and drop the bytes while sampling the process's memory.
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
      const start = performance.now();
      const res = await fetch(`${baseUrl}/api/Reports/ReconciliationReportSpreadsheet?${range}`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status}`);
      let bytes = 0;
      const reader = res.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
      const exportMs = performance.now() - start;
      clearInterval(sampler);

      const pageBudgetMs = 50;
      const exportBudgetMs = 3000;
      const worst = Math.max(...results.map((r) => r.p99Ms));
      return {
        rows: total, cases: results, pageBudgetMs, exportMs, exportBytes: bytes, exportBudgetMs, rssBeforeMb: mb(rssBefore), rssPeakGrowthMb: mb(peak - rssBefore),
        withinBudget: worst <= pageBudgetMs && exportMs <= exportBudgetMs && total >= wanted,
      };
    } finally {
      await server.terminate();
    }
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatReportBench(b: ReportBench): string {
  const ms = (v: number) => v.toFixed(1).padStart(7);
  return [
    `Report over ${b.rows.toLocaleString('en')} completed-job rows, page budget p99 < ${b.pageBudgetMs} ms`,
    `${'case'.padEnd(36)}     p50     p99`,
    ...b.cases.map((c) => `${c.name.padEnd(36)} ${ms(c.p50Ms)} ${ms(c.p99Ms)}`),
    `.xlsx of all rows: ${(b.exportMs / 1000).toFixed(2)} s (budget ${b.exportBudgetMs / 1000} s), ${mb(b.exportBytes).toFixed(1)} MB;`
      + ` RSS ${b.rssBeforeMb.toFixed(0)} MB before, peak growth ${b.rssPeakGrowthMb.toFixed(1)} MB during the export`,
    b.withinBudget ? 'within budget' : 'OVER BUDGET',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runReportBench().then((b) => {
    console.log(formatReportBench(b));
    process.exit(b.withinBudget ? 0 : 1);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
