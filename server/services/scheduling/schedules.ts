/**
 * Schedules (spec 2 §3–§7): read, create, update, activate, and items re-timed or deleted. Everything
 * needs an admin of a company whose agreement is in force (spec 2 §6, spec 3 §1); a plumber gets 403.
 * Another company's schedules, items and plumbers are not there (404).
 */
import { addDays, isoWeekDates, isoWeeksInYear, osloDayMinute, osloInstant } from '../../../src/domain/time/oslo';
import type { WeekFacts } from '../../../src/domain/scheduling/freeWeek';
import { isDeletable, isMovable, occupiesTime } from '../../../src/domain/scheduling/itemStatus';
import type { BatchJobState, Schedule, ScheduleCreateRequest, ScheduleItem, ScheduleItemUpdate, ScheduleSummary, ScheduleUpdateRequest } from '../../../src/domain/schemas/scheduling';
import { DURATION_OVERRIDE_CHOICES, ScheduleStatus, SCHEDULE_DAY_END, SCHEDULE_DAY_START } from '../../../src/domain/scheduling/enums';
import { minutesOf } from '../../../src/domain/scheduling/hours';
import { Role, UserStatus } from '../../../src/domain/enums';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import { sideBySide, type DbOrTx, type Tx, type Work } from '../../db/tx';
import { badRequest, conflict, notFound, RuleError } from '../../http/errors';
import { latestBatchOf, unfinishedBatchesOf, type BatchRow } from '../../repositories/scheduleBatch';
import {
  availabilityBetween, countLaidItems, deleteItems, ensureWeekSchedule, findItems, findSchedule, findWeekSchedule, itemsOfSchedule,
  laidItemsOfPlumber, lockPlumberTime, lockSchedule, renumberItems, schedulesOfAssignee, setScheduleStatus, toScheduleItem, updateItem, type ScheduleRow,
} from '../../repositories/scheduling';
import { findCompanyUserBy } from '../../repositories/users';
import { weekFacts } from './week';
import { command } from '../command';

/** The assignee's name; 404 when they are not a user of the company. */
export async function companyAssignee(db: DbOrTx, companyId: string, registrationId: number): Promise<string> {
  const user = await findCompanyUserBy(db, companyId, { registrationId });
  if (!user) throw notFound('Plumber');
  return user.displayName;
}

/** A plumber a schedule may be planned for: a Plumber whose account is active (not an admin, not Pending or deactivated). */
export async function plannableAssignee(db: DbOrTx, companyId: string, registrationId: number, field: string): Promise<string> {
  const user = await findCompanyUserBy(db, companyId, { registrationId });
  if (!user) throw notFound('Plumber');
  if (user.roleId !== Role.Plumber || user.status !== UserStatus.Activated) {
    throw new RuleError(field, 'must be an active plumber of the company', 'Scheduling.AssigneeNotPlannable');
  }
  return user.displayName;
}

export function checkWeek(year: number, weekNo: number, field: string): void {
  if (weekNo > isoWeeksInYear(year)) throw badRequest(field, `must be a week of ${year} (1 to ${isoWeeksInYear(year)})`);
}

export function batchState(b: BatchRow): BatchJobState {
  return {
    batchJobId: b.id, scheduleId: b.scheduleId, status: b.status,
    ...(b.error ? { error: b.error } : {}), ...(b.result ? { result: b.result as BatchJobState['result'] } : {}),
  };
}

async function scheduleOf(db: DbOrTx, companyId: string, row: ScheduleRow, detailed: boolean, assigneeName?: string): Promise<Schedule> {
  const dates = isoWeekDates(row.year, row.weekNo);
  // Independent reads, side by side on the pool (one after another on a transaction's one connection).
  const [batch, itemRows, availability, name] = await sideBySide(db, [
    () => latestBatchOf(db, row.id),
    () => (detailed ? itemsOfSchedule(db, row.id) : []),
    () => (detailed ? availabilityBetween(db, companyId, row.assigneeId, dates[0], dates[6]) : []),
    () => assigneeName ?? companyAssignee(db, companyId, row.assigneeId),
  ]);
  const items = itemRows.map(toScheduleItem);
  return {
    id: row.id, weekNo: row.weekNo, year: row.year, assigneeId: row.assigneeId, assigneeName: name,
    status: row.status, batchJobId: batch?.id ?? null, batchJobStatus: batch?.status ?? null, scheduleItems: items,
    plumberAvailabilityData: availability.map((a) => ({ weekNo: row.weekNo, date: a.date, availabilityType: a.availabilityTypeId, startTime: a.startTime, endTime: a.endTime })),
  };
}

