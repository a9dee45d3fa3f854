/**
 * What the sync screens say about an outbox command; pure, so it is unit-tested. Each command kind
 * names itself in the registry (src/data/commands): its label, its subject and its conflict rows.
 */
import { COMMANDS, commandConflict, commandSubject, type CommandType, type ConflictRow, type OutboxEntry } from '../../data/commands';
import type { Job, Plumber } from '../../domain/api';

export type { ConflictRow } from '../../data/commands';

/** i18n key (namespace sync) naming each kind of change. */
export const COMMAND_LABEL_KEY = Object.fromEntries(
  Object.entries(COMMANDS).map(([type, def]) => [type, def.labelKey]),
) as Record<CommandType, string>;

/**
 * The fields a refused edit changes, with my value and the server's current one (409). Rows whose
 * values agree are left out unless nothing differs, so the user sees what the conflict is about.
 */
export function conflictRows(entry: OutboxEntry, plumbers: readonly Plumber[] = []): ConflictRow[] {
  const server: Job | undefined = entry.error?.current;
  if (!server) return [];
  const rows = commandConflict(entry, server, plumbers);
  const differing = rows.filter((r) => r.mine !== r.server);
  return differing.length ? differing : rows;
}

/** How the job is named in the list: its number and address, as far as the device knows them. */
export function jobLabel(entry: OutboxEntry, job: Job | undefined): string {
  if (job) return job.refNr ? `${job.refNr} · ${job.subscriberText}` : job.subscriberText;
  return commandSubject(entry) ?? entry.error?.current?.subscriberText ?? '';
}
