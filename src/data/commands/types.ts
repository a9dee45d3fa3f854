/**
 * What one command kind says about itself. A definition (CommandSpec, written with defineCommands in
 * src/data/commands/<area>.ts) names what only it can know; the registry fills in the rest
 * (CommandDef), so replay, apply, the sync panel and the service worker loop over full definitions.
 */
import type { Job, Plumber } from '../../domain/api';
import type { CommandSchemaName } from '../commandSchemas';

/** Who made the change: replay only sends a user's own commands, with that user's token. */
export interface CommandActor {
  userId: string;
  isAdmin: boolean;
  registrationId: number;
  companyId: string | null;
}

/** How a command goes to the API: the spec's path (it may carry ids from the body) and its body. */
export type CommandRequest =
  | { method: 'POST' | 'PUT' | 'DELETE'; path: string; json: unknown }
  | { method: 'POST' | 'PUT'; path: string; form: FormData };

export interface ApplyContext {
  actor: CommandActor;
  /** When the change is applied (ISO): a pull re-applies pending commands later. */
  now: string;
  /** When the user made the change on the device (ISO). */
  madeAt: string;
}

/** One row of a conflict: the field (i18n key Field.<name>, namespace syncDetails), my value and the server's. */
export interface ConflictRow {
  fieldKey: string;
  mine: string;
  server: string;
}

/** The server checks the job's version before applying (409 on a lost update). */
export interface VersionCheck<B> {
  /** The job whose version is checked. */
  jobId(body: B): string;
  expected(body: B): number | undefined;
  withExpected(body: B, version: number | undefined): B;
}

/**
 * What a definition writes: where it is sent, which jobs it touches, how it changes the replica and
 * which schema checks it on the device. The rest has a default (nothing created or referred to, no
 * version check, the answer's jobs replace the replica's, nothing else to settle, no subject, no
 * conflict rows); the label is the kind's own text, Command.<kind> in namespace syncDetails.
 */
export interface CommandSpec<B> {
  /** The request replay sends (may read blobs from the replica, hence a promise). */
  request(body: B): CommandRequest | Promise<CommandRequest>;
  /** Every job the command touches; the first is the one it is shown beside. */
  jobIds(body: B): string[];
  /**
   * Applies the change to the replica, as the server will. Must be idempotent: a pull re-applies
   * every pending command on top of the server's rows. Runs inside a transaction over outbox,
   * jobs, plumbers, lookups and photos (replay/replica.ts applyTables).
   */
  apply(body: B, ctx: ApplyContext): Promise<void>;
  /**
   * The schema the body is checked with before it is queued, by name: the server's (src/domain/schemas)
   * or a device-side one (../commandSchemas.ts, loaded when a change is first checked, so TypeBox
   * stays out of the app's shell).
   */
  schema: CommandSchemaName;
  /** Ids it brings into existence on the server: later commands using them wait for it. Default none. */
  creates?(body: B): string[];
  /** Ids it refers to besides its jobs (tasks, media): it waits while one of them is blocked. Default none. */
  refersTo?(body: B): string[];
  /** Set when the body carries an expected version; default: the server checks none. */
  version?: VersionCheck<B>;
  /** The jobs in the server's answer that replace the replica's rows; default: the answer's jobs among jobIds. */
  answerJobs?(answer: unknown, body: B): Job[];
  /**
   * Other replica work the answer brings (a photo confirmed by its hash, a deleted photo's row
   * removed); runs in the same transaction that removes the command from the outbox. Default none.
   */
  settle?(answer: unknown, body: B): Promise<void>;
  /**
   * The body carries when the user made the change (madeAt), filled in when it is queued: the server
   * stores that time (a task's start and completion, a job's creation), not the time of the sync.
   */
  stampsTime?: boolean;
  /**
   * The server leaves the versions of its jobs as they were (media: a photo's row has a version of
   * its own). Replay then hands no version on along a job's chain of queued edits: the next edit
   * still expects what the edit before this one produced. Default false: the job's version changes.
   */
  keepsJobVersions?: boolean;
  /** What it names when the device holds no row for its job (e.g. a new job's address). Default none. */
  subject?(body: B): string | null;
  /** The fields a refused edit changes, mine against the server's (409). Default none (not an edit). */
  conflict?(body: B, server: Job, plumbers: readonly Plumber[]): ConflictRow[];
}

/** A definition with its defaults filled in: what the registry holds for each kind. */
export type CommandDef<B> = Required<Omit<CommandSpec<B>, 'version' | 'stampsTime' | 'keepsJobVersions'>> & Pick<CommandSpec<B>, 'version' | 'stampsTime' | 'keepsJobVersions'>;