/** GET /api/Schedule: the plumber's schedule of the week; 404 when there is none yet. */
export async function weekSchedule(db: DbOrTx, user: UserContext, assigneeId: number, year: number, weekNo: number): Promise<Schedule> {
  const companyId = requireAdminWithAgreement(user);
  checkWeek(year, weekNo, 'querystring/weekNo');
  const [assigneeName, row] = await sideBySide(db, [
    () => companyAssignee(db, companyId, assigneeId),
    () => findWeekSchedule(db, companyId, assigneeId, year, weekNo),
  ]);
  if (!row) throw notFound('Schedule');
  return scheduleOf(db, companyId, row, true, assigneeName);
}

/** GET /api/Schedule/planningWeek (ours): the facts of the plumber's week that planning's capacity rule reads (freeWeek.ts). */
export async function planningWeek(db: DbOrTx, user: UserContext, assigneeId: number, year: number, weekNo: number): Promise<WeekFacts> {
  const companyId = requireAdminWithAgreement(user);
  checkWeek(year, weekNo, 'querystring/weekNo');
  const [, facts] = await sideBySide(db, [() => companyAssignee(db, companyId, assigneeId), () => weekFacts(db, companyId, assigneeId, year, weekNo)]);
  return facts;
}

/**
 * GET /api/Schedule/{id}/planningWeek (ours): the facts of the schedule's own week and plumber, as
 * planningWeek answers them. The edit route knows only the schedule's id: it reads these alongside the
 * schedule instead of after it (issue 24 §5).
 */
export async function schedulePlanningWeek(db: DbOrTx, user: UserContext, id: number): Promise<WeekFacts> {
  const companyId = requireAdminWithAgreement(user);
  const row = await findSchedule(db, companyId, id);
  if (!row) throw notFound('Schedule');
  return weekFacts(db, companyId, row.assigneeId, row.year, row.weekNo);
}

/** GET /api/Schedule/{id}; `detailed` false leaves out the items and the availability. */
export async function scheduleById(db: DbOrTx, user: UserContext, id: number, detailed: boolean): Promise<Schedule> {
  const companyId = requireAdminWithAgreement(user);
  const row = await findSchedule(db, companyId, id);
  if (!row) throw notFound('Schedule');
  return scheduleOf(db, companyId, row, detailed);
}

export async function plumberSchedules(db: DbOrTx, user: UserContext, assigneeId: number): Promise<ScheduleSummary[]> {
  const companyId = requireAdminWithAgreement(user);
  await companyAssignee(db, companyId, assigneeId);
  return schedulesOfAssignee(db, companyId, assigneeId);
}

/** The plumber's schedule of the week: new (`created`), or the one they already had. */
export async function createSchedule({ tx, changes }: Work, user: UserContext, body: ScheduleCreateRequest): Promise<{ created: boolean; schedule: Schedule }> {
  const companyId = requireAdminWithAgreement(user);
  checkWeek(body.year, body.weekNo, 'body/weekNo');
  await plannableAssignee(tx, companyId, body.assigneeId, 'body/assigneeId');
  const { row, created } = await ensureWeekSchedule(tx, companyId, body.assigneeId, body.year, body.weekNo);
  if (created) changes.note(companyId, 'schedules');
  return { created, schedule: await scheduleOf(tx, companyId, row, true) };
}

async function lockedSchedule(tx: Tx, companyId: string, id: number): Promise<ScheduleRow> {
  const row = await lockSchedule(tx, companyId, id);
  if (!row) throw notFound('Schedule');
  return row;
}

async function noBatchRunning(tx: Tx, scheduleId: number): Promise<void> {
  if ((await unfinishedBatchesOf(tx, scheduleId)).length) throw conflict('A batch is laying out this schedule; wait for it to finish');
}

