/**
 * What the sync screens say about an outbox command; pure, so it is unit-tested. Each command kind
 * names itself in the registry (src/data/commands): its label, its subject and its conflict rows.
 */
import { commandDef, jobSubject, type Command, type ConflictRow, type OutboxEntry } from '../../data/commands';
import { listedAssetIds } from '../../data/commands/reports';
import type { Job, Plumber } from '../../domain/api';
import { fieldRows, type FieldValue } from '../../domain/tasks/view';
import { serverErrorKey, type ServerRefusal } from '../../domain/serverErrors';

export type { ConflictRow } from '../../data/commands';

/*
 * The texts below live in the on-demand namespace syncDetails, so their keys name it: a t() bound to
 * another namespace (the panel's is 'sync') resolves them too, where a bare 'Command.uploadPhoto'
 * was looked up in 'sync' only and shown as the raw key.
 */

/** i18n key naming a kind of change: each kind has its own text, syncDetails:Command.<kind>. */
export const commandLabelKey = (command: Pick<Command, 'type'>): string => `syncDetails:Command.${command.type}`;

/** i18n key of the reason the server gave, as the plumber reads it (syncDetails:ServerError.<name>). */
export const refusalKey = (refusal: ServerRefusal): string => `syncDetails:${serverErrorKey(refusal)}`;

/** i18n key of a conflict row's field (ConflictRow.fieldKey, Field.<name>). */
export const fieldLabelKey = (fieldKey: string): string => `syncDetails:${fieldKey}`;

/**
 * The fields a refused edit changes, with my value and the server's current one (409). Rows whose
 * values agree are left out unless nothing differs, so the user sees what the conflict is about.
 */
export function conflictRows(entry: OutboxEntry, plumbers: readonly Plumber[] = []): ConflictRow[] {
  const server: Job | undefined = entry.error?.current;
  if (!server) return [];
  const rows = commandDef(entry).conflict(server, plumbers);
  const differing = rows.filter((r) => r.mine !== r.server);
  return differing.length ? differing : rows;
}

/** The field the server refused, as the plumber reads it: its path in the body (notes, jobTasks/0/…). */
export function refusedFieldLabel(entry: OutboxEntry): string | null {
  const field = entry.error?.field;
  return field ? field.replace(/^body\//, '') : null;
}

/**
 * How the job is named in the list: its number and address as the device knows them now, else as
 * they were when the change was made (a refusal may have taken the job off the device).
 */
export function jobLabel(entry: OutboxEntry, job: Job | undefined): string {
  const known = job ?? entry.kept ?? entry.error?.current;
  if (known) return jobSubject(known);
  return entry.subject ?? commandDef(entry).subject() ?? '';
}

/** Where the plumber reads what a change did: the task it is about, else the job's first task. */
export function changePath(entry: OutboxEntry, job: Job | undefined): string | null {
  const shown = job ?? entry.kept;
  if (!shown) return null;
  const named = (entry.body as { taskId?: unknown }).taskId;
  const taskId = typeof named === 'string' && shown.jobTasks.some((t) => t.taskId === named) ? named : shown.jobTasks[0]?.taskId;
  return taskId ? `/job/${shown.jobId}/task/${taskId}` : `/job/${shown.jobId}`;
}

/** One thing a change recorded: its label (a full i18n key) and its value. */
export interface RecordedRow {
  labelKey: string;
  value: FieldValue;
}

/** What a change recorded, as the plumber reads it: titled groups of rows (titleKey: full i18n key), and its photos. */
export interface Recorded {
  sections: { titleKey: string; rows: RecordedRow[] }[];
  /** The photos it sends or lists (asset ids; the device's copies are shown as pictures). */
  photoIds: string[];
}

const rowsOf = (obj: unknown, labelPrefix: string): RecordedRow[] =>
  fieldRows(obj && typeof obj === 'object' ? (obj as Record<string, unknown>) : null).map((r) => ({ labelKey: `${labelPrefix}.${r.key}`, value: r.value }));

/** A job command's own fields, in this order, labelled syncDetails:Field.<name>. */
const JOB_FIELDS = ['subscriberText', 'title', 'description', 'notes', 'scheduledDate', 'dueDate', 'assigneeName', 'completedDate'] as const;

/**
 * What the plumber recorded in a change, read from the queued command itself (not from a job the
 * device may no longer hold), so it stays readable, offline too, until the change is discarded.
 */
export function recordedOf(command: Command): Recorded {
  const sections: Recorded['sections'] = [];
  const add = (titleKey: string, rows: RecordedRow[]) => { if (rows.length) sections.push({ titleKey, rows }); };
  switch (command.type) {
    case 'sendTaskReport':
    case 'saveTaskDraft':
      for (const task of command.body.jobTasks) {
        const notes = typeof task.notes === 'string' && task.notes.trim() ? task.notes : null;
        add('syncDetails:Recorded.Task', notes ? [{ labelKey: 'jobs:Note', value: { kind: 'text', value: notes } }] : []);
        add('syncDetails:Recorded.NewMeter', rowsOf(task.newWaterMeterObj, 'jobs:MeterField'));
        add('syncDetails:Recorded.OldMeter', rowsOf(task.dismantleObj, 'jobs:MeterField'));
        add('syncDetails:Recorded.Deviation', rowsOf(task.additionalDetailsRequest, 'jobs:DeviationField'));
      }
      return { sections, photoIds: listedAssetIds(command.body) };
    case 'uploadPhoto':
    case 'rotatePhoto':
    case 'updatePhotoMetadata':
    case 'deletePhoto':
      return { sections, photoIds: [command.body.assetId] };
    default: {
      const body = command.body as Record<string, unknown>;
      const picked = Object.fromEntries(JOB_FIELDS.filter((k) => k in body).map((k) => [k, body[k]]));
      add('syncDetails:Recorded.Job', rowsOf(picked, 'syncDetails:Field'));
      return { sections, photoIds: [] };
    }
  }
}
