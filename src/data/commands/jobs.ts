/** Commands on jobs (spec 1 §7 Jobs): create, edit, note, manual completion, reassign, delete. */
import type {
  CompleteJobRequest, CreateJobRequest, DeleteJobsRequest, Job, ReassignJobsRequest, Task, UpdateJobNoteRequest,
  UpdateJobRequest,
} from '../../domain/api';
import { formatDateTime } from '../../domain/format';
import { jobEditEffect, noteEffect, reassignEffect, taskAssigneeEffect } from '../../domain/jobs/effects';
import { db } from '../db';
import { defineCommands, expectedVersionOf } from './define';
import { applyTaskEdits, assigneeName, plumberName, storeJob, text, withDerivedStatus } from './replica';
import type { ApplyContext } from './types';

export interface JobCommandBodies {
  createJob: CreateJobRequest & { jobId: string };
  updateJob: UpdateJobRequest;
  updateNote: UpdateJobNoteRequest;
  completeJob: CompleteJobRequest;
  reassignJobs: ReassignJobsRequest;
  deleteJobs: DeleteJobsRequest;
}

function newJobFromCommand(body: JobCommandBodies['createJob'], { actor, madeAt: now }: ApplyContext): Job {
  const t = body.taskRequest;
  const task: Task = {
    taskId: t.taskId,
    jobId: body.jobId,
    jobType: t.jobType,
    title: body.title,
    typeId: body.jobTypeId,
    statusId: t.statusId,
    description: t.description,
    isActive: t.isActive,
    isDeleted: false,
    taskOrder: t.taskOrder,
    taskNo: t.taskNo,
    externalRefId: t.externalRefId,
    externalRefText: t.externalRefText,
    assignedTo: body.assignedToId,
    assigneeName: body.assigneeName,
    scheduleItemId: null,
    startDate: null,
    subscriberDetails: t.subscriberDetails,
    newWaterMeterObj: null,
    dismantleObj: null,
    additionalDetailsRequest: null,
    notes: null,
  };
  return withDerivedStatus({
    jobId: body.jobId,
    // The server numbers jobs; 0 until the pull brings the real number.
    refNr: 0,
    title: body.title,
    typeId: body.jobTypeId,
    statusId: body.status,
    severityId: body.severity,
    description: body.description,
    scheduledDate: body.scheduledDate,
    dueDate: actor.isAdmin ? body.dueDate ?? null : null,
    completedDate: null,
    completedBy: null,
    assignedToId: body.assignedToId,
    assigneeName: body.assigneeName,
    assignedDate: now,
    subscriberText: body.subscriberText,
    matrikkel: { ...body.matrikkelDetails, addressId: body.matrikkelDetails.addressId ?? null },
    contactInfo: null,
    notes: null,
    autoCreated: false,
    isDraft: false,
    isNearByJob: false,
    jobTasks: [task],
    companyId: actor.companyId ?? '',
    // The spec sends {email}; the server stores the creator's e-mail either way.
    createdBy: typeof body.createdBy === 'string' ? body.createdBy : body.createdBy.email,
    createdAt: now,
    updatedAt: now,
    // 0: the device has not seen the server's row yet.
    version: 0,
  });
}

