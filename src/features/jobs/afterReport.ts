/**
 * What happens after a report is sent (spec 1 §4 "After sending a report"):
 * - a task with a schedule item: when it is the job's only task the job is completed, else nothing;
 * - a task without one: when every task is finished, a prompt offers to add a new task if unused
 *   meters remain on the property (asked too when the device cannot tell, offline); otherwise, or
 *   when the plumber says no, the job is completed and the plumber goes to the job list.
 * Completion and the new task are outbox commands, so this works without a connection.
 */
import type { Job, Task } from '../../domain/api';
import { buildCompleteJobRequest } from '../../domain/jobForm';
import { isTaskFinished, liveTasks } from '../../domain/jobRules';
import { db } from '../../data/db';
import { newId } from '../../data/ids';
import { enqueue } from '../../data/outbox';
import { ApiError, apiFetch } from '../../data/transport';

export type AfterReport =
  | { kind: 'jobDetails' }
  | { kind: 'completed' }
  | { kind: 'newTask'; taskId: string };

interface PropertyMeter {
  waterMeterId: number;
}

/** Meters on the property no task of this job has taken yet; null when the device cannot tell. */
export async function unusedMeters(job: Job): Promise<number | null> {
  try {
    const meters = await apiFetch<PropertyMeter[]>(`/api/WaterMeters?matrikkelNummer=${encodeURIComponent(job.matrikkel.matrikkelNummer)}`);
    const used = new Set(liveTasks(job).map((t) => (t.dismantleObj as { waterMeterId?: unknown } | null)?.waterMeterId));
    return meters.filter((m) => !used.has(m.waterMeterId)).length;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return 0;
    return null;
  }
}

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
  const remaining = await unusedMeters(job);
  if (remaining !== 0 && (await ctx.askAddTask())) {
    const taskId = newId();
    await enqueue({ type: 'addTask', body: { jobId, taskId } });
    return { kind: 'newTask', taskId };
  }
  return complete();
}
