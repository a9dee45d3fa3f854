/**
 * `npm run import:register -- FILE --company ORGNUMBER`: loads a utility's meter register (.csv or
 * .xlsx) for the company with that organisation number (README "The meter register"). The database:
 * DATABASE_URL, else the embedded PostgreSQL of `npm start` (shared while it runs, else started here
 * and stopped at the end), migrated, with the demo data in an empty one as `npm start` does.
 * Exit code 0: loaded; 1: rows refused, nothing written; 2: the command or the file cannot be used.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createContext } from '../context';
import { connect, migrateDb, type Database } from '../db/index';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { isEmpty, seedDemoData } from '../db/seed';
import { importRegisterFile, RegisterImportError, type ImportPhase, type RegisterImportReport } from '../services/register/import';

const USAGE = 'Usage: npm run import:register -- FILE --company ORGNUMBER   (FILE: .csv or .xlsx)';
/** Problems listed one by one; past this many, only their number. */
const LIST_AT_MOST = 200;

const count = (n: number) => n.toLocaleString('en-US');

/** A bar on stderr when it is a terminal, redrawn at most ten times a second. */
function progressBar(): { update: (phase: ImportPhase, done: number, total: number) => void; clear: () => void } {
  const tty = process.stderr.isTTY;
  let last = 0;
  let drawn = false;
  return {
    update(phase, done, total) {
      if (!tty || (Date.now() - last < 100 && (total === 0 || done < total))) return;
      last = Date.now();
      const width = 30;
      const filled = total === 0 ? 0 : Math.round((done / total) * width);
      const label = { read: 'rows read and checked', write: 'rows written' }[phase];
      const of = phase === 'read' ? '' : ` / ${count(total)}`;
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count(done)}${of} ${label}\x1b[K`);
      drawn = true;
    },
    clear() {
      if (drawn) process.stderr.write('\r\x1b[K');
    },
  };
}

function printReport(r: RegisterImportReport, file: string, seconds: number): void {
  const read = r.format === 'csv' ? `CSV, ${r.encoding}, separated by "${r.separator}"` : 'XLSX, first worksheet';
  console.log(`${file} (${read}) for ${r.company}: ${count(r.rows)} rows in ${seconds.toFixed(1)} s`);
  if (r.ignoredColumns.length) console.log(`  columns not read (no column of the register): ${r.ignoredColumns.join(', ')}`);
  if (r.problems.length) {
    console.error(r.headerRefused ? '\nThe header is refused, no row read, nothing written:' : `\n${count(r.refusedRows)} row(s) refused, nothing written:`);
    for (const p of r.problems.slice(0, LIST_AT_MOST)) console.error(`  line ${p.line}${p.column ? `, ${p.column}` : ''}: ${p.reason}`);
    const more = Math.max(0, r.problems.length - LIST_AT_MOST) + r.moreProblems;
    if (more) console.error(`  ... and ${count(more)} more problems`);
    return;
  }
  console.log(`  inserted ${count(r.inserted)}, updated ${count(r.updated)}, unchanged ${count(r.unchanged)}`);
  if (r.withoutCoordinates) console.log(`  ${count(r.withoutCoordinates)} point(s) without coordinates: kept, left out of the planning map and list`);
  if (r.newLookups.length) {
    const byList = new Map<string, string[]>();
    for (const l of r.newLookups) byList.set(l.list, [...(byList.get(l.list) ?? []), l.name]);
    console.log(`  new lookup names: ${[...byList].map(([list, names]) => `${list} ${names.join(', ')}`).join('; ')}`);
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ options: { company: { type: 'string' } }, allowPositionals: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  // npm runs the script in the package's folder; a relative FILE means the folder the command was typed in.
  const file = args.positionals[0] && path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]);
  const orgNumber = args.values.company?.replace(/\s/g, '');
  if (!file || !orgNumber || args.positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }

  const config = loadConfig();
  let embedded: EmbeddedDatabase | null = null;
  let database: Database | null = null;
  const stop = async () => {
    await database?.close().catch(() => {});
    await embedded?.stop().catch(() => {});
  };
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    let url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
    if (!url) {
      embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
      url = embedded.url;
    }
    database = connect(url);
    await migrateDb(database.db);
    if (config.seedDemoData && (await isEmpty(database.db))) {
      console.error('Empty database: loading demo data first ...');
      await seedDemoData(database.db);
    }
    const started = performance.now();
    const bar = progressBar();
    const report = await importRegisterFile(createContext(config, database), file, orgNumber, bar.update).finally(bar.clear);
    printReport(report, file, (performance.now() - started) / 1000);
    return report.problems.length ? 1 : 0;
  } catch (err) {
    // drizzle wraps the driver's error: the refused connection is its cause.
    let unreachable = false;
    for (let e: unknown = err; e instanceof Error; e = e.cause) unreachable ||= (e as NodeJS.ErrnoException).code === 'ECONNREFUSED';
    console.error(err instanceof RegisterImportError ? err.message
      : unreachable ? `PostgreSQL cannot be reached (${config.databaseUrl ? 'DATABASE_URL' : 'the embedded one'}): connection refused`
        : `The import failed: ${err instanceof Error ? err.stack : String(err)}`);
    return 2;
  } finally {
    await stop();
  }
}

main().then((code) => process.exit(code));
