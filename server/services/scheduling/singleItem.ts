/**
 * The calendar's writes on one card (spec 2 §4, §5, §7): a drop (POST /api/Scheduler/singleitem), its
 * blacklist (GET /api/ScheduleBlacklist) and a note (PUT /api/scheduleitem/{id}). Admins of a company
 * whose agreement is in force only (spec 2 §6); another company's schedules, items and points are 404.
 *
 * A drop is judged by drop.ts judgeDrop, the function the calendar runs before it asks, on the week
 * facts the batch and planning read (week.ts weekFacts), under the plumber's time lock: two admins
 * dropping into one slot, in one process or two, are taken one after the other, and the second is
 * judged on a week that holds the first's card (409 NotEnoughSlotSpace). The database's overlap
 * constraint stands behind the lock.
 */
import { blacklistBlocks, judgeDrop, type DroppedItem } from '../../../src/domain/scheduling/drop';
import { rulesOf } from '../../../src/domain/scheduling/itemStatus';
import type { BlacklistEntry, ScheduleItem, ScheduleItemNoteBody, SingleItemRequest } from '../../../src/domain/schemas/scheduling';
import { osloDayMinute } from '../../../src/domain/time/oslo';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import type { DbOrTx, Work } from '../../db/tx';
import { KeyedConflict, notFound, RuleError } from '../../http/errors';
import { unfinishedBatchesOf } from '../../repositories/scheduleBatch';
import {
  calledOffItems, companyMeterPoints, companyNumbers, findItems, findSchedule, insertItems, liveItemsOnPoints, lockPlumberTime, lockSchedule,
  renumberItems, toScheduleItem, updateItem, type ItemRow, type MeterPointRow,
} from '../../repositories/scheduling';
import { checkWeek, plannableAssignee } from './schedules';
import { durationOf } from './submit';
import { companyJobTimes, itemMinutes, weekFacts } from './week';
import { command } from '../command';

const invalid = (field: string, problem: string) => new RuleError(field, problem, 'Scheduling.InvalidSchedulingRequest');

const blacklistEntry = (x: ItemRow): BlacklistEntry => ({
  scheduleItemId: x.id, address: x.address, waterMeterId: x.objectId, status: x.status, notificationTimeEnd: x.endTime!.toISOString(),
});

/** GET /api/ScheduleBlacklist: the called-off times at a meter or an address of the caller's company. */
export async function scheduleBlacklist(
  db: DbOrTx, user: UserContext, q: { watermeterId?: number; customerId?: string; adress?: string },
): Promise<BlacklistEntry[]> {
  const companyId = requireAdminWithAgreement(user);
  if (q.customerId !== undefined && (await companyNumbers(db, companyId))?.customerId !== q.customerId) return [];
  return (await calledOffItems(db, companyId, { waterMeterId: q.watermeterId, address: q.adress })).map(blacklistEntry);
}

