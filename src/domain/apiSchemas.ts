/**
 * TypeBox schemas of the API's JSON (the shapes of src/domain/api.ts), for the server's validation,
 * response serialization and OpenAPI document, and for the device, which checks a command against
 * the same schema before it queues it (src/data/commandCheck.ts). Import them lazily on the device:
 * TypeBox stays out of the shell.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { JOB_LIST_PAGE_SIZE, NOTE_MAX_LENGTH } from './constants';
import { Role, TaskStatus } from './enums';

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
export const Uuid = Type.String({ format: 'uuid' });
export const DateTime = Type.String({ format: 'date-time' });
/** A JSON object kept as given (task form objects, contact info). */
export const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
/** The same in answers, where the domain types are interfaces. */
export const AnyObject = Type.Unsafe<object>({ type: 'object', additionalProperties: true });
/** An id of a bigint column (cadastre units, addresses, buildings): JavaScript's safe integers. */
export const BigId = (opts: { minimum?: number; description?: string } = {}) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...opts });
export const MatrikkelNummer = Type.String({ pattern: '^\\d{22}$', description: '22 digits: kommune gnr bnr fnr snr' });

export const LocationSchema = Type.Object({ x: Type.Number(), y: Type.Number(), srs: Type.Integer() });

export const MatrikkelDetailsSchema = Type.Object({
  matrikkelNummer: MatrikkelNummer,
  matrikkelenhetId: BigId(),
  addressId: Type.Optional(Nullable(BigId())),
});

export const SubscriberDetailsSchema = Type.Object({
  addressId: Type.Optional(Nullable(BigId())),
  addressText: Type.String({ maxLength: 500 }),
  location: Type.Optional(Nullable(LocationSchema)),
  coordinateSource: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
  buildingId: Type.Optional(Nullable(BigId())),
  housingUnitId: Type.Optional(Nullable(BigId())),
}, { additionalProperties: true });

export const TaskSchema = Type.Object({
  taskId: Uuid,
  jobId: Uuid,
  jobType: Type.String(),
  title: Type.String(),
  typeId: Type.Integer(),
  statusId: Type.Integer(),
  description: Nullable(Type.String()),
  isActive: Type.Boolean(),
  isDeleted: Type.Boolean(),
  taskOrder: Type.Integer(),
  taskNo: Type.Integer(),
  externalRefId: Nullable(Type.String()),
  externalRefText: Nullable(Type.String()),
  assignedTo: Nullable(Type.Integer()),
  assigneeName: Nullable(Type.String()),
  scheduleItemId: Nullable(Type.Integer()),
  startDate: Nullable(Type.String()),
  subscriberDetails: Nullable(AnyObject),
  newWaterMeterObj: Nullable(AnyObject),
  dismantleObj: Nullable(AnyObject),
  additionalDetailsRequest: Nullable(AnyObject),
  notes: Nullable(Type.String()),
});

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
  matrikkel: Type.Object({ matrikkelNummer: Type.String(), matrikkelenhetId: Type.Integer(), addressId: Nullable(Type.Integer()) }),
  contactInfo: Nullable(AnyObject),
  notes: Nullable(Type.String()),
  autoCreated: Type.Boolean(),
  isDraft: Type.Boolean(),
  isNearByJob: Type.Boolean(),
  jobTasks: Type.Array(TaskSchema),
  companyId: Uuid,
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  current: Type.Optional(JobSchema),
  /** The spec's name of the error where it has one (spec 1 §8), e.g. NewWaterMeterSerialNumberIsInUse. */
  errorKey: Type.Optional(Type.String()),
});

/** Error answers every route may give (401 comes from the auth guard). */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
export const mutationErrors = { ...errors, 409: ErrorBody, 422: ErrorBody } as const;

/** Optimistic concurrency (ours): when given and the job's version differs, 409 with `current`. */
const ExpectedVersion = Type.Optional(Type.Integer({ minimum: 1 }));

// --- jobs -----------------------------------------------------------------------------------------

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

