/** `npm start`: one process serving the app, the API, the identity provider and the hub. */
import { loadConfig } from './config';
import { connect, migrateDb } from './db/index';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { isEmpty, seedDemoData, DEMO_SIGN_INS } from './db/seed';
import { ensureWebBuild } from './webBuild';
import { buildApp } from './app';

async function main() {
  const config = loadConfig();
  await ensureWebBuild(config.webDir);

  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    url = embedded.url;
  }
  const database = connect(url);
  await migrateDb(database.db);
  if (config.seedDemoData && (await isEmpty(database.db))) {
    console.log('Empty database: loading demo data ...');
    await seedDemoData(database.db);
  }

  const app = await buildApp(config, database);
  await app.listen({ port: config.port, host: config.host });

  console.log(`\nMeterwork is running at ${config.publicUrl}\n`);
  console.log('Demo sign-ins:');
  const width = Math.max(...DEMO_SIGN_INS.map((s) => s.role.length));
  for (const s of DEMO_SIGN_INS) console.log(`  ${s.role.padEnd(width)}  ${s.email.padEnd(32)}  password ${s.password}`);
  console.log('\nCtrl-C stops everything.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping ...`);
    await app.close();
    await database.close();
    if (embedded) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
