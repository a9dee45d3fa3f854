/** A fresh, migrated database per test file, on the run's PostgreSQL (see globalSetup.ts). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, migrateDb, type Database } from '../../server/db/index';

export async function createTestDatabase(): Promise<Database & { url: string }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString());
  await migrateDb(database.db);
  return { ...database, url: url.toString() };
}
