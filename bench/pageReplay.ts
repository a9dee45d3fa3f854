/**
 * Issue 12 §5: the end-of-day sync replayed by the page. In Debian's Chromium against the real
 * server (`npm start`'s, its own PostgreSQL): the plumber Ola, offline, has 500 commands queued:
 * 400 note edits on his open jobs and 100 photo uploads (1920×1440 JPEGs of about 400 KB, each with
 * its own bytes), spread over his jobs' tasks in the mix of bench/outbox.ts (each round 20 notes and
 * 5 photos). The first photo goes through the deviation view's file input (the real capture path);
 * the other commands are written to the replica as enqueue writes them (a photo's row and its
 * command in one transaction), so the setup does not wait on 499 captures. Then the network returns
 * and the page replays; timed until the outbox is empty.
 * Checked afterwards: every command reached the server once (the server's idempotency_keys), those
 * of one job in queue order, the 100 photos with the device's hashes, the last note per job, and
 * the progress the plumber sees (the sync status in the header) advanced during the replay.
 * BENCH_PROFILE=file.cpuprofile writes the page's CPU profile over the replay there, and the service
 * worker's beside it (file.worker.cpuprofile); SERVER_CPU_PROFILE=dir the server's (tests/e2e/serve.ts).
 * With `uplinkBytesPerSecond`, Chromium's network emulation limits the page's upload: the replay is
 * then compared with the time its request bodies need on that line.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import WebSocket from 'ws';
import { PLUMBER_OLA, dbQuery, signIn } from '../tests/e2e/helpers';
import { freePort } from '../tests/helpers/freePort';
import { startServer } from './browserJobList';
import { noisyPixels } from './photo';
import { launchBenchBrowser } from './benchBrowser';

export const PAGE_REPLAY_BUDGET_S = 10;
/** The time of a fixed loop (PageReplayBench.machineProbeMs). */
function probeMachine(): number {
  const t = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) console.log(x);
  return Math.round(performance.now() - t);
}

/** Loopback runs `npm run bench -- replay` makes; the median one is the figure. */
export const PAGE_REPLAY_RUNS = 3;
/** Issue 12 §5: on a throttled uplink, the replay within 10 % of the time its bytes need. */
export const THROTTLE_SLACK = 0.1;

export interface PageReplayBench {
  commands: number;
  photos: number;
  notes: number;
  /** Request bodies of the replay (multipart uploads and JSON), the bytes a line must carry. */
  bodyBytes: number;
  uplinkBytesPerSecond: number | null;
  /** bodyBytes at the line's rate; null on loopback. */
  lineSeconds: number | null;
  replaySeconds: number;
  /** The sync status text the plumber saw, sampled every 250 ms (distinct values in order). */
  progressSeen: string[];
  /** Requests the page sent and those the service worker sent (Background Sync may take the run). */
  byPage: number;
  byWorker: number;
  /** Change-feed pulls (GET /api/sync/changes) during the replay, by page and worker. */
  pulls: number;
  /** Jobs read one by one (GET /api/jobs/:id) during the replay: a chained edit asking the server for its version. */
  jobReads: number;
  /** IndexedDB transactions the page opened during the replay, by mode (the worker's are not counted). */
  pageTransactions: { readwrite: number; readonly: number };
  /** And those the service worker opened. */
  workerTransactions: { readwrite: number; readonly: number };
  /** CPU seconds spent during the replay: the server (with its PostgreSQL) and each kind of Chromium process. */
  cpuSeconds: Record<string, number>;
  checks: { name: string; ok: boolean; detail: string }[];
  loadAverage: number;
  /**
   * A fixed single-threaded loop in Node just before the replay, in ms: how fast this machine's
   * cores are at the time (a shared machine's speed varies by a third from hour to hour, and the
   * replay's time with it). Here: about 360 ms at its fast hours, 420 ms at its slow ones.
   */
  machineProbeMs: number;
  withinBudget: boolean;
}

interface ReplicaJob {
  jobId: string;
  version: number;
  statusId: number;
  severityId: number;
  matrikkelenhetsId: number;
  tasks: string[];
}