export const jobCommands = defineCommands<JobCommandBodies>({
  createJob: {
    request: (body) => ({ method: 'POST', path: '/api/Jobs', json: body }),
    schema: 'CreateJobBody',
    jobIds: (b) => [b.jobId],
    creates: (b) => [b.jobId, b.taskRequest.taskId],
    stampsTime: true,
    async apply(body, ctx) {
      // Already there (the server's row came back with a pull): the server's row wins.
      if (await db.jobs.get(body.jobId)) return;
      await storeJob(ctx.actor, newJobFromCommand(body, ctx));
    },
    subject: (b) => b.subscriberText,
  },

  updateJob: {
    request: (body) => ({ method: 'PUT', path: '/api/Jobs', json: body }),
    schema: 'UpdateJobBody',
    jobIds: (b) => [b.jobId],
    refersTo: (b) => b.taskEditRequests.map((t) => t.taskId),
    version: expectedVersionOf(),
    stampsTime: true,
    // As the server applies it: the one rule of src/domain/jobs/effects.ts.
    async apply(b, { actor, now, madeAt }) {
      const job = await db.jobs.get(b.jobId);
      if (!job) return;
      const reassigned = b.plumberId !== job.assignedToId;
      const assignee = reassigned ? { id: b.plumberId, name: await assigneeName(b.plumberId, job.assigneeName) } : null;
      const edit = { description: b.description, severity: b.severity, scheduledDate: b.scheduledDate, dueDate: b.dueDate, plumberId: b.plumberId };
      await storeJob(actor, withDerivedStatus({
        ...job,
        ...jobEditEffect(job, edit, actor.isAdmin, assignee, madeAt),
        jobTasks: applyTaskEdits(job, b.taskEditRequests, assignee),
        updatedAt: now,
      }));
    },
    conflict: (b, server, plumbers) => [
      { fieldKey: 'Field.title', mine: b.title, server: server.title },
      { fieldKey: 'Field.description', mine: text(b.description), server: text(server.description) },
      { fieldKey: 'Field.scheduledDate', mine: formatDateTime(b.scheduledDate), server: formatDateTime(server.scheduledDate) },
      { fieldKey: 'Field.dueDate', mine: formatDateTime(b.dueDate), server: formatDateTime(server.dueDate) },
      {
        fieldKey: 'Field.assignee',
        mine: b.plumberId === server.assignedToId ? server.assigneeName : plumberName(b.plumberId, plumbers, String(b.plumberId)),
        server: server.assigneeName,
      },
    ],
  },

  updateNote: {
    request: (body) => ({ method: 'PUT', path: '/api/Jobs', json: body }),
    schema: 'NoteBody',
    jobIds: (b) => [b.jobId],
    version: expectedVersionOf(),
    async apply(b, { now }) {
      const job = await db.jobs.get(b.jobId);
      if (job) await db.jobs.put({ ...job, ...noteEffect(b), updatedAt: now });
    },
    conflict: (b, server) => [{ fieldKey: 'Field.notes', mine: text(b.notes), server: text(server.notes) }],
  },

  completeJob: {
    request: (body) => ({ method: 'PUT', path: '/api/Jobs', json: body }),
    schema: 'CompletionBody',
    jobIds: (b) => [b.jobId],
    refersTo: (b) => b.taskEditRequests.map((t) => t.taskId),
    async apply(b, { now }) {
      const job = await db.jobs.get(b.jobId);
      if (!job) return;
      // The server completes the job and leaves its tasks as they are.
      await db.jobs.put({
        ...job,
        statusId: b.status,
        completedBy: b.completedBy,
        completedDate: b.completedDate,
        isDraft: false,
        updatedAt: now,
      });
    },
  },

  reassignJobs: {
    request: (body) => ({ method: 'PUT', path: '/api/Jobs', json: body }),
    schema: 'ReassignBody',
    jobIds: (b) => [...b.jobsList],
    stampsTime: true,
    async apply(b, { actor, now, madeAt }) {
      for (const id of b.jobsList) {
        const job = await db.jobs.get(id);
        if (!job) continue;
        const same = job.assignedToId === b.assigneeId;
        const to = { id: b.assigneeId, name: b.assigneeName };
        await storeJob(actor, {
          ...job,
          ...reassignEffect(job, to, madeAt),
          jobTasks: job.jobTasks.map((t) => ({ ...t, ...taskAssigneeEffect(to) })),
          updatedAt: same ? job.updatedAt : now,
        });
      }
    },
    conflict: (b, server) => [{ fieldKey: 'Field.assignee', mine: b.assigneeName, server: server.assigneeName }],
  },

  deleteJobs: {
    request: (body) => ({ method: 'DELETE', path: '/api/Jobs', json: body }),
    schema: 'DeleteJobsBody',
    jobIds: (b) => b.jobList.map((j) => j.jobId),
    refersTo: (b) => b.jobList.flatMap((j) => (j.jobTasks ?? []).map((t) => t.taskId)),
    async apply(b) {
      await db.jobs.bulkDelete(b.jobList.map((j) => j.jobId));
    },
  },
});
