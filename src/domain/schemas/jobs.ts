/**
 * Jobs (spec 1 §3 job, §7 Jobs): the job as answered, the list queries, and the bodies of POST, PUT
 * (four kinds) and DELETE /api/Jobs and of POST /api/jobs/task/{taskId} (draft and report).
 */
import { Type, type Static } from 'typebox';
import { JOB_LIST_PAGE_SIZE, NOTE_MAX_LENGTH } from '../constants';
import { Role, TaskStatus } from '../enums';
import { BigId, DateTime, ExpectedVersion, MatrikkelNummer, Nullable, Uuid } from './common';
import { CANCEL_SMS_MAX_LENGTH, CANCEL_WINDOW_MAX_EXTENSIONS } from '../sms/cancellation';
import { AdditionalDetailsSchema, DismantleSchema, MadeAt, NewWaterMeterSchema, SubscriberDetailsSchema, TaskSchema } from './tasks';
import { TemplateKey } from './templates';

/** The job's cadastre unit as the job answers it. */
export const JobMatrikkelSchema = Type.Object({ matrikkelNummer: Type.String(), matrikkelenhetId: Type.Integer(), addressId: Nullable(Type.Integer()) });
export type JobMatrikkel = Static<typeof JobMatrikkelSchema>;

/** The cadastre unit in create and completion bodies; addressId may be left out (a unit without address). */
export const MatrikkelDetailsSchema = Type.Object({
  matrikkelNummer: MatrikkelNummer,
  matrikkelenhetId: BigId(),
  addressId: Type.Optional(Nullable(BigId())),
});
export type MatrikkelDetails = Static<typeof MatrikkelDetailsSchema>;

/** The job's contact person (spec 1 §3); name and mobile number both filled (checked by the server). */
export const ContactPersonSchema = Type.Object({
  name: Type.String(),
  mobileNo: Type.String(),
  organizationNo: Type.Optional(Nullable(Type.String())),
}, { additionalProperties: true });
export type ContactPerson = Static<typeof ContactPersonSchema>;

/** The job's contact, as edited beside the task form; stored as sent. */
export const ContactInfoSchema = Type.Object({
  contactPerson: Type.Optional(Nullable(ContactPersonSchema)),
  mobileNo: Type.Optional(Nullable(Type.String())),
}, { additionalProperties: true });
export type ContactInfo = Static<typeof ContactInfoSchema>;

export const JobSchema = Type.Object({
  jobId: Uuid,
  refNr: Type.Integer(),
  title: Type.String(),
  typeId: Type.Integer(),
  statusId: Type.Integer(),
  severityId: Type.Integer(),
  description: Nullable(Type.String()),
  scheduledDate: Nullable(Type.String()),
  dueDate: Nullable(Type.String()),
  completedDate: Nullable(Type.String()),
  completedBy: Nullable(Type.String()),
  assignedToId: Type.Integer(),
  assigneeName: Type.String(),
  assignedDate: Nullable(Type.String()),
  subscriberText: Type.String(),
  matrikkel: JobMatrikkelSchema,
  contactInfo: Nullable(ContactInfoSchema),
  notes: Nullable(Type.String()),
  autoCreated: Type.Boolean(),
  isDraft: Type.Boolean(),
  isNearByJob: Type.Boolean(),
  /** The live tasks, in task order. */
  jobTasks: Type.Array(TaskSchema),
  companyId: Uuid,
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** Optimistic-concurrency version; increases on every server write. */
  version: Type.Integer(),
});
export type Job = Static<typeof JobSchema>;

// --- reading --------------------------------------------------------------------------------------

export const JobListQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: JOB_LIST_PAGE_SIZE })),
  statusId: Type.Optional(Type.Union([0, 1, 2, 4, 6, 8, 9].map((v) => Type.Literal(v)), {
    description: `Task/job status filter: All ${TaskStatus.All}, NotStarted 1, InProgress 2, Completed 4, Automatic 6, Obstacle 8, Deviation 9`,
  })),
  userId: Type.Optional(Type.Integer({ minimum: 0, description: 'Assignee registration id (admins); 0 = all' })),
  jobTypeId: Type.Optional(Type.Integer({ minimum: 0 })),
  address: Type.Optional(Type.String({ maxLength: 200 })),
});

