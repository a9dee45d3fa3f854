import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

// Timestamps come back as Date objects; bigint (int8) as numbers: our ids stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function connect(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover, idle timeout) must not take the process
  // down as an unhandled 'error' event: the pool drops it and the next query opens a new one.
  pool.on('error', (err) => console.error('PostgreSQL connection lost while idle:', err.message));
  const db = drizzle(pool, { schema });
  return { pool, db, close: () => pool.end() };
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
