/**
 * `npm start`: one process serving the app, the API, the identity provider and the hub.
 * It fails early and clearly (a port in use, a PostgreSQL that will not start), never leaves the
 * PostgreSQL it started running, and stops within seconds on SIGINT/SIGTERM whatever connections are
 * open (keep-alive, hub websockets).
 */
import { loadConfig } from './config';
import { connect, migrateDb, type Database } from './db/index';
import { portInUse, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { isEmpty, seedDemoData, DEMO_SIGN_INS } from './db/seed';
import { ensureWebBuild } from './webBuild';
import { buildApp } from './app';
import { warmListWriter } from './services/assignments/listWriter';
import { createContext } from './context';
import { startWorkers, type Workers } from './workers';
import type { FastifyInstance } from 'fastify';

/** Longest a shutdown may take before the process ends anyway (PostgreSQL is still stopped). */
const STOP_TIMEOUT_MS = 8_000;

const describe = (err: unknown) => (err instanceof Error ? err.message || err.stack || err.name : String(err ?? 'unknown error'));

let app: FastifyInstance | null = null;
let workers: Workers | null = null;
let database: Database | null = null;
let embedded: EmbeddedDatabase | null = null;
let stopping: Promise<void> | null = null;

/** Stops what was started, in reverse order; each step may fail without keeping the next from running. */
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    const steps: [string, (() => Promise<unknown>) | null][] = [
      ['server', app ? () => app!.close() : null],
      ['background work', workers ? () => workers!.stop() : null],
      ['database pool', database ? () => database!.close() : null],
      ['PostgreSQL', embedded ? () => embedded!.stop() : null],
    ];
    for (const [name, step] of steps) {
      if (!step) continue;
      try {
        await step();
      } catch (err) {
        console.error(`Stopping the ${name} failed: ${describe(err)}`);
      }
    }
  })();
  return stopping;
}

async function fail(message: string): Promise<never> {
  console.error(`\n${message}`);
  await stopAll();
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  if (await portInUse(config.port, config.host === '0.0.0.0' ? '127.0.0.1' : config.host)) {
    return fail(`Port ${config.port} is in use by another program: stop it, or start Meterwork on another port (PORT=...).`);
  }
  if (config.buildWeb) await ensureWebBuild(config.webDir);

  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    url = embedded.url;
  }
  database = connect(url);
  await migrateDb(database.db);
  if (config.seedDemoData && (await isEmpty(database.db))) {
    console.log('Empty database: loading demo data ...');
    await seedDemoData(database.db);
  }

  const context = createContext(config, database);
  app = await buildApp(context);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      return fail(`Port ${config.port} is in use by another program: stop it, or start Meterwork on another port (PORT=...).`);
    }
    throw err;
  }

  workers = await startWorkers(context);
  // The planning list's writer is ready before the first admin asks (listWriter.ts).
  warmListWriter(url);

  console.log(`\nMeterwork is running at ${config.publicUrl}\n`);
  console.log('Demo sign-ins:');
  const width = Math.max(...DEMO_SIGN_INS.map((s) => s.role.length));
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.role.padEnd(width)}  ${s.email.padEnd(32)}  password ${s.password}`);
  console.log('\nCtrl-C stops everything.');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    console.log(`\n${signal}: stopping ...`);
    // Whatever hangs, the process ends; the PostgreSQL we started is stopped first if at all possible.
    setTimeout(() => {
      console.error(`Not stopped after ${STOP_TIMEOUT_MS / 1000} s: stopping PostgreSQL and exiting.`);
      void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
    }, STOP_TIMEOUT_MS).unref();
    void stopAll().then(() => process.exit(0));
  });
}
process.on('uncaughtException', (err) => void fail(`Meterwork stopped on an unexpected error: ${err.stack ?? describe(err)}`));
process.on('unhandledRejection', (err) => void fail(`Meterwork stopped on an unexpected error: ${err instanceof Error ? err.stack : describe(err)}`));

main().catch((err) => fail(`Meterwork could not start: ${describe(err)}`));