export const JobsPageSchema = Type.Object({ jobs: Type.Array(JobSchema), numberOfPages: Type.Integer() });

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
});

const TaskEditRequestSchema = Type.Object({
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
});

export const NoteBody = Type.Object({
  jobId: Uuid,
  notes: Type.String({ maxLength: NOTE_MAX_LENGTH }),
  status: Type.Integer(),
  severity: Type.Integer({ minimum: 1 }),
  expectedVersion: ExpectedVersion,
});

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

export const ReassignBody = Type.Object({
  jobsList: Type.Array(Uuid, { minItems: 1 }),
  assigneeId: Type.Integer({ minimum: 0 }),
  assigneeName: Type.String(),
});

export type PutJobsBody = Static<typeof UpdateJobBody> | Static<typeof NoteBody> | Static<typeof CompletionBody> | Static<typeof ReassignBody>;

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

export const DeleteJobsBody = Type.Object({
  jobList: Type.Array(Type.Object({
    jobId: Uuid,
    autoCreated: Type.Optional(Type.Boolean()),
    statusId: Type.Optional(Type.Integer()),
    jobTasks: Type.Optional(Type.Array(Type.Object({ taskId: Uuid }, { additionalProperties: true }))),
  }), { minItems: 1 }),
  sendSms: Type.Optional(Type.Boolean()),
  hasMergeFields: Type.Optional(Type.Boolean()),
  templateKey: Type.Optional(Type.String()),
  customText: Type.Optional(Type.String()),
  workingHours: Type.Optional(Type.Array(Type.Object({ StartTime: Type.String(), EndTime: Type.String(), Day: Type.String() }))),
});

export const TaskReportBody = Type.Object({
  jobId: Uuid,
  isDraft: Type.Optional(Type.Boolean()),
  contactInfo: Type.Optional(Nullable(JsonObject)),
  expectedVersion: ExpectedVersion,
  jobTasks: Type.Array(Type.Object({
    taskId: Uuid,
    startDate: Type.Optional(Nullable(DateTime)),
    subscriberDetails: Type.Optional(Nullable(JsonObject)),
    newWaterMeterObj: Type.Optional(Nullable(JsonObject)),
    dismantleObj: Type.Optional(Nullable(JsonObject)),
    additionalDetailsRequest: Type.Optional(Nullable(JsonObject)),
    notes: Type.Optional(Nullable(Type.String())),
  }, { additionalProperties: true }), { minItems: 1 }),
}, { additionalProperties: true });

export const PlumberJobCountsSchema = Type.Object({ assigned: Type.Integer(), completed: Type.Integer(), pending: Type.Integer() });

// --- tasks ----------------------------------------------------------------------------------------

export const AddTaskBody = Type.Object({
  jobId: Uuid,
  taskId: Type.Optional(Uuid),
  subscriberDetails: Type.Optional(SubscriberDetailsSchema),
  description: Type.Optional(Nullable(Type.String())),
  externalRefId: Type.Optional(Nullable(Type.String())),
  externalRefText: Type.Optional(Nullable(Type.String())),
});

export const UpdateTaskBody = Type.Object({
  jobId: Uuid,
  taskId: Uuid,
  description: Type.Optional(Nullable(Type.String())),
  notes: Type.Optional(Nullable(Type.String())),
  startDate: Type.Optional(Nullable(DateTime)),
  subscriberDetails: Type.Optional(Nullable(JsonObject)),
  expectedVersion: ExpectedVersion,
});

export const DeleteTaskBody = Type.Object({ taskId: Uuid, jobId: Uuid });

export const TaskDeleteResultSchema = Type.Object({
  taskId: Uuid,
  jobId: Uuid,
  jobDeleted: Type.Boolean(),
  job: Nullable(JobSchema),
});

// --- users ----------------------------------------------------------------------------------------

