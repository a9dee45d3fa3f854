/**
 * Outbox commands: every change a user makes is one of these, applied to the replica at once and
 * replayed to the API in order with its Idempotency-Key.
 *
 * The registry: one definition per command kind (src/data/commands/<area>.ts, the shape in
 * ./types.ts) says where it is sent, which ids it touches, creates and refers to, whether it
 * carries an expected version, how it changes the replica, how the answer corrects the replica
 * and how the sync panel names it. Everything else (enqueue, replay, rebase, the sync panel, the
 * service worker) is a generic loop over it: a new kind is one new entry, and the compiler refuses
 * a kind without a full definition (COMMANDS is a mapped type over every kind). The device-side
 * schema check lives apart, in ../commandSchemas.ts, so TypeBox is loaded only when needed.
 */
import type { Job, Plumber } from '../../domain/api';
import { jobCommands, type JobCommandBodies } from './jobs';
import { mediaCommands, type MediaCommandBodies } from './media';
import { reportCommands, type ReportCommandBodies } from './reports';
import { taskCommands, type TaskCommandBodies } from './tasks';
import type { ApplyContext, CommandActor, CommandDef, CommandRequest, ConflictRow } from './types';

export type { ApplyContext, CommandActor, CommandDef, CommandRequest, ConflictRow } from './types';

/** Every command kind with its body. */
export type CommandBodies = JobCommandBodies & TaskCommandBodies & ReportCommandBodies & MediaCommandBodies;
export type CommandType = keyof CommandBodies;
export type Command = { [K in CommandType]: { type: K; body: CommandBodies[K] } }[CommandType];
export type CommandOf<K extends CommandType> = Extract<Command, { type: K }>;

export type CommandRegistry = { [K in CommandType]: CommandDef<CommandBodies[K]> };

export const COMMANDS: CommandRegistry = { ...jobCommands, ...taskCommands, ...mediaCommands, ...reportCommands };

export const COMMAND_TYPES = Object.keys(COMMANDS) as CommandType[];

/** The definition of this command's kind, applied to its body. */
function defOf(command: Command): CommandDef<Command['body']> {
  // Safe: COMMANDS[K] takes CommandBodies[K], and command.body is that body for command.type = K.
  return COMMANDS[command.type] as unknown as CommandDef<Command['body']>;
}

export type OutboxStatus = 'pending' | 'failed';

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
  /** The server's refusal (status 'failed'); screens show serverErrorKey(error), not its text. */
  error?: { status: number; message: string; errorKey?: string; current?: Job };
  /** How its job was named when the change was made (number and address): a refusal may take the job off the device. */
  subject?: string;
  /**
   * The job as this device had it when the server refused the command and the job left the device
   * (403/404): the plumber can still read what they did until they discard the command.
   */
  kept?: Job;
};

/** A job's name in lists of changes: its number (once the server gave one) and address. */
export function jobSubject(job: Pick<Job, 'refNr' | 'subscriberText'>): string {
  return job.refNr ? `#${job.refNr} · ${job.subscriberText}` : job.subscriberText;
}

/** The request replay sends for this command. */
export function commandRequest(command: Command): Promise<CommandRequest> {
  return Promise.resolve(defOf(command).request(command.body));
}

/** Every job a command touches. */
export function commandJobIds(command: Command): string[] {
  return defOf(command).jobIds(command.body);
}

/** Ids a command brings into existence on the server; later commands that use them depend on it. */
export function createdIds(command: Command): string[] {
  return defOf(command).creates(command.body);
}

/** Every job, task and media id a command refers to. */
export function referencedIds(command: Command): string[] {
  const def = defOf(command);
  return [...def.jobIds(command.body), ...def.refersTo(command.body)];
}

/** The job whose version the server checks for this command, or null when it checks none. */
export function versionedJobId(command: Command): string | null {
  return defOf(command).version?.jobId(command.body) ?? null;
}

/** The version the command expects, when its kind carries one. */
export function expectedVersion(command: Command): number | undefined {
  return defOf(command).version?.expected(command.body);
}

/** The command with this expected version (unchanged when its kind carries none). */
export function withExpectedVersion<C extends Command>(command: C, version: number | undefined): C {
  const check = defOf(command).version;
  return check ? { ...command, body: check.withExpected(command.body, version) } : command;
}

/** The command with the time it was made (madeAt), for the kinds whose body carries it; kept when set. */
export function withMadeAt<C extends Command>(command: C, at: string): C {
  if (!defOf(command).stampsTime || (command.body as { madeAt?: string }).madeAt) return command;
  return { ...command, body: { ...command.body, madeAt: at } };
}

/** Applies a queued command to the replica (inside a transaction over outbox, jobs and plumbers). */
export function applyCommand(entry: OutboxEntry, now = new Date().toISOString()): Promise<void> {
  const madeAt = (entry.body as { madeAt?: string }).madeAt ?? entry.createdAt ?? now;
  const ctx: ApplyContext = { actor: entry.actor, now, madeAt };
  return defOf(entry).apply(entry.body, ctx);
}

/** Other replica work of a successful answer (inside markSent's transaction). */
export function settleCommand(command: Command, answer: unknown): Promise<void> {
  return defOf(command).settle(answer, command.body);
}

/** The jobs in a successful answer that replace the replica's rows. */
export function answerJobs(command: Command, answer: unknown): Job[] {
  return defOf(command).answerJobs(answer, command.body);
}

/** i18n key (namespace sync) naming the kind of change. */
export function commandLabelKey(command: Pick<Command, 'type'>): string {
  return COMMANDS[command.type].labelKey;
}

/** What the command names when the device holds no row for its job. */
export function commandSubject(command: Command): string | null {
  return defOf(command).subject(command.body);
}

/** Conflict rows of a refused edit against the server's job. */
export function commandConflict(command: Command, server: Job, plumbers: readonly Plumber[]): ConflictRow[] {
  return defOf(command).conflict(command.body, server, plumbers);
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
