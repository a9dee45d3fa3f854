/**
 * Who else has a plumber's week open in the calendar (shapes and intervals: src/domain/schemas/presence.ts).
 * A heartbeat saves the tab's row until PRESENCE_TTL_SECONDS from now on the database's clock and
 * answers the other admins with the same week open; the tab's first beat on a week, a move to another
 * week, or its leaving tells the company's admins through the hub (PresenceChanged), in every server
 * process, so open calendars ask again. Admins of a company whose agreement is in force only, as the
 * calendar itself (403); a plumber that is not the company's user is 404.
 */
import { PRESENCE_TTL_SECONDS } from '../../../src/domain/scheduling/presence';
import type { Presence, PresenceBody } from '../../../src/domain/schemas/presence';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import { conflict } from '../../http/errors';
import { deleteExpiredPresence, deletePresence, lockPresence, savePresence, viewersOfWeek } from '../../repositories/presence';
import { inUnitOfWork, type UnitOfWorkDeps } from '../unitOfWork';
import { checkWeek, companyAssignee } from './schedules';

/** PUT /api/Schedule/presence: the tab still has the week open; who else has. */
export async function beatPresence(deps: UnitOfWorkDeps, user: UserContext, body: PresenceBody): Promise<Presence> {
  const companyId = requireAdminWithAgreement(user);
  checkWeek(body.year, body.weekNo, 'body/weekNo');
  await companyAssignee(deps.db, companyId, body.assigneeId);
  await deleteExpiredPresence(deps.db, companyId);
  // In the unit of work: its change log tells the company's admins after the commit (PresenceChanged).
  await inUnitOfWork(deps, async ({ tx, changes }) => {
    const before = await lockPresence(tx, body.viewId);
    if (before && (before.companyId !== companyId || before.viewerRegistrationId !== user.registrationId)) {
      throw conflict(`viewId ${body.viewId} is another tab's; make a new one`);
    }
    await savePresence(tx, { viewId: body.viewId, companyId, viewerRegistrationId: user.registrationId, assigneeId: body.assigneeId, year: body.year, weekNo: body.weekNo }, PRESENCE_TTL_SECONDS);
    if (!before || before.expired || before.assigneeId !== body.assigneeId || before.year !== body.year || before.weekNo !== body.weekNo) {
      changes.note(companyId, 'presence');
    }
  });
  return { viewers: (await viewersOfWeek(deps.db, companyId, body, user.registrationId)).map((name) => ({ name })) };
}

/** DELETE /api/Schedule/presence/{viewId}: the tab left the week (nothing to do when it had no row). */
export async function leavePresence(deps: UnitOfWorkDeps, user: UserContext, viewId: string): Promise<void> {
  const companyId = requireAdminWithAgreement(user);
  await inUnitOfWork(deps, async ({ tx, changes }) => {
    if (await deletePresence(tx, companyId, user.registrationId, viewId)) changes.note(companyId, 'presence');
  });
}
