/**
 * The outbox as the screens use it. The engine is in replay.ts (shared with the service worker);
 * this adds the React hook.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { commandDef, type Command, type OutboxEntry } from './commands';
import { db } from './db';
import { enqueueCommand, requestReplay, type EnqueueOptions } from './replay';
import { useSession } from './session';
import type { CommandProblem } from './commandSchemas';

export { discardCommand, retryCommand } from './replay';

/** A command the server would refuse, found on the device before it was queued. */
export class CommandRejected extends Error {
  constructor(readonly problem: CommandProblem) {
    super(`${problem.field} ${problem.message}`);
  }
}

/**
 * Records a change made by the signed-in user: appended to the outbox (new Idempotency-Key) and
 * applied to the replica in one transaction, then replayed (here, and by the service worker
 * through Background Sync). Resolves once the change is stored on the device; kinds that stamp a time
 * carry when it was made (madeAt). It is checked first
 * against the server's own schema: one the server would refuse is not queued (CommandRejected says
 * which field and why).
 */
export async function enqueue(command: Command, opts?: EnqueueOptions): Promise<void> {
  // The time of the change goes with it (checked with the rest of the body).
  const stamped = commandDef(command).withMadeAt(new Date().toISOString());
  const { commandProblem } = await import('./commandSchemas');
  const problem = commandProblem(stamped);
  if (problem) throw new CommandRejected(problem);
  await enqueueCommand(stamped, opts);
}

/** Sends the queued commands now; on a network or server failure it tries again later with backoff. */
export async function replayOutbox(): Promise<void> {
  await requestReplay();
}

const NO_ENTRIES: OutboxEntry[] = [];

/** The signed-in user's queued and failed commands, in replay order (live). */
export function useOutbox(): OutboxEntry[] {
  const userId = useSession()?.userId;
  return useLiveQuery(
    () => (userId ? db.outbox.where('userId').equals(userId).sortBy('seq') : NO_ENTRIES),
    [userId],
    NO_ENTRIES,
  );
}
