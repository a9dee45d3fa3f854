/**
 * Budget (issue "Plans that hold" §6): 20 clients asking for the 50,000-point assignment list again
 * and again while 20 other clients sign in (the whole authorization-code flow with the password form)
 * and read job pages: the others' p99 < 200 ms, and the process's RSS < 1 GB.
 *
 * The database is the assignments bench's (bench/assignments.ts fillRegister). The server runs in a
 * worker thread of this process (bench/serverThread.ts), so the RSS sampled every 100 ms is the
 * server's plus this small client's (it counts bytes, decodes nothing). Three phases of PHASE_MS each:
 * - quiet: the others alone, the baseline;
 * - one list: the 20 list clients ask for the same list, and a writer moves its fingerprint every 2 s
 *   (a plan being made elsewhere), so it is written anew again and again;
 * - twenty lists: each list client asks for a list of its own (a filter each: 20 lists written).
 * The list clients are 20 admins, the others 20 plumbers, all of the demo company. Each other signs in
 * at the start of a phase (one whole flow: six requests and the password's hash) and then reads a job
 * page every THINK_MS, as a person scrolling; the budget is on the job pages.
 * Run alone: `npx tsx bench/load.ts`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { connect, migrateDb } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemoData } from '../server/db/seed';
import { signInWithPassword } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/freePort';
import { listFingerprint } from '../server/repositories/assignments';
import { fillRegister } from './assignments';
import { startServerThread } from './serverThread';

const PHASE_MS = Number(process.env.LOAD_PHASE_MS ?? 15_000);
const LISTS = 20;
const OTHERS = 20;
/** Between one job page and the next of an other client. */
const THINK_MS = 250;
/** Between one list and the next of a list client: 0 (back to back, the default) or LOAD_LIST_PAUSE_MS. */
const LIST_PAUSE_MS = Number(process.env.LOAD_LIST_PAUSE_MS ?? 0);

interface Phase {
  name: string;
  signIns: number[];
  jobPages: number[];
  lists: number[];
  listStatuses: Record<number, number>;
  otherFailures: number;
  rssMaxMb: number;
}
export interface LoadBench { points: number; fingerprintMs: number; rssBeforeServerMb: number; phases: Phase[]; budgetP99Ms: number; budgetRssMb: number; withinBudget: boolean }

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
};

/** One GET read to its end; the time to its last byte. */
function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - start }));
    }).on('error', reject);
  });
}

const authOf = (token: string) => ({
  authorization: `Bearer ${token}`,
  'x-waapi-context': String(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).customer_id),
});

