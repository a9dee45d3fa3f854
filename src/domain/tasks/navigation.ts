/** Where Back goes from task details (spec 1 §2 "Task details"). */
import type { Job } from '../api';
import { JobStatus } from '../enums';
import { liveTasks } from '../jobs/rules';

/** Route state carried to and from task details. */
export interface TaskRouteState {
  fromJobDetailsPage?: boolean;
  fromMyPlanningPage?: boolean;
  fromHistoryPage?: boolean;
  /** yyyy-MM-dd of the schedule day the user came from. */
  selectedDate?: string;
  fromTaskDetailsPage?: boolean;
}

export type BackTarget =
  | { kind: 'path'; path: string; state?: Record<string, unknown> }
  | { kind: 'history' };

/**
 * From the history page: job details with history state. A completed single-task job, or coming
 * from the schedule: the schedule (when that is where the user came from) or the job list. Several
 * tasks: job details. Otherwise one step back.
 */
export function taskBackTarget(job: Pick<Job, 'jobId' | 'statusId' | 'jobTasks'>, state: TaskRouteState | null | undefined): BackTarget {
  const s = state ?? {};
  if (s.fromHistoryPage) return { kind: 'path', path: `/job/${job.jobId}`, state: { fromHistoryPage: true, selectedDate: s.selectedDate } };
  const taskCount = liveTasks(job).length;
  if (s.fromMyPlanningPage) return { kind: 'path', path: '/schedule', state: { selectedDate: s.selectedDate } };
  if (taskCount === 1 && job.statusId === JobStatus.Completed) return { kind: 'path', path: '/joblist' };
  if (taskCount > 1) return { kind: 'path', path: `/job/${job.jobId}`, state: { fromTaskDetailsPage: true } };
  return { kind: 'history' };
}
