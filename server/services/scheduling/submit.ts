/**
 * POST /api/Scheduler (spec 2 §3 Submit payload, §5): the request's rules, then in the one transaction
 * the items saved, the batch row (Queued, id = the client's batchJobId) and its pg-boss job. The
 * layout itself is the batch's (batch.ts). A repeated submit with the same batchJobId is the same
 * batch: its state is answered and nothing is written again.
 */
import type { BatchJobState, SchedulerRequest, ScheduleListItem } from '../../../src/domain/schemas/scheduling';
import { DURATION_OVERRIDE_CHOICES } from '../../../src/domain/scheduling/enums';
import { isMovable } from '../../../src/domain/scheduling/itemStatus';
import { isoWeekDates, osloDay, osloDayMinute } from '../../../src/domain/time/oslo';
import { plansFrom, planStart } from '../../../src/domain/scheduling/hours';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import type { Tx, Work } from '../../db/tx';
import { conflict, KeyedConflict, notFound, RuleError } from '../../http/errors';
import { findBatch, insertBatch, unfinishedBatchesOf } from '../../repositories/scheduleBatch';
import { sendBatchJob } from './batch';
import {
  companyMeterPoints, findSchedule, insertItems, itemsOfSchedule, liveItemsOnPoints, lockPlumberTime, lockSchedule, updateItem, type ItemRow, type PlannedItemRow,
} from '../../repositories/scheduling';
import { batchState, checkWeek, plannableAssignee } from './schedules';
import { companyJobTimes, fitPlan, itemMinutes, PLAN_WEEKS_MAX, type JobTimes } from './week';
import { command } from '../command';

const INVALID = 'Scheduling.InvalidSchedulingRequest';
/** The first year a plan may be for (the other scheduling routes' YearNumber). */
const YEAR_MIN = 2000;
const invalid = (field: string, problem: string) => new RuleError(field, problem, INVALID);

/** spec 2 §5: ids and week above 0, something selected, a summary and availability data. */
function checkRequest(body: SchedulerRequest): void {
  for (const f of ['assigneeId', 'scheduleId', 'weekNo', 'year'] as const) if (!(body[f] > 0)) throw invalid(`body/${f}`, 'must be above 0');
  if (!body.scheduleItems.length && !body.scheduledItems.length) throw invalid('body/scheduleItems', 'must hold at least one item');
  if (!body.assignmentSummary) throw invalid('body/assignmentSummary', 'is required');
  if (!body.plumberAvailabilityData.length) throw invalid('body/plumberAvailabilityData', 'must not be empty');
  if (body.year < YEAR_MIN) throw invalid('body/year', `must be from ${YEAR_MIN} to 2100`);
  checkWeek(body.year, body.weekNo, 'body/weekNo');
  if (body.selectedItemStartDateTime) {
    const dates = isoWeekDates(body.year, body.weekNo);
    const day = osloDay(new Date(body.selectedItemStartDateTime));
    if (day < dates[0] || day > dates[6]) throw invalid('body/selectedItemStartDateTime', `must fall in week ${body.weekNo} of ${body.year} (${dates[0]} to ${dates[6]})`);
  }
}

/** The duration a new item takes and its override: the company's for the type, else one of the choices. */
export function durationOf(item: ScheduleListItem, times: JobTimes, at: string): { duration: number; durationOverride: number | null } {
  const standard = times.durationOf(item.assignmentType);
  if (standard === item.duration) return { duration: standard, durationOverride: null };
  if ((DURATION_OVERRIDE_CHOICES as readonly number[]).includes(item.duration)) return { duration: item.duration, durationOverride: item.duration };
  if (standard === null) return { duration: item.duration, durationOverride: null };
  throw new RuleError(`${at}/duration`, `must be the job type's duration (${standard}) or one of ${DURATION_OVERRIDE_CHOICES.join(', ')}`);
}

