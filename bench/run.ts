/**
 * `npm run bench`: the budgets of DESIGN.md, measured. Prints each figure beside its budget.
 * Sections: shell, joblist, browser, api, photo, photopath, outbox, memory, replay, report, barcode, register, planningmap, assignments, load, batch, drop, mySchedule, calendarRender, owners, routes (`npx tsx bench/run.ts photo` runs one).
 * Needs Debian's Chromium (the in-browser job list, the photo pipeline) and builds the web app first if it is stale.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild } from '../server/webBuild';
import { measureShellSize } from './shellSize';
import { benchJobList } from './jobList';
import { benchBrowserJobList } from './browserJobList';
import { formatApiBench, runApiBench } from './api';
import { benchPhoto, formatPhotoBench } from './photo';
import { benchPhotoPath, formatPhotoPathBench } from './photoPath';
import { benchOutbox, formatOutboxBench } from './outbox';
import { benchPageMemory, formatPageMemoryBench } from './pageMemory';
import { benchPageReplay, formatPageReplayBench, PAGE_REPLAY_BUDGET_S, PAGE_REPLAY_RUNS, type PageReplayBench } from './pageReplay';
import { formatReportBench, runReportBench } from './report';
import { benchBarcode, formatBarcodeBench } from './barcode';
import { benchRegister, formatRegisterBench } from './register';
import { benchPlanningMap, formatPlanningMapBench } from './planningMap';
import { formatAssignmentsBench, runAssignmentsBench } from './assignments';
import { formatBatchBench, runBatchBench } from './batch';
import { formatRouteGroupingBench, runRouteGroupingBench } from './routeGrouping';
import { benchPlanningOpen, formatPlanningOpenBench } from './planningOpen';
import { formatDropBench, runDropBench } from './drop';
import { benchMySchedule, formatMyScheduleBench } from './mySchedule';
import { benchCalendarRender, formatCalendarRenderBench } from './calendarRender';
import { benchOwners, formatOwnersBench } from './owners';

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

async function main() {
  // The barcode section reads labels and the planning map builds its own page: run alone, they need no build.
  if (only.length === 0 || only.some((name) => name !== 'barcode' && name !== 'planningmap' && name !== 'register' && name !== 'assignments' && name !== 'load' && name !== 'batch' && name !== 'routes' && name !== 'drop')) await ensureWebBuild(path.resolve('dist'));
  if (want('shell')) {
    const shell = measureShellSize();
    console.log(`\n## App shell JavaScript before the first screen (gzip), budget ${kb(shell.budgetBytes)}`);
    for (const f of shell.files) console.log(`  ${f.file.padEnd(48)} ${kb(f.gzipBytes)}`);
    console.log(`  total ${kb(shell.totalGzipBytes)}: ${shell.totalGzipBytes <= shell.budgetBytes ? 'within budget' : 'OVER BUDGET'}`);
  }
  if (want('joblist')) {
    const q = await benchJobList();
    console.log(`\n## Job list query over ${q.jobCount} jobs in fake-indexeddb (Node baseline; the browser is faster)`);
    for (const c of q.cases) console.log(`  ${c.name.padEnd(44)} first ${c.firstMs.toFixed(1)} ms, median ${c.medianMs.toFixed(1)} ms, p95 ${c.p95Ms.toFixed(1)} ms`);
  }
  if (want('browser')) {
    const b = await benchBrowserJobList();
    console.log(`\n## Job list in Chromium with ${b.jobCount} jobs in the replica, budget 100 ms from navigation to first cards`);
    console.log(`  runs (ms): ${b.navigationRunsMs.join(', ')}; median ${b.navigationMedianMs} ms: ${b.navigationMedianMs <= 100 ? 'within budget' : 'OVER BUDGET'}`);
    console.log(`## Repeat visit offline to the job list, budget 1000 ms`);
    console.log(`  runs (ms): ${b.offlineReloadRunsMs.join(', ')}; median ${b.offlineReloadMedianMs} ms: ${b.offlineReloadMedianMs <= 1000 ? 'within budget' : 'OVER BUDGET'}`);
  }
  if (want('api')) {
    console.log('\n## API');
    console.log(formatApiBench(await runApiBench()));
  }
  if (want('photo')) {
    console.log('\n## Photo');
    console.log(formatPhotoBench(await benchPhoto()));
  }
  if (want('photopath')) {
    console.log('\n## A photo through the screens');
    console.log(formatPhotoPathBench(await benchPhotoPath()));
  }
  if (want('outbox')) {
    console.log('\n## Outbox');
    console.log(formatOutboxBench(await benchOutbox()));
  }
  if (want('memory')) {
    console.log('\n## Page memory during a photo replay');
    console.log(formatPageMemoryBench(await benchPageMemory()));
  }
  if (want('replay')) {
    console.log('\n## The end-of-day sync in the browser (500 commands, 100 photos), loopback and 10 Mbit/s up');
    // Loopback three times, the median run shown in full: one run on this machine varies by a
    // second or two (who replays, page or service worker, and what else the two cores do).
    const loopback: PageReplayBench[] = [];
    for (let i = 0; i < PAGE_REPLAY_RUNS; i++) loopback.push(await benchPageReplay());
    const median = [...loopback].sort((a, b) => a.replaySeconds - b.replaySeconds)[Math.floor(PAGE_REPLAY_RUNS / 2)];
    console.log(formatPageReplayBench(median));
    console.log(`  loopback runs: ${loopback.map((b) => `${b.replaySeconds.toFixed(1)} s (by the ${b.byWorker > b.byPage ? 'service worker' : 'page'}, probe ${b.machineProbeMs} ms${b.checks.every((c) => c.ok) ? '' : ', A CHECK FAILED'})`).join(', ')}; median ${median.replaySeconds.toFixed(1)} s: ${loopback.every((b) => b.checks.every((c) => c.ok)) && median.replaySeconds < PAGE_REPLAY_BUDGET_S ? 'within budget' : 'OVER BUDGET'}`);
    console.log(formatPageReplayBench(await benchPageReplay({ uplinkBytesPerSecond: 1_250_000 })));
  }
  if (want('report')) {
    console.log('\n## Report');
    console.log(formatReportBench(await runReportBench()));
  }
  if (want('barcode')) {
    console.log('\n## Barcode reader');
    console.log(formatBarcodeBench(await benchBarcode({ before: process.env.BARCODE_BEFORE === '1' })));
  }
  if (want('register')) {
    console.log('\n## Meter register import, budget 30 s for 100,000 rows');
    console.log(formatRegisterBench(await benchRegister()));
  }
  if (want('planningmap')) {
    console.log('\n## Planning map in Chromium: 50,000 points');
    console.log(formatPlanningMapBench(await benchPlanningMap()));
  }
  if (want('planningopen')) {
    console.log("\n## Planning with 50,000 points in Chromium: 'Planlegg' → first row, and the edit route (400 items) → rows, budget < 1 s");
    console.log(formatPlanningOpenBench(await benchPlanningOpen()));
  }
  if (want('assignments')) {
    console.log('\n## Assignment list API: 50,000 points, compressed');
    console.log(formatAssignmentsBench(await runAssignmentsBench()));
  }
  if (want('load')) {
    console.log("\n## Under load: 20 admins' assignment lists while 20 plumbers sign in and read job pages, budget p99 < 200 ms, RSS < 1 GB");
    // In a process of its own, as `npx tsx bench/load.ts`: its budget is on its process's RSS (the server
    // thread and its clients), which in this one also held every other bench's modules (Playwright's
    // among them: ~415 MB before its server started, against ~250 MB alone).
    const alone = spawnSync(process.execPath, ['--import', 'tsx', 'bench/load.ts'], { stdio: 'inherit' });
    if (alone.status !== 0) console.log(`  (bench/load.ts ended with status ${alone.status}: over budget or failed)`);
  }
  if (want('mySchedule')) {
    console.log("\n## My schedule offline in Chromium with 1,000 planned items in the replica: tap → the day's (week's) items on screen, budget < 500 ms");
    console.log(formatMyScheduleBench(await benchMySchedule()));
  }
  if (want('drop')) {
    console.log('\n## Calendar drop saved (POST /api/Scheduler/singleitem on loopback), budget < 200 ms p95');
    console.log(formatDropBench(await runDropBench()));
  }
  if (want('calendarRender')) {
    console.log('\n## Calendar in Chromium: a week of 200 cards and 20 availability entries, next week → all cards, budget < 300 ms');
    console.log(formatCalendarRenderBench(await benchCalendarRender()));
  }
  if (want('owners')) {
    console.log('\n## The owners\' side: 200 notices handed to the embedded gateway (budget < 5 s), an owner\'s answer to the open calendar\'s colour (budget < 1 s)');
    console.log(formatOwnersBench(await benchOwners()));
  }
  if (want('batch')) {
    console.log('\n## Schedule batch: 200 items laid out and committed, budget < 2 s; the route order on demo points');
    console.log(formatBatchBench(await runBatchBench()));
  }
  // The batch's budget (DESIGN.md) includes the kilometres against an independent solver: 'batch' prints the routes too.
  if (want('routes') || only.includes('batch')) {
    console.log('\n## Days grouped by place: the layout of 10–200 points (route first, drives counted) against selection-order days each ordered, '
      + 'and against an independent reference (HiGHS: the optimum, or a proven lower bound), budget within 10 %');
    console.log(formatRouteGroupingBench(await runRouteGroupingBench()));
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
