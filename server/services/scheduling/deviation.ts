/**
 * Submit as deviation (spec 2 §2.4, the error-handling page's second button; the request and its rules:
 * src/domain/schemas/erroneous.ts DeviationSubmitSchema). The item closes with a deviation that shows on
 * its job: in one unit of work, under the company's jobs lock and then the item's schedule lock (the
 * order the job's maker and a plumber's report take them),
 * - the item moves through the status table (from Rejected, Unknown, NoReply, NotificationFailed,
 *   SmsApiFailed or JobCreationFailed) to Deviation, or to Obstacle when every cause is an obstacle: the
 *   outcome a plumber's report with these causes has (src/domain/tasks/report.ts reportedOutcome);
 * - its job is made as the job of an agreed time is (scheduling/itemJobs.ts jobBodyFor, by the admin),
 *   or the job it has is taken;
 * - the job's task is reported "not carried out" with the admin's causes and note, as the plumber's
 *   report stores it (additionalDetailsRequest: obstacle, note, deviationList), and
 *   the job is completed by the admin (spec 1 §4: every task Completed, Deviation or Obstacle).
 * Nothing is written when any step refuses: a status changed since the page read it (409
 * Scheduling.StatusChanged), a cause not on the reference list (400), a meter point whose
 * property the register lacks (400 Scheduling.NoPropertyForItem).
 */
import { JobStatus, TaskStatus } from '../../../src/domain/enums';
import { hasObstacleCause } from '../../../src/domain/reports/status';
import { reportedOutcome } from '../../../src/domain/tasks/report';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import type { DeviationSubmit, DeviationSubmitResult } from '../../../src/domain/schemas/erroneous';
import type { UserContext } from '../../auth/context';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { Work } from '../../db/tx';
import { userActor } from '../../http/actor';
import { KeyedConflict, notFound, RuleError } from '../../http/errors';
import { jobOfScheduleItem, tasksOf, updateTaskRow, writeJob } from '../../repositories/jobs';
import { findItems } from '../../repositories/scheduling';
import { command } from '../command';
import { createJobAs } from '../jobs/mutations';
import { jobsLockOf } from '../jobs/mutationChecks';
import { lookupList } from '../lookups';
import { applyItemEvent } from './itemEvents';
import { jobBodyFor } from './itemJobs';

export async function submitAsDeviation(w: Work, user: UserContext, id: number, body: DeviationSubmit): Promise<DeviationSubmitResult> {
  const companyId = requireAdminWithAgreement(user);
  const [seen] = await findItems(w.tx, companyId, [id]);
  if (!seen) throw notFound(`Schedule item ${id}`);
  if (seen.status !== body.status) {
    throw new KeyedConflict(`Schedule item ${id} is in status ${seen.status} now, not ${body.status}: reload the page`, 'Scheduling.StatusChanged');
  }
  const known = new Map((await lookupList(w.tx, 'Deviation')).map((d) => [d.id, d]));
  const causes = body.deviationIds.map((causeId, i) => {
    const cause = known.get(causeId);
    if (!cause) throw new RuleError(`body/deviationIds/${i}`, `${causeId} is not a cause on the deviation list (GET /api/Deviation)`);
    return { id: causeId, value: String(cause.value ?? ''), deviationType: Number(cause.deviationType) };
  });
  const { statusId } = reportedOutcome(false, causes);

  // The status table decides (and the schedule's lock is taken here, after the jobs lock the command took).
  await applyItemEvent(w, userActor(user), [id], statusId === TaskStatus.Obstacle ? ItemEvent.ObstacleSubmitted : ItemEvent.DeviationSubmitted);
  const had = await jobOfScheduleItem(w.tx, id);
  const [item] = await findItems(w.tx, companyId, [id]);
  const jobId = had ?? await createJobAs(w, userActor(user), await jobBodyFor(w.tx, item, user.customerId), { scheduleItemId: id });

  const now = new Date();
  const task = ((await tasksOf(w.tx, [jobId])).get(jobId) ?? []).find((t) => t.scheduleItemId === id);
  if (!task) throw new Error(`the job ${jobId} of schedule item ${id} has no task tied to it`);
  await updateTaskRow(w.tx, task.id, {
    statusId, startDate: task.startDate ?? now, completedAt: now, newWaterMeterObj: null,
    additionalDetailsRequest: { obstacle: hasObstacleCause(causes), ...(body.note?.trim() ? { note: body.note.trim() } : {}), deviationList: causes },
  });
  await writeJob(w.tx, jobId, { statusId: JobStatus.Completed, completedBy: user.email, completedDate: now, isDraft: false });
  return { jobId, jobCreated: had === undefined };
}

/** POST /api/ErroneousScheduleItem/{id}/deviation: 200 with the job, under the company's jobs lock. */
export const submitAsDeviationCommand = command({
  status: 200, lock: jobsLockOf,
  run: (w, user, { id, body }: { id: number; body: DeviationSubmit }) => submitAsDeviation(w, user, id, body),
});