/** The statuses PUT may set; ActivationInProgress belongs to activate. */
const SETTABLE: readonly number[] = [ScheduleStatus.NotStarted, ScheduleStatus.Started, ScheduleStatus.Completed, ScheduleStatus.Cancelled, ScheduleStatus.PartialyCompleted];

/** PUT /api/schedule/{id}: the schedule's status. */
export async function updateSchedule({ tx, changes }: Work, user: UserContext, id: number, body: ScheduleUpdateRequest): Promise<Schedule> {
  const companyId = requireAdminWithAgreement(user);
  const row = await lockedSchedule(tx, companyId, id);
  if (!SETTABLE.includes(body.status)) throw badRequest('body/status', 'is set by POST /api/schedule/{id}/activate');
  if (row.status === body.status) return scheduleOf(tx, companyId, row, true);
  changes.note(companyId, 'schedules');
  return scheduleOf(tx, companyId, await setScheduleStatus(tx, id, body.status), true);
}

/** POST /api/schedule/{id}/activate: a schedule with laid items and no batch running becomes Started. */
export async function activateSchedule({ tx, changes }: Work, user: UserContext, id: number): Promise<Schedule> {
  const companyId = requireAdminWithAgreement(user);
  const row = await lockedSchedule(tx, companyId, id);
  await noBatchRunning(tx, id);
  await plannableAssignee(tx, companyId, row.assigneeId, 'params/id');
  if (row.status === ScheduleStatus.Cancelled) throw conflict('The schedule is cancelled');
  if (row.status === ScheduleStatus.Started) return scheduleOf(tx, companyId, row, true);
  if (!(await countLaidItems(tx, id))) throw conflict('The schedule has no scheduled items to activate');
  changes.note(companyId, 'schedules');
  return scheduleOf(tx, companyId, await setScheduleStatus(tx, id, ScheduleStatus.Started), true);
}

/** PUT /api/schedule/{id}/scheduleitems: new start times, durations and sequence of the schedule's items. */
export async function updateScheduleItems({ tx, changes }: Work, user: UserContext, id: number, body: ScheduleItemUpdate[], now = new Date()): Promise<ScheduleItem[]> {
  const companyId = requireAdminWithAgreement(user);
  const owner = await findSchedule(tx, companyId, id);
  if (owner) await lockPlumberTime(tx, companyId, owner.assigneeId);
  const schedule = await lockedSchedule(tx, companyId, id);
  await noBatchRunning(tx, id);
  const items = await itemsOfSchedule(tx, id);
  const dates = isoWeekDates(schedule.year, schedule.weekNo);
  // The plumber's other items of the week count too, whichever schedule holds them.
  const others = (await laidItemsOfPlumber(tx, companyId, schedule.assigneeId, osloInstant(dates[0], 0), osloInstant(addDays(dates[6], 1), 0)))
    .filter((x) => x.scheduleId !== id);
  const out: ScheduleItem[] = [];
  for (const [i, u] of body.entries()) {
    const at = `body/${i}`;
    const item = items.find((x) => x.id === u.id);
    if (!item) throw notFound(`Schedule item ${u.id}`);
    const moved = u.scheduleStartDateTime !== undefined || u.duration !== undefined;
    if (moved && !isMovable(item.status)) throw conflict(`Schedule item ${u.id} is no longer Scheduled: cancel it instead of moving it`);
    if (u.duration !== undefined && !(DURATION_OVERRIDE_CHOICES as readonly number[]).includes(u.duration)) {
      throw badRequest(`${at}/duration`, `must be one of ${DURATION_OVERRIDE_CHOICES.join(', ')}`);
    }
    const duration = u.duration ?? item.duration;
    let start = item.startTime;
    if (u.scheduleStartDateTime !== undefined) start = new Date(u.scheduleStartDateTime);
    const patch: Parameters<typeof updateItem>[2] = { duration, ...(u.duration !== undefined ? { durationOverride: u.duration } : {}) };
    if (u.sequenceNumber !== undefined) patch.sequenceNumber = u.sequenceNumber;
    if (u.notes !== undefined) patch.notes = u.notes;
    if (start && moved) {
      const { date, minute } = osloDayMinute(start);
      if (!dates.includes(date)) throw badRequest(`${at}/scheduleStartDateTime`, `must be in week ${schedule.weekNo} of ${schedule.year}`);
      if (minute < minutesOf(SCHEDULE_DAY_START) || minute + duration > minutesOf(SCHEDULE_DAY_END)) {
        throw badRequest(`${at}/scheduleStartDateTime`, `must leave the item within ${SCHEDULE_DAY_START}–${SCHEDULE_DAY_END}`);
      }
      if (start < now) throw new RuleError(`${at}/scheduleStartDateTime`, 'must not be in the past', 'InvalidScheduledDateInThePastMessage');
      const end = new Date(start.getTime() + duration * 60_000);
      const clash = [...items, ...others].find((x) => x.id !== item.id && occupiesTime(x) && x.startTime && x.endTime && x.startTime < end && x.endTime > start);
      if (clash) throw conflict(`NotEnoughSlotSpace: the time overlaps schedule item ${clash.id}`);
      Object.assign(patch, { startTime: start, endTime: end, scheduledDate: date, isScheduled: true });
      Object.assign(item, { startTime: start, endTime: end });
    }
    out.push(toScheduleItem(await updateItem(tx, item.id, patch)));
  }
  if (out.length) changes.note(companyId, 'schedules');
  return out;
}

