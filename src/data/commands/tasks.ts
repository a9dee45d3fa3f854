/** Commands on tasks (spec 1 §7 Tasks): add a task to a job, delete one. */
import type { AddTaskRequest, DeleteTaskRequest, Task } from '../../domain/api';
import { JobTypeShortName, TaskStatus } from '../../domain/enums';
import { liveTasks } from '../../domain/jobs/rules';
import { db } from '../db';
import { defineCommands } from './define';
import { withDerivedStatus } from './replica';

export interface TaskCommandBodies {
  addTask: AddTaskRequest & { taskId: string };
  deleteTask: DeleteTaskRequest;
}

export const taskCommands = defineCommands<TaskCommandBodies>({
  addTask: {
    request: (body) => ({ method: 'POST', path: '/api/Tasks', json: body }),
    schema: 'AddTaskBody',
    jobIds: (b) => [b.jobId],
    creates: (b) => [b.taskId],
    async apply(b, { now }) {
      const job = await db.jobs.get(b.jobId);
      if (!job || job.jobTasks.some((t) => t.taskId === b.taskId)) return;
      const first = liveTasks(job)[0] ?? job.jobTasks[0];
      const maxOrder = Math.max(0, ...job.jobTasks.map((t) => t.taskOrder));
      const maxNo = Math.max(0, ...job.jobTasks.map((t) => t.taskNo));
      const task: Task = {
        taskId: b.taskId,
        jobId: job.jobId,
        jobType: first?.jobType ?? JobTypeShortName[job.typeId] ?? '',
        title: job.title,
        typeId: job.typeId,
        statusId: TaskStatus.NotStarted,
        description: b.description ?? null,
        isActive: true,
        isDeleted: false,
        taskOrder: job.jobTasks.length ? maxOrder + 1 : 0,
        taskNo: maxNo + 1,
        externalRefId: null,
        externalRefText: null,
        assignedTo: job.assignedToId,
        assigneeName: job.assigneeName,
        scheduleItemId: null,
        startDate: null,
        subscriberDetails: b.subscriberDetails ?? first?.subscriberDetails ?? null,
        newWaterMeterObj: null,
        dismantleObj: null,
        additionalDetailsRequest: null,
        notes: null,
      };
      await db.jobs.put(withDerivedStatus({ ...job, jobTasks: [...job.jobTasks, task], updatedAt: now }));
    },
  },

  deleteTask: {
    request: (body) => ({ method: 'DELETE', path: '/api/Tasks', json: body }),
    schema: 'DeleteTaskBody',
    jobIds: (b) => [b.jobId],
    refersTo: (b) => [b.taskId],
    async apply(b, { now }) {
      const job = await db.jobs.get(b.jobId);
      if (!job) return;
      const jobTasks = job.jobTasks.map((t) => (t.taskId === b.taskId ? { ...t, isDeleted: true } : t));
      // Spec 1 §4: deleting the last task also deletes the job.
      if (liveTasks({ jobTasks }).length === 0) await db.jobs.delete(job.jobId);
      else await db.jobs.put(withDerivedStatus({ ...job, jobTasks, updatedAt: now }));
    },
  },
});
