/**
 * The new-job and edit-job forms as data: what is required, when Save is allowed, and the request
 * bodies of spec 1 §3 that the outbox commands carry.
 */
import type {
  CompleteJobRequest, CreateJobRequest, DeleteJobsRequest, Job, Plumber, ReassignJobsRequest, TaskEditRequest,
  UpdateJobNoteRequest, UpdateJobRequest,
} from '../api';
import { NEW_JOB_REF_NO, NEW_JOB_SEVERITY, NEW_TASK_ORDER, NEW_TASK_STATUS } from '../constants';
import { CoordinateSource, JobStatus, Role, UserStatus } from '../enums';
import { checkJobDates, isTooFarAhead, JOB_DATE_ERRORS, liveTasks } from './rules';
import type { SelectedProperty } from './property';

export interface JobTypeItem {
  id: number;
  name: string;
  shortName: string;
}

export interface Assignee {
  id: number;
  name: string;
}

export interface NewJobDraft {
  jobTypeId: number | null;
  property: SelectedProperty | null;
  scheduledDate: Date | null;
  dueDate: Date | null;
  assignee: Assignee | null;
}

export const EMPTY_NEW_JOB: NewJobDraft = { jobTypeId: null, property: null, scheduledDate: null, dueDate: null, assignee: null };

/** Submit is enabled once property, category and assignee are chosen, and not while a lookup runs. */
export function canSubmitNewJob(draft: NewJobDraft, lookupRunning: boolean): boolean {
  return !lookupRunning && draft.property != null && draft.jobTypeId != null && draft.assignee != null;
}

/** Whether the user entered anything (then Go back asks before discarding). A preselected assignee does not count. */
export function newJobHasInput(draft: NewJobDraft, searchText: string, preselectedAssigneeId: number | null): boolean {
  return draft.jobTypeId != null || draft.property != null || draft.scheduledDate != null || draft.dueDate != null
    || searchText.trim() !== '' || (draft.assignee != null && draft.assignee.id !== preselectedAssigneeId);
}

export type DateErrorKey = 'pastScheduledDate' | 'scheduledAfterDue' | 'dateTooFarAhead';

/** i18n key of the date rule a scheduled/due pair breaks (spec 1 §5), or null. */
export function jobDateErrorKey(scheduled: Date | null, due: Date | null, now: Date): DateErrorKey | null {
  const message = checkJobDates(scheduled, due, now);
  if (message === JOB_DATE_ERRORS.tooFarAhead) return 'dateTooFarAhead';
  if (message === JOB_DATE_ERRORS.pastScheduledDate) return 'pastScheduledDate';
  if (message === JOB_DATE_ERRORS.scheduledAfterDue) return 'scheduledAfterDue';
  return null;
}

/** i18n key of the rule a due date breaks: past the picker's bound, or before the scheduled date. */
export function dueDateErrorKey(scheduled: Date | null, due: Date | null, now: Date): DateErrorKey | null {
  if (isTooFarAhead(due, now)) return 'dateTooFarAhead';
  return scheduled && due && scheduled.getTime() > due.getTime() ? 'scheduledAfterDue' : null;
}

export interface CreateJobContext {
  /** Made on the device (crypto.randomUUID()) so later commands can refer to the job offline. */
  jobId: string;
  taskId: string;
  roleId: number;
  email: string;
  isAdmin: boolean;
}

