/**
 * `npm run bench -- register`: the meter register's import (README "The meter register") of 100,000
 * generated rows, budget < 30 s: a semicolon CSV with decimal commas loaded into a database that holds
 * the demo data (its 50,000 points included), then the same file again (nothing changes), then every
 * row changed. Also the demo seed's own time (its register part: aim < 3 s). An embedded PostgreSQL of
 * its own. Run alone: `npx tsx bench/register.ts` (`REGISTER_ROWS=n` for another size).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { connect, migrateDb } from '../server/db/index';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { seedDemoData } from '../server/db/seed';
import { DEMO_REGISTER_LOOKUPS, demoRegisterPoints, seedRegister, type DemoRegisterPoint } from '../server/db/seedRegister';
import { createHubPublisher } from '../server/hub/publisher';
import { importRegisterFile, type RegisterImportReport } from '../server/services/register/import';
import { freePort } from '../tests/helpers/freePort';

export interface RegisterBench {
  rows: number;
  budgetMs: number;
  seedMs: number;
  seedRegisterMs: number;
  /** cpuMs: this process's CPU time in the run (PostgreSQL's not included): the wall time on a busy machine is far longer. */
  runs: { name: string; ms: number; cpuMs: number; report: RegisterImportReport }[];
  withinBudget: boolean;
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

    const deps = { db: database.db, publisher: createHubPublisher(database.pool, database.db, pino({ level: 'silent' })) };
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
    return { rows, budgetMs, seedMs, seedRegisterMs, runs, withinBudget: runs.every((r) => r.ms < budgetMs) };
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
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchRegister().then((b) => { console.log(formatRegisterBench(b)); process.exit(0); }, (err) => { console.error(err); process.exit(1); });
}
