/**
 * `npm run bench -- register`: the meter register's import (README "The meter register") of 100,000
 * generated rows, budget < 30 s: a semicolon CSV with decimal commas loaded into a database that holds
 * the demo data (its 50,000 points included), then the same file again (nothing changes), then every
 * row changed. Also the demo seed's own time (its register part: aim < 3 s). An embedded PostgreSQL of
 * its own. Run alone: `npx tsx bench/register.ts` (`REGISTER_ROWS=n` for another size).
 *
 * Then large files (REGISTER_LARGE_MB, default "50,200"; "" for none), written to a temporary file
 * row by row, each loaded by a process of its own so that its peak RSS is the import's alone: the
 * memory must stay flat in the file's size. Their rows carry a remark column the import does not read
 * (as utilities' exports do), so that 200 MB stays under the row cap.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { connect, migrateDb } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { seedDemoData } from '../server/db/seed';
import { DEMO_REGISTER_LOOKUPS, demoRegisterPoints, seedRegister, type DemoRegisterPoint } from '../server/db/seedRegister';
import { createHubPublisher } from '../server/hub/publisher';
import { pgBossQueue } from '../server/queue';
import { importRegisterFile, type RegisterImportReport } from '../server/services/register/import';
import { freePort } from '../tests/helpers/freePort';

export interface RegisterBench {
  rows: number;
  budgetMs: number;
  seedMs: number;
  seedRegisterMs: number;
  /** cpuMs: this process's CPU time in the run (PostgreSQL's not included): the wall time on a busy machine is far longer. */
  runs: { name: string; ms: number; cpuMs: number; report: RegisterImportReport }[];
  large: LargeRun[];
  withinBudget: boolean;
}

/** One large file loaded by a process of its own. */
export interface LargeRun {
  megabytes: number;
  rows: number;
  ms: number;
  /** The loading process's peak resident memory (getrusage's ru_maxrss). */
  peakRssMb: number;
  inserted: number;
  problems: number;
}

const HEADER = ['waterMeterPointId', 'waterMeterId', 'meterSerial', 'agreementNo', 'assignmentType', 'priority', 'address', 'street',
  'buildingNo', 'matrikkelenhetNr', 'installDate', 'dimension', 'zone', 'readerType', 'agreementType', 'status', 'referenceId', 'lat', 'lng'];
const TYPE_WORD = ['', 'ny', 'utskifting', 'demontering'];

/** The points as a utility would send them: semicolons, decimal commas, dd.MM.yyyy, Norwegian words, CRLF. */
function registerCsv(points: DemoRegisterPoint[], offset: number, suffix: string): string {
  const quote = (s: string | null) => (s === null ? '' : /[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const name = (list: keyof typeof DEMO_REGISTER_LOOKUPS, i: number | null) => (i === null ? '' : DEMO_REGISTER_LOOKUPS[list][i]);
  const decimal = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
  const day = (d: string | null) => (d ? `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}` : '');
  const lines = [HEADER.join(';')];
  for (const p of points) {
    lines.push([
      p.externalId + offset, p.waterMeterId ?? '', quote(p.meterSerial), quote(p.agreementNo), TYPE_WORD[p.assignmentType], p.priority,
      quote(p.address), quote(p.street), p.buildingNo, p.matrikkelenhetNr, day(p.installDate), name('dimension', p.lookups.dimension),
      name('zone', p.lookups.zone), name('readerType', p.lookups.readerType), name('agreementType', p.lookups.agreementType),
      name('status', p.lookups.status), quote(p.referenceId === null ? null : p.referenceId + suffix), decimal(p.lat), decimal(p.lng),
    ].join(';'));
  }
  return lines.join('\r\n') + '\r\n';
}

/**
 * A CSV of about `megabytes` MB written to `file` in batches of generated points (the whole text never
 * in this process either); a remark column, not read by the import, brings each row to about 240 bytes.
 */
async function writeLargeCsv(file: string, megabytes: number): Promise<number> {
  const stream = fs.createWriteStream(file);
  const write = (text: string) => new Promise<void>((resolve, reject) => stream.write(text, (err) => (err ? reject(err) : resolve())));
  const target = megabytes * 1024 * 1024;
  const remark = 'Nøkkel hos vaktmester, ring 30 min før; måler i kjeller bak tanken';
  let [bytes, rows] = [0, 0];
  for (let batch = 0; bytes < target; batch++) {
    const points = demoRegisterPoints(20_000, 100 + batch).map((p) => ({ ...p, company: 'a' as const }));
    const lines = registerCsv(points, 30_000_000 + batch * 1_000_000, '').split('\r\n').slice(batch === 0 ? 0 : 1, -1);
    const out: string[] = [];
    for (const [i, line] of lines.entries()) {
      if (bytes >= target) break;
      const row = `${line};${batch === 0 && i === 0 ? 'merknad' : remark}\r\n`;
      out.push(row);
      bytes += Buffer.byteLength(row);
      if (!(batch === 0 && i === 0)) rows++;
    }
    await write(out.join(''));
  }
  await new Promise((resolve) => stream.end(resolve));
  return rows;
}

/** Loads `file` in a child process (this module, LARGE_CHILD_FILE set) and takes its time and peak RSS. */
async function loadInChild(url: string, file: string, org: string): Promise<{ ms: number; peakRssMb: number; inserted: number; problems: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, LARGE_CHILD_FILE: file, LARGE_CHILD_ORG: org, DATABASE_URL: url }, maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

async function largeChild(file: string, org: string): Promise<void> {
  const database = connect(process.env.DATABASE_URL!);
  try {
    const deps = { db: database.db, publisher: createHubPublisher(database.pool, database.db, pino({ level: 'silent' })), queue: pgBossQueue };
    const t = performance.now();
    const report = await importRegisterFile(deps, file, org);
    const ms = performance.now() - t;
    console.log(JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, inserted: report.inserted, problems: report.problems.length }));
  } finally {
    await database.close();
  }
}

