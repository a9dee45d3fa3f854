/**
 * The assignment list (spec 2 §3, §4, §7): planning is admin-only (spec 2 §6), and needs the
 * company's agreement in force as the calendar does (spec 3 §1).
 *
 * GET /api/AssignmentList/assignee/{id}?filtered=&scheduleId= answers the company's meter points with
 * usable coordinates (the others are dropped, spec 2 §3), as seen from plumber {id}'s schedule
 * `scheduleId`. Decided here, where the spec says nothing:
 * - `waterMeterPointId` is our id of the point (meter_points.id), the one POST /api/Scheduler takes
 *   and a schedule item's parentObjectId names; the utility's own id stays in the register.
 * - assignmentItemStatus: a point in a live item (any status but Cancelled) of this schedule is
 *   Scheduled (4) once the batch has laid it in time (`is_scheduled`), Planned (3) before; in a live
 *   item of any other schedule it is PlannedItemsInOtherSchedules (2); otherwise NotSelected (0).
 *   Without `scheduleId` every live item is another schedule's. Selected (1) is the screen's own
 *   state and never comes from the server.
 * - isSelected: every status but NotSelected (spec 2 §4); isDisabled: PlannedItemsInOtherSchedules
 *   and Scheduled (spec 2 §4).
 * - scheduleId, scheduleItemId, scheduleItemStatus, weekNo, year, assigneeName and the cancellation
 *   come from the point's latest item: its live one, else the last cancelled. cancellationTypeColorStatus
 *   is Failure for ExternalFailure, InternalFailure and InvalidInformation, else Cancelled (spec 2 §4),
 *   and only present for a cancelled item or one with a cancellation type.
 * - {id} must be a user of the caller's company and `scheduleId` a schedule of that plumber in the
 *   company; otherwise 404, as for anything another company holds.
 */
import { CancellationReason } from '../../../src/domain/enums';
import { DISABLED_ASSIGNMENT_STATUSES } from '../../../src/domain/scheduling/assignmentView';
import { AssignmentItemStatus, ScheduleItemStatus } from '../../../src/domain/scheduling/enums';
import type { AssignmentLookups } from '../../../src/domain/schemas/scheduling';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import { notFound } from '../../http/errors';
import pg from 'pg';
import { pgClientOf, type DbOrTx } from '../../db/tx';
import { assignmentListQuery, assignmentListSnapshot, companySchedule, listFingerprint, listFingerprintQuery, lookupLists, sqlText, type ListRules } from '../../repositories/assignments';
import { writeList } from './listWriter';
import { cachedList, freshRead, listCacheState, type ListEncoding } from './listCache';
import { isCompanyEmployee } from '../../repositories/users';
import { parseAssignmentFilter, pointFilterOf } from './filter';

const RULES: ListRules = {
  cancelledStatus: ScheduleItemStatus.Cancelled,
  failureCancellationTypes: [CancellationReason.ExternalFailure, CancellationReason.InternalFailure, CancellationReason.InvalidInformation],
  status: {
    notSelected: AssignmentItemStatus.NotSelected,
    inOtherSchedule: AssignmentItemStatus.PlannedItemsInOtherSchedules,
    planned: AssignmentItemStatus.Planned,
    scheduled: AssignmentItemStatus.Scheduled,
  },
  disabled: DISABLED_ASSIGNMENT_STATUSES,
};

/** GET /api/AssignmentList/lookup: the five lists of the caller's utility. */
export async function assignmentLookups(db: DbOrTx, user: UserContext): Promise<AssignmentLookups> {
  requireAdminWithAgreement(user);
  return lookupLists(db, user.customerId);
}

/** When this process last offered each company's list a warm-up (warmAssignmentList). */
const warmedAt = new Map<string, number>();
export const WARM_LIST = { everyMs: 1_000 };

/**
 * Writes the company's list as the planning page reads it first (from no schedule, no filter, brotli)
 * before an admin asks for it, when an admin of the company is using the app and the list is not kept at
 * its fingerprint: the first "Planlegg" after a change (a register import, another admin's plan, a
 * change another server process made) no longer waits for 50,000 points to be written (issue 24 §5).
 * Called after an admin's answer has gone (routes/index.ts): after a change the admin made (`changed`:
 * any method but GET and HEAD) at once, else at most once per WARM_LIST.everyMs per company and
 * process. Most calls only read the fingerprint (under a millisecond, shared by all who ask) and find
 * the list kept; a list is written only when something it is read from changed, in a turn as any list
 * is (listCache.ts: one at a time, the lowest priority). Left out while another list is written or
 * waits (a warm-up never takes an admin's turn), and tried again on the next answer. Nothing is sent
 * anywhere: the list is only kept.
 */
export function warmAssignmentList(db: DbOrTx, user: UserContext, changed = false): Promise<void> | null {
  if (!user.isAdmin || !user.hasAgreement || !user.companyId) return null;
  const busy = listCacheState();
  if (busy.running > 0 || busy.waiting > 0) return null;
  const now = Date.now();
  const last = warmedAt.get(user.companyId);
  if (!changed && last !== undefined && now - last < WARM_LIST.everyMs) return null;
  warmedAt.set(user.companyId, now);
  // Read as the page reads it with no plumber named: the admin's own id (the answer is the same for any).
  return assignmentList(db, user, user.registrationId, {}, 'br').then(() => undefined, () => undefined);
}

/** Forgets when lists were warmed (tests). */
export function forgetListWarmUps(): void {
  warmedAt.clear();
}

/**
 * The list as JSON text (AssignmentListItem[]) in `encoding`, ready to send: kept or written by
 * listCache.ts (bounded per user and process, written once for all who ask at once).
 */
export async function assignmentList(
  db: DbOrTx, user: UserContext, assigneeId: number, query: { filtered?: string; scheduleId?: number }, encoding: ListEncoding,
): Promise<Buffer> {
  const companyId = requireAdminWithAgreement(user);
  const filter = pointFilterOf(parseAssignmentFilter(query.filtered));
  if (!await isCompanyEmployee(db, companyId, assigneeId)) throw notFound('User');
  if (query.scheduleId !== undefined) {
    const schedule = await companySchedule(db, companyId, query.scheduleId);
    if (!schedule || schedule.assigneeId !== assigneeId) throw notFound('Schedule');
  }
  const scheduleId = query.scheduleId ?? null;
  // The plumber {id} only picks the schedule (checked above); the list is the same for every plumber.
  const key = JSON.stringify([companyId, user.customerId, scheduleId, filter]);
  const q = { companyId, customerId: user.customerId, scheduleId, filter, rules: RULES };
  // Written in a low-priority worker on a connection of its own (listWriter.ts) when there is a pool
  // to take its address from; inside a transaction, on that transaction's connection.
  const pool = pgClientOf(db);
  const url = pool instanceof pg.Pool ? (pool.options as { connectionString?: string }).connectionString : undefined;
  return cachedList(key, encoding, user.userId,
    () => freshRead(companyId, () => listFingerprint(db, companyId)),
    url
      ? () => writeList(url, { query: sqlText(assignmentListQuery(q)), fingerprint: sqlText(listFingerprintQuery(companyId)), encoding })
        .then((w) => ({ fingerprint: w.fingerprint, compressed: w.body }))
      : () => assignmentListSnapshot(db, q));
}
