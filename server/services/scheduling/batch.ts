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
import { NotificationType } from '../../../src/domain/enums';
import type { SchedulerRequest } from '../../../src/domain/schemas/scheduling';
import { ScheduleItemStatus, WEEK_PICKER_WEEKS } from '../../../src/domain/scheduling/enums';
import { availableMinutes, minutesOf, planStart, type FreeDay } from '../../../src/domain/scheduling/hours';
import { freeTime, layOut, type Busy, type LayoutItem } from '../../../src/domain/scheduling/layout';
import { osloDayMinute, osloInstant } from '../../../src/domain/scheduling/osloTime';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/tx';
import {
  batchJobState, enqueueBatch, lockBatch, setBatch, unfinishedBatchesBefore, type BatchRow,
} from '../../repositories/scheduleBatch';
import {
  companyNumbers, ensureWeekSchedule, findWeekSchedule, itemsOfSchedule, placeItems, renumberItems, unavailableSlotsOf, type ItemPlacement, type ItemRow,
} from '../../repositories/scheduling';
import { inUnitOfWork } from '../unitOfWork';
import { companyJobTimes, nextWeek, plumberWeek } from './week';

export { SCHEDULE_BATCH_QUEUE } from '../../repositories/scheduleBatch';

/** A failure the admin is told of by its message key. */
class BatchFailure extends Error {}

const RELAYABLE: readonly number[] = [ScheduleItemStatus.Scheduled, ScheduleItemStatus.NotificationFailed];
const live = (i: ItemRow) => i.status !== ScheduleItemStatus.Cancelled;

async function publishState(ctx: AppContext, b: BatchRow): Promise<void> {
  try {
    const numbers = await companyNumbers(ctx.db, b.companyId);
    if (!numbers) return;
    await ctx.publisher.publish(b.companyId, {
      OrganizationNumber: numbers.orgNumber, CustomerId: numbers.customerId, NotificationType: NotificationType.ScheduleBatch, BatchJobId: b.id,
    });
  } catch (err) {
    ctx.log.warn({ err, batchJobId: b.id }, 'batch notification failed');
  }
}

/** Runs `work` on the locked batch; its result is published after the commit when it changed the state. */
async function onBatch(ctx: AppContext, id: string, work: (tx: Tx, b: BatchRow) => Promise<BatchRow | null>): Promise<BatchRow | null> {
  let changed: BatchRow | null = null;
  await inUnitOfWork(ctx, async (w) => {
    const b = await lockBatch(w.tx, id);
    changed = b ? await work(w.tx, b) : null;
  }, { afterCommit: async () => { if (changed) await publishState(ctx, changed); } });
  return changed;
}

/** Kept items and unavailable slots of the plumber's schedule of a week, as busy times. */
async function busyOf(tx: Tx, scheduleId: number | undefined, exclude: ReadonlySet<number>): Promise<Busy[]> {
  if (scheduleId === undefined) return [];
  const items = (await itemsOfSchedule(tx, scheduleId)).filter((i) => live(i) && !exclude.has(i.id) && i.startTime && i.endTime);
  const busy: Busy[] = items.map((i) => {
    const from = osloDayMinute(i.startTime!);
    return { date: from.date, from: from.minute, to: from.minute + Math.round((i.endTime!.getTime() - i.startTime!.getTime()) / 60_000) };
  });
  for (const s of await unavailableSlotsOf(tx, scheduleId)) busy.push({ date: s.date, from: minutesOf(s.startTime), to: minutesOf(s.endTime) });
  return busy;
}

interface Week { year: number; weekNo: number; scheduleId?: number; free: FreeDay[] }

