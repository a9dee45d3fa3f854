/** Save draft and send report (POST /api/jobs/task/{taskId}, spec 1 §4–§5). */
import type { ContactInfo, Job, TaskReportRequest } from '../../../src/domain/schemas';
import { JobStatus, TaskStatus } from '../../../src/domain/enums';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus } from '../../../src/domain/scheduling/enums';
import { causeIdsOf, reportedFields, reportedOutcome, sentCauseList } from '../../../src/domain/tasks/report';
import { hasObstacleCause } from '../../../src/domain/reports/status';
import { isTaskFinished, openJobStatus } from '../../../src/domain/jobs/rules';
import type { UserContext } from '../../auth/context';
import type { Work } from '../../db/tx';
import type { tasks } from '../../db/schema';
import { systemActor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { reloadJob, updateTaskRow, writeJob } from '../../repositories/jobs';
import { findItems } from '../../repositories/scheduling';
import { applyItemEvent } from '../scheduling/itemEvents';
import { lookupList } from '../lookups';
import { checkReport } from '../taskReport';
import { command } from '../command';
import { jobsLockOf, lockedJob, workTime } from './mutationChecks';

function deviationIds(list: unknown, field: string): number[] {
  const { ids, invalid } = causeIdsOf(list);
  if (invalid === 'list') throw badRequest(field, 'must be an array');
  if (invalid !== null) throw badRequest(`${field}/${invalid}`, 'must be a deviation item or its id');
  return ids;
}

/** A contact person needs both a name and a mobile number (spec 1 §5). */
function checkContact(contactInfo: ContactInfo | null): void {
  const person = contactInfo?.contactPerson;
  if (person == null) return;
  if (!person.name.trim() || !person.mobileNo.trim()) throw badRequest('body/contactInfo/contactPerson', 'must have both name and mobileNo');
}

/**
 * Save draft (body isDraft true): the task and job become InProgress, a not-started task gets a
 * start date. Send report (isDraft false): the task becomes Completed, or with deviation items
 * Deviation (any item of type deviation) or Obstacle (all obstacles) and the new-meter object is
 * cleared; the job is no longer a draft and is InProgress. The task's form objects and the job's
 * contact are stored as sent.
 */
export async function saveTaskReport(w: Work, user: UserContext, taskId: string, body: TaskReportRequest): Promise<Job> {
  const index = body.jobTasks.findIndex((t) => t.taskId === taskId);
  if (index < 0) throw badRequest('body/jobTasks', `must contain the task ${taskId}`);
  const sent = body.jobTasks[index];
  const { row, tasks: jobTasks, job } = await lockedJob(w, user, body.jobId, body.expectedVersion);
  const task = jobTasks.find((t) => t.id === taskId);
  if (!task) throw notFound('Task');
  if (row.statusId === JobStatus.Completed || row.statusId === JobStatus.Closed) throw conflict('The job is completed', job);
  if (isTaskFinished(task)) throw conflict('The task is finished and can no longer be changed', job);

  const draft = body.isDraft === true;
  // Start and completion are when the plumber did the work on the device, not when it was synced.
  const madeAt = workTime('body/madeAt', body.madeAt, row.createdAt);
  const startDate = task.startDate ?? (sent.startDate ? workTime(`body/jobTasks/${index}/startDate`, sent.startDate, row.createdAt) : madeAt);
  const patch: Partial<typeof tasks.$inferInsert> = { startDate, ...reportedFields(sent) };
  let chosen: { id: number; deviationType: number }[] = [];
  if (!draft) {
    // A start given with the report may lie after its madeAt only within the clock skew.
    patch.completedAt = new Date(Math.max(madeAt.getTime(), startDate.getTime()));
    const field = `body/jobTasks/${index}/additionalDetailsRequest/deviationList`;
    const ids = deviationIds(sentCauseList(sent), field);
    if (ids.length > 0) {
      const known = new Map((await lookupList(w.tx, 'Deviation')).map((d) => [d.id, d]));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) throw badRequest(field, `holds an unknown deviation id ${unknown}`);
      chosen = ids.map((id) => ({ id, deviationType: Number(known.get(id)!.deviationType) }));
    }
    await checkReport(w.tx, row, task, jobTasks, sent, chosen, `body/jobTasks/${index}`);
  } else {
    // A draft's causes are not checked (nor do they change its outcome); those the list knows
    // still decide its obstacle flag.
    const { ids } = causeIdsOf(sentCauseList(sent));
    if (ids.length > 0) {
      const known = new Map((await lookupList(w.tx, 'Deviation')).map((d) => [d.id, d]));
      chosen = ids.filter((id) => known.has(id)).map((id) => ({ id, deviationType: Number(known.get(id)!.deviationType) }));
    }
  }
  // The obstacle flag is the causes' (any of type obstacle), as the list on the server types them,
  // whatever the device sent with it.
  const details = patch.additionalDetailsRequest;
  if (details && typeof details === 'object' && !Array.isArray(details)) {
    patch.additionalDetailsRequest = { ...(details as Record<string, unknown>), obstacle: hasObstacleCause(chosen) };
  }
  const outcome = reportedOutcome(draft, chosen);
  patch.statusId = outcome.statusId;
  if (outcome.clearsNewMeter) patch.newWaterMeterObj = null;
  if (body.contactInfo !== undefined) checkContact(body.contactInfo);
  await updateTaskRow(w.tx, taskId, patch);
  if (!draft && task.scheduleItemId !== null) await itemReported(w, row.companyId, row.customerId, task.scheduleItemId, patch.statusId);
  const after = jobTasks.map((t) => (t.id === taskId ? { statusId: patch.statusId! } : t));
  await writeJob(w.tx, row.id, {
    isDraft: draft, statusId: openJobStatus(row.statusId, after), ...(body.contactInfo !== undefined ? { contactInfo: body.contactInfo } : {}),
  });
  return reloadJob(w.tx, row.id);
}

/**
 * The schedule item a task was made for (an agreed appointment, scheduling/itemJobs.ts) closes with its
 * report's outcome (spec 2 §4): a deviation → Deviation, an obstacle → Obstacle; a completed task leaves
 * it JobCreated. Only an item still JobCreated moves: one an admin cancelled meanwhile keeps its status,
 * and the plumber's report is never refused for it. Taken after the jobs lock, as the job's maker takes it.
 */
async function itemReported(w: Work, companyId: string, customerId: string, itemId: number, taskStatus: number | undefined): Promise<void> {
  const event = taskStatus === TaskStatus.Deviation ? ItemEvent.Deviation : taskStatus === TaskStatus.Obstacle ? ItemEvent.Obstacle : null;
  if (!event) return;
  const [item] = await findItems(w.tx, companyId, [itemId]);
  if (item?.status !== ScheduleItemStatus.JobCreated) return;
  await applyItemEvent(w, systemActor(companyId, customerId, 'the plumber reported the job'), [itemId], event);
}

/** POST /api/jobs/task/{taskId}: 200 with the job, under its company's jobs lock. */
export const saveTaskReportCommand = command({
  status: 200, lock: jobsLockOf,
  run: (w, user, { taskId, body }: { taskId: string; body: TaskReportRequest }) => saveTaskReport(w, user, taskId, body),
});
