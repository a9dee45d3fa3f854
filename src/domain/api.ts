/**
 * The JSON shapes exchanged with the plumber API (spec 1 §3, §7). Client and server both use
 * these; the server's TypeBox schemas describe the same shapes for validation and OpenAPI.
 * Dates are ISO-8601 strings in UTC.
 */

export interface Location {
  x: number;
  y: number;
  /** EPSG code of x/y (25832/25833/25835), or 0 when x is longitude and y latitude. */
  srs: number;
}

export interface MatrikkelDetails {
  matrikkelNummer: string;
  matrikkelenhetId: number;
  addressId: number | null;
}

export interface ContactPerson {
  name: string;
  mobileNo: string;
  organizationNo?: string | null;
}

export interface ContactInfo {
  contactPerson: ContactPerson | null;
  mobileNo: string | null;
}

export interface SubscriberDetails {
  addressId: number | null;
  addressText: string;
  location: Location | null;
  coordinateSource: string | null;
  buildingId?: number | null;
  housingUnitId?: number | null;
}

export interface Task {
  taskId: string;
  jobId: string;
  jobType: string;
  title: string;
  typeId: number;
  statusId: number;
  description: string | null;
  isActive: boolean;
  isDeleted: boolean;
  taskOrder: number;
  taskNo: number;
  externalRefId: string | null;
  externalRefText: string | null;
  assignedTo: number | null;
  assigneeName: string | null;
  scheduleItemId: number | null;
  startDate: string | null;
  subscriberDetails: SubscriberDetails | null;
  newWaterMeterObj: Record<string, unknown> | null;
  dismantleObj: Record<string, unknown> | null;
  additionalDetailsRequest: Record<string, unknown> | null;
  notes: string | null;
}

export interface Job {
  jobId: string;
  refNr: number;
  title: string;
  typeId: number;
  statusId: number;
  severityId: number;
  description: string | null;
  scheduledDate: string | null;
  dueDate: string | null;
  completedDate: string | null;
  completedBy: string | null;
  assignedToId: number;
  assigneeName: string;
  assignedDate: string | null;
  subscriberText: string;
  matrikkel: MatrikkelDetails;
  contactInfo: ContactInfo | null;
  notes: string | null;
  autoCreated: boolean;
  isDraft: boolean;
  isNearByJob: boolean;
  jobTasks: Task[];
  companyId: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Optimistic-concurrency version; increases on every server write. */
  version: number;
}

/** POST /api/Jobs body (spec 1 §3 "Create job payload"). jobId is our addition: ids made on the device. */
export interface CreateJobRequest {
  jobId?: string;
  roleId: number;
  refNo: number;
  title: string;
  jobTypeId: number;
  jobType: string;
  matrikkelDetails: MatrikkelDetails;
  subscriberText: string;
  scheduledDate: string | null;
  dueDate?: string | null;
  assignedToId: number;
  assigneeName: string;
  createdBy: string;
  status: number;
  description: string | null;
  severity: number;
  taskRequest: {
    taskId: string;
    isActive: boolean;
    taskNo: number;
    jobType: string;
    taskOrder: number;
    subscriberDetails: SubscriberDetails;
    statusId: number;
    description: string | null;
    externalRefId: string | null;
    externalRefText: string | null;
  };
}

export interface TaskEditRequest {
  jobId: string;
  taskId: string;
  title: string;
  typeId: number;
  jobType: string;
  description: string | null;
  assignedTo: number | null;
  assigneeName: string | null;
  assignedDate: string | null;
  dueDate: string | null;
  startDate: string | null;
  statusId: number;
  isDeleted: boolean;
}

/** PUT /api/Jobs, edit form. expectedVersion (ours) makes the server answer 409 on a lost update. */
export interface UpdateJobRequest {
  jobId: string;
  plumberId: number;
  description: string | null;
  jobTypeId: number;
  jobType: string;
  title: string;
  severity: number;
  status: number;
  scheduledDate: string | null;
  dueDate: string | null;
  updatedBy: string;
  taskEditRequests: TaskEditRequest[];
  expectedVersion?: number;
}

