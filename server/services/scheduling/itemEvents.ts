/**
 * A schedule item's status moved by an event of its lifecycle (spec 2 §4; the table and its transitions:
 * src/domain/scheduling/itemStatus.ts `transition`), for an actor: an admin's action (send notice, manual
 * confirmation, cancel) or the system acting for the company (an owner's reply, a deadline passed, the
 * job made for a confirmed item). One service for both, so a worker meets the same rules as a route.
 *
 * Each item's schedule row is locked first (in id order, as the drop and the batch lock them), then
 * the items are read again under it: two events on one item take turns, and each sees the other's
 * status. An item the event skips (cancel passing a Confirmed one) is answered as skipped; any refused
 * item refuses the whole event (409 with the spec's key), and nothing is written.
 */
import { ItemEvent, transition, type ItemEventName } from '../../../src/domain/scheduling/itemStatus';
import type { ScheduleItemStatusId } from '../../../src/domain/scheduling/enums';
import type { ScheduleItem } from '../../../src/domain/schemas/scheduling';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { Work } from '../../db/tx';
import type { Actor } from '../../http/actor';
import { KeyedConflict, notFound, RuleError } from '../../http/errors';
import { findItems, lockSchedule, toScheduleItem, updateItem } from '../../repositories/scheduling';
import { followUpsOf } from './followUps';

/** The events a signed-in admin makes; the rest happen to an item (the owner, the operator, a deadline, the job). */
const ADMIN_EVENTS: ReadonlySet<ItemEventName> = new Set([
  ItemEvent.Notify, ItemEvent.ConfirmManually, ItemEvent.Cancel, ItemEvent.JobCancelled, ItemEvent.DeviationSubmitted,
  ItemEvent.ObstacleSubmitted,
]);
/** What the system may do for a company: every event but the admin's own choices and the calendar's moves. */
const SYSTEM_EVENTS: ReadonlySet<ItemEventName> = new Set([
  ItemEvent.NoticeSent, ItemEvent.NoticeFailed, ItemEvent.SmsApiFailed, ItemEvent.OwnerConfirmed, ItemEvent.OwnerRejected,
  ItemEvent.OwnerUnclear, ItemEvent.NoReplyInTime, ItemEvent.JobCreated, ItemEvent.JobCreationFailed, ItemEvent.Deviation,
  ItemEvent.Obstacle, ItemEvent.Cancel,
]);

/** The most items one event names (a week of a plumber is a few hundred). */
export const MAX_EVENT_ITEMS = 1000;

/** Who may make `event` happen, and in which company (the policy); answers the company id. */
function eventPolicy(actor: Actor, event: ItemEventName): string {
  if (actor.kind === 'user') {
    const companyId = requireAdminWithAgreement(actor.user);
    if (!ADMIN_EVENTS.has(event)) throw new KeyedConflict(`An admin does not make '${event}' happen; it happens to an item`, 'Scheduling.StatusNotAllowed');
    return companyId;
  }
  if (!SYSTEM_EVENTS.has(event)) throw new Error(`the system does not make '${event}' happen`);
  return actor.companyId;
}

export interface EventOutcome {
  /** The items the event moved, as they are now. */
  changed: ScheduleItem[];
  /** The ids the event passed by (spec 2 §4: cancel skips Confirmed, JobCreated, JobCreationFailed, Cancelled; a job's cancel, Cancelled). */
  skipped: number[];
}

/**
 * Applies `event` to the items `ids` of the actor's company. `patch` is what the event writes beside
 * the status (a cancellation's reason, of a cancel or a job's cancel). Another company's item, or one that does not exist, is 404.
 */
export async function applyItemEvent(
  w: Work, actor: Actor, ids: readonly number[], event: ItemEventName, patch: { cancellationTypeId?: number } = {},
): Promise<EventOutcome> {
  const companyId = eventPolicy(actor, event);
  const unique = [...new Set(ids)];
  if (!unique.length) throw new RuleError('body/ids', 'must name at least one schedule item');
  if (unique.length > MAX_EVENT_ITEMS) throw new RuleError('body/ids', `must name at most ${MAX_EVENT_ITEMS} schedule items`);

  const found = await findItems(w.tx, companyId, unique);
  const missing = unique.find((id) => !found.some((r) => r.id === id));
  if (missing !== undefined) throw notFound(`Schedule item ${missing}`);
  for (const scheduleId of [...new Set(found.map((r) => r.scheduleId))].sort((a, b) => a - b)) await lockSchedule(w.tx, companyId, scheduleId);
  const items = await findItems(w.tx, companyId, unique);

  const moves: { id: number; status: ScheduleItemStatusId }[] = [];
  const skipped: number[] = [];
  for (const item of items.sort((a, b) => a.id - b.id)) {
    const step = transition(item, event);
    if (step.kind === 'skip') skipped.push(item.id);
    else if (step.kind === 'refused') throw new KeyedConflict(`Schedule item ${item.id} in status ${item.status} cannot take '${event}'`, step.errorKey);
    else if (step.status !== null) moves.push({ id: item.id, status: step.status });
  }
  const rows = [];
  const cancels = event === ItemEvent.Cancel || event === ItemEvent.JobCancelled;
  for (const m of moves) rows.push(await updateItem(w.tx, m.id, { status: m.status, ...(cancels ? patch : {}) }));
  if (rows.length) w.changes.note(companyId, 'schedules');
  await followUpsOf(w, companyId, event, rows);
  return { changed: rows.map(toScheduleItem), skipped };
}
