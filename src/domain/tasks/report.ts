/**
 * What a draft or a report does to its task (spec 1 §4–§5), written once: the device's outbox applies
 * it to the replica (src/data/commands/reports.ts) and the server to the database
 * (server/services/jobs/report.ts), so the two cannot drift apart.
 */
import { JobType, TaskStatus } from '../enums';
import { reportedTaskStatus, type DeviationCause } from '../reports/status';
import type { TaskReportRequest } from '../schemas/jobs';

/** One task as a draft or report sends it. */
export type SentTask = TaskReportRequest['jobTasks'][number];

/** The meter forms a job type's report needs: a new meter (install, replace), the old one (replace, dismantle). */
export function meterFormsOf(jobTypeId: number): { newMeter: boolean; oldMeter: boolean } {
  return {
    newMeter: jobTypeId === JobType.Install || jobTypeId === JobType.Replace,
    oldMeter: jobTypeId === JobType.Replace || jobTypeId === JobType.Dismantle,
  };
}

/**
 * The cause ids a report's deviation list names (the server takes items or bare ids). `invalid` is
 * the index of the first entry that is neither, or 'list' when what was sent is not a list.
 */
export function causeIdsOf(list: unknown): { ids: number[]; invalid: number | 'list' | null } {
  if (list == null) return { ids: [], invalid: null };
  if (!Array.isArray(list)) return { ids: [], invalid: 'list' };
  const ids: number[] = [];
  for (const [i, item] of list.entries()) {
    const id = typeof item === 'number' ? item : typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id !== 'number' || !Number.isInteger(id)) return { ids, invalid: i };
    ids.push(id);
  }
  return { ids, invalid: null };
}

/** The deviation list of a sent task, wherever it is. */
export const sentCauseList = (sent: SentTask | undefined): unknown =>
  (sent?.additionalDetailsRequest as { deviationList?: unknown } | null | undefined)?.deviationList;

/** The form objects a sent task stores as sent: only those it names (a draft may send some). */
export function reportedFields(sent: SentTask) {
  return {
    ...(sent.subscriberDetails ? { subscriberDetails: sent.subscriberDetails } : {}),
    ...('newWaterMeterObj' in sent ? { newWaterMeterObj: sent.newWaterMeterObj ?? null } : {}),
    ...('dismantleObj' in sent ? { dismantleObj: sent.dismantleObj ?? null } : {}),
    ...('additionalDetailsRequest' in sent ? { additionalDetailsRequest: sent.additionalDetailsRequest ?? null } : {}),
    ...('notes' in sent ? { notes: sent.notes ?? null } : {}),
  };
}

/**
 * The task's status after it: a draft makes it InProgress; a report Completed, or with causes
 * Deviation (any cause of type deviation) or Obstacle (all obstacles), and then the new-meter object
 * is cleared (nothing was installed).
 */
export function reportedOutcome(draft: boolean, causes: readonly Pick<DeviationCause, 'deviationType'>[]): { statusId: number; clearsNewMeter: boolean } {
  if (draft) return { statusId: TaskStatus.InProgress, clearsNewMeter: false };
  return { statusId: reportedTaskStatus(causes), clearsNewMeter: causes.length > 0 };
}