/** Lays the batch out and answers its result (the batch row is locked and Started). */
async function layBatch(tx: Tx, b: BatchRow, now: Date): Promise<Record<string, unknown>> {
  const req = b.request as unknown as SchedulerRequest;
  const items = (await itemsOfSchedule(tx, b.scheduleId)).filter((i) => live(i) && i.batchJobId === b.id && RELAYABLE.includes(i.status));
  const ids = new Set(items.map((i) => i.id));
  if (!items.length) return { itemsScheduled: 0, itemsNotPlaced: 0, weeksUsed: 0, kilometres: 0, kilometresInSelectionOrder: 0 };
  const times = await companyJobTimes(tx, b.companyId);
  // Nothing is laid before the plan's start (the admin's chosen moment, or now if that has passed).
  const notBefore = planStart(now, req.selectedItemStartDateTime);
  const layItems: LayoutItem[] = items.map((i) => ({
    id: i.id, duration: i.durationOverride ?? times.durationOf(i.objectType) ?? i.duration, lat: i.latitude, lng: i.longitude,
  }));
  const needed = layItems.reduce((sum, i) => sum + i.duration, 0);

  const weeks: Week[] = [];
  let at = { year: req.year, weekNo: req.weekNo };
  for (let n = 0, have = 0; n < (req.isPossibleToScheduleNextWeek ? WEEK_PICKER_WEEKS : 1) && (n === 0 || have < needed * 1.5); n++) {
    const plumber = await plumberWeek(tx, b.companyId, req.assigneeId, at.year, at.weekNo);
    if (n === 0 && !plumber.hasHours) throw new BatchFailure('WorkinghoursNotAvailable');
    const scheduleId = n === 0 ? b.scheduleId : (await findWeekSchedule(tx, b.companyId, req.assigneeId, at.year, at.weekNo))?.id;
    const free = freeTime(plumber.free, await busyOf(tx, scheduleId, ids), times.intervalMinutes, notBefore);
    have += availableMinutes(free);
    weeks.push({ ...at, scheduleId, free });
    at = nextWeek(at.year, at.weekNo);
  }

  const result = layOut(weeks.map((w) => w.free), layItems, { intervalMinutes: times.intervalMinutes, keepSelectionOrder: req.keepSelectionOrder });
  const placements: ItemPlacement[] = [];
  const touched = new Set<number>([b.scheduleId]);
  for (const p of result.placed) {
    const week = weeks[p.week];
    week.scheduleId ??= (await ensureWeekSchedule(tx, b.companyId, req.assigneeId, week.year, week.weekNo)).row.id;
    touched.add(week.scheduleId);
    const duration = p.to - p.from;
    placements.push({ id: p.id, scheduleId: week.scheduleId, sequenceNumber: placements.length + 1, scheduledDate: p.date, startTime: osloInstant(p.date, p.from), endTime: osloInstant(p.date, p.to), duration });
  }
  for (const r of result.rest) {
    const item = items.find((i) => i.id === r.id)!;
    placements.push({ id: r.id, scheduleId: b.scheduleId, sequenceNumber: item.sequenceNumber, scheduledDate: null, startTime: null, endTime: null, duration: r.duration });
  }
  await placeItems(tx, placements);
  for (const s of touched) await renumberItems(tx, s, true);
  const km = (x: number) => Math.round(x * 10) / 10;
  return {
    itemsScheduled: result.placed.length, itemsNotPlaced: result.rest.length, weeksUsed: result.weeksUsed,
    kilometres: km(result.kilometres), kilometresInSelectionOrder: km(result.kilometresInSelectionOrder),
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
    const state = await batchJobState(ctx.db, b.id);
    if (state === null && (await enqueueBatch(ctx.db, b.id))) out.sent++;
    if (state === 'failed' || state === 'cancelled') {
      const failed = await onBatch(ctx, b.id, async (tx, row) => (row.status === 'Queued' || row.status === 'Started'
        ? setBatch(tx, b.id, { status: 'Failed', error: 'Scheduling.CreatingScheduleFailed', finishedAt: new Date() }) : null));
      if (failed) out.failed++;
    }
  }
  return out;
}
