/** Recording a change: the command and its effect on the replica in one transaction, then a replay. */
import { applyCommand, commandDef, jobSubject, type Command, type CommandActor, type OutboxEntry } from '../commands';
import { db } from '../db';
import { getSession } from '../identity';
import { newId } from '../ids';
import { applyTables, pendingForJob } from './replica';
import { registerBackgroundSync, requestReplay } from './schedule';

function actorFromSession(): CommandActor {
  const s = getSession();
  if (!s) throw new Error('enqueue needs a signed-in user');
  return { userId: s.userId, isAdmin: s.isAdmin, registrationId: s.registrationId, companyId: s.companyId };
}

/**
 * Records the command and applies it to the replica, atomically. Edits checked against the job's
 * version (updateJob, updateNote) get expectedVersion from the replica when the caller gave none;
 * when an earlier queued command of this user changes the same job, or the device has not yet
 * seen the server's version of a job it created, the version is instead the one the server holds
 * after this device's earlier changes, filled in at send time (chained).
 */
export interface EnqueueOptions {
  /** Written in the same transaction as the command (a photo's row, whose blob is no JSON). */
  alsoWrite?: () => Promise<unknown>;
}

export async function enqueueCommand(command: Command, opts: EnqueueOptions = {}): Promise<OutboxEntry> {
  const actor = actorFromSession();
  const now = new Date().toISOString();
  const entry = await db.transaction('rw', applyTables(), async () => {
    const def = commandDef(command);
    let cmd = def.withMadeAt(now);
    let chained = false;
    const jobId = def.versionedJobId();
    if (jobId !== null) {
      const given = def.expectedVersion();
      const earlier = (await pendingForJob(actor.userId, jobId)).length;
      const job = await db.jobs.get(jobId);
      // Version 0: the device has not seen the server's row yet (made here, answer not pulled).
      if (earlier > 0 || job?.version === 0 || given === 0) chained = true;
      else if (given === undefined && job) cmd = commandDef(cmd).withExpectedVersion(job.version);
    }
    const stamped = commandDef(cmd);
    const jobIds = stamped.jobIds();
    const namedJob = jobIds[0] ? await db.jobs.get(jobIds[0]) : undefined;
    const subject = namedJob ? jobSubject(namedJob) : stamped.subject();
    const e: OutboxEntry = {
      ...cmd,
      ...(subject ? { subject } : {}),
      key: newId(),
      status: 'pending',
      userId: actor.userId,
      actor,
      jobId: jobIds[0] ?? null,
      jobIds,
      createdAt: now,
      attempts: 0,
      ...(chained ? { chained: true } : {}),
    };
    await opts.alsoWrite?.();
    e.seq = await db.outbox.add(e);
    await applyCommand(e, now);
    return e;
  });
  registerBackgroundSync();
  void requestReplay();
  return entry;
}
