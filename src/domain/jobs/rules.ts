/** Job and task rules of spec 1 §4–§6, shared by the screens and the server. */
import type { Job, Task } from '../api';
import { FINISHED_TASK_STATUSES, JobStatus, TaskStatus } from '../enums';

export interface Actor {
  isAdmin: boolean;
  registrationId: number;
}

export function liveTasks(job: Pick<Job, 'jobTasks'>): Task[] {
  return job.jobTasks.filter((t) => !t.isDeleted).sort((a, b) => a.taskOrder - b.taskOrder || a.taskNo - b.taskNo);
}

export function isTaskFinished(task: Pick<Task, 'statusId'>): boolean {
  return FINISHED_TASK_STATUSES.includes(task.statusId);
}

/** For a job at New, InProgress or OnHold: New if all tasks are not started, otherwise InProgress. */
export function deriveOpenJobStatus(tasks: Pick<Task, 'statusId'>[]): number {
  return tasks.every((t) => t.statusId === TaskStatus.NotStarted) ? JobStatus.New : JobStatus.InProgress;
}

const OPEN_JOB_STATUSES: readonly number[] = [JobStatus.New, JobStatus.InProgress, JobStatus.OnHold];

/**
 * The status a job shows after its tasks changed (spec 1 §4), the one rule for the device and the
 * server: an open job follows its live tasks; a finished job, or one without live tasks, keeps its
 * status.
 */
export function openJobStatus(current: number, liveTasks: Pick<Task, 'statusId'>[]): number {
  return OPEN_JOB_STATUSES.includes(current) && liveTasks.length > 0 ? deriveOpenJobStatus(liveTasks) : current;
}

/** Admins act on any job of their company; plumbers only on jobs assigned to them. */
export function canActOnJob(actor: Actor, job: Pick<Job, 'assignedToId'>): boolean {
  return actor.isAdmin || job.assignedToId === actor.registrationId;
}

/** Delete: only when not started, or in progress with the first task having no schedule item. */
export function canDeleteJob(job: Pick<Job, 'statusId' | 'jobTasks'>): boolean {
  if (job.statusId === JobStatus.New) return true;
  if (job.statusId === JobStatus.InProgress) {
    const first = liveTasks(job)[0];
    return !first || first.scheduleItemId == null;
  }
  return false;
}

/** Change plumber: only when not started. */
export function canChangePlumber(job: Pick<Job, 'statusId'>): boolean {
  return job.statusId === JobStatus.New;
}

/** Manual completion: every task finished and the job not already completed or closed. */
export function canSubmitJob(actor: Actor, job: Pick<Job, 'statusId' | 'jobTasks' | 'assignedToId'>): boolean {
  const tasks = liveTasks(job);
  if (tasks.length === 0) return false;
  if (job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed) return false;
  return tasks.every(isTaskFinished) && canActOnJob(actor, job);
}

export type TaskDeleteCheck = 'ok' | 'deleteJobInstead' | 'completedTask' | 'scheduledTask' | 'jobCompleted';

/** Deleting a task: non-scheduled, non-completed, job not completed; a job with < 2 tasks is deleted whole. */
export function checkTaskDelete(job: Pick<Job, 'statusId' | 'jobTasks'>, task: Pick<Task, 'statusId' | 'scheduleItemId'>): TaskDeleteCheck {
  if (job.statusId === JobStatus.Completed) return 'jobCompleted';
  if (isTaskFinished(task)) return 'completedTask';
  if (task.scheduleItemId != null) return 'scheduledTask';
  if (liveTasks(job).length < 2) return 'deleteJobInstead';
  return 'ok';
}

export const JOB_DATE_ERRORS = {
  pastScheduledDate: "Jobs can't be scheduled to a past date",
  scheduledAfterDue: 'Scheduled date is greater than due date!',
  tooFarAhead: 'must not be later than the end of the year ten years ahead',
} as const;

/** The date pickers' far-future bound (spec 1 §5 says there is one, not where): ten years ahead. */
export const MAX_YEARS_AHEAD = 10;

/** The latest scheduled or due date a job may have: the end of the year ten years from now. */
export function latestJobDate(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() + MAX_YEARS_AHEAD, 11, 31, 23, 59, 59, 999));
}

/** Whether a scheduled or due date lies past latestJobDate. */
export const isTooFarAhead = (date: Date | null, now: Date) => date !== null && date.getTime() > latestJobDate(now).getTime();

/**
 * Scheduled date may not be in the past, nor later than the due date, nor past the picker's bound.
 * A scheduled date alone is valid. Returns the spec's message, or null when valid.
 */
export function checkJobDates(scheduled: Date | null, due: Date | null, now: Date): string | null {
  if (isTooFarAhead(scheduled, now) || isTooFarAhead(due, now)) return JOB_DATE_ERRORS.tooFarAhead;
  if (scheduled && scheduled.getTime() < now.getTime() - 60_000) return JOB_DATE_ERRORS.pastScheduledDate;
  if (scheduled && due && scheduled.getTime() > due.getTime()) return JOB_DATE_ERRORS.scheduledAfterDue;
  return null;
}
