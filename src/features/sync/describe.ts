/** What the sync screens say about an outbox command; pure, so it is unit-tested. */
import type { CommandType, OutboxEntry } from '../../data/commands';
import type { Job, Plumber } from '../../domain/api';
import { formatDateTime } from '../../domain/format';

/** i18n key (namespace sync) naming each kind of change. */
export const COMMAND_LABEL_KEY: Record<CommandType, string> = {
  createJob: 'Command.createJob',
  updateJob: 'Command.updateJob',
  updateNote: 'Command.updateNote',
  completeJob: 'Command.completeJob',
  reassignJobs: 'Command.reassignJobs',
  deleteJobs: 'Command.deleteJobs',
  addTask: 'Command.addTask',
  deleteTask: 'Command.deleteTask',
};

export interface ConflictRow {
  /** i18n key (namespace sync) of the field. */
  fieldKey: string;
  mine: string;
  server: string;
}

function plumberName(id: number, plumbers: readonly Plumber[], fallback: string): string {
  const p = plumbers.find((x) => x.id === id);
  return p ? `${p.firstName} ${p.lastName}`.trim() : fallback;
}

/**
 * The fields a refused edit changes, with my value and the server's current one (409). Rows whose
 * values agree are left out unless nothing differs, so the user sees what the conflict is about.
 */
export function conflictRows(entry: OutboxEntry, plumbers: readonly Plumber[] = []): ConflictRow[] {
  const server: Job | undefined = entry.error?.current;
  if (!server) return [];
  const text = (v: string | null | undefined) => v ?? '';
  let rows: ConflictRow[];
  switch (entry.type) {
    case 'updateNote':
      rows = [{ fieldKey: 'Field.notes', mine: text(entry.body.notes), server: text(server.notes) }];
      break;
    case 'updateJob': {
      const b = entry.body;
      rows = [
        { fieldKey: 'Field.title', mine: b.title, server: server.title },
        { fieldKey: 'Field.description', mine: text(b.description), server: text(server.description) },
        { fieldKey: 'Field.scheduledDate', mine: formatDateTime(b.scheduledDate), server: formatDateTime(server.scheduledDate) },
        { fieldKey: 'Field.dueDate', mine: formatDateTime(b.dueDate), server: formatDateTime(server.dueDate) },
        {
          fieldKey: 'Field.assignee',
          mine: b.plumberId === server.assignedToId ? server.assigneeName : plumberName(b.plumberId, plumbers, String(b.plumberId)),
          server: server.assigneeName,
        },
      ];
      break;
    }
    case 'reassignJobs':
      rows = [{ fieldKey: 'Field.assignee', mine: entry.body.assigneeName, server: server.assigneeName }];
      break;
    default:
      return [];
  }
  const differing = rows.filter((r) => r.mine !== r.server);
  return differing.length ? differing : rows;
}

/** How the job is named in the list: its number and address, as far as the device knows them. */
export function jobLabel(entry: OutboxEntry, job: Job | undefined): string {
  if (job) return job.refNr ? `${job.refNr} · ${job.subscriberText}` : job.subscriberText;
  if (entry.type === 'createJob') return entry.body.subscriberText;
  return entry.error?.current?.subscriberText ?? '';
}