/** GET /api/Jobs (the unpaged list of spec 1 §7) answers at most this many jobs a page, newest first. */
export const ALL_JOBS_PAGE_MAX = 1000;
export const AllJobsQuery = Type.Object({
  ...JobListQuery.properties,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: ALL_JOBS_PAGE_MAX, default: ALL_JOBS_PAGE_MAX })),
});

/** GET /api/Jobs/GetJobsPage. */
export const JobsPageSchema = Type.Object({ jobs: Type.Array(JobSchema), numberOfPages: Type.Integer() });
export type JobsPage = Static<typeof JobsPageSchema>;

/** GET /api/Jobs/details/plumber/{id}. */
export const PlumberJobCountsSchema = Type.Object({ assigned: Type.Integer(), completed: Type.Integer(), pending: Type.Integer() });
export type PlumberJobCounts = Static<typeof PlumberJobCountsSchema>;

// --- POST /api/Jobs -------------------------------------------------------------------------------

/** Spec 1 §3 "Create job payload". jobId is our addition: ids made on the device. createdBy is not used (the job records the signed-in user). */
export const CreateJobBody = Type.Object({
  jobId: Type.Optional(Uuid),
  roleId: Type.Union([Type.Literal(Role.Plumber), Type.Literal(Role.PlumberAdmin)]),
  refNo: Type.Integer(),
  title: Type.String({ maxLength: 200 }),
  jobTypeId: Type.Integer(),
  jobType: Type.String({ maxLength: 50 }),
  matrikkelDetails: MatrikkelDetailsSchema,
  subscriberText: Type.String({ minLength: 1, maxLength: 500 }),
  scheduledDate: Nullable(DateTime),
  dueDate: Type.Optional(Nullable(DateTime)),
  assignedToId: Type.Integer({ minimum: 1 }),
  assigneeName: Type.String({ maxLength: 200 }),
  createdBy: Type.Union([Type.String({ maxLength: 320 }), Type.Object({ email: Type.String({ maxLength: 320 }) })]),
  status: Type.Integer(),
  description: Nullable(Type.String()),
  severity: Type.Integer({ minimum: 1 }),
  taskRequest: Type.Object({
    taskId: Uuid,
    isActive: Type.Boolean(),
    taskNo: Type.Integer({ minimum: 0 }),
    jobType: Type.String(),
    taskOrder: Type.Integer({ minimum: 0 }),
    subscriberDetails: SubscriberDetailsSchema,
    statusId: Type.Integer(),
    description: Nullable(Type.String()),
    externalRefId: Nullable(Type.String()),
    externalRefText: Nullable(Type.String()),
  }),
  /** The job's creation time (and its assignment's). */
  madeAt: MadeAt,
});
export type CreateJobRequest = Static<typeof CreateJobBody>;

// --- PUT /api/Jobs --------------------------------------------------------------------------------

export const TaskEditRequestSchema = Type.Object({
  jobId: Uuid,
  taskId: Uuid,
  title: Type.String(),
  typeId: Type.Integer(),
  jobType: Type.String(),
  description: Nullable(Type.String()),
  assignedTo: Nullable(Type.Integer()),
  assigneeName: Nullable(Type.String()),
  assignedDate: Nullable(Type.String()),
  dueDate: Nullable(Type.String()),
  startDate: Nullable(Type.String()),
  statusId: Type.Integer(),
  isDeleted: Type.Boolean(),
});
export type TaskEditRequest = Static<typeof TaskEditRequestSchema>;

/** The edit form. expectedVersion (ours) makes the server answer 409 on a lost update. */
export const UpdateJobBody = Type.Object({
  jobId: Uuid,
  plumberId: Type.Integer({ minimum: 1 }),
  description: Nullable(Type.String()),
  jobTypeId: Type.Integer(),
  jobType: Type.String(),
  title: Type.String(),
  severity: Type.Integer({ minimum: 1 }),
  status: Type.Integer(),
  scheduledDate: Nullable(DateTime),
  dueDate: Nullable(DateTime),
  updatedBy: Type.String(),
  taskEditRequests: Type.Array(TaskEditRequestSchema),
  expectedVersion: ExpectedVersion,
  /** The assignment's time when the plumber changes. */
  madeAt: MadeAt,
});
export type UpdateJobRequest = Static<typeof UpdateJobBody>;