export async function benchRegister(opts: { rows?: number } = {}): Promise<RegisterBench> {
  const rows = opts.rows ?? Number(process.env.REGISTER_ROWS ?? 100_000);
  const budgetMs = 30_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-register-bench-'));
  const embedded = await startEmbeddedPostgres(dir, await freePort(), 'meterwork_register_bench');
  const database = connect(embedded.url);
  try {
    await migrateDb(database.db);
    let started = performance.now();
    const ids = await seedDemoData(database.db);
    const seedMs = performance.now() - started;
    // The register part alone: emptied and seeded again.
    await database.pool.query('delete from meter_points');
    await database.pool.query('delete from register_lookups');
    started = performance.now();
    await seedRegister(database.db, ids);
    const seedRegisterMs = performance.now() - started;

    const deps = { db: database.db, publisher: createHubPublisher(database.pool, database.db, pino({ level: 'silent' })), queue: pgBossQueue };
    const org = (await database.pool.query<{ org_number: string }>('select org_number from companies where id = $1', [ids.companyA])).rows[0].org_number;
    // The file's points are the company's own (ids above the demo's), as a second delivery from the utility.
    const points = demoRegisterPoints(rows, 7).map((p) => ({ ...p, company: 'a' as const }));
    const file = path.join(dir, 'register.csv');
    const runs: RegisterBench['runs'] = [];
    const run = async (name: string, content: string) => {
      fs.writeFileSync(file, content, 'latin1');
      const [t, cpu] = [performance.now(), process.cpuUsage()];
      const report = await importRegisterFile(deps, file, org);
      const used = process.cpuUsage(cpu);
      runs.push({ name, ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000, report });
      if (report.problems.length) throw new Error(`${name}: ${report.problems.length} problems, first ${JSON.stringify(report.problems[0])}`);
    };
    await run('first load (all inserted)', registerCsv(points, 10_000_000, ''));
    await run('same file again (all unchanged)', registerCsv(points, 10_000_000, ''));
    await run('every reference changed (all updated)', registerCsv(points, 10_000_000, '-2'));

    const large: LargeRun[] = [];
    for (const megabytes of (process.env.REGISTER_LARGE_MB ?? '50,200').split(',').filter(Boolean).map(Number)) {
      const big = path.join(dir, `register-${megabytes}mb.csv`);
      const bigRows = await writeLargeCsv(big, megabytes);
      // Each file's points are new: the points of the one before are removed first.
      await database.pool.query('delete from meter_points where external_id >= 30000000');
      large.push({ megabytes, rows: bigRows, ...(await loadInChild(embedded.url, big, org)) });
      fs.rmSync(big);
    }
    return { rows, budgetMs, seedMs, seedRegisterMs, runs, large, withinBudget: runs.every((r) => r.ms < budgetMs) };
  } finally {
    await database.close();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatRegisterBench(b: RegisterBench): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [`  load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`, `  demo seed: ${s(b.seedMs)} in all, its 50,000 register points alone ${s(b.seedRegisterMs)} (aim < 3 s)`];
  for (const r of b.runs) {
    const { inserted, updated, unchanged } = r.report;
    lines.push(`  ${b.rows.toLocaleString('en-US')} rows, ${r.name.padEnd(40)} ${s(r.ms)} (Node CPU ${s(r.cpuMs)}; inserted ${inserted}, updated ${updated}, unchanged ${unchanged}), budget ${s(b.budgetMs)}: ${r.ms < b.budgetMs ? 'within budget' : 'OVER BUDGET'}`);
  }
  for (const r of b.large) {
    lines.push(`  ${r.megabytes} MB CSV, ${r.rows.toLocaleString('en-US')} rows, own process: ${s(r.ms)}, peak RSS ${Math.round(r.peakRssMb)} MB (inserted ${r.inserted}, problems ${r.problems})`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.env.LARGE_CHILD_FILE) {
    largeChild(process.env.LARGE_CHILD_FILE, process.env.LARGE_CHILD_ORG!).then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
  } else {
    benchRegister().then((b) => { console.log(formatRegisterBench(b)); process.exit(0); }, (err) => { console.error(err); process.exit(1); });
  }
}