/** The create payload of spec 1 §3, exactly. Throws when a required field is missing. */
export function buildCreateJobRequest(draft: NewJobDraft, jobType: JobTypeItem, ctx: CreateJobContext): CreateJobRequest & { jobId: string } {
  const { property, assignee } = draft;
  if (!property || !assignee) throw new Error('Property and assignee are required');
  const body: CreateJobRequest & { jobId: string } = {
    jobId: ctx.jobId,
    // Plumber or PlumberAdmin for anyone signed in; the device's check before queueing (and the server) refuses any other.
    roleId: ctx.roleId as CreateJobRequest['roleId'],
    refNo: NEW_JOB_REF_NO,
    title: jobType.name,
    jobTypeId: jobType.id,
    jobType: jobType.shortName,
    matrikkelDetails: {
      matrikkelNummer: property.matrikkelNummer,
      matrikkelenhetId: property.matrikkelenhetId,
      addressId: property.addressId,
    },
    subscriberText: property.addressText,
    scheduledDate: draft.scheduledDate ? draft.scheduledDate.toISOString() : null,
    assignedToId: assignee.id,
    assigneeName: assignee.name,
    createdBy: ctx.email,
    status: JobStatus.New,
    description: null,
    severity: NEW_JOB_SEVERITY,
    taskRequest: {
      taskId: ctx.taskId,
      isActive: true,
      taskNo: 1,
      jobType: jobType.shortName,
      taskOrder: NEW_TASK_ORDER,
      subscriberDetails: {
        addressText: property.addressText,
        location: property.location,
        coordinateSource: CoordinateSource.Property,
        addressId: property.addressId,
      },
      statusId: NEW_TASK_STATUS,
      description: null,
      externalRefId: null,
      externalRefText: null,
    },
  };
  // Only admins set a due date (spec 1 §6).
  if (ctx.isAdmin) body.dueDate = draft.dueDate ? draft.dueDate.toISOString() : null;
  return body;
}

export interface AssigneeOption extends Assignee {
  isMe: boolean;
}

/** 'Me' first, then the other active plumbers (status Activated, role Plumber) by first name. */
export function assigneeOptions(plumbers: readonly Plumber[], me: { registrationId: number; name: string }): AssigneeOption[] {
  const others = plumbers
    .filter((p) => p.userStatus === UserStatus.Activated && p.roleId === Role.Plumber && p.id !== me.registrationId)
    .sort((a, b) => a.firstName.localeCompare(b.firstName, 'nb') || a.lastName.localeCompare(b.lastName, 'nb'))
    .map((p) => ({ id: p.id, name: plumberName(p), isMe: false }));
  return [{ id: me.registrationId, name: me.name, isMe: true }, ...others];
}

export function plumberName(p: Pick<Plumber, 'firstName' | 'lastName' | 'displayName'>): string {
  const full = `${p.firstName} ${p.lastName}`.trim();
  return full || p.displayName;
}

/* ---------------- edit ---------------- */

export interface EditJobValues {
  scheduledDate: Date | null;
  dueDate: Date | null;
  assignee: Assignee;
}

export function initialEditValues(job: Job): EditJobValues {
  return {
    scheduledDate: job.scheduledDate ? new Date(job.scheduledDate) : null,
    dueDate: job.dueDate ? new Date(job.dueDate) : null,
    assignee: { id: job.assignedToId, name: job.assigneeName },
  };
}

/** Same instant, compared in UTC (minute precision: the picker has no seconds). */
export function sameInstant(a: Date | string | null, b: Date | string | null): boolean {
  if (a == null || b == null) return a == null && b == null;
  const ms = (v: Date | string) => Math.floor(new Date(v).getTime() / 60_000);
  return ms(a) === ms(b);
}

/**
 * Save is allowed only when a change exists (spec 1 §5): the scheduled date changed (compared in
 * UTC), or an admin changed the assignee to a different one. An admin's due-date change counts as
 * a change too, since the admin form offers that field.
 */
export function editHasChanges(job: Job, values: EditJobValues, isAdmin: boolean): boolean {
  if (!sameInstant(job.scheduledDate, values.scheduledDate)) return true;
  if (!isAdmin) return false;
  return values.assignee.id !== job.assignedToId || !sameInstant(job.dueDate, values.dueDate);
}

function taskEditRequests(job: Job, assignee: Assignee, dueDate: string | null, now: Date): TaskEditRequest[] {
  return liveTasks(job).map((t) => ({
    jobId: job.jobId,
    taskId: t.taskId,
    title: t.title,
    typeId: t.typeId,
    jobType: t.jobType,
    description: t.description,
    assignedTo: assignee.id,
    assigneeName: assignee.name,
    assignedDate: assignee.id !== job.assignedToId ? now.toISOString() : job.assignedDate,
    dueDate,
    startDate: t.startDate,
    statusId: t.statusId,
    isDeleted: false,
  }));
}

