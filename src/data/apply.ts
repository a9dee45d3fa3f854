/**
 * Applies an outbox command to the replica, the way the server will apply it, so the screens show
 * the change at once. Every function here is idempotent: applying a command to a row that already
 * holds it (the server applied it and the pull brought it back) changes nothing. That lets a pull
 * or a correction re-apply all still-pending commands on top of the server's rows.
 * Call inside a Dexie transaction that includes db.jobs and db.plumbers.
 */
import type { Job, Task, TaskEditRequest } from '../domain/api';
import { JobTypeShortName, TaskStatus } from '../domain/enums';
import { liveTasks, openJobStatus } from '../domain/jobRules';
import type { Command, CommandActor, OutboxEntry } from './commands';
import { commandJobIds } from './commands';
import { db } from './db';

/** Spec 1 §4: an open job's status follows its tasks (the server's rule, src/domain/jobRules.ts). */
function withDerivedStatus(job: Job): Job {
  return { ...job, statusId: openJobStatus(job.statusId, liveTasks(job)) };
}

/** A plumber's replica holds only jobs assigned to them (the server's feed does the same). */
function visibleTo(actor: CommandActor, job: Pick<Job, 'assignedToId'>): boolean {
  return actor.isAdmin || job.assignedToId === actor.registrationId;
}

function newJobFromCommand(body: Extract<Command, { type: 'createJob' }>['body'], actor: CommandActor, companyId: string, now: string): Job {
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
    matrikkel: body.matrikkelDetails,
    contactInfo: null,
    notes: null,
    autoCreated: false,
    isDraft: false,
    isNearByJob: false,
    jobTasks: [task],
    companyId,
    createdBy: body.createdBy,
    createdAt: now,
    updatedAt: now,
    version: 0,
  });
}

function applyTaskEdits(job: Job, edits: TaskEditRequest[]): Task[] {
  return job.jobTasks.map((task) => {
    const e = edits.find((x) => x.taskId === task.taskId);
    if (!e) return task;
    return {
      ...task,
      title: e.title,
      typeId: e.typeId,
      jobType: e.jobType,
      description: e.description,
      assignedTo: e.assignedTo,
      assigneeName: e.assigneeName,
      startDate: e.startDate,
      statusId: e.statusId,
      isDeleted: e.isDeleted,
    };
  });
}

async function assigneeName(id: number, fallback: string): Promise<string> {
  const p = await db.plumbers.get(id);
  return p ? `${p.firstName} ${p.lastName}`.trim() : fallback;
}

/** Puts the job if the actor may see it, else removes it from the replica. */
async function store(actor: CommandActor, job: Job): Promise<void> {
  if (visibleTo(actor, job)) await db.jobs.put(job);
  else await db.jobs.delete(job.jobId);
}

export async function applyCommand(entry: OutboxEntry, now = new Date().toISOString()): Promise<void> {
  const { actor } = entry;
  switch (entry.type) {
    case 'createJob': {
      // Already there (the server's row came back with a pull): the server's row wins.
      if (await db.jobs.get(entry.body.jobId)) return;
      await store(actor, newJobFromCommand(entry.body, actor, actor.companyId ?? '', entry.createdAt ?? now));
      return;
    }
    case 'updateJob': {
      const job = await db.jobs.get(entry.body.jobId);
      if (!job) return;
      const b = entry.body;
      const reassigned = b.plumberId !== job.assignedToId;
      const next: Job = {
        ...job,
        description: b.description,
        typeId: b.jobTypeId,
        title: b.title,
        severityId: b.severity,
        statusId: b.status,
        scheduledDate: b.scheduledDate,
        dueDate: b.dueDate,
        assignedToId: b.plumberId,
        assigneeName: reassigned ? await assigneeName(b.plumberId, job.assigneeName) : job.assigneeName,
        assignedDate: reassigned ? now : job.assignedDate,
        jobTasks: applyTaskEdits(job, b.taskEditRequests),
        updatedAt: now,
      };
      await store(actor, withDerivedStatus(next));
      return;
    }
    case 'updateNote': {
      const job = await db.jobs.get(entry.body.jobId);
      if (!job) return;
      await db.jobs.put({ ...job, notes: entry.body.notes, updatedAt: now });
      return;
    }
    case 'completeJob': {
      const job = await db.jobs.get(entry.body.jobId);
      if (!job) return;
      const b = entry.body;
      await db.jobs.put({
        ...job,
        statusId: b.status,
        completedBy: b.completedBy,
        completedDate: b.completedDate,
        jobTasks: applyTaskEdits(job, b.taskEditRequests),
        updatedAt: now,
      });
      return;
    }
    case 'reassignJobs': {
      const b = entry.body;
      for (const id of b.jobsList) {
        const job = await db.jobs.get(id);
        if (!job) continue;
        const same = job.assignedToId === b.assigneeId;
        await store(actor, {
          ...job,
          assignedToId: b.assigneeId,
          assigneeName: b.assigneeName,
          assignedDate: same ? job.assignedDate : now,
          jobTasks: job.jobTasks.map((t) => ({ ...t, assignedTo: b.assigneeId, assigneeName: b.assigneeName })),
          updatedAt: same ? job.updatedAt : now,
        });
      }
      return;
    }
    case 'deleteJobs':
      await db.jobs.bulkDelete(commandJobIds(entry));
      return;
    case 'addTask': {
      const job = await db.jobs.get(entry.body.jobId);
      if (!job || job.jobTasks.some((t) => t.taskId === entry.body.taskId)) return;
      const first = liveTasks(job)[0] ?? job.jobTasks[0];
      const maxOrder = Math.max(0, ...job.jobTasks.map((t) => t.taskOrder));
      const maxNo = Math.max(0, ...job.jobTasks.map((t) => t.taskNo));
      const task: Task = {
        taskId: entry.body.taskId,
        jobId: job.jobId,
        jobType: first?.jobType ?? JobTypeShortName[job.typeId] ?? '',
        title: job.title,
        typeId: job.typeId,
        statusId: TaskStatus.NotStarted,
        description: entry.body.description ?? null,
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
        subscriberDetails: entry.body.subscriberDetails ?? first?.subscriberDetails ?? null,
        newWaterMeterObj: null,
        dismantleObj: null,
        additionalDetailsRequest: null,
        notes: null,
      };
      await db.jobs.put(withDerivedStatus({ ...job, jobTasks: [...job.jobTasks, task], updatedAt: now }));
      return;
    }
    case 'deleteTask': {
      const job = await db.jobs.get(entry.body.jobId);
      if (!job) return;
      const jobTasks = job.jobTasks.map((t) => (t.taskId === entry.body.taskId ? { ...t, isDeleted: true } : t));
      // Spec 1 §4: deleting the last task also deletes the job.
      if (liveTasks({ jobTasks }).length === 0) await db.jobs.delete(job.jobId);
      else await db.jobs.put(withDerivedStatus({ ...job, jobTasks, updatedAt: now }));
      return;
    }
  }
}
