/**
 * What an edit, a note and a reassignment do to a job and its tasks (spec 1 §4, §7 PUT /api/Jobs),
 * written once: the server applies these to its rows (server/services/jobs/mutations.ts) and the device
 * to its replica (src/data/commands/jobs.ts), so what the plumber sees offline is what the server
 * will store. Dates are the caller's type (the server's Date, the replica's ISO text).
 */

/** The job's fields an edit touches. */
export interface EditableJob<D> {
  dueDate: D | null;
  assignedToId: number;
  assigneeName: string;
  assignedDate: D | null;
}

/** What the edit form sends (UpdateJobRequest's fields the job takes). */
export interface JobEdit<D> {
  description: string | null;
  severity: number;
  scheduledDate: D | null;
  dueDate: D | null;
  plumberId: number;
}

export interface NewAssignee {
  id: number;
  name: string;
}

/**
 * The edit form's change: description, severity and planned date; the due date only from an admin
 * (read-only for plumbers, spec 1 §6); the plumber when it changed, with the time it was changed.
 * Title, type and status are not the form's to change.
 */
export function jobEditEffect<D>(job: EditableJob<D>, edit: JobEdit<D>, isAdmin: boolean, assignee: NewAssignee | null, madeAt: D) {
  return {
    description: edit.description,
    severityId: edit.severity,
    scheduledDate: edit.scheduledDate,
    dueDate: isAdmin ? edit.dueDate : job.dueDate,
    ...(assignee ? reassignEffect(job, assignee, madeAt) : {}),
  };
}

/** A task's change in a job edit: its description, and the job's new plumber when it changed. */
export function taskEditEffect(edit: { description: string | null }, assignee: NewAssignee | null) {
  return { description: edit.description, ...(assignee ? taskAssigneeEffect(assignee) : {}) };
}

/** A note change: the note and the severity; the status the body carries is the client's view and is not applied. */
export const noteEffect = (body: { notes: string | null; severity: number }) => ({ notes: body.notes, severityId: body.severity });

/** A job given to another plumber: who and since when (the same plumber again changes nothing). */
export function reassignEffect<D>(job: Pick<EditableJob<D>, 'assignedToId' | 'assignedDate'>, assignee: NewAssignee, madeAt: D) {
  const same = job.assignedToId === assignee.id;
  return { assignedToId: assignee.id, assigneeName: assignee.name, assignedDate: same ? job.assignedDate : madeAt };
}

/** Each task of a reassigned job follows its plumber. */
export const taskAssigneeEffect = (assignee: NewAssignee) => ({ assignedTo: assignee.id, assigneeName: assignee.name });