/** POST /api/Scheduler/singleitem: the card laid where it was dropped, or refused with the rule's key. */
export async function dropItem(w: Work, user: UserContext, body: SingleItemRequest, now = new Date()): Promise<ScheduleItem> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  checkWeek(body.year, body.weekNo, 'body/weekNo');
  const owner = await findSchedule(tx, companyId, body.scheduleId);
  if (!owner) throw notFound('Schedule');
  // The plumber's time first, then the schedule's row: the order every writer of their times keeps.
  await lockPlumberTime(tx, companyId, owner.assigneeId);
  const schedule = (await lockSchedule(tx, companyId, body.scheduleId))!;
  if (schedule.assigneeId !== body.assigneeId) throw invalid('body/assigneeId', `must be the schedule's plumber (${schedule.assigneeId})`);
  if (schedule.year !== body.year || schedule.weekNo !== body.weekNo) throw invalid('body/weekNo', `must be the schedule's week (${schedule.weekNo} of ${schedule.year})`);
  await plannableAssignee(tx, companyId, schedule.assigneeId, 'body/assigneeId');
  if ((await unfinishedBatchesOf(tx, schedule.id)).length) throw new KeyedConflict('A batch is laying out this schedule; wait for it to finish', 'Scheduling.BatchRunning');

  const times = await companyJobTimes(tx, companyId);
  const listed = body.scheduleItems[0];
  let existing: ItemRow | null = null;
  let dropped: DroppedItem;
  let fresh: { point: MeterPointRow; duration: number; durationOverride: number | null } | null = null;
  let resized: { duration: number; durationOverride: number } | null = null;
  if (listed.id > 0) {
    [existing] = await findItems(tx, companyId, [listed.id]);
    if (!existing) throw notFound(`Schedule item ${listed.id}`);
    if (existing.assigneeId !== schedule.assigneeId) throw invalid('body/scheduleItems/0/id', `must be an item of the schedule's plumber (${schedule.assigneeId})`);
    if (existing.scheduleId !== schedule.id) {
      // Moved here from another of the plumber's weeks: that week is written too (its order renumbered),
      // so it is taken under its row lock and not while a batch lays it out.
      await lockSchedule(tx, companyId, existing.scheduleId);
      if ((await unfinishedBatchesOf(tx, existing.scheduleId)).length) {
        throw new KeyedConflict(`A batch is laying out schedule ${existing.scheduleId}, which holds item ${existing.id}; wait for it to finish`, 'Scheduling.BatchRunning');
      }
      [existing] = await findItems(tx, companyId, [listed.id]);
    }
    // The calendar's duration override (spec 2 §2.2): the moved card takes its minutes. Only a movable
    // item gets this far (judgeDrop refuses the rest): a Notified item's length never changes.
    const length = body.durationOverride ? { duration: body.durationOverride, durationOverride: body.durationOverride } : null;
    dropped = {
      id: existing.id, status: existing.status, duration: length ? length.duration : itemMinutes(times, existing), lat: existing.latitude, lng: existing.longitude,
    };
    if (length) resized = length;
  } else {
    const [point] = await companyMeterPoints(tx, companyId, [listed.waterMeterPointId]);
    if (!point) throw notFound(`Meter point ${listed.waterMeterPointId}`);
    const [live] = await liveItemsOnPoints(tx, [point.id]);
    if (live?.scheduleId === schedule.id) throw new KeyedConflict(`Error : Already Exists: ${point.address} is already in this week (item ${live.id})`, 'Scheduling.AlreadyExists');
    if (live) throw new KeyedConflict(`Meter point ${point.id} (${point.address}) is already in schedule ${live.scheduleId} (item ${live.id})`, 'Scheduling.PointTaken');
    const { duration, durationOverride } = body.durationOverride
      ? { duration: body.durationOverride, durationOverride: body.durationOverride }
      : durationOf({ ...listed, assignmentType: point.assignmentType }, times, 'body/scheduleItems/0');
    fresh = { point, duration, durationOverride };
    dropped = { id: 0, status: null, duration: itemMinutes(times, { durationOverride, objectType: point.assignmentType, duration }), lat: point.lat, lng: point.lng };
  }

  const start = new Date(body.selectedItemStartDateTime);
  const facts = await weekFacts(tx, companyId, schedule.assigneeId, schedule.year, schedule.weekNo, times);
  const verdict = judgeDrop(facts, dropped, osloDayMinute(start), osloDayMinute(now));
  if (!verdict.ok) {
    if (verdict.refusal === 'InThePast') throw new RuleError('body/selectedItemStartDateTime', verdict.problem, verdict.errorKey);
    throw new KeyedConflict(`${verdict.refusal}: ${verdict.problem}`, verdict.errorKey);
  }
  const end = new Date(start.getTime() + dropped.duration * 60_000);
  const address = existing ? existing.address : fresh!.point.address;
  const objectId = existing ? existing.objectId : fresh!.point.waterMeterId;
  const entries = (await calledOffItems(tx, companyId, { waterMeterId: objectId, address })).filter((x) => x.id !== existing?.id);
  if (blacklistBlocks(entries.map(blacklistEntry), end)) {
    throw new KeyedConflict(`The owners at ${address} had a time called off that day; choose another day`, 'Scheduling.Blacklisted');
  }

  const placement = { scheduleId: schedule.id, scheduledDate: osloDayMinute(start).date, startTime: start, endTime: end, isScheduled: true };
  let saved: ItemRow;
  if (existing) {
    saved = await updateItem(tx, existing.id, { ...placement, duration: dropped.duration, ...(resized ? { durationOverride: resized.durationOverride } : {}) });
    if (existing.scheduleId !== schedule.id) await renumberItems(tx, existing.scheduleId, true);
  } else {
    const p = fresh!.point;
    [saved] = await insertItems(tx, [{
      ...placement, companyId, meterPointId: p.id, objectId: p.waterMeterId, objectType: p.assignmentType, address: p.address, agreementNo: p.agreementNo,
      duration: fresh!.duration, durationOverride: fresh!.durationOverride, latitude: p.lat, longitude: p.lng, referenceNumber: p.referenceId,
      matrikkelenhetId: p.matrikkelenhetNr, sequenceNumber: 0, batchJobId: body.batchJobId ?? null,
    }]);
  }
  await renumberItems(tx, schedule.id, true);
  w.changes.note(companyId, 'schedules');
  const [after] = await findItems(tx, companyId, [saved.id]);
  return toScheduleItem(after);
}

/** PUT /api/scheduleitem/{id}: the card's note, by the status rules (itemStatus.ts noteAddable, noteReadOnly). */
export async function saveItemNote(w: Work, user: UserContext, id: number, body: ScheduleItemNoteBody): Promise<ScheduleItem> {
  const companyId = requireAdminWithAgreement(user);
  if (body.id !== id) throw new RuleError('body/id', `must be the path's id (${id})`);
  const [item] = await findItems(w.tx, companyId, [id]);
  if (!item) throw notFound(`Schedule item ${id}`);
  const [locked] = await lockedItem(w, companyId, item);
  if (locked.status !== body.status) {
    throw new KeyedConflict(`Schedule item ${id} is in status ${locked.status} now, not ${body.status}: reload the week`, 'Scheduling.StatusChanged');
  }
  const rules = rulesOf(locked.status);
  const notes = body.notes?.trim() ? body.notes : null;
  if (rules.noteReadOnly || (!rules.noteAddable && !locked.notes)) {
    throw new KeyedConflict(`The note of a schedule item in status ${locked.status} cannot be changed`, 'Scheduling.StatusNotAllowed');
  }
  if ((locked.notes ?? null) === notes) return toScheduleItem(locked);
  const saved = await updateItem(w.tx, id, { notes });
  w.changes.note(companyId, 'schedules');
  return toScheduleItem(saved);
}

/** The item again under its schedule's row lock, so a note and a status change are taken in turn. */
async function lockedItem(w: Work, companyId: string, item: ItemRow): Promise<ItemRow[]> {
  await lockSchedule(w.tx, companyId, item.scheduleId);
  return findItems(w.tx, companyId, [item.id]);
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
export const dropItemCommand = command({ status: 200, run: (w, user, body: SingleItemRequest) => dropItem(w, user, body) });
export const saveItemNoteCommand = command({
  status: 200, run: (w, user, { id, body }: { id: number; body: ScheduleItemNoteBody }) => saveItemNote(w, user, id, body),
});