/** Distinct JPEGs as the device stores them, with the thumbnail the capture path makes. */
async function photoFile(i: number): Promise<{ bytes: Buffer; thumb: Buffer; sha256: string }> {
  const raw = noisyPixels(1920, 1440, 0.12, 1000 + i);
  const bytes = await sharp(raw, { raw: { width: 1920, height: 1440, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  const thumb = await sharp(raw, { raw: { width: 1920, height: 1440, channels: 3 } }).resize(240).jpeg({ quality: 70 }).toBuffer();
  return { bytes, thumb, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** CPU seconds (user + system) of processes: the server's tree, and Chromium's by process type. */
function cpuNow(serverPid: number, profile: string): Record<string, number> {
  const tick = 100; // USER_HZ on Linux
  const procs = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return { pid: Number(pid), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / tick, cmd };
    } catch {
      return null;
    }
  }).filter((p) => p !== null);
  const out: Record<string, number> = {};
  const tree = new Set([serverPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (!tree.has(p.pid) && tree.has(p.ppid)) { tree.add(p.pid); grew = true; }
  }
  for (const p of procs) {
    let kind: string | null = null;
    if (tree.has(p.pid)) kind = p.cmd.includes('postgres') ? 'postgres' : 'server';
    else if (p.cmd.includes(profile)) kind = `chromium ${/--type=([a-z-]+)/.exec(p.cmd.replace(/\0/g, ' '))?.[1] ?? 'browser'}${p.cmd.includes('NetworkService') ? ' (network)' : ''}`;
    if (kind) out[kind] = (out[kind] ?? 0) + p.cpu;
  }
  return out;
}

/** A DevTools session with the origin's service worker, through the browser's DevTools port. */
async function serviceWorkerSession(devtoolsPort: number): Promise<{ send: (method: string, params?: object) => Promise<unknown>; close: () => void }> {
  const targets = await (await fetch(`http://127.0.0.1:${devtoolsPort}/json/list`)).json() as { type: string; webSocketDebuggerUrl: string }[];
  const worker = targets.find((t) => t.type === 'service_worker');
  if (!worker) throw new Error('no service worker on the DevTools port');
  const ws = new WebSocket(worker.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  let id = 0;
  const answers = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id !== undefined) answers.get(m.id)?.(m);
  });
  return {
    send: (method, params = {}) => new Promise((resolve, reject) => {
      answers.set(++id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    }),
    close: () => ws.close(),
  };
}

export async function benchPageReplay(opts: { uplinkBytesPerSecond?: number; rounds?: number } = {}): Promise<PageReplayBench> {
  const rounds = opts.rounds ?? 20;
  const uplink = opts.uplinkBytesPerSecond ?? null;
  const port = await freePort();
  const pgPort = await freePort();
  process.env.E2E_PG_PORT = String(pgPort);
  const server = await startServer(port, pgPort);
  // A DevTools port too: the service worker (which takes the replay when Background Sync fires
  // first) is throttled and profiled through it, Playwright offering no CDP session with workers.
  const devtoolsPort = await freePort();
  const browser = await launchBenchBrowser(port, 'replay', {
    timezoneId: 'Europe/Oslo', extraArgs: [`--remote-debugging-port=${devtoolsPort}`],
  });
  const { context } = browser;
  // The page's IndexedDB transactions, counted by mode (each commit of a readwrite one wakes the live queries).
  await context.addInitScript(`(() => {
    const counts = { readwrite: 0, readonly: 0 };
    const open = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
      counts[mode === 'readwrite' ? 'readwrite' : 'readonly'] += 1;
      if (globalThis.__idbStacks) {
        Error.stackTraceLimit = 60;
        const where = (new Error().stack || '').split('\\n').slice(4, 60).map((l) => l.trim().replace(/\\(?https?:\\/\\/[^/]+\\/assets\\//, '(')).join(' < ');
        const k = (stores + '') + ' ' + (mode || 'readonly') + ' ' + where;
        globalThis.__idbStacks[k] = (globalThis.__idbStacks[k] || 0) + 1;
      }
      return open.call(this, stores, mode, ...rest);
    };
    globalThis.__idbTransactions = counts;
    // The bench's own reads (the queue's length, polled) go uncounted.
    globalThis.__idbUncounted = open;
  })()`);
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await signIn(page, PLUMBER_OLA);
    await page.goto('/joblist');
    await page.getByTestId('job-card').first().waitFor();
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });

    const jobs = await page.evaluate(() => new Promise<ReplicaJob[]>((resolve, reject) => {
      const open = indexedDB.open('meterwork');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const req = open.result.transaction('jobs').objectStore('jobs').getAll();
        req.onsuccess = () => resolve((req.result as {
          jobId: string; version: number; statusId: number; severityId: number; matrikkel: { matrikkelenhetId: number };
          jobTasks: { taskId: string; isDeleted?: boolean; statusId: number }[];
        }[]).filter((j) => j.statusId === 1 || j.statusId === 2).map((j) => ({
          jobId: j.jobId, version: j.version, statusId: j.statusId, severityId: j.severityId ?? 1, matrikkelenhetsId: j.matrikkel.matrikkelenhetId,
          tasks: j.jobTasks.filter((t) => !t.isDeleted && t.statusId === 1).map((t) => t.taskId),
        })));
        req.onerror = () => reject(req.error);
      };
    }));
    const photoTasks = jobs.flatMap((j) => j.tasks.map((taskId) => ({ job: j, taskId })));
    if (jobs.length < 5 || photoTasks.length < 5) throw new Error(`Ola has too few open jobs (${jobs.length}) or tasks (${photoTasks.length})`);

    // The first photo through the capture path: its row and command are the pattern for the rest.
    await context.setOffline(true);
    const first = photoTasks[0];
    await page.goto(`/job/${first.job.jobId}/task/${first.taskId}`);
    await page.getByTestId('open-deviation').click();
    const firstFile = await photoFile(0);
    await page.getByTestId('photo-input').setInputFiles([{ name: 'foto-0.jpg', mimeType: 'image/jpeg', buffer: firstFile.bytes }]);
    await page.getByTestId('photo').first().waitFor({ timeout: 120_000 });
    await page.goto(process.env.REPLAY_AT ?? '/joblist');
    if (!process.env.REPLAY_AT) await page.getByTestId('job-card').first().waitFor(); else await page.waitForTimeout(2000);

    // The rest, queued as enqueue writes them: notes on every open job in turn, photos on every open task in turn.
    let noteNo = 0;
    let photoNo = 1;
    const lastNote = new Map<string, string>();
    const seenJob = new Set<string>([first.job.jobId]);
    const photoIds: { assetId: string; sha256: string }[] = [];
    let bodyBytes = 0;
    for (let r = 0; r < rounds; r++) {
      const rows: ({ kind: 'note'; jobId: string; body: Record<string, unknown>; chained: boolean }
        | { kind: 'photo'; jobId: string; taskId: string; matrikkelenhetsId: number; assetId: string; sha256: string; bytes: string; thumb: string; fileName: string })[] = [];
      for (let i = 0; i < 25; i++) {
        if (process.env.REPLAY_MIX === 'notes' && i % 5 === 4) continue;
        if (process.env.REPLAY_MIX === 'photos' && i % 5 !== 4) continue;
        if (i % 5 === 4) {
          if (r === 0 && i === 4) continue; // the captured photo stands for this one
          const { job, taskId } = photoTasks[photoNo % photoTasks.length];
          const f = await photoFile(photoNo);
          const assetId = randomUUID();
          rows.push({ kind: 'photo', jobId: job.jobId, taskId, matrikkelenhetsId: job.matrikkelenhetsId, assetId, sha256: f.sha256,
            bytes: f.bytes.toString('base64'), thumb: f.thumb.toString('base64'), fileName: `IMG_${4000 + photoNo}.jpg` });
          photoIds.push({ assetId, sha256: f.sha256 });
          photoNo++;
        } else {
          const job = jobs[noteNo % jobs.length];
          const notes = `Notat ${++noteNo}: nøkkel hos naboen i nr. ${noteNo % 40}`;
          const chained = seenJob.has(job.jobId);
          seenJob.add(job.jobId);
          const body = { jobId: job.jobId, notes, status: job.statusId, severity: job.severityId, ...(chained ? {} : { expectedVersion: job.version }) };
          rows.push({ kind: 'note', jobId: job.jobId, body, chained });
          lastNote.set(job.jobId, notes);
        }
      }
      await page.evaluate((rows) => new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('meterwork');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const idb = open.result;
          const tx = idb.transaction(['outbox', 'photos'], 'readwrite');
          const outbox = tx.objectStore('outbox');
          const photos = tx.objectStore('photos');
          const all = outbox.getAll();
          all.onsuccess = () => {
            const pattern = (all.result as Record<string, unknown>[]).find((e) => e.type === 'uploadPhoto')!;
            const patternBody = pattern.body as Record<string, unknown>;
            const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
            const common = { status: 'pending', userId: pattern.userId, actor: pattern.actor, attempts: 0 };
            const patternPhoto = photos.get(patternBody.assetId as string);
            patternPhoto.onsuccess = () => {
              const p = patternPhoto.result as Record<string, unknown>;
              for (const row of rows) {
                const now = new Date().toISOString();
                if (row.kind === 'note') {
                  outbox.add({ ...common, type: 'updateNote', body: row.body, key: crypto.randomUUID(), jobId: row.jobId, jobIds: [row.jobId], createdAt: now,
                    ...(row.chained ? { chained: true } : {}) });
                } else {
                  const blob = new Blob([bytesOf(row.bytes)], { type: 'image/jpeg' });
                  const metadata = { ...(p.metadata as object), width: 1920, height: 1440, sizeInBytes: blob.size };
                  photos.put({ ...p, assetId: row.assetId, jobId: row.jobId, taskId: row.taskId, matrikkelenhetsId: row.matrikkelenhetsId, fileName: row.fileName,
                    blob, thumb: new Blob([bytesOf(row.thumb)], { type: 'image/jpeg' }), sha256: row.sha256, metadata, createdAt: now, state: 'local' });
                  outbox.add({ ...common, type: 'uploadPhoto', key: crypto.randomUUID(), jobId: row.jobId, jobIds: [row.jobId], createdAt: now,
                    body: { ...patternBody, assetId: row.assetId, jobId: row.jobId, taskId: row.taskId, matrikkelenhetsId: row.matrikkelenhetsId, fileName: row.fileName,
                      customProps: { ...(patternBody.customProps as object), taskId: row.taskId }, metadata } });
                }
              }
            };
          };
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }), rows);
    }

    // What the replay must carry: each upload's multipart body and each note's JSON, built as the app builds them.
    const queued = await page.evaluate(() => new Promise<{ key: string; jobId: string; type: string; bytes: number }[]>((resolve, reject) => {
      const open = indexedDB.open('meterwork');
      open.onsuccess = async () => {
        const tx = open.result.transaction(['outbox', 'photos']);
        const entries = await new Promise<Record<string, unknown>[]>((res) => { const q = tx.objectStore('outbox').getAll(); q.onsuccess = () => res(q.result); });
        const photos = await new Promise<Record<string, unknown>[]>((res) => { const q = tx.objectStore('photos').getAll(); q.onsuccess = () => res(q.result); });
        const out = [];
        for (const e of entries.sort((a, b) => (a.seq as number) - (b.seq as number))) {
          const body = e.body as Record<string, unknown>;
          let bytes: number;
          if (e.type === 'uploadPhoto') {
            const photo = photos.find((p) => p.assetId === body.assetId)!;
            const form = new FormData();
            for (const k of ['moduleId', 'matrikkelenhetsId', 'assetId']) form.set(k, String(body[k] ?? 'VA'));
            form.set('metadata', JSON.stringify(body.metadata));
            form.set('customProps', JSON.stringify(body.customProps));
            form.set('mediafile', photo.blob as Blob, body.fileName as string);
            bytes = (await new Response(form).blob()).size;
          } else bytes = new TextEncoder().encode(JSON.stringify({ ...body, expectedVersion: 1 })).length;
          out.push({ key: e.key as string, jobId: e.jobId as string, type: e.type as string, bytes });
        }
        resolve(out);
      };
      open.onerror = () => reject(open.error);
    }));
    bodyBytes = queued.reduce((n, q) => n + q.bytes, 0);
    const { rows: keysBefore } = { rows: await dbQuery<{ key: string }>('select key from idempotency_keys') };
    const before = new Set(keysBefore.map((k) => k.key));

    // The sync status as the plumber sees it, sampled in the page.
    await page.evaluate(() => {
      const w = globalThis as unknown as { __progress: string[] };
      w.__progress = [];
      setInterval(() => {
        const el = document.querySelector('[data-testid="sync-status"]');
        const text = el ? `${el.getAttribute('data-tone')}: ${(el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()}` : '';
        if (w.__progress[w.__progress.length - 1] !== text) w.__progress.push(text);
      }, 250);
    });
    let byPage = 0;
    let byWorker = 0;
    let pulls = 0;
    let jobReads = 0;
    context.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/sync/changes') pulls++;
      if (req.method() === 'GET' && /^\/api\/jobs\/[^/]+$/.test(new URL(req.url()).pathname)) jobReads++;
      if (req.method() === 'GET' || !new URL(req.url()).pathname.startsWith('/api/')) return;
      if (req.serviceWorker()) byWorker++;
      else byPage++;
    });

    // This bench's profile folder (benchBrowser.ts) names its Chromium processes.
    const profile = 'meterwork-bench-replay-';
    const cpu0 = cpuNow(server.pid!, profile);
    // BENCH_PROFILE=file.cpuprofile: the page's JavaScript profile over the replay, for finding where it goes.
    const profileTo = process.env.BENCH_PROFILE;
    const profiler = profileTo ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.send('Profiler.start');
    }
    // BENCH_TRACE=file.json: a Chromium trace of the replay (every process), for where the native time goes.
    const tracer = process.env.BENCH_TRACE ? await context.newCDPSession(page) : null;
    if (tracer) {
      await tracer.send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'toplevel', 'IndexedDB', 'ServiceWorker', 'loading', 'netlog', 'mojom'], recordMode: 'recordContinuously' },
      });
    }
    const worker = await serviceWorkerSession(devtoolsPort);
    if (profileTo) {
      await worker.send('Profiler.enable');
      await worker.send('Profiler.setSamplingInterval', { interval: 500 });
      await worker.send('Profiler.start');
    }
    // The worker's IndexedDB transactions too, counted from here on.
    const workerCount = `(() => {
      if (!globalThis.__idbTransactions) {
        const counts = { readwrite: 0, readonly: 0 };
        const open = IDBDatabase.prototype.transaction;
        IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
          counts[mode === 'readwrite' ? 'readwrite' : 'readonly'] += 1;
          return open.call(this, stores, mode, ...rest);
        };
        globalThis.__idbTransactions = counts;
      }
      return JSON.stringify(globalThis.__idbTransactions);
    })()`;
    const workerTransactions = async () => JSON.parse(((await worker.send('Runtime.evaluate', { expression: workerCount, returnByValue: true })) as { result: { value: string } }).result.value) as { readwrite: number; readonly: number };
    const workerTransactionsBefore = await workerTransactions();
    if (process.env.REPLAY_STACKS) await page.evaluate(() => { (globalThis as unknown as { __idbStacks: object }).__idbStacks = {}; });
    const transactionsBefore = await page.evaluate(() => ({ ...(globalThis as unknown as { __idbTransactions: { readwrite: number; readonly: number } }).__idbTransactions }));
    pulls = 0;
    jobReads = 0;
    const machineProbeMs = probeMachine();
    const t0 = Date.now();
    await context.setOffline(false);
    if (uplink !== null) {
      // After setOffline, which sets the page's network conditions too.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: uplink });
      // The service worker's requests too: it takes the replay when Background Sync fires first.
      await worker.send('Network.enable');
      await worker.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: uplink });
    }
    await page.evaluate(() => globalThis.dispatchEvent(new Event('online')));
    const commands = queued.length;
    for (;;) {
      const left = await page.evaluate(() => new Promise<number>((resolve) => {
        const open = indexedDB.open('meterwork');
        open.onsuccess = () => {
          const uncounted = (globalThis as unknown as { __idbUncounted: IDBDatabase['transaction'] }).__idbUncounted;
          // Whether any entry is left, not how many: a count walks the whole store, and this poll
          // must not slow the replay it times.
          const q = uncounted.call(open.result, 'outbox', 'readonly').objectStore('outbox').getAllKeys(null, 1);
          q.onsuccess = () => {
            resolve(q.result.length);
            open.result.close();
          };
        };
      }));
      if (left === 0 || Date.now() - t0 > 600_000) break;
      await page.waitForTimeout(200);
    }
    const replaySeconds = (Date.now() - t0) / 1000;
    if (profiler && profileTo) fs.writeFileSync(profileTo, JSON.stringify((await profiler.send('Profiler.stop')).profile));
    if (profileTo) {
      const { profile: workerProfile } = await worker.send('Profiler.stop') as { profile: unknown };
      fs.writeFileSync(profileTo.replace(/(\.cpuprofile)?$/, '.worker.cpuprofile'), JSON.stringify(workerProfile));
    }
    if (tracer) {
      const done = new Promise<string>((resolve) => tracer.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream!)));
      await tracer.send('Tracing.end');
      const stream = await done;
      const chunks: string[] = [];
      for (;;) {
        const r = await tracer.send('IO.read', { handle: stream, size: 1 << 20 }) as { data: string; eof: boolean };
        chunks.push(r.data);
        if (r.eof) break;
      }
      fs.writeFileSync(process.env.BENCH_TRACE!, chunks.join(''));
    }
    const workerTransactionsAfter = await workerTransactions();
    worker.close();
    const cpu1 = cpuNow(server.pid!, profile);
    const cpuSeconds = Object.fromEntries(Object.keys(cpu1).map((k) => [k, cpu1[k] - (cpu0[k] ?? 0)]));
    const loadAverage = os.loadavg()[0];
    const progressSeen = await page.evaluate(() => (globalThis as unknown as { __progress: string[] }).__progress);
    const transactionsAfter = await page.evaluate(() => ({ ...(globalThis as unknown as { __idbTransactions: { readwrite: number; readonly: number } }).__idbTransactions }));
    const pageTransactions = {
      readwrite: transactionsAfter.readwrite - transactionsBefore.readwrite, readonly: transactionsAfter.readonly - transactionsBefore.readonly,
    };
    const workerTransactions_ = {
      readwrite: workerTransactionsAfter.readwrite - workerTransactionsBefore.readwrite, readonly: workerTransactionsAfter.readonly - workerTransactionsBefore.readonly,
    };
    const pullsDuring = pulls;
    const jobReadsDuring = jobReads;
    if (process.env.REPLAY_STACKS) {
      const stacks = await page.evaluate(() => (globalThis as unknown as { __idbStacks: Record<string, number> }).__idbStacks);
      fs.writeFileSync(process.env.REPLAY_STACKS, Object.entries(stacks).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${v} ${k}`).join('\n'));
    }

    const checks: PageReplayBench['checks'] = [];
    const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
    const leftRows = await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('meterwork');
      open.onsuccess = () => { const q = open.result.transaction('outbox').objectStore('outbox').count(); q.onsuccess = () => resolve(q.result); };
    }));
    check('outbox empty', leftRows === 0, `${leftRows} left`);
    const serverKeys = (await dbQuery<{ key: string; status_code: number; t: string }>(
      `select key, status_code, to_char(created_at, 'YYYY-MM-DD HH24:MI:SS.US') as t from idempotency_keys order by created_at, key`))
      .filter((k) => !before.has(k.key));
    const queuedKeys = new Set(queued.map((q) => q.key));
    check('each command applied once (idempotency_keys = queued keys)', serverKeys.length === queued.length && serverKeys.every((k) => queuedKeys.has(k.key)),
      `${serverKeys.length} new keys for ${queued.length} commands`);
    check('every stored answer a success', serverKeys.every((k) => k.status_code < 300), `${serverKeys.filter((k) => k.status_code >= 300).length} not 2xx`);
    // Per job, the server took the commands in queue order (created_at: each request's transaction start).
    const at = new Map(serverKeys.map((k) => [k.key, k.t]));
    const byJob = new Map<string, string[]>();
    for (const q of queued) byJob.set(q.jobId, [...(byJob.get(q.jobId) ?? []), q.key]);
    const outOfOrder = [...byJob.values()].filter((keys) => keys.some((k, i) => i > 0 && (at.get(keys[i - 1]) ?? '') >= (at.get(k) ?? ''))).length;
    check('per job, in queue order on the server', outOfOrder === 0, `${outOfOrder} of ${byJob.size} jobs out of order`);
    const assets = await dbQuery<{ id: string; sha256: string }>('select id, sha256 from media_assets where id = any($1)', [photoIds.map((p) => p.assetId)]);
    const hashOf = new Map(assets.map((a) => [a.id, a.sha256]));
    check('the injected photos on the server with the device\'s hashes', photoIds.every((p) => hashOf.get(p.assetId) === p.sha256),
      `${photoIds.filter((p) => hashOf.get(p.assetId) === p.sha256).length} of ${photoIds.length}`);
    const notes = await dbQuery<{ id: string; notes: string }>('select id, notes from jobs where id = any($1)', [[...lastNote.keys()]]);
    check('server notes = last note queued per job', notes.every((n) => n.notes === lastNote.get(n.id)),
      `${notes.filter((n) => n.notes === lastNote.get(n.id)).length} of ${lastNote.size}`);
    const advancing = progressSeen.filter((s) => s.startsWith('replaying')).length;
    check('the plumber saw the progress advance', advancing >= 3, `${advancing} distinct progress texts`);

    const lineSeconds = uplink === null ? null : bodyBytes / uplink;
    const withinBudget = checks.every((c) => c.ok) && (lineSeconds === null ? replaySeconds < PAGE_REPLAY_BUDGET_S : replaySeconds <= lineSeconds * (1 + THROTTLE_SLACK));
    return {
      commands, photos: queued.filter((q) => q.type === 'uploadPhoto').length, notes: queued.filter((q) => q.type === 'updateNote').length,
      bodyBytes, uplinkBytesPerSecond: uplink, lineSeconds, replaySeconds, progressSeen, byPage, byWorker, pulls: pullsDuring, jobReads: jobReadsDuring, pageTransactions, workerTransactions: workerTransactions_, cpuSeconds, checks, loadAverage, machineProbeMs, withinBudget,
    };
  } finally {
    await browser.close();
    server.kill('SIGINT');
  }
}

export function formatPageReplayBench(b: PageReplayBench): string {
  const mb = (b.bodyBytes / 1024 / 1024).toFixed(1);
  const target = b.lineSeconds === null
    ? `budget < ${PAGE_REPLAY_BUDGET_S} s on loopback`
    : `uplink ${(b.uplinkBytesPerSecond! * 8 / 1e6).toFixed(0)} Mbit/s: the bodies need ${b.lineSeconds.toFixed(1)} s on the line, budget ${(b.lineSeconds * (1 + THROTTLE_SLACK)).toFixed(1)} s`;
  const shown = b.progressSeen.filter((s) => s.startsWith('replaying'));
  return [
    `Page replay of ${b.commands} commands (${b.notes} notes, ${b.photos} photos; ${mb} MB of request bodies), ${target}`,
    ...b.checks.map((c) => `  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`),
    `  progress seen: ${shown.slice(0, 3).join(' | ')} ... ${shown.slice(-2).join(' | ')}`,
    `  mutating requests by the page ${b.byPage}, by the service worker ${b.byWorker}; change-feed pulls ${b.pulls}; jobs read one by one ${b.jobReads}`,
    `  IndexedDB transactions the page opened: ${b.pageTransactions.readwrite} readwrite, ${b.pageTransactions.readonly} readonly; the service worker: ${b.workerTransactions.readwrite} readwrite, ${b.workerTransactions.readonly} readonly`,
    `  CPU seconds during the replay: ${Object.entries(b.cpuSeconds).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`,
    `  replay ${b.replaySeconds.toFixed(1)} s (load average ${b.loadAverage.toFixed(1)}; machine probe ${b.machineProbeMs} ms): ${b.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  ].join('\n');
}
