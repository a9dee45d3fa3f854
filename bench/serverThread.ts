/**
 * The whole server (buildApp) in a worker thread on a given PostgreSQL, so a bench's client does
 * not share the server's event loop. Rate limits are counted but set out of reach; image files go
 * to `dataDir`/media. (bench/api.ts has its own copy, which keeps files in the default data folder
 * and never writes any.)
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { createContext } from '../server/context';
import { loadConfig } from '../server/config';
import { connect } from '../server/db/index';

export interface ServerThreadData {
  benchServer: true;
  url: string;
  port: number;
  webDir: string;
  dataDir: string;
}

export async function startServerThread(data: Omit<ServerThreadData, 'benchServer'>): Promise<Worker> {
  // Loader hooks are per thread: the worker registers tsx before it loads this file.
  const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: { ...data, benchServer: true } satisfies ServerThreadData });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve()));
    worker.once('error', reject);
  });
  return worker;
}

async function serve(data: ServerThreadData): Promise<void> {
  const database = connect(data.url);
  // The main thread stops PostgreSQL under this pool when the run ends.
  database.pool.on('error', () => {});
  const defaults = loadConfig();
  const rateLimit = { ...defaults.rateLimit, perIpPerMinute: 1e9, perUserPerMinute: 1e9 };
  const config = loadConfig({
    port: data.port, publicUrl: `http://127.0.0.1:${data.port}`, logLevel: 'silent', webDir: data.webDir, dataDir: data.dataDir,
    databaseUrl: data.url, rateLimit, mediaS3: null,
  });
  const app = await buildApp(createContext(config, database));
  await app.listen({ port: data.port, host: '127.0.0.1' });
}

if (!isMainThread && (workerData as Partial<ServerThreadData> | null)?.benchServer) {
  serve(workerData as ServerThreadData).then(
    () => parentPort!.postMessage({}),
    (err: Error) => parentPort!.postMessage({ error: err.stack ?? String(err) }),
  );
}
