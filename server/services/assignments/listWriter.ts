/**
 * Writes an assignment list away from the requests that are waiting (issue "Plans that hold" §6): a
 * list of 50,000 points is ~20 MB of JSON written by PostgreSQL, parsed row by row and compressed, about
 * a core for half a second. Done on the server's event loop and libuv's thread pool at normal priority,
 * it took that core from everything else: with 20 lists written back to back, others' job pages waited
 * (p99 276–311 ms against a budget of 200 ms in `npm run bench -- load`).
 *
 * So a list is written in a worker thread of its own, at the lowest CPU priority (nice 19: on Linux a
 * thread's nice value is its own), on a connection of its own:
 * - the query's rows (one JSON object each) are joined and compressed in the worker, so the event
 *   loop sees only the finished, compressed bytes;
 * - the fingerprint and the list are read in one snapshot (repeatable read), as before;
 * - when the database runs on this machine (the embedded PostgreSQL of `npm start`, or any local one),
 *   the connection's backend process is niced too: it is the other half of the work. A backend on
 *   another host is left alone (its pid means nothing here).
 * Workers are started when a list is to be written (at most as many as lists written at once,
 * listCache.ts LIST_LIMITS.writingPerProcess) and end after IDLE_MS without work.
 */
import fs from 'node:fs';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import pg from 'pg';
import { LARGE_JSON_COMPRESSION } from '../../http/compression';
import { LIST_CHUNK_CHARS, LIST_SNAPSHOT_BEGIN } from '../../repositories/assignments';
import type { ListEncoding } from './listCache';

/** A list to write: its query (one text column, a JSON object per row) and the fingerprint's, as SQL text and values. */
export interface ListJob {
  query: { text: string; values: unknown[] };
  fingerprint: { text: string; values: unknown[] };
  encoding: ListEncoding;
}

export interface WrittenList { fingerprint: string; body: Buffer }

interface WriterData { listWriter: true; connectionString: string }
type Reply = { id: number; fingerprint: string; body: Uint8Array } | { id: number; error: string };

/** A worker with no list to write for this long ends. */
const IDLE_MS = 60_000;
const LOWEST = 19;

interface Writer {
  url: string;
  worker: Worker;
  idle: NodeJS.Timeout | null;
  jobs: Map<number, { resolve: (w: WrittenList) => void; reject: (e: Error) => void }>;
}

/** Writers with nothing to do (each bound to its database), and all of them. */
const idle: Writer[] = [];
const all = new Set<Writer>();
let nextId = 1;

function startWriter(connectionString: string): Writer {
  // Loader hooks are per thread: the worker registers tsx before it loads this file (as bench/serverThread.ts).
  const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: true, workerData: { listWriter: true, connectionString } satisfies WriterData });
  const writer: Writer = { url: connectionString, worker, idle: null, jobs: new Map() };
  const failAll = (err: Error) => {
    for (const job of writer.jobs.values()) job.reject(err);
    writer.jobs.clear();
    all.delete(writer);
    const at = idle.indexOf(writer);
    if (at >= 0) idle.splice(at, 1);
  };
  worker.on('message', (m: Reply) => {
    const job = writer.jobs.get(m.id);
    if (!job) return;
    writer.jobs.delete(m.id);
    if ('error' in m) job.reject(new Error(m.error));
    else job.resolve({ fingerprint: m.fingerprint, body: Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength) });
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The list writer stopped')));
  all.add(writer);
  return writer;
}

/** Databases whose first writer is kept ready however long it waits (warmListWriter). */
const keptWarm = new Set<string>();

function release(writer: Writer): void {
  if (!all.has(writer)) return;
  writer.worker.unref();
  if (keptWarm.has(writer.url) && !idle.some((w) => w.url === writer.url)) {
    idle.push(writer);
    return;
  }
  writer.idle = setTimeout(() => {
    const at = idle.indexOf(writer);
    if (at >= 0) idle.splice(at, 1);
    all.delete(writer);
    void writer.worker.terminate();
  }, IDLE_MS);
  writer.idle.unref();
  idle.push(writer);
}

/** Writes the list `job` in a low-priority worker on its own connection to `connectionString`. */
export function writeList(connectionString: string, job: ListJob): Promise<WrittenList> {
  const at = idle.findIndex((w) => w.url === connectionString);
  let writer = at >= 0 ? idle.splice(at, 1)[0] : undefined;
  if (writer?.idle) clearTimeout(writer.idle);
  writer ??= startWriter(connectionString);
  writer.worker.ref();
  const id = nextId++;
  const w = writer;
  return new Promise<WrittenList>((resolve, reject) => {
    w.jobs.set(id, { resolve, reject });
    w.worker.postMessage({ id, job });
  }).finally(() => release(w));
}