export async function runLoadBench(): Promise<LoadBench> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-load-bench-'));
  const embedded = await startEmbeddedPostgres(dir, await freePort(), 'meterwork_load_bench');
  const database = connect(embedded.url);
  const db = database.db;
  try {
    await migrateDb(db);
    await seedDemoData(db);
    const { who, week, points } = await fillRegister(db);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // This process before its server starts (the seed, the client's modules): part of the RSS sampled.
    const rssBeforeServerMb = process.memoryUsage.rss() / 1024 / 1024;
    const server = await startServerThread({ url: embedded.url, port, webDir: path.join(dir, 'no-web'), dataDir: dir });
    const clientId = loadConfig().oidcClientId;
    try {
      const signIn = async (email: string) => {
        const r = await signInWithPassword(base, clientId, email, DEMO_PASSWORD);
        if (!r.ok) throw new Error(`sign-in of ${email} failed with ${r.status}`);
        return r.tokens.access_token;
      };
      // 20 admins and 20 plumbers of the company: each list client an admin of its own, each other
      // client a plumber of its own (sign-ins of one account are spaced by the provider, on purpose).
      const copies = async (email: string, prefix: string, count: number) => {
        await db.execute(sql`insert into users (customer_id, company_id, role_id, status, first_name, last_name, display_name, email, password_hash, gdpr_consent)
          select customer_id, company_id, role_id, status, first_name, last_name || ' ' || n, display_name || ' ' || n, ${prefix} || n || '@bench.example', password_hash, gdpr_consent
          from users, generate_series(1, ${count}) n where lower(email) = lower(${email})`);
        return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@bench.example`);
      };
      const admins = await copies(DEMO_SIGN_INS[0].email, 'admin', LISTS);
      const plumbers = await copies(DEMO_SIGN_INS[1].email, 'plumber', OTHERS);
      const adminAuth = await Promise.all(admins.map(async (email) => authOf(await signIn(email))));
      const listUrl = (filter?: object) => `${base}/api/AssignmentList/assignee/${who.plumber}?scheduleId=${week}${filter ? `&filtered=${encodeURIComponent(JSON.stringify(filter))}` : ''}`;
      // Installed on or before a day of each year: 20 different lists, each of most of the points.
      const ownLists = Array.from({ length: LISTS }, (_, i) => listUrl({ installDate: `${2005 + i}-12-31` }));
      // Everyone signs in once first, so the first phase does not pay for cold code.
      await Promise.all(plumbers.map((email) => signIn(email)));

      // What every list request pays before anything else (median of 21).
      const fingerprintTimes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const started = performance.now();
        await listFingerprint(db, who.company_id);
        fingerprintTimes.push(performance.now() - started);
      }
      const fingerprintMs = percentile(fingerprintTimes, 0.5);

      const phases: Phase[] = [];
      const run = async (name: string, listers: number, urlOf: (i: number) => string, moveFingerprint: boolean) => {
        const phase: Phase = { name, signIns: [], jobPages: [], lists: [], listStatuses: {}, otherFailures: 0, rssMaxMb: 0 };
        const until = performance.now() + PHASE_MS;
        const sampler = setInterval(() => { phase.rssMaxMb = Math.max(phase.rssMaxMb, process.memoryUsage.rss() / 1024 / 1024); }, 100);
        const writer = moveFingerprint ? setInterval(() => {
          void db.execute(sql`update meter_points set priority = priority where id = (select min(id) from meter_points where company_id = ${who.company_id})`);
        }, 2_000) : undefined;
        const lister = async (i: number) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          while (performance.now() < until) {
            const r = await get(agent, urlOf(i), { ...adminAuth[i], 'accept-encoding': 'br, gzip' });
            phase.listStatuses[r.status] = (phase.listStatuses[r.status] ?? 0) + 1;
            if (r.status === 200) phase.lists.push(r.ms);
            else await new Promise((resolve) => setTimeout(resolve, 1_000));
            if (LIST_PAUSE_MS) await new Promise((resolve) => setTimeout(resolve, LIST_PAUSE_MS));
          }
          agent.destroy();
        };
        // Each other client signs in (a plumber starting the app), then reads job pages as a person
        // scrolls: one every THINK_MS.
        const other = async (i: number) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          const started = performance.now();
          let token: string;
          try {
            token = await signIn(plumbers[i]);
          } catch {
            phase.otherFailures++;
            return;
          }
          phase.signIns.push(performance.now() - started);
          for (let page = 1; performance.now() < until; page = (page % 5) + 1) {
            const r = await get(agent, `${base}/api/Jobs/GetJobsPage?pageNumber=${page}&pageSize=25`, authOf(token));
            if (r.status === 200) phase.jobPages.push(r.ms);
            else phase.otherFailures++;
            await new Promise((resolve) => setTimeout(resolve, THINK_MS));
          }
          agent.destroy();
        };
        await Promise.all([...Array.from({ length: listers }, (_, i) => lister(i)), ...Array.from({ length: OTHERS }, (_, i) => other(i))]);
        clearInterval(sampler);
        if (writer) clearInterval(writer);
        phases.push(phase);
      };
      await run('quiet (others only)', 0, () => '', false);
      await run(`one list, ${LISTS} clients, changed every 2 s`, LISTS, () => listUrl(), true);
      await run(`${LISTS} lists, one per client`, LISTS, (i) => ownLists[i], false);

      const budgetP99Ms = 200;
      const budgetRssMb = 1024;
      const withinBudget = phases.every((p) => percentile(p.jobPages, 0.99) < budgetP99Ms && p.rssMaxMb < budgetRssMb && p.otherFailures === 0);
      return { points, fingerprintMs, rssBeforeServerMb, phases, budgetP99Ms, budgetRssMb, withinBudget };
    } finally {
      await server.terminate();
    }
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatLoadBench(b: LoadBench): string {
  const ms = (v: number) => (Number.isNaN(v) ? '      -' : v.toFixed(0).padStart(7));
  const row = (label: string, values: number[]) => `  ${label.padEnd(12)} n ${String(values.length).padStart(5)}  p50 ${ms(percentile(values, 0.5))} ms  p99 ${ms(percentile(values, 0.99))} ms  max ${ms(Math.max(...values))} ms`;
  return [
    `${b.points.toLocaleString('en')} points; ${LISTS} list clients (${LIST_PAUSE_MS ? `${LIST_PAUSE_MS} ms between lists` : 'back to back'}) and ${OTHERS} others, ${PHASE_MS / 1000} s a phase; budget: the others' job pages p99 < ${b.budgetP99Ms} ms, RSS < ${b.budgetRssMb} MB`,
    `the list's fingerprint query: ${b.fingerprintMs.toFixed(1)} ms (median)`,
    `RSS of this process before its server started (the seed, the clients' modules): ${b.rssBeforeServerMb.toFixed(0)} MB`,
    ...b.phases.flatMap((p) => [
      `${p.name}: RSS max ${p.rssMaxMb.toFixed(0)} MB, others failed ${p.otherFailures}, list answers ${JSON.stringify(p.listStatuses)}`,
      row('job page', p.jobPages), row('sign-in flow', p.signIns), ...(p.lists.length ? [row('list', p.lists)] : []),
    ]),
    b.withinBudget ? 'within budget' : 'OVER BUDGET',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLoadBench().then((b) => {
    console.log(formatLoadBench(b));
    process.exit(b.withinBudget ? 0 : 1);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