/** DELETE /api/ScheduleItem[/scheduleitemid/{id}]: the items go and each schedule's rest is numbered 1, 2, … again. */
export async function deleteScheduleItems({ tx, changes }: Work, user: UserContext, ids: number[]): Promise<number[]> {
  const companyId = requireAdminWithAgreement(user);
  const unique = [...new Set(ids)];
  const items = await findItems(tx, companyId, unique);
  const missing = unique.find((id) => !items.some((x) => x.id === id));
  if (missing !== undefined) throw notFound(`Schedule item ${missing}`);
  const scheduleIds = [...new Set(items.map((x) => x.scheduleId))].sort((a, b) => a - b);
  for (const s of scheduleIds) {
    await lockedSchedule(tx, companyId, s);
    await noBatchRunning(tx, s);
  }
  const kept = items.find((x) => !isDeletable(x.status));
  if (kept) throw conflict(`Scheduling.FailedToDeleteSelectedItem: schedule item ${kept.id} is past Scheduled; cancel it instead`);
  await deleteItems(tx, unique);
  for (const s of scheduleIds) await renumberItems(tx, s);
  if (unique.length) changes.note(companyId, 'schedules');
  return unique;
}

/** GET /api/ScheduleItemBatchJob: the schedule's newest batch; 404 when it has none. */
export async function scheduleBatchState(db: DbOrTx, user: UserContext, scheduleId: number, year: number, weekNo: number): Promise<BatchJobState> {
  const companyId = requireAdminWithAgreement(user);
  const row = await findSchedule(db, companyId, scheduleId);
  if (!row || row.year !== year || row.weekNo !== weekNo) throw notFound('Schedule');
  const batch = await latestBatchOf(db, scheduleId);
  if (!batch) throw notFound('Batch job');
  return batchState(batch);
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
/** POST /api/Schedule: 201 with the new schedule, or 200 with the one the plumber already has that week. */
export const createScheduleCommand = command({
  status: ({ created }) => (created ? 201 : 200), run: createSchedule, body: ({ schedule }) => schedule,
});
export const updateScheduleCommand = command({
  status: 200, run: (w, user, { id, body }: { id: number; body: ScheduleUpdateRequest }) => updateSchedule(w, user, id, body),
});
export const updateScheduleItemsCommand = command({
  status: 200, run: (w, user, { id, body }: { id: number; body: ScheduleItemUpdate[] }) => updateScheduleItems(w, user, id, body),
});
export const activateScheduleCommand = command({ status: 200, run: (w, user, id: number) => activateSchedule(w, user, id) });
/** DELETE /api/ScheduleItem…: 200 with { deletedIds }. */
export const deleteScheduleItemsCommand = command({
  status: 200, run: deleteScheduleItems, body: (deletedIds: number[]) => ({ deletedIds }),
});
