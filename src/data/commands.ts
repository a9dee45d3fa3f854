/**
 * Outbox commands: every change a user makes is one of these, applied to the replica at once and
 * replayed to the API in order with its Idempotency-Key.
 */
import type {
  AddTaskRequest, CompleteJobRequest, CreateJobRequest, DeleteJobsRequest, DeleteTaskRequest, Job,
  ReassignJobsRequest, UpdateJobNoteRequest, UpdateJobRequest,
} from '../domain/api';

export type Command =
  | { type: 'createJob'; body: CreateJobRequest & { jobId: string } }
  | { type: 'updateJob'; body: UpdateJobRequest }
  | { type: 'updateNote'; body: UpdateJobNoteRequest }
  | { type: 'completeJob'; body: CompleteJobRequest }
  | { type: 'reassignJobs'; body: ReassignJobsRequest }
  | { type: 'deleteJobs'; body: DeleteJobsRequest }
  | { type: 'addTask'; body: AddTaskRequest & { taskId: string } }
  | { type: 'deleteTask'; body: DeleteTaskRequest };

export type CommandType = Command['type'];

export type OutboxStatus = 'pending' | 'failed';

/** Who made the change: replay only sends a user's own commands, with that user's token. */
export interface CommandActor {
  userId: string;
  isAdmin: boolean;
  registrationId: number;
  companyId: string | null;
}

export type OutboxEntry = Command & {
  /** Replay order. */
  seq?: number;
  /** Idempotency-Key sent with every attempt; a new one only when the user retries a failed command. */
  key: string;
  status: OutboxStatus;
  /** The user who made the change (index: replay and lists filter by it). */
  userId: string;
  actor: CommandActor;
  /**
   * The command edits a job that an earlier queued command of this device changes first, so its
   * expectedVersion is the version that earlier command produces: filled in just before sending.
   */
  chained?: boolean;
  /** Version the predecessor's answer reported, for a chained command (unset: ask the server). */
  resolvedVersion?: number;
  /** Last retryable failure (offline, 401, 5xx): the command stays queued. */
  lastError?: { status: number; message: string; at: string };
  /** Job the command touches (first one for multi-job commands), to show it beside the job. */
  jobId: string | null;
  /** Every job the command touches (commandJobIds), indexed. */
  jobIds: string[];
  createdAt: string;
  attempts: number;
  /** Set when status is 'failed': the server's reason. */
  /** The server's refusal; screens show serverErrorKey(error) (src/domain/serverErrors.ts), not its text. */
  error?: { status: number; message: string; errorKey?: string; current?: Job };
};

/** Where each command goes (spec 1 §7). */
export const COMMAND_ROUTES: Record<CommandType, { method: 'POST' | 'PUT' | 'DELETE'; path: string }> = {
  createJob: { method: 'POST', path: '/api/Jobs' },
  updateJob: { method: 'PUT', path: '/api/Jobs' },
  updateNote: { method: 'PUT', path: '/api/Jobs' },
  completeJob: { method: 'PUT', path: '/api/Jobs' },
  reassignJobs: { method: 'PUT', path: '/api/Jobs' },
  deleteJobs: { method: 'DELETE', path: '/api/Jobs' },
  addTask: { method: 'POST', path: '/api/Tasks' },
  deleteTask: { method: 'DELETE', path: '/api/Tasks' },
};

/** Every job a command touches. */
export function commandJobIds(command: Command): string[] {
  switch (command.type) {
    case 'reassignJobs':
      return [...command.body.jobsList];
    case 'deleteJobs':
      return command.body.jobList.map((j) => j.jobId);
    default:
      return [command.body.jobId];
  }
}

/** Ids a command brings into existence on the server; later commands that use them depend on it. */
export function createdIds(command: Command): string[] {
  if (command.type === 'createJob') return [command.body.jobId, command.body.taskRequest.taskId];
  if (command.type === 'addTask') return [command.body.taskId];
  return [];
}

/** Every job and task id a command refers to. */
export function referencedIds(command: Command): string[] {
  const ids = commandJobIds(command);
  switch (command.type) {
    case 'updateJob':
    case 'completeJob':
      for (const t of command.body.taskEditRequests) ids.push(t.taskId);
      break;
    case 'deleteJobs':
      for (const j of command.body.jobList) for (const t of j.jobTasks) ids.push(t.taskId);
      break;
    case 'deleteTask':
      ids.push(command.body.taskId);
      break;
    default:
      break;
  }
  return ids;
}

/** Commands checked against the server's version of the job (409 on a lost update). */
export function hasExpectedVersion(command: Command): command is Extract<Command, { type: 'updateJob' | 'updateNote' }> {
  return command.type === 'updateJob' || command.type === 'updateNote';
}

/**
 * Later commands that cannot be sent without this one: they use an id it creates (directly or
 * through another dependent). Discarding a failed creation discards these with it.
 */
export function dependentEntries(entry: OutboxEntry, entries: OutboxEntry[]): OutboxEntry[] {
  const created = new Set(createdIds(entry));
  const out: OutboxEntry[] = [];
  if (created.size === 0) return out;
  for (const e of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if ((e.seq ?? 0) <= (entry.seq ?? 0) || e.userId !== entry.userId) continue;
    if (referencedIds(e).some((id) => created.has(id))) {
      out.push(e);
      for (const id of createdIds(e)) created.add(id);
    }
  }
  return out;
}
