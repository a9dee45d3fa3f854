/**
 * Budget (DESIGN.md): the assignment list of 50,000 points in < 500 ms and < 3 MB compressed.
 * An embedded PostgreSQL with the demo data, topped up by one bulk insert until the demo admin's
 * company has 50,000 points with coordinates; the plumber's week holds 400 items (half laid in time),
 * another week 300, and 200 are cancelled. The server runs in its own thread (bench/serverThread.ts);
 * the client asks over loopback with Accept-Encoding br and gzip and times each answer to its last
 * byte on the wire, written anew (a write moved the fingerprint first) and kept (server/services/assignments/listCache.ts). Then the same JSON through every brotli quality and gzip level in this process,
 * so the levels in server/http/compression.ts can be chosen from figures. Run alone: `npx tsx bench/assignments.ts`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { connect, migrateDb, type Db } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemoData } from '../server/db/seed';
import { signInWithPassword } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/freePort';
import { startServerThread } from './serverThread';

interface Case { name: string; encoding: string; runs: number; p50Ms: number; p99Ms: number; wireBytes: number; jsonBytes: number; items: number }
interface Level { name: string; ms: number; bytes: number }
export interface AssignmentsBench { points: number; cases: Case[]; levels: Level[]; budgetMs: number; budgetBytes: number; withinBudget: boolean }

const POINTS = 50_000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const mb = (b: number) => (b / 1024 / 1024).toFixed(2);

/** One GET, read to its last byte as it came over the wire (nothing decoded). */
function rawGet(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; ms: number; body: Buffer; encoding?: string }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http.get({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - start, body: Buffer.concat(parts), encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

const decode = (body: Buffer, encoding?: string) => (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body);

/**
 * The demo data topped up to 50,000 points with coordinates for the demo admin's company; the demo
 * plumber's week 20 of 2027 holds 400 items (half laid in time), week 21 300, and 200 are cancelled.
 */
export async function fillRegister(db: Db): Promise<{ who: { company_id: string; customer_id: string; plumber: number }; week: number; points: number }> {
  const [who] = (await db.execute<{ company_id: string; customer_id: string; plumber: number }>(sql`
    select a.company_id, a.customer_id, p.registration_id as plumber from users a join users p on p.email = ${DEMO_SIGN_INS[1].email}
    where a.email = ${DEMO_SIGN_INS[0].email}`)).rows;
  const usable = sql`company_id = ${who.company_id} and lat between -90 and 90 and lng between -180 and 180`;
  const have = (await db.execute<{ n: number }>(sql`select count(*)::int as n from meter_points where ${usable}`)).rows[0].n;
  // One bulk insert tops the company up to 50,000 points, spread over Bærum like the demo's.
  await db.execute(sql`
    insert into meter_points (customer_id, company_id, external_id, water_meter_id, agreement_no, assignment_type, priority, lat, lng,
      address, street, building_no, matrikkelenhet_nr, install_date, dimension_id, zone_id, reader_type_id, agreement_type_id, status_id, reference_id)
    select ${who.customer_id}, ${who.company_id}, 900000000 + g, 700000000 + g, 'AVT-' || (100000 + g), 1 + g % 3, g % 4,
      59.88 + (g % 997) / 9970.0, 10.45 + (g % 1009) / 5045.0, 'Benkveien ' || (g % 300 + 1) || ', 1337 Sandvika', 'Benkveien', (g % 300 + 1)::text,
      '3024-' || g || '/1', '20' || lpad((g % 25)::text, 2, '0') || '-06-15', 1 + g % 6, 1 + g % 8, 1 + g % 4, 1 + g % 4, nullif(g % 5, 0), 'REF-' || g
    from generate_series(1, ${Math.max(0, POINTS - have)}::int) g`);
  const points = (await db.execute<{ n: number }>(sql`select count(*)::int as n from meter_points where ${usable}`)).rows[0].n;

  const schedule = async (weekNo: number) => (await db.execute<{ id: number }>(sql`
    insert into schedules (company_id, assignee_id, year, week_no) values (${who.company_id}, ${who.plumber}, 2027, ${weekNo}) returning id`)).rows[0].id;
  const week = await schedule(20);
  const other = await schedule(21);
  const items = async (scheduleId: number, offset: number, count: number, extra: string) => db.execute(sql.raw(`
    insert into schedule_items (schedule_id, company_id, meter_point_id, object_type, address, duration, sequence_number, is_scheduled, status, cancellation_type_id)
    select ${scheduleId}, company_id, id, assignment_type, address, 30, row_number() over (order by id), ${extra}
    from meter_points where company_id = '${who.company_id}' and lat is not null order by id offset ${offset} limit ${count}`));
  await items(week, 0, 400, `id % 2 = 0, 1, null`);
  await items(other, 400, 300, `true, 3, null`);
  await items(other, 700, 200, `false, 7, 1 + id % 7`);
  await db.execute(sql`analyze`);
  return { who, week, points };
}

export async function runAssignmentsBench(opts: { runs?: number } = {}): Promise<AssignmentsBench> {
  const runs = opts.runs ?? 21;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-assignments-bench-'));
  const embedded = await startEmbeddedPostgres(dir, await freePort(), 'meterwork_assignments_bench');
  const database = connect(embedded.url);
  const db = database.db;
  try {
    await migrateDb(db);
    await seedDemoData(db);
    const { who, week, points } = await fillRegister(db);

    const port = await freePort();
    const server = await startServerThread({ url: embedded.url, port, webDir: path.join(dir, 'no-web'), dataDir: dir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const signIn = await signInWithPassword(`http://127.0.0.1:${port}`, loadConfig().oidcClientId, DEMO_SIGN_INS[0].email, DEMO_PASSWORD);
      if (!signIn.ok) throw new Error(`sign-in failed with ${signIn.status}`);
      const token = signIn.tokens.access_token;
      const auth = { authorization: `Bearer ${token}`, 'x-waapi-context': String(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).customer_id) };
      const listUrl = (filter?: object) => new URL(`http://127.0.0.1:${port}/api/AssignmentList/assignee/${who.plumber}?scheduleId=${week}${filter ? `&filtered=${encodeURIComponent(JSON.stringify(filter))}` : ''}`);
      const polygon = [[10.45, 59.88], [10.6, 59.88], [10.6, 59.95], [10.45, 59.95]];
      const shapes: [string, URL][] = [['all points', listUrl()], ['street prefix + polygon', listUrl({ address: { name: 'Benk', type: 'Street' }, polygonData: polygon })]];

      const cases: Case[] = [];
      let identity: Buffer | undefined;
      // "written": a write moves the list's fingerprint before each request, so the server writes the
      // list anew (what an admin waits for after any change); "kept": nothing changed, the kept bytes.
      const touch = () => db.execute(sql`update meter_points set priority = priority where id = (select min(id) from meter_points where company_id = ${who.company_id})`);
      for (const [shape, url] of shapes) {
        for (const [encoding, fresh] of [['br', true], ['gzip', true], ['identity', true], ['br', false], ['gzip', false]] as const) {
          const headers = { ...auth, 'accept-encoding': encoding };
          for (let i = 0; i < 3; i++) await rawGet(agent, url, headers);
          const times: number[] = [];
          let last: Awaited<ReturnType<typeof rawGet>> | undefined;
          for (let i = 0; i < (encoding === 'identity' ? 5 : runs); i++) {
            if (fresh) await touch();
            last = await rawGet(agent, url, headers);
            if (last.status !== 200) throw new Error(`${url.pathname}: ${last.status} ${last.body.toString().slice(0, 200)}`);
            times.push(last.ms);
          }
          times.sort((a, b) => a - b);
          const json = decode(last!.body, last!.encoding);
          if (shape === 'all points' && encoding === 'identity') identity = json;
          cases.push({ name: `${shape}, ${encoding}, ${fresh ? 'written' : 'kept'}`, encoding, runs: times.length, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), wireBytes: last!.body.length, jsonBytes: json.length, items: (JSON.parse(json.toString()) as unknown[]).length });
        }
      }

      // The same JSON through each level here: what the server's choice costs and saves.
      const levels: Level[] = [];
      const time = (name: string, f: () => Buffer) => { const s = performance.now(); const out = f(); levels.push({ name, ms: performance.now() - s, bytes: out.length }); };
      for (const q of [1, 3, 4, 5, 6, 11]) {
        time(`brotli ${q}`, () => zlib.brotliCompressSync(identity!, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity!.length } }));
      }
      for (const level of [1, 3, 6, 9]) time(`gzip ${level}`, () => zlib.gzipSync(identity!, { level }));

      const budgetMs = 500;
      const budgetBytes = 3 * 1024 * 1024;
      const compressed = cases.filter((c) => c.encoding !== 'identity');
      return { points, cases, levels, budgetMs, budgetBytes, withinBudget: compressed.every((c) => c.p50Ms <= budgetMs && c.wireBytes <= budgetBytes) };
    } finally {
      agent.destroy();
      await server.terminate();
    }
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatAssignmentsBench(b: AssignmentsBench): string {
  const ms = (v: number) => v.toFixed(1).padStart(7);
  return [
    `Assignment list of ${b.points.toLocaleString('en')} points, budget < ${b.budgetMs} ms and < ${mb(b.budgetBytes)} MB on the wire (compressed)`,
    `${'case'.padEnd(46)} runs     p50     p99   items  wire MB  JSON MB`,
    ...b.cases.map((c) => `${c.name.padEnd(46)} ${String(c.runs).padStart(4)} ${ms(c.p50Ms)} ${ms(c.p99Ms)} ${String(c.items).padStart(7)} ${mb(c.wireBytes).padStart(8)} ${mb(c.jsonBytes).padStart(8)}`),
    'the whole list through each level, in this process:',
    ...b.levels.map((l) => `  ${l.name.padEnd(10)} ${ms(l.ms)} ms ${mb(l.bytes).padStart(7)} MB`),
    b.withinBudget ? 'within budget' : 'OVER BUDGET',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAssignmentsBench().then((b) => {
    console.log(formatAssignmentsBench(b));
    process.exit(b.withinBudget ? 0 : 1);
  }, (err) => {
    console.error(err);
    process.exit(1);
  });
}
