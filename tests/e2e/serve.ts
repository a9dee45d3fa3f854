/**
 * Starts `npm start`'s server for e2e on a fresh data folder, so every run begins with demo data only,
 * and removes the folder when the server has stopped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';

const dataDir = path.join(os.tmpdir(), `meterwork-e2e-${process.env.PORT}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
fs.chmodSync(dataDir, 0o755);

// SERVER_CPU_PROFILE=dir (benchmarks): the server's CPU profile, written there when it stops.
const profile = process.env.SERVER_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE}`] : [];
const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '5610', LOG_LEVEL: 'warn' },
});
const stop = () => child.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  // The run's database and media go with it: the next run starts from a fresh folder anyway.
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