/** The points of the new items: the company's, each once, in no live item yet. */
async function checkPoints(tx: Tx, companyId: string, items: ScheduleListItem[]) {
  const ids = items.map((i) => i.waterMeterPointId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw invalid(`body/scheduleItems/${twice}/waterMeterPointId`, 'names a point given earlier in the list');
  const points = await companyMeterPoints(tx, companyId, ids);
  const missing = ids.find((id) => !points.some((p) => p.id === id));
  if (missing !== undefined) throw notFound(`Meter point ${missing}`);
  const taken = await liveItemsOnPoints(tx, ids);
  if (taken.length) {
    const point = points.find((p) => p.id === taken[0].meterPointId);
    throw new KeyedConflict(`Meter point ${taken[0].meterPointId} (${point?.address ?? ''}) is already in schedule ${taken[0].scheduleId} (item ${taken[0].id})`, 'Scheduling.PointTaken');
  }
  return points;
}


export async function submitSchedule(w: Work, user: UserContext, body: SchedulerRequest, now = new Date()): Promise<BatchJobState> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  checkRequest(body);
  // The plumber's time first (every writer of their items' times takes it, in this order), then the
  // schedule's row: a repeat sent while the first is still writing waits, then finds its batch.
  const owner = await findSchedule(tx, companyId, body.scheduleId);
  if (owner) await lockPlumberTime(tx, companyId, owner.assigneeId);
  const schedule = await lockSchedule(tx, companyId, body.scheduleId);
  const again = await findBatch(tx, body.batchJobId);
  if (again) {
    if (again.companyId !== companyId || again.scheduleId !== body.scheduleId) throw conflict(`batchJobId ${body.batchJobId} is already in use`);
    return batchState(again);
  }
  if (!schedule) throw notFound('Schedule');
  await plannableAssignee(tx, companyId, body.assigneeId, 'body/assigneeId');
  if (schedule.assigneeId !== body.assigneeId) throw invalid('body/assigneeId', `must be the schedule's plumber (${schedule.assigneeId})`);
  if (schedule.year !== body.year || schedule.weekNo !== body.weekNo) throw invalid('body/weekNo', `must be the schedule's week (${schedule.weekNo} of ${schedule.year})`);
  if ((await unfinishedBatchesOf(tx, schedule.id)).length) throw new KeyedConflict('A batch is laying out this schedule; wait for it to finish', 'Scheduling.BatchRunning');

  const times = await companyJobTimes(tx, companyId);
  const existing = await itemsOfSchedule(tx, schedule.id);
  // spec 2 §2.1: the plan starts at the chosen moment (not before now); items laid before it stay.
  const start = planStart(now, body.selectedItemStartDateTime);
  const fromStart = (x: ItemRow) => plansFrom(x.startTime ? osloDayMinute(x.startTime) : null, start);
  const relaid: PlannedItemRow[] = body.scheduledItems.map((s, i) => {
    const item = existing.find((x) => x.id === s.id);
    if (!item) throw notFound(`Schedule item ${s.id} (body/scheduledItems/${i})`);
    return item;
  });
  const points = await checkPoints(tx, companyId, body.scheduleItems);
  const fresh = body.scheduleItems.map((s, i) => ({ s, ...durationOf(s, times, `body/scheduleItems/${i}`) }));

  // "Fits" is the layout itself (freeWeek.ts planFit), run on the facts the batch will read, under the
  // plumber's time lock: what the page offered as fitting is laid, and a plan that would leave an item
  // without a time is refused before it is accepted, naming what does not fit.
  const relaying = relaid.filter((item) => isMovable(item.status) && fromStart(item));
  const order = [
    ...relaying.map((item) => ({
      seq: body.scheduledItems[relaid.indexOf(item)].sequenceNumber, id: item.id, duration: itemMinutes(times, item), lat: item.latitude, lng: item.longitude,
      priority: item.priority, address: item.address,
    })),
    ...fresh.map(({ s, duration, durationOverride }, i) => {
      const p = points.find((x) => x.id === s.waterMeterPointId)!;
      const minutes = itemMinutes(times, { durationOverride, objectType: p.assignmentType, duration });
      return { seq: s.sequenceNumber, id: -(i + 1), duration: minutes, lat: p.lat, lng: p.lng, priority: p.priority, address: p.address };
    }),
  ].sort((x, y) => x.seq - y.seq);
  const { fit } = await fitPlan(tx, companyId, schedule.assigneeId, schedule, order, start, new Set(relaying.map((x) => x.id)), {
    continueIntoNextWeeks: body.isPossibleToScheduleNextWeek, keepSelectionOrder: body.keepSelectionOrder,
  });
  if (fit.rest.length) {
    const names = fit.rest.map((r) => order.find((o) => o.id === r.id)!.address);
    const where = body.isPossibleToScheduleNextWeek ? `the ${PLAN_WEEKS_MAX} weeks from week ${schedule.weekNo}` : `week ${schedule.weekNo}`;
    throw new RuleError('body/scheduleItems', `${names.length} of ${order.length} items do not fit in ${where} of ${schedule.year} from the plan's start: ${names.join('; ')}`, 'Scheduling.MaxAssignmentSelected');
  }

  await insertItems(tx, fresh.map(({ s, duration, durationOverride }) => {
    const p = points.find((x) => x.id === s.waterMeterPointId)!;
    return {
      scheduleId: schedule.id, companyId, meterPointId: p.id, objectId: p.waterMeterId, objectType: p.assignmentType, address: p.address,
      agreementNo: p.agreementNo, duration, durationOverride, latitude: p.lat, longitude: p.lng, referenceNumber: p.referenceId,
      matrikkelenhetId: p.matrikkelenhetNr, sequenceNumber: s.sequenceNumber, batchJobId: body.batchJobId,
    };
  }));
  for (const [i, item] of relaid.entries()) {
    if (isMovable(item.status) && fromStart(item)) await updateItem(tx, item.id, { sequenceNumber: body.scheduledItems[i].sequenceNumber, batchJobId: body.batchJobId });
  }
  const batch = await insertBatch(tx, {
    id: body.batchJobId, companyId, scheduleId: schedule.id, status: 'Queued', request: body as unknown as Record<string, unknown>, createdBy: user.userId,
  });
  if (!batch) throw conflict(`batchJobId ${body.batchJobId} is already in use`);
  await sendBatchJob(w.queue, batch.id);
  return batchState(batch);
}

/** POST /api/Scheduler: 202, the batch accepted (or the one this batchJobId already started). */
export const submitScheduleCommand = command({ status: 202, run: (w, user, body: SchedulerRequest) => submitSchedule(w, user, body) });
