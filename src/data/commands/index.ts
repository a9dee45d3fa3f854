/**
 * Outbox commands: every change a user makes is one of these, applied to the replica at once and
 * replayed to the API in order with its Idempotency-Key.
 *
 * The registry: one definition per command kind (defineCommands in src/data/commands/<area>.ts, the
 * shape in ./types.ts) says where it is sent, which ids it touches, creates and refers to, whether
 * it carries an expected version, how it changes the replica, how the answer corrects the replica
 * and which schema checks it on the device; what it leaves out has a default (./define.ts), and the
 * sync panel names it by its kind (syncDetails.json Command.<kind>). Everything else (enqueue, replay, rebase, the sync panel, the service
 * worker) is a generic loop over it, through commandDef(command). A new kind whose endpoint exists is
 * its body type and definition in its area's file, its text in nb and en (syncDetails.json Command.<kind>)
 * and its sample in tests/server/outbox-replay.test.ts; the compiler refuses a kind without a
 * definition or a sample. The schema is named lazily (../commandSchemas.ts is loaded on demand), so
 * TypeBox stays out of the shell.
 */
import type { Job, Plumber } from '../../domain/api';
import { jobCommands, type JobCommandBodies } from './jobs';
import { mediaCommands, type MediaCommandBodies } from './media';
import { reportCommands, type ReportCommandBodies } from './reports';
import { taskCommands, type TaskCommandBodies } from './tasks';
import type { ApplyContext, CommandActor, CommandDef, CommandRequest, ConflictRow } from './types';

export type { ApplyContext, CommandActor, CommandDef, CommandRequest, CommandSpec, ConflictRow } from './types';

/** Every command kind with its body. */
export type CommandBodies = JobCommandBodies & TaskCommandBodies & ReportCommandBodies & MediaCommandBodies;
export type CommandType = keyof CommandBodies;
export type Command = { [K in CommandType]: { type: K; body: CommandBodies[K] } }[CommandType];
export type CommandOf<K extends CommandType> = Extract<Command, { type: K }>;

export type CommandRegistry = { [K in CommandType]: CommandDef<CommandBodies[K]> };

export const COMMANDS: CommandRegistry = { ...jobCommands, ...taskCommands, ...mediaCommands, ...reportCommands };

// Marked pure: only tests and tools list the kinds, so the app's bundle leaves it out.
export const COMMAND_TYPES = /* @__PURE__ */ Object.keys(COMMANDS) as CommandType[];

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
  /**
   * The server's refusal (status 'failed'); screens show serverErrorKey(error), not its text, and the
   * field a 400 names (body/notes, src/domain/errorField.ts).
   */
  error?: { status: number; message: string; errorKey?: string; field?: string; current?: Job };
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

/**
 * A command with its kind's definition bound to its body: what replay, apply and the sync panel ask
 * of a command, e.g. commandDef(entry).jobIds().
 */
export interface BoundCommand<C extends Command> {
  /** The request replay sends (a photo's reads its picture from the replica, hence maybe a promise). */
  request(): CommandRequest | Promise<CommandRequest>;
  /** Every job it touches. */
  jobIds(): string[];
  /** Ids it brings into existence on the server; later commands that use them depend on it. */
  creates(): string[];
  /** Every job, task and media id it refers to. */
  referenced(): string[];
  /** The job whose version the server checks, or null when it checks none. */
  versionedJobId(): string | null;
  /** Whether the server changes the versions of its jobs (CommandSpec.keepsJobVersions). */
  changesJobVersions(): boolean;
  /** The version it expects, when its kind carries one. */
  expectedVersion(): number | undefined;
  /** The command with this expected version (unchanged when its kind carries none). */
  withExpectedVersion(version: number | undefined): C;
  /** The command with the time it was made (madeAt), for the kinds whose body carries it; kept when set. */
  withMadeAt(at: string): C;
  /** Other replica work of a successful answer (inside markSent's transaction). */
  settle(answer: unknown): Promise<void>;
  /** The jobs in a successful answer that replace the replica's rows. */
  answerJobs(answer: unknown): Job[];
  /** What it names when the device holds no row for its job. */
  subject(): string | null;
  /** Conflict rows of a refused edit against the server's job. */
  conflict(server: Job, plumbers: readonly Plumber[]): ConflictRow[];
}

export function commandDef<C extends Command>(command: C): BoundCommand<C> {
  // Safe: COMMANDS[K] takes CommandBodies[K], and command.body is that body for command.type = K.
  const def = COMMANDS[command.type] as unknown as CommandDef<C['body']>;
  const body: C['body'] = command.body;
  const version = def.version;
  return {
    request: () => def.request(body),
    jobIds: () => def.jobIds(body),
    creates: () => def.creates(body),
    referenced: () => [...def.jobIds(body), ...def.refersTo(body)],
    versionedJobId: () => version?.jobId(body) ?? null,
    changesJobVersions: () => !def.keepsJobVersions,
    expectedVersion: () => version?.expected(body),
    withExpectedVersion: (v) => (version ? { ...command, body: version.withExpected(body, v) } : command),
    withMadeAt: (at) => (!def.stampsTime || (body as { madeAt?: string }).madeAt ? command : { ...command, body: { ...body, madeAt: at } }),
    settle: (answer) => def.settle(answer, body),
    answerJobs: (answer) => def.answerJobs(answer, body),
    subject: () => def.subject(body),
    conflict: (server, plumbers) => def.conflict(body, server, plumbers),
  };
}

/** Applies a queued command to the replica (inside a transaction over outbox, jobs and plumbers). */
export function applyCommand(entry: OutboxEntry, now = new Date().toISOString()): Promise<void> {
  const madeAt = (entry.body as { madeAt?: string }).madeAt ?? entry.createdAt ?? now;
  const ctx: ApplyContext = { actor: entry.actor, now, madeAt };
  return (COMMANDS[entry.type] as unknown as CommandDef<Command['body']>).apply(entry.body, ctx);
}

/**
 * Later commands that cannot be sent without this one: they use an id it creates (directly or
 * through another dependent). Discarding a failed creation discards these with it.
 */
export function dependentEntries(entry: OutboxEntry, entries: OutboxEntry[]): OutboxEntry[] {
  const created = new Set(commandDef(entry).creates());
  const out: OutboxEntry[] = [];
  if (created.size === 0) return out;
  for (const e of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if ((e.seq ?? 0) <= (entry.seq ?? 0) || e.userId !== entry.userId) continue;
    const def = commandDef(e);
    if (def.referenced().some((id) => created.has(id))) {
      out.push(e);
      for (const id of def.creates()) created.add(id);
    }
  }
  return out;
}

/**
 * Later queued commands that replay holds behind this refused one (src/data/replay/run.ts): those
 * touching one of its jobs or using an id it creates, and, the same way, those behind them. They
 * go once it is retried and sent, or discarded; only dependentEntries go with a discard.
 */
export function heldEntries(entry: OutboxEntry, entries: OutboxEntry[]): OutboxEntry[] {
  const first = commandDef(entry);
  const held = new Set([...first.jobIds(), ...first.creates()]);
  const out: OutboxEntry[] = [];
  for (const e of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if ((e.seq ?? 0) <= (entry.seq ?? 0) || e.userId !== entry.userId) continue;
    const def = commandDef(e);
    if (!def.referenced().some((id) => held.has(id))) continue;
    if (e.status === 'pending') out.push(e);
    for (const id of [...def.jobIds(), ...def.creates()]) held.add(id);
  }
  return out;
}
