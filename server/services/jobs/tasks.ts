/** Adding, changing and deleting a job's tasks (POST, PUT and DELETE /api/Tasks, spec 1 §4). */
import { randomUUID } from 'node:crypto';
import type { AddTaskRequest, DeleteTaskRequest, Task, TaskDeleteResult, UpdateTaskRequest } from '../../../src/domain/schemas';
import { JobStatus, TaskStatus } from '../../../src/domain/enums';
import { checkTaskDelete, isTaskFinished, openJobStatus } from '../../../src/domain/jobs/rules';
import type { UserContext } from '../../auth/context';
import type { Work } from '../../db/tx';
import type { tasks } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { insertTask, reloadJob, taskNumbersUsed, toTask, updateTaskRow, writeJob } from '../../repositories/jobs';
import { lookupItem } from '../lookups';
import { command } from '../command';
import { checkFreeIds, date, jobsLockOf, lockedJob } from './mutationChecks';
import { softDeleteJob } from './mutations';

// --- tasks ----------------------------------------------------------------------------------------

/** POST /api/Tasks: another task on an open job; admin or the assignee. Returns the new task. */
export async function addTask(w: Work, user: UserContext, body: AddTaskRequest): Promise<Task> {
  const { row, tasks: jobTasks, job } = await lockedJob(w, user, body.jobId);
  if (row.statusId === JobStatus.Completed || row.statusId === JobStatus.Closed) throw conflict('Tasks cannot be added to a completed job', job);
  const taskId = body.taskId ?? randomUUID();
  await checkFreeIds(w, row.companyId, null, taskId);
  // Numbers continue after deleted tasks too, so a number is never reused within a job.
  const { maxNo, maxOrder } = await taskNumbersUsed(w.tx, row.id);
  const first = jobTasks[0];
  const inserted = await insertTask(w.tx, {
    id: taskId, jobId: row.id, jobType: first?.jobType ?? String((await lookupItem(w.tx, 'JobTypes', row.typeId))?.shortName ?? ''),
    title: row.title, typeId: row.typeId, statusId: TaskStatus.NotStarted, description: body.description ?? null,
    taskOrder: maxOrder + 1, taskNo: maxNo + 1, externalRefId: body.externalRefId ?? null, externalRefText: body.externalRefText ?? null,
    assignedTo: row.assignedToId, assigneeName: row.assigneeName,
    subscriberDetails: body.subscriberDetails ?? first?.subscriberDetails ?? null,
  });
  await writeJob(w.tx, row.id, { statusId: openJobStatus(row.statusId, [...jobTasks, inserted]) });
  return toTask(inserted);
}

/** PUT /api/Tasks: description, notes, start date and subscriber details (building/housing unit) of an unfinished task. */
export async function updateTask(w: Work, user: UserContext, body: UpdateTaskRequest): Promise<Task> {
  const { row, tasks: jobTasks, job } = await lockedJob(w, user, body.jobId, body.expectedVersion);
  const task = jobTasks.find((t) => t.id === body.taskId);
  if (!task) throw notFound('Task');
  if (isTaskFinished(task)) throw conflict('The task is finished and can no longer be changed', job);
  const patch: Partial<typeof tasks.$inferInsert> = {};
  if (body.description !== undefined) patch.description = body.description;
  if (body.notes !== undefined) patch.notes = body.notes;
  if (body.startDate !== undefined) patch.startDate = date(body.startDate);
  if (body.subscriberDetails !== undefined) patch.subscriberDetails = body.subscriberDetails;
  const [updated] = Object.keys(patch).length > 0
    ? [await updateTaskRow(w.tx, task.id, patch)]
    : [task];
  await writeJob(w.tx, row.id, {});
  return toTask(updated);
}

/**
 * DELETE /api/Tasks (spec 1 §4): only a task that is neither finished nor scheduled, while the job
 * is not completed. Deleting the job's last task deletes the job.
 */
export async function deleteTask(w: Work, user: UserContext, body: DeleteTaskRequest): Promise<TaskDeleteResult> {
  const { row, tasks: jobTasks, job } = await lockedJob(w, user, body.jobId);
  const task = jobTasks.find((t) => t.id === body.taskId);
  if (!task) throw notFound('Task');
  const check = checkTaskDelete(job, task);
  if (check === 'jobCompleted') throw conflict('Tasks of a completed job cannot be deleted', job);
  if (check === 'completedTask') throw conflict('A finished task cannot be deleted', job);
  if (check === 'scheduledTask') throw conflict('A task with a schedule item cannot be deleted', job);
  await updateTaskRow(w.tx, task.id, { isDeleted: true, isActive: false });
  const rest = jobTasks.filter((t) => t.id !== task.id);
  if (rest.length === 0) {
    await softDeleteJob(w, row);
    return { taskId: task.id, jobId: row.id, jobDeleted: true, job: null };
  }
  await writeJob(w.tx, row.id, { statusId: openJobStatus(row.statusId, rest) });
  return { taskId: task.id, jobId: row.id, jobDeleted: false, job: await reloadJob(w.tx, row.id) };
}

// --- the routes' commands (services/command.ts): 200, under the company's jobs lock ---------------------
export const addTaskCommand = command({ status: 200, lock: jobsLockOf, run: addTask });
export const updateTaskCommand = command({ status: 200, lock: jobsLockOf, run: updateTask });
export const deleteTaskCommand = command({ status: 200, lock: jobsLockOf, run: deleteTask });
