/**
 * The schedule batch (workers/index.ts queue 'schedule-batch'): lays a submit's items into the
 * plumber's free time (src/domain/scheduling/layout.ts) and tells the company's devices each change
 * of the batch's state after its commit (hub 'plumber notification' with BatchJobId).
 *
 * Exactly once: the run marks the batch Started in one unit of work, then lays it out in a second that
 * holds the batch row's lock and goes on only while the batch is Started; Completed is written in
 * that same transaction. A run that died after Started (pg-boss takes the job again after its expiry)
 * lays the batch anew, since nothing of the layout had committed; a second run at the same time waits
 * for the lock and then finds it Completed. Any failure marks it Failed with a message key.
 */
import type { SchedulerRequest } from '../../../src/domain/schemas/scheduling';
import { isMovable, occupiesTime } from '../../../src/domain/scheduling/itemStatus';
import { planStart } from '../../../src/domain/scheduling/hours';
import type { LayoutItem } from '../../../src/domain/scheduling/layout';
import { osloInstant } from '../../../src/domain/time/oslo';
import { travelMinutes } from '../../../src/domain/scheduling/routeOrder';
import type { AppContext } from '../../context';
import type { QueueOnTx, Tx } from '../../db/tx';
import { lockBatch, setBatch, unfinishedBatchesBefore, type BatchRow } from '../../repositories/scheduleBatch';
import {
  deleteItems, ensureWeekSchedule, itemsOfSchedule, lockPlumberTime, placeItems, renumberItems, type ItemPlacement,
} from '../../repositories/scheduling';
import { inUnitOfWork } from '../unitOfWork';
import { companyJobTimes, fitPlan, itemMinutes } from './week';

/** The queue of batches (workers/scheduleBatch.ts works it). */
export const SCHEDULE_BATCH_QUEUE = 'schedule-batch';

/**
 * Sends the batch's job in the transaction that wrote the batch, with the batch's id as the job's id:
 * the job exists exactly when the batch committed, and sending it again is a no-op while it lives.
 * False when the queue is not made yet: the workers' sweep sends it once they start.
 */
export function sendBatchJob(queue: QueueOnTx, batchJobId: string): Promise<boolean> {
  return queue.send(SCHEDULE_BATCH_QUEUE, { batchJobId }, { id: batchJobId });
}

/** A failure the admin is told of by its message key. */
class BatchFailure extends Error {}


/** Runs `work` on the locked batch; a change of its state is told after the commit (the change log's ScheduleBatch). */
async function onBatch(ctx: AppContext, id: string, work: (tx: Tx, b: BatchRow) => Promise<BatchRow | null>): Promise<BatchRow | null> {
  return inUnitOfWork(ctx, async (w) => {
    const b = await lockBatch(w.tx, id);
    const changed = b ? await work(w.tx, b) : null;
    if (changed) w.changes.noteBatch(changed.companyId, changed.id);
    return changed;
  });
}

const km = (x: number) => Math.round(x * 10) / 10;

/**
 * Lays the batch out and answers its result (the batch row is locked and Started). Under the plumber's
 * time lock it reads the weeks' facts and lays the items with the submit's own check (week.ts fitPlan):
 * an item that cannot be laid now (another plan took the time since the submit, or the start passed
 * the week's end) is taken out of the schedule and named with its reason; none is left without a time.
 */
