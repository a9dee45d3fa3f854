/**
 * The task forms' commands (spec 1 §7: POST /api/jobs/task/{taskId} with the job as body): save a
 * draft, send a report. The replica changes as the server will, by the same rules
 * (src/domain/tasks/report.ts): a draft makes the task InProgress and gives it a start date; a report
 * makes it Completed, or Deviation/Obstacle with causes, clearing the new-meter object.
 */
import type { Task } from '../../domain/api';
import type { TaskReportRequest } from '../../domain/schemas';
import { isTaskFinished, openJobStatus, liveTasks } from '../../domain/jobs/rules';
import { JobStatus } from '../../domain/enums';
import type { DeviationCause } from '../../domain/reports/status';
import { causeIdsOf, reportedFields, reportedOutcome, sentCauseList, type SentTask } from '../../domain/tasks/report';
import { db } from '../db';
import { defineCommands, expectedVersionOf } from './define';
import type { ApplyContext, CommandSpec } from './types';

/** The server's body plus the task the report is for (the path's {taskId}). */
export type TaskReportCommandBody = TaskReportRequest & { taskId: string };

export interface ReportCommandBodies {
  saveTaskDraft: TaskReportCommandBody;
  sendTaskReport: TaskReportCommandBody;
}

async function causes(sent: SentTask | undefined): Promise<Pick<DeviationCause, 'deviationType'>[]> {
  const { ids } = causeIdsOf(sentCauseList(sent));
  if (ids.length === 0) return [];
  const known = ((await db.lookups.get('Deviation'))?.items ?? []) as DeviationCause[];
  // An id the device does not know yet counts as a deviation: the stricter of the two outcomes.
  return ids.map((id) => ({ deviationType: known.find((d) => d.id === id)?.deviationType ?? 0 }));
}

async function applyReport(body: TaskReportCommandBody, draft: boolean, { now, madeAt }: ApplyContext): Promise<void> {
  const job = await db.jobs.get(body.jobId);
  const task = job?.jobTasks.find((t) => t.taskId === body.taskId);
  // What the server refuses (completed job, finished task) changes nothing here either.
  if (!job || !task || job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed || isTaskFinished(task)) return;
  const sent = body.jobTasks.find((t) => t.taskId === body.taskId);
  const outcome = reportedOutcome(draft, draft ? [] : await causes(sent));
  const next: Task = {
    ...task,
    startDate: task.startDate ?? sent?.startDate ?? madeAt,
    ...((sent ? reportedFields(sent) : {}) as Partial<Task>),
    statusId: outcome.statusId,
  };
  if (outcome.clearsNewMeter) next.newWaterMeterObj = null;
  const jobTasks = job.jobTasks.map((t) => (t.taskId === task.taskId ? next : t));
  await db.jobs.put({
    ...job,
    jobTasks,
    isDraft: draft,
    statusId: openJobStatus(job.statusId, liveTasks({ jobTasks })),
    ...(body.contactInfo !== undefined ? { contactInfo: body.contactInfo as unknown as typeof job.contactInfo } : {}),
    updatedAt: now,
  });
}

/** The asset ids of the photos a report lists (deviation images and each meter's images). */
export function listedAssetIds(body: TaskReportCommandBody): string[] {
  const ids: string[] = [];
  const collect = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const image of list) {
      const id = (image as { assetId?: unknown } | null)?.assetId;
      if (typeof id === 'string') ids.push(id);
    }
  };
  for (const t of body.jobTasks) {
    collect((t.additionalDetailsRequest as { deviationImages?: unknown } | null | undefined)?.deviationImages);
    collect((t.newWaterMeterObj as { waterMeterImages?: unknown } | null | undefined)?.waterMeterImages);
    collect((t.dismantleObj as { waterMeterImages?: unknown } | null | undefined)?.waterMeterImages);
  }
  return ids;
}

function reportCommand(draft: boolean): CommandSpec<TaskReportCommandBody> {
  return {
    request: ({ taskId, ...json }) => ({ method: 'POST', path: `/api/jobs/task/${encodeURIComponent(taskId)}`, json }),
    schema: 'TaskReportCommand',
    jobIds: (b) => [b.jobId],
    // A report waits for the uploads of the photos it lists.
    refersTo: (b) => [b.taskId, ...listedAssetIds(b)],
    version: expectedVersionOf(),
    stampsTime: true,
    apply: (b, ctx) => applyReport(b, draft, ctx),
  };
}

export const reportCommands = defineCommands<ReportCommandBodies>({
  saveTaskDraft: reportCommand(true),
  sendTaskReport: reportCommand(false),
});
