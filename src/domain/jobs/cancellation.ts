/**
 * The cancellation of an automatically created job (spec 1 §4): its own module, apart from rules.ts,
 * because only the job menu (a lazy chunk) asks, and rules.ts travels in the app shell.
 */
import type { Job } from '../api';
import { liveTasks } from './rules';

/**
 * The schedule item an automatically created job was made for (its tied task's, spec 1 §3
 * Task.scheduleItemId), or null. Deleting such a job is its cancellation (spec 1 §4): the item is
 * cancelled too, which is the admin's to do (spec 2 §6), so only an admin with the agreement may.
 */
export function cancelledItemOf(job: Pick<Job, 'autoCreated' | 'jobTasks'>): number | null {
  if (!job.autoCreated) return null;
  return liveTasks(job).find((t) => t.scheduleItemId != null)?.scheduleItemId ?? null;
}