/** A note change. */
export const NoteBody = Type.Object({
  jobId: Uuid,
  notes: Type.String({ maxLength: NOTE_MAX_LENGTH }),
  status: Type.Integer(),
  severity: Type.Integer({ minimum: 1 }),
  expectedVersion: ExpectedVersion,
});
export type UpdateJobNoteRequest = Static<typeof NoteBody>;

/** Manual completion. */
export const CompletionBody = Type.Object({
  jobId: Uuid,
  jobType: Type.String(),
  completedBy: Type.String(),
  completedDate: DateTime,
  status: Type.Integer(),
  jobTypeId: Type.Integer(),
  matrikkelDetails: MatrikkelDetailsSchema,
  subscriberText: Type.String(),
  taskEditRequests: Type.Array(TaskEditRequestSchema),
  expectedVersion: ExpectedVersion,
});
export type CompleteJobRequest = Static<typeof CompletionBody>;

/** Reassignment of one or more jobs. */
export const ReassignBody = Type.Object({
  jobsList: Type.Array(Uuid, { minItems: 1 }),
  assigneeId: Type.Integer({ minimum: 0 }),
  assigneeName: Type.String(),
  /** The assignment's time. */
  madeAt: MadeAt,
});
export type ReassignJobsRequest = Static<typeof ReassignBody>;

export type PutJobsBody = UpdateJobRequest | UpdateJobNoteRequest | CompleteJobRequest | ReassignJobsRequest;

/**
 * PUT /api/Jobs takes four bodies (spec 1 §7), told apart by shape: jobsList → reassign;
 * completedBy → completion; taskEditRequests → update; otherwise → note. Written as if/then/else
 * rather than anyOf so a validation error names the field of the body that was meant.
 */
export const PutJobsBody = Type.Unsafe<PutJobsBody>({
  if: { type: 'object', required: ['jobsList'] },
  then: ReassignBody,
  else: {
    if: { type: 'object', required: ['completedBy'] },
    then: CompletionBody,
    else: {
      if: { type: 'object', required: ['taskEditRequests'] },
      then: UpdateJobBody,
      else: NoteBody,
    },
  },
});

// --- DELETE /api/Jobs -----------------------------------------------------------------------------

/**
 * DELETE /api/Jobs (spec 1 §3 "Delete jobs payload", §4, §7): all or nothing, each job New, or
 * InProgress with its first task not scheduled (canDeleteJob). The job is deleted (soft, with a
 * tombstone for every replica); only jobList's jobId is read, the rest of each entry is the client's view.
 *
 * An automatically created job whose task is tied to a schedule item (the job the system made for an
 * agreed time) is cancelled, not only deleted (spec 1 §4; server/services/scheduling/jobCancel.ts), in
 * the same transaction: an admin of a company with an agreement in force only (spec 2 §6; a plumber:
 * 403), `cancellationTypeId` required (400), and the item becomes Cancelled with that reason
 * (itemStatus.ts JobCancelled; one already Cancelled is left as it is). With `sendSms` the owner is told:
 * - `customText` given: the text the admin edited, sent as written, or with its merge tokens (#Date#,
 *   #TimeRange#, #MeterAddress#, #CompanyName#, #CompanyPhone#) filled for the item when
 *   `hasMergeFields` (the window widened `timeWindowExtensions` times, src/domain/sms/cancellation.ts);
 *   empty or blank: 400 naming body/customText (Scheduling.CancelSmsEmpty);
 * - else `templateKey` (a Cancellation template: the sample's key, Cancel, stands for the one the company
 *   uses) rendered for the item; another type's key or none the company has: 400 naming body/templateKey;
 * - neither: 400 naming body/customText.
 * Each message at most CANCEL_SMS_MAX_SEGMENTS SMS (400, Scheduling.CancelSmsTooLong), queued (the SMS
 * outbox, kind 'cancellation') to the item's contact mobile; an item without a valid one is still
 * cancelled and named in the answer's `notTexted`. `sendSms` with no such job in the list: 400 naming
 * body/sendSms. `workingHours` is the client's label of the plumber's hours and is not read.
 */