/** PUT /api/Jobs, note change. */
export interface UpdateJobNoteRequest {
  jobId: string;
  notes: string;
  status: number;
  severity: number;
  expectedVersion?: number;
}

/** PUT /api/Jobs, manual completion. */
export interface CompleteJobRequest {
  jobId: string;
  jobType: string;
  completedBy: string;
  completedDate: string;
  status: number;
  jobTypeId: number;
  matrikkelDetails: MatrikkelDetails;
  subscriberText: string;
  taskEditRequests: TaskEditRequest[];
}

/** PUT /api/Jobs, reassignment. */
export interface ReassignJobsRequest {
  jobsList: string[];
  assigneeId: number;
  assigneeName: string;
}

export interface DeleteJobsRequest {
  jobList: { jobId: string; autoCreated: boolean; statusId: number; jobTasks: { taskId: string }[] }[];
  /** Ours: why an automatically created job is cancelled (cancellation reasons of spec 2 §3). */
  cancellationTypeId?: number;
  sendSms?: boolean;
  hasMergeFields?: boolean;
  templateKey?: string;
  customText?: string;
  workingHours?: { StartTime: string; EndTime: string; Day: string }[];
}

/** POST /api/Tasks body: a task added to an existing job. taskId may be made on the device. */
export interface AddTaskRequest {
  jobId: string;
  taskId?: string;
  subscriberDetails?: SubscriberDetails;
  description?: string | null;
}

export interface DeleteTaskRequest {
  taskId: string;
  jobId: string;
}

export interface JobsPage {
  jobs: Job[];
  numberOfPages: number;
}

export interface User {
  userId: string;
  userRegistrationId: number;
  customerId: string;
  companyId: string | null;
  customerNumber: string;
  customerName: string;
  firstName: string;
  lastName: string;
  displayName: string;
  userName: string;
  email: string;
  mobile: string | null;
  userSource: string;
  isAdmin: boolean;
  isActive: boolean;
  hidePlumberOptions: boolean;
  gdprConsent: boolean;
  roleId: number;
  userStatus: number;
  registeredDate: string;
  companyInfo: CompanyInfo | null;
}

export interface CompanyInfo {
  id: string;
  orgNumber: string;
  name: string;
  address: string;
  postcode: number;
  city: string;
  telephone: string;
  email: string;
}

export interface Plumber {
  id: number;
  userId: string;
  firstName: string;
  lastName: string;
  displayName: string;
  telephone: string | null;
  email: string;
  userStatus: number;
  registeredDate: string;
  isActive: boolean;
  plumberInitials: string;
  roleId: number;
  gdprConsent: boolean;
}

export interface PlumberJobCounts {
  assigned: number;
  completed: number;
  pending: number;
}

export interface AddressSearchResult {
  addressText: string;
  addressId: number | null;
  matrikkelenhetId: number | null;
  matrikkelNummer: string | null;
  location: Location | null;
  type: string;
}

/** GET /api/sync/changes?since= — the per-user change feed (ours; the spec shows no sync call). */
export interface ChangeFeed {
  /** Opaque cursor to send as `since` next time. */
  cursor: string;
  /** True when `since` was absent or too old: the client must replace its replica with `jobs` (and those of the pages that follow while hasMore). */
  reset: boolean;
  jobs: Job[];
  deletedJobIds: string[];
  /** More changes follow at once: ask again with `cursor` (the server sends at most 500 jobs a page). */
  hasMore?: boolean;
}

/** Error body the API sends on every non-2xx answer. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** On 409: the job as the server holds it now. */
  current?: Job;
  /** The spec's name of the error where it has one (spec 1 §8), e.g. ErrorDismantleDate. */
  errorKey?: string;
}

/** 'plumber notification' event payload (spec 1 §7, spec 3 §4). */
export interface PlumberNotification {
  OrganizationNumber: string;
  CustomerId: string;
  NotificationType: string;
  BatchJobId?: string;
}
