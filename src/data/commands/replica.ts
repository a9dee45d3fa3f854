/** Helpers the command definitions share to change the replica the way the server does. */
import type { Job, Plumber, Task, TaskEditRequest } from '../../domain/api';
import { taskEditEffect, type NewAssignee } from '../../domain/jobs/effects';
import { canActOnJob, liveTasks, openJobStatus } from '../../domain/jobs/rules';
import { db } from '../db';
import type { CommandActor } from './types';

/** Spec 1 §4: an open job's status follows its tasks (the server's rule, src/domain/jobs/rules.ts). */
export function withDerivedStatus(job: Job): Job {
  return { ...job, statusId: openJobStatus(job.statusId, liveTasks(job)) };
}

/** Task edits of a job edit, as the server applies them (src/domain/jobs/effects.ts). */
export function applyTaskEdits(job: Job, edits: TaskEditRequest[], assignee: NewAssignee | null): Task[] {
  return job.jobTasks.map((task) => {
    const e = edits.find((x) => x.taskId === task.taskId);
    return e ? { ...task, ...taskEditEffect(e, assignee) } : task;
  });
}

export async function assigneeName(id: number, fallback: string): Promise<string> {
  const p = await db.plumbers.get(id);
  return p ? `${p.firstName} ${p.lastName}`.trim() : fallback;
}

export function plumberName(id: number, plumbers: readonly Plumber[], fallback: string): string {
  const p = plumbers.find((x) => x.id === id);
  return p ? `${p.firstName} ${p.lastName}`.trim() : fallback;
}

/**
 * Puts the job if the actor may see it, else removes it from the replica: a plumber's replica holds
 * only the jobs they may act on, the server's feed does the same (one rule, canActOnJob).
 */
export async function storeJob(actor: CommandActor, job: Job): Promise<void> {
  if (canActOnJob(actor, job)) await db.jobs.put(job);
  else await db.jobs.delete(job.jobId);
}

function isJobOf(value: unknown, ids: readonly string[]): value is Job {
  if (typeof value !== 'object' || value === null) return false;
  const j = value as Partial<Job>;
  return typeof j.jobId === 'string' && ids.includes(j.jobId) && typeof j.version === 'number' && Array.isArray(j.jobTasks);
}

/** Jobs among these ids in an answer that is a job or a list of jobs (PUT /api/Jobs, reassignment). */
export function jobsInAnswer(answer: unknown, ids: readonly string[]): Job[] {
  return (Array.isArray(answer) ? answer : [answer]).filter((v): v is Job => isJobOf(v, ids));
}

/** Text of a nullable field for a conflict row. */
export const text = (v: string | null | undefined): string => v ?? '';