export const DeleteJobsBody = Type.Object({
  jobList: Type.Array(Type.Object({
    jobId: Uuid,
    autoCreated: Type.Optional(Type.Boolean()),
    statusId: Type.Optional(Type.Integer()),
    jobTasks: Type.Optional(Type.Array(Type.Object({ taskId: Uuid }, { additionalProperties: true }))),
  }), { minItems: 1 }),
  /** Ours: why an automatically created job is cancelled (the cancellation reasons of spec 2 §4, 1–7). */
  cancellationTypeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
  sendSms: Type.Optional(Type.Boolean()),
  hasMergeFields: Type.Optional(Type.Boolean()),
  templateKey: Type.Optional(Nullable(TemplateKey)),
  customText: Type.Optional(Nullable(Type.String({ maxLength: CANCEL_SMS_MAX_LENGTH }))),
  /** Ours: how many times the window a #TimeRange# token names was widened (spec 2 §9). */
  timeWindowExtensions: Type.Optional(Type.Integer({ minimum: 0, maximum: CANCEL_WINDOW_MAX_EXTENSIONS })),
  workingHours: Type.Optional(Type.Array(Type.Object({
    StartTime: Type.String({ maxLength: 20 }), EndTime: Type.String({ maxLength: 20 }), Day: Type.String({ maxLength: 20 }),
  }), { maxItems: 14 })),
});
export type DeleteJobsRequest = Static<typeof DeleteJobsBody>;

/** Why a cancelled job's owner got no SMS: no valid contact mobile, or the item was not cancelled now (already Cancelled). */
export const NotTextedReason = Type.Union([Type.Literal('NoMobile'), Type.Literal('NotCancelled')]);

/**
 * The answer: the jobs deleted. When the deletion cancelled automatically created jobs (ours), also the
 * schedule items it cancelled, the SMS queued and the items no SMS went to though one was asked for,
 * with why; a deletion of plain jobs answers `deletedJobIds` alone.
 */
export const DeletedJobsSchema = Type.Object({
  deletedJobIds: Type.Array(Uuid),
  cancelledScheduleItemIds: Type.Optional(Type.Array(Type.Integer())),
  smsQueued: Type.Optional(Type.Integer({ minimum: 0 })),
  notTexted: Type.Optional(Type.Array(Type.Object({
    jobId: Uuid, scheduleItemId: Type.Integer(), address: Type.String(), reason: NotTextedReason,
  }))),
});
export type DeletedJobs = Static<typeof DeletedJobsSchema>;

// --- POST /api/jobs/task/{taskId} -----------------------------------------------------------------

/** The job with the task (save draft when isDraft is true, else send report); the fields listed are the ones applied. */
export const TaskReportBody = Type.Object({
  jobId: Uuid,
  isDraft: Type.Optional(Type.Boolean()),
  /** The job's contact, as edited beside the task form; kept when present. */
  contactInfo: Type.Optional(Nullable(ContactInfoSchema)),
  expectedVersion: ExpectedVersion,
  /** The task's start (when it has none yet) and, for a report, its completion. */
  madeAt: MadeAt,
  jobTasks: Type.Array(Type.Object({
    taskId: Uuid,
    startDate: Type.Optional(Nullable(DateTime)),
    subscriberDetails: Type.Optional(Nullable(SubscriberDetailsSchema)),
    newWaterMeterObj: Type.Optional(Nullable(NewWaterMeterSchema)),
    dismantleObj: Type.Optional(Nullable(DismantleSchema)),
    additionalDetailsRequest: Type.Optional(Nullable(AdditionalDetailsSchema)),
    notes: Type.Optional(Nullable(Type.String({ maxLength: NOTE_MAX_LENGTH }))),
  }, { additionalProperties: true }), { minItems: 1 }),
}, { additionalProperties: true });
export type TaskReportRequest = Static<typeof TaskReportBody>;

// --- DELETE /api/Tasks's answer (here, not in tasks.ts, because it holds a job) --------------------

export const TaskDeleteResultSchema = Type.Object({
  taskId: Uuid,
  jobId: Uuid,
  /** The task was the job's last one, so the job was deleted with it. */
  jobDeleted: Type.Boolean(),
  /** The job after the deletion; null when it was deleted. */
  job: Nullable(JobSchema),
});
export type TaskDeleteResult = Static<typeof TaskDeleteResultSchema>;