async function layBatch(tx: Tx, b: BatchRow, now: Date): Promise<Record<string, unknown>> {
  const req = b.request as unknown as SchedulerRequest;
  await lockPlumberTime(tx, b.companyId, req.assigneeId);
  const items = (await itemsOfSchedule(tx, b.scheduleId)).filter((i) => occupiesTime(i) && i.batchJobId === b.id && isMovable(i.status));
  if (!items.length) return { itemsScheduled: 0, itemsNotPlaced: 0, weeksUsed: 0, kilometres: 0, kilometresInSelectionOrder: 0, days: [], notPlaced: [] };
  const times = await companyJobTimes(tx, b.companyId);
  // Nothing is laid before the plan's start (the admin's chosen moment, or now if that has passed).
  const notBefore = planStart(now, req.selectedItemStartDateTime);
  const layItems: LayoutItem[] = items.map((i) => ({ id: i.id, duration: itemMinutes(times, i), lat: i.latitude, lng: i.longitude, priority: i.priority }));
  const { weeks, fit } = await fitPlan(tx, b.companyId, req.assigneeId, { year: req.year, weekNo: req.weekNo }, layItems, notBefore, new Set(items.map((i) => i.id)), {
    continueIntoNextWeeks: req.isPossibleToScheduleNextWeek, keepSelectionOrder: req.keepSelectionOrder,
  });
  if (!weeks[0].hasHours) throw new BatchFailure('WorkinghoursNotAvailable');

  const scheduleIds: (number | undefined)[] = weeks.map((_, w) => (w === 0 ? b.scheduleId : undefined));
  const placements: ItemPlacement[] = [];
  const touched = new Set<number>([b.scheduleId]);
  for (const p of fit.placed) {
    const week = weeks[p.week];
    scheduleIds[p.week] ??= (await ensureWeekSchedule(tx, b.companyId, req.assigneeId, week.year, week.weekNo)).row.id;
    touched.add(scheduleIds[p.week]!);
    placements.push({
      id: p.id, scheduleId: scheduleIds[p.week]!, sequenceNumber: placements.length + 1, scheduledDate: p.date,
      startTime: osloInstant(p.date, p.from), endTime: osloInstant(p.date, p.to), duration: p.to - p.from,
    });
  }
  await placeItems(tx, placements);
  const notPlaced = fit.notPlaced.map((n) => {
    const item = items.find((i) => i.id === n.id)!;
    return { waterMeterPointId: item.meterPointId, address: item.address, reason: n.reason };
  });
  await deleteItems(tx, fit.notPlaced.map((n) => n.id));
  for (const id of touched) await renumberItems(tx, id, true);
  return {
    itemsScheduled: fit.placed.length, itemsNotPlaced: notPlaced.length, weeksUsed: fit.weeksUsed,
    kilometres: km(fit.kilometres), kilometresInSelectionOrder: km(fit.kilometresInSelectionOrder),
    days: fit.days.map((d) => ({ date: d.date, items: d.items, kilometres: km(d.km), travelMinutes: travelMinutes(d.km, weeks[0]?.travel) })),
    notPlaced,
  };
}

export type BatchOutcome = 'Completed' | 'Failed' | 'Skipped';

/** Runs a batch once: Queued → Started → Completed (or Failed); a finished or unknown batch is skipped. */
export async function runScheduleBatch(ctx: AppContext, id: string, now = new Date()): Promise<BatchOutcome> {
  await onBatch(ctx, id, async (tx, b) => (b.status === 'Queued' ? setBatch(tx, id, { status: 'Started', startedAt: now }) : null));
  let error: string;
  try {
    const done = await onBatch(ctx, id, async (tx, b) => {
      if (b.status !== 'Started') return null;
      const result = await layBatch(tx, b, now);
      return setBatch(tx, id, { status: 'Completed', result, finishedAt: new Date() });
    });
    return done ? 'Completed' : 'Skipped';
  } catch (err) {
    if (!(err instanceof BatchFailure)) ctx.log.error({ err, batchJobId: id }, 'schedule batch failed');
    error = err instanceof BatchFailure ? err.message : 'Scheduling.CreatingScheduleFailed';
  }
  // If this write fails too (the database is gone), the error reaches pg-boss, which runs the job again.
  await onBatch(ctx, id, async (tx, b) => (b.status === 'Started' ? setBatch(tx, id, { status: 'Failed', error, finishedAt: new Date() }) : null));
  return 'Failed';
}

/**
 * The workers' sweep: a batch whose job was never sent (the queue did not exist yet) is sent now; one
 * whose job pg-boss gave up on is marked Failed. Only batches older than `graceMs` are looked at.
 */
export async function sweepScheduleBatches(ctx: AppContext, graceMs = 60_000, now = new Date()): Promise<{ sent: number; failed: number }> {
  const out = { sent: 0, failed: 0 };
  for (const b of await unfinishedBatchesBefore(ctx.db, new Date(now.getTime() - graceMs))) {
    const state = await ctx.queue.jobState(ctx.db, SCHEDULE_BATCH_QUEUE, b.id);
    if (state === null && (await sendBatchJob(ctx.queue.on(ctx.db), b.id))) out.sent++;
    if (state === 'failed' || state === 'cancelled') {
      const failed = await onBatch(ctx, b.id, async (tx, row) => (row.status === 'Queued' || row.status === 'Started'
        ? setBatch(tx, b.id, { status: 'Failed', error: 'Scheduling.CreatingScheduleFailed', finishedAt: new Date() }) : null));
      if (failed) out.failed++;
    }
  }
  return out;
}
