/**
 * What happens after a report is sent (spec 1 §4 "After sending a report"):
 * - a task with a schedule item: when it is the job's only task the job is completed, else nothing;
 * - a task without one: when every task is finished, a prompt offers to add a new task if unused
 *   meters remain on the property; otherwise, or when the plumber says no, the job is completed and
 *   the plumber goes to the job list. "Not carried out" replaced nothing, so it asks nothing.
 * Whether meters remain comes from the server, or offline from the device's copy of the property's
 * meters (src/data/propertyMeters.ts); it asks only when neither is there. Completion and the new
 * task are outbox commands, so this works without a connection.
 */
import type { Job, Task } from '../../domain/api';
import { TaskStatus } from '../../domain/enums';
import { buildCompleteJobRequest } from '../../domain/jobs/form';
import { isTaskFinished, liveTasks } from '../../domain/jobs/rules';
import { db } from '../../data/db';
import { newId } from '../../data/ids';
import { enqueue } from '../../data/outbox';
import { fetchPropertyMeters } from './api/fetchPropertyMeters';

export type AfterReport =
  | { kind: 'jobDetails' }
  | { kind: 'completed' }
  | { kind: 'newTask'; taskId: string };

/** Meters on the property no task of this job has taken yet; null when the device cannot tell. */
export async function unusedMeters(job: Job): Promise<number | null> {
  const meters = await fetchPropertyMeters(job.matrikkel.matrikkelNummer);
  if (meters === null) return null;
  const used = new Set(liveTasks(job).map((t) => (t.dismantleObj as { waterMeterId?: unknown } | null)?.waterMeterId));
  return meters.filter((m) => !used.has(m.waterMeterId)).length;
}

const NOT_CARRIED_OUT: readonly number[] = [TaskStatus.Deviation, TaskStatus.Obstacle];

export async function afterReport(
  jobId: string, task: Task, ctx: { email: string; jobType: string; askAddTask: () => Promise<boolean> },
): Promise<AfterReport> {
  const job = await db.jobs.get(jobId);
  if (!job) return { kind: 'jobDetails' };
  const tasks = liveTasks(job);
  const complete = async () => {
    await enqueue({ type: 'completeJob', body: buildCompleteJobRequest(job, ctx.jobType, ctx.email, new Date()) });
    return { kind: 'completed' } as const;
  };
  if (task.scheduleItemId != null) return tasks.length === 1 ? complete() : { kind: 'jobDetails' };
  if (!tasks.every(isTaskFinished)) return { kind: 'jobDetails' };
  const reported = tasks.find((t) => t.taskId === task.taskId);
  if (reported && NOT_CARRIED_OUT.includes(reported.statusId)) return complete();
  const remaining = await unusedMeters(job);
  if (remaining !== 0 && (await ctx.askAddTask())) {
    const taskId = newId();
    await enqueue({ type: 'addTask', body: { jobId, taskId } });
    return { kind: 'newTask', taskId };
  }
  return complete();
}