/** Update payload of spec 1 §3. A non-admin keeps the assignee and due date as they are. */
export function buildUpdateJobRequest(job: Job, values: EditJobValues, jobType: string, ctx: { email: string; isAdmin: boolean; now: Date }): UpdateJobRequest {
  const assignee = ctx.isAdmin ? values.assignee : { id: job.assignedToId, name: job.assigneeName };
  const dueDate = ctx.isAdmin ? (values.dueDate ? values.dueDate.toISOString() : null) : job.dueDate;
  return {
    jobId: job.jobId,
    plumberId: assignee.id,
    description: job.description,
    jobTypeId: job.typeId,
    jobType,
    title: job.title,
    severity: job.severityId,
    status: job.statusId,
    scheduledDate: values.scheduledDate ? values.scheduledDate.toISOString() : null,
    dueDate,
    updatedBy: ctx.email,
    taskEditRequests: taskEditRequests(job, assignee, dueDate, ctx.now),
    expectedVersion: job.version,
  };
}

export function buildNoteRequest(job: Job, notes: string): UpdateJobNoteRequest {
  return { jobId: job.jobId, notes, status: job.statusId, severity: job.severityId, expectedVersion: job.version };
}

/** Manual completion (spec 1 §4): status Completed with the completing user and date. */
export function buildCompleteJobRequest(job: Job, jobType: string, email: string, now: Date): CompleteJobRequest {
  const completedDate = now.toISOString();
  return {
    jobId: job.jobId,
    jobType,
    completedBy: email,
    completedDate,
    status: JobStatus.Completed,
    jobTypeId: job.typeId,
    matrikkelDetails: job.matrikkel,
    subscriberText: job.subscriberText,
    taskEditRequests: liveTasks(job).map((t) => ({
      jobId: job.jobId,
      taskId: t.taskId,
      title: t.title,
      typeId: t.typeId,
      jobType: t.jobType,
      description: t.description,
      assignedTo: t.assignedTo,
      assigneeName: t.assigneeName,
      assignedDate: job.assignedDate,
      dueDate: job.dueDate,
      startDate: t.startDate,
      statusId: t.statusId,
      isDeleted: false,
    })),
  };
}

/**
 * The SMS of a cancelled automatic job (spec 1 §3 "Delete jobs payload"): the text as the admin left
 * it (rendered on the device from the company's template; `hasMergeFields` when tokens are left in it
 * for the server to fill, with the window widened `timeWindowExtensions` times) and the template it came from.
 */
export interface CancellationSms {
  text: string;
  templateKey: string;
  hasMergeFields: boolean;
  timeWindowExtensions: number;
}

/** Delete payload; a cancelled automatic job also says why, and the SMS to the owner, if one goes. */
export function buildDeleteJobsRequest(jobs: readonly Job[], cancellation?: { cancellationTypeId: number; sms: CancellationSms | null }): DeleteJobsRequest {
  const body: DeleteJobsRequest = {
    jobList: jobs.map((j) => ({
      jobId: j.jobId,
      autoCreated: j.autoCreated,
      statusId: j.statusId,
      jobTasks: j.jobTasks.map((t) => ({ taskId: t.taskId })),
    })),
  };
  if (cancellation) {
    body.cancellationTypeId = cancellation.cancellationTypeId;
    body.sendSms = cancellation.sms !== null;
    if (cancellation.sms) {
      body.customText = cancellation.sms.text;
      body.templateKey = cancellation.sms.templateKey;
      body.hasMergeFields = cancellation.sms.hasMergeFields;
      body.timeWindowExtensions = cancellation.sms.timeWindowExtensions;
    }
  }
  return body;
}

export function buildReassignRequest(jobIds: readonly string[], assignee: Assignee): ReassignJobsRequest {
  return { jobsList: [...jobIds], assigneeId: assignee.id, assigneeName: assignee.name };
}

/** Reassign Save: disabled until a plumber other than the placeholder (0) is chosen, and while saving. */
export function canSaveReassign(selectedId: number, saving: boolean): boolean {
  return selectedId !== 0 && !saving;
}
