/** Definitions with their defaults: a kind writes only what is its own (CommandSpec, ./types.ts). */
import { jobsInAnswer } from './replica';
import type { CommandDef, CommandSpec, VersionCheck } from './types';

const none = (): [] => [];

/** The edits checked against the job's version carry it as body.expectedVersion (of body.jobId). */
export function expectedVersionOf<B extends { jobId: string; expectedVersion?: number }>(): VersionCheck<B> {
  return {
    jobId: (b) => b.jobId,
    expected: (b) => b.expectedVersion,
    withExpected: (b, expectedVersion) => ({ ...b, expectedVersion }),
  };
}

/** One kind's full definition: its spec over the defaults. */
function defineCommand<B>(spec: CommandSpec<B>): CommandDef<B> {
  return {
    creates: none,
    refersTo: none,
    // An answer that is a job (or a list of them) is the server's row of each job the command touched.
    answerJobs: (answer, body) => jobsInAnswer(answer, spec.jobIds(body)),
    settle: async () => undefined,
    subject: () => null,
    conflict: none,
    ...spec,
  };
}

/** An area's kinds, keyed by kind (its label is the text Command.<kind>): the compiler asks for a spec of each body in Bodies. */
export function defineCommands<Bodies>(
  specs: { [K in keyof Bodies & string]: CommandSpec<Bodies[K]> },
): { [K in keyof Bodies & string]: CommandDef<Bodies[K]> } {
  return Object.fromEntries(
    Object.entries<CommandSpec<unknown>>(specs).map(([kind, spec]) => [kind, defineCommand(spec)]),
  ) as { [K in keyof Bodies & string]: CommandDef<Bodies[K]> };
}
