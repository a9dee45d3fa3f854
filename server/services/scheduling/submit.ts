/**
 * POST /api/Scheduler (spec 2 §3 Submit payload, §5): the request's rules, then in the one transaction
 * the items saved, the batch row (Queued, id = the client's batchJobId) and its pg-boss job. The
 * layout itself is the batch's (batch.ts). A repeated submit with the same batchJobId is the same
 * batch: its state is answered and nothing is written again.
 */
import type { BatchJobState, SchedulerRequest, ScheduleListItem } from '../../../src/domain/schemas/scheduling';
import { DURATION_OVERRIDE_CHOICES, ScheduleItemStatus } from '../../../src/domain/scheduling/enums';
import { isoWeekDates, osloDay } from '../../../src/domain/calendar/days';
import { availableMinutes, exceedsWeek, freeFrom, plannedMinutes, plansFrom, planStart, toHours } from '../../../src/domain/scheduling/hours';
import { osloDayMinute } from '../../../src/domain/scheduling/osloTime';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import type { Tx } from '../../db/tx';
import { conflict, notFound, RuleError } from '../../http/errors';
import { enqueueBatch, findBatch, insertBatch, unfinishedBatchesOf } from '../../repositories/scheduleBatch';
import { companyMeterPoints, insertItems, itemsOfSchedule, liveItemsOnPoints, lockSchedule, updateItem, type ItemRow } from '../../repositories/scheduling';
import { batchState, checkWeek, companyAssignee } from './schedules';
import { companyJobTimes, plumberWeek, type JobTimes } from './week';

const INVALID = 'Scheduling.InvalidSchedulingRequest';
const invalid = (field: string, problem: string) => new RuleError(field, problem, INVALID);

/** spec 2 §5: ids and week above 0, something selected, a summary and availability data. */
function checkRequest(body: SchedulerRequest): void {
  for (const f of ['assigneeId', 'scheduleId', 'weekNo', 'year'] as const) if (!(body[f] > 0)) throw invalid(`body/${f}`, 'must be above 0');
  if (!body.scheduleItems.length && !body.scheduledItems.length) throw invalid('body/scheduleItems', 'must hold at least one item');
  if (!body.assignmentSummary) throw invalid('body/assignmentSummary', 'is required');
  if (!body.plumberAvailabilityData.length) throw invalid('body/plumberAvailabilityData', 'must not be empty');
  checkWeek(body.year, body.weekNo, 'body/weekNo');
  if (body.selectedItemStartDateTime) {
    const dates = isoWeekDates(body.year, body.weekNo);
    const day = osloDay(new Date(body.selectedItemStartDateTime));
    if (day < dates[0] || day > dates[6]) throw invalid('body/selectedItemStartDateTime', `must fall in week ${body.weekNo} of ${body.year} (${dates[0]} to ${dates[6]})`);
  }
}

/** The duration a new item takes and its override: the company's for the type, else one of the choices. */
function durationOf(item: ScheduleListItem, times: JobTimes, at: string): { duration: number; durationOverride: number | null } {
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
  if (taken.length) throw conflict(`Meter point ${taken[0].meterPointId} is already in schedule ${taken[0].scheduleId} (item ${taken[0].id})`);
  return points;
}

/** Items that the batch may lay again (spec 2 §4: notified ones are not re-timed; those laid before the start stay). */
const RELAYABLE: readonly number[] = [ScheduleItemStatus.Scheduled, ScheduleItemStatus.NotificationFailed];

export async function submitSchedule(tx: Tx, user: UserContext, body: SchedulerRequest, now = new Date()): Promise<{ status: number; body: BatchJobState }> {
  const companyId = requireAdminWithAgreement(user);
  checkRequest(body);
  // The schedule's lock first: a repeat sent while the first is still writing waits, then finds its batch.
  const schedule = await lockSchedule(tx, companyId, body.scheduleId);
  const again = await findBatch(tx, body.batchJobId);
  if (again) {
    if (again.companyId !== companyId || again.scheduleId !== body.scheduleId) throw conflict(`batchJobId ${body.batchJobId} is already in use`);
    return { status: 202, body: batchState(again) };
  }
  if (!schedule) throw notFound('Schedule');
  await companyAssignee(tx, companyId, body.assigneeId);
  if (schedule.assigneeId !== body.assigneeId) throw invalid('body/assigneeId', `must be the schedule's plumber (${schedule.assigneeId})`);
  if (schedule.year !== body.year || schedule.weekNo !== body.weekNo) throw invalid('body/weekNo', `must be the schedule's week (${schedule.weekNo} of ${schedule.year})`);
  if ((await unfinishedBatchesOf(tx, schedule.id)).length) throw conflict('A batch is laying out this schedule; wait for it to finish');

  const times = await companyJobTimes(tx, companyId);
  const existing = await itemsOfSchedule(tx, schedule.id);
  // spec 2 §2.1: the plan starts at the chosen moment (not before now); items laid before it stay.
  const start = planStart(now, body.selectedItemStartDateTime);
  const fromStart = (x: ItemRow) => plansFrom(x.startTime ? osloDayMinute(x.startTime) : null, start);
  const relaid: ItemRow[] = body.scheduledItems.map((s, i) => {
    const item = existing.find((x) => x.id === s.id);
    if (!item) throw notFound(`Schedule item ${s.id} (body/scheduledItems/${i})`);
    return item;
  });
  const points = await checkPoints(tx, companyId, body.scheduleItems);
  const fresh = body.scheduleItems.map((s, i) => ({ s, ...durationOf(s, times, `body/scheduleItems/${i}`) }));

  // spec 2 §5: what the week will hold from the start on against its available hours from the start
  // on (hours.ts, as the page counts), unless the admin let it run on into the next week.
  const live = existing.filter((x) => x.status !== ScheduleItemStatus.Cancelled && fromStart(x));
  const planned = plannedMinutes([...live.map((x) => x.duration), ...fresh.map((f) => f.duration)]);
  const week = await plumberWeek(tx, companyId, schedule.assigneeId, schedule.year, schedule.weekNo);
  const available = availableMinutes(freeFrom(week.free, start));
  if (!body.isPossibleToScheduleNextWeek && exceedsWeek(planned, available)) {
    throw new RuleError('body/scheduleItems', `plan ${toHours(planned)} hours in week ${schedule.weekNo}, which has ${toHours(available)} available`, 'Scheduling.MaxAssignmentSelected');
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
    if (RELAYABLE.includes(item.status) && fromStart(item)) await updateItem(tx, item.id, { sequenceNumber: body.scheduledItems[i].sequenceNumber, batchJobId: body.batchJobId });
  }
  const batch = await insertBatch(tx, {
    id: body.batchJobId, companyId, scheduleId: schedule.id, status: 'Queued', request: body as unknown as Record<string, unknown>, createdBy: user.userId,
  });
  if (!batch) throw conflict(`batchJobId ${body.batchJobId} is already in use`);
  await enqueueBatch(tx, batch.id);
  return { status: 202, body: batchState(batch) };
}