/**
 * Starts a writer for `connectionString` now and keeps one ready from then on (`npm start`'s server,
 * server/main.ts): a writer's start (its thread, tsx and the modules) took ~460 ms of the first list
 * after a change, which an admin waited for on "Planlegg" (issue 24 §5). The kept writer holds its
 * one connection of its own (outside the pool) and does not keep the process alive.
 */
export function warmListWriter(connectionString: string): void {
  keptWarm.add(connectionString);
  if ([...all].some((w) => w.url === connectionString)) return;
  const writer = startWriter(connectionString);
  // Its module loads now, and it opens its connection (no answer is sent).
  writer.worker.postMessage({ id: 0, ping: true });
  release(writer);
}

/** Ends the list writers of the database at `connectionString` (the server's close). */
export async function closeListWriters(connectionString: string): Promise<void> {
  const writers = [...all].filter((w) => w.url === connectionString);
  keptWarm.delete(connectionString);
  for (const w of writers) {
    all.delete(w);
    const at = idle.indexOf(w);
    if (at >= 0) idle.splice(at, 1);
  }
  await Promise.all(writers.map((w) => {
    if (w.idle) clearTimeout(w.idle);
    return w.worker.terminate();
  }));
}

// ---- The worker's side ----

/** Nices `pid` when it is a PostgreSQL process of this machine; anything else is left alone. */
function niceBackend(pid: number, host: string | undefined): void {
  const local = !host || host.startsWith('/') || host === 'localhost' || host === '127.0.0.1' || host === '::1';
  if (!local) return;
  try {
    if (!/postgres/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) return;
    os.setPriority(pid, LOWEST);
  } catch {
    // Not ours to nice (another user without the right), or not Linux: the list is written all the same.
  }
}

/**
 * The list's text, compressed in this thread at its end (brotliCompressSync / gzipSync: not libuv's
 * thread pool, which runs at normal priority and also hashes the passwords of signing-in users).
 */
function compressorOf(encoding: ListEncoding): { push: (text: string) => void; end: () => Buffer } {
  const parts: Buffer[] = [];
  return {
    push: (text) => {
      parts.push(Buffer.from(text));
    },
    end: () => {
      const all = Buffer.concat(parts);
      parts.length = 0;
      if (encoding === 'br') return zlib.brotliCompressSync(all, LARGE_JSON_COMPRESSION.brotliOptions);
      if (encoding === 'gzip') return zlib.gzipSync(all, LARGE_JSON_COMPRESSION.zlibOptions);
      return all;
    },
  };
}

async function write(client: pg.Client, job: ListJob): Promise<WrittenList> {
  await client.query(LIST_SNAPSHOT_BEGIN);
  try {
    const { rows } = await client.query<{ fingerprint: string }>(job.fingerprint.text, job.fingerprint.values);
    const out = compressorOf(job.encoding);
    let pending = '[';
    let count = 0;
    await new Promise<void>((resolve, reject) => {
      const config: pg.QueryArrayConfig = { text: job.query.text, values: job.query.values, rowMode: 'array' };
      const run = client.query(new pg.Query(config));
      run.on('row', (row: [string]) => {
        pending += count++ === 0 ? row[0] : `,${row[0]}`;
        if (pending.length >= LIST_CHUNK_CHARS) {
          out.push(pending);
          pending = '';
        }
      });
      run.on('error', reject);
      run.on('end', () => resolve());
    });
    out.push(`${pending}]`);
    await client.query('commit');
    return { fingerprint: rows[0].fingerprint, body: out.end() };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

function serveWriter(data: WriterData): void {
  try {
    os.setPriority(LOWEST);
  } catch {
    // Not permitted here: written at normal priority.
  }
  let client: Promise<pg.Client> | null = null;
  const connection = () => {
    client ??= (async () => {
      const c = new pg.Client({ connectionString: data.connectionString, application_name: 'meterwork-list-writer' });
      c.on('error', () => {
        client = null;
      });
      await c.connect();
      const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
      niceBackend(rows[0].pid, c.host);
      return c;
    })().catch((err: unknown) => {
      client = null;
      throw err;
    });
    return client;
  };
  parentPort!.on('message', ({ id, job, ping }: { id: number; job?: ListJob; ping?: true }) => {
    if (ping || !job) {
      // warmListWriter's: the module is loaded; open the connection too, so the first list waits for neither.
      void connection().catch(() => {});
      return;
    }
    connection().then((c) => write(c, job)).then(
      ({ fingerprint, body }) => {
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        // The bytes move to the main thread without a copy when they own their memory.
        const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
        parentPort!.postMessage({ id, fingerprint, body: bytes } satisfies Reply, own ? [body.buffer as ArrayBuffer] : []);
      },
      (err: Error) => {
        // A connection whose statement failed is dropped; the next list opens a new one.
        void client?.then((c) => c.end()).catch(() => {});
        client = null;
        parentPort!.postMessage({ id, error: err.message } satisfies Reply);
      },
    );
  });
}

if (!isMainThread && (workerData as Partial<WriterData> | null)?.listWriter) serveWriter(workerData as WriterData);