export const PlumberSchema = Type.Object({
  id: Type.Integer(),
  userId: Uuid,
  firstName: Type.String(),
  lastName: Type.String(),
  displayName: Type.String(),
  telephone: Nullable(Type.String()),
  email: Type.String(),
  userStatus: Type.Integer(),
  registeredDate: Type.String(),
  isActive: Type.Boolean(),
  plumberInitials: Type.String(),
  roleId: Type.Integer(),
  gdprConsent: Type.Boolean(),
});

/** Both spellings the spec uses (userStatus/UserStatus, RoleId/roleId) are accepted. */
export const UsersQuery = Type.Object({
  userStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  UserStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  RoleId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  roleId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
});

export const UserStatusBody = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Registration id' }),
  status: Type.Integer({ minimum: 1, maximum: 4, description: 'Activated 2 (approve/activate), Rejected 3, Deactivated 4' }),
});

export const UserInformationBody = Type.Object({
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  displayName: Type.String({ maxLength: 100 }),
  telephone: Type.String({ maxLength: 20 }),
  objectId: Type.String({ minLength: 1, maxLength: 100, description: 'The user id (uuid) or registration id' }),
});

// --- property and meters ----------------------------------------------------------------------------

export const AddressSearchResultSchema = Type.Object({
  addressText: Type.String(),
  addressId: Nullable(Type.Integer()),
  matrikkelenhetId: Nullable(Type.Integer()),
  matrikkelNummer: Nullable(Type.String()),
  location: Nullable(LocationSchema),
  type: Type.String(),
});

const OwnerSchema = Type.Object({ id: Nullable(Type.Integer()), navn: Type.String() });

export const SectionedPropertiesSchema = Type.Object({
  gateAdresse: Type.Object({
    adresseId: Type.Integer(),
    adresseMatrikkelenhetId: Type.Integer(),
    bruksenheter: Type.Array(Type.Object({
      unikMatrikkelenhetId: Type.String(),
      matrikkelenhetId: Type.Integer(),
      bruksenhetId: Type.Integer(),
      bruksenhetsnummer: Type.String(),
    })),
  }),
});

export const SubPropertiesSchema = Type.Object({
  infoForMatrikkelenhet: Type.Array(Type.Object({
    unikid: Type.String(),
    matrikkelnr: Type.String(),
    matrikkelenhetId: Type.Integer(),
    eierforhold: Type.Array(OwnerSchema),
  })),
});

export const BuildingUnitSchema = Type.Object({
  bruksenhetsId: Type.Integer(),
  bruksenhetsnummer: Type.String(),
  address: Type.String(),
  addressId: Type.Integer(),
  buildingId: Nullable(Type.Integer()),
  typeCode: Type.String(),
  statusCode: Type.String(),
  matrikkelenhetId: Type.Integer(),
  matrikkelNummer: Type.String(),
  location: Nullable(LocationSchema),
});

export const WaterMeterSchema = Type.Object({
  waterMeterId: Type.Integer(),
  serialNo: Type.String(),
  waterType: Type.Integer(),
  address: Nullable(Type.String()),
  dimension: Nullable(Type.String()),
  placementId: Nullable(Type.Integer()),
  placement: Nullable(Type.String()),
  meterModelId: Nullable(Type.Integer()),
  readerTypeId: Nullable(Type.Integer()),
  waterMeterPointId: Nullable(Type.Integer()),
  lastMeterReading: Nullable(Type.Number()),
  lastReadDate: Nullable(Type.String()),
  installedDate: Nullable(Type.String()),
  matrikkelenhetId: Type.Integer(),
  matrikkelNummer: Type.String(),
});

export const ChangeFeedSchema = Type.Object({
  cursor: Type.String(),
  reset: Type.Boolean(),
  jobs: Type.Array(JobSchema),
  deletedJobIds: Type.Array(Uuid),
  hasMore: Type.Boolean(),
});

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** An id path parameter of a bigint column (properties, housing units, water meters). */
export const BigIdParam = Type.Object({ id: BigId() });
export const UuidParam = Type.Object({ id: Uuid });
export const NrParam = Type.Object({ nr: Type.String({ minLength: 1, maxLength: 40 }) });
