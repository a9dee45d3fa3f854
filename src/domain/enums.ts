/** The spec's numbers live here once; client and server import them. */

export const Role = { Plumber: 1, PlumberAdmin: 2 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const UserStatus = { Default: 0, Pending: 1, Activated: 2, Rejected: 3, Deactivated: 4 } as const;

/** Job status (spec 1 §4). */
export const JobStatus = { New: 1, InProgress: 2, OnHold: 3, Completed: 4, Closed: 5 } as const;
export type JobStatusId = (typeof JobStatus)[keyof typeof JobStatus];

/** Task status and the job-list status filter share these numbers (spec 1 §4). */
export const TaskStatus = {
  All: 0,
  NotStarted: 1,
  InProgress: 2,
  Completed: 4,
  Automatic: 6,
  Obstacle: 8,
  Deviation: 9,
} as const;
export type TaskStatusId = (typeof TaskStatus)[keyof typeof TaskStatus];

/** A task in one of these is finished: read-only, counts towards manual completion. */
export const FINISHED_TASK_STATUSES: readonly number[] = [TaskStatus.Completed, TaskStatus.Deviation, TaskStatus.Obstacle];

export const JobType = { Install: 1, Replace: 2, Dismantle: 3, Avvik: 4 } as const;
export type JobTypeId = (typeof JobType)[keyof typeof JobType];
export const JobTypeShortName: Record<number, string> = { 1: 'Install', 2: 'Replace', 3: 'Dismantle', 4: 'Avvik' };

export const WaterType = { Cold: 0, Hot: 1, ColdAndHot: 2 } as const;
/** Yes/No/Unknown answers (spec 1 §3). */
export const YesNoUnknown = { Yes: 1, No: 2, Unknown: 3 } as const;
export const DeviationType = { Deviation: 0, Obstacle: 1 } as const;

export const JobSource = { NewJob: 'NewJob', ExistingJob: 'ExistingJob' } as const;

/**
 * 'plumber notification' kinds. Registration is the spec's; JobsChanged and MediaChanged are ours:
 * jobs (or task images) of the company changed on the server, so devices refresh now instead of at
 * their next timer. SchedulesChanged (ours): a plumber's week changed (an item dropped, a note, an
 * availability entry), so an open calendar reloads the week. ScheduleBatch: a batch's state changed.
 */
export const NotificationType = {
  Registration: 'Registration', JobsChanged: 'JobsChanged', MediaChanged: 'MediaChanged', ScheduleBatch: 'ScheduleBatch', SchedulesChanged: 'SchedulesChanged',
  /** Ours: who has a plumber's week open in the calendar changed (schemas/presence.ts); told to the company's admins only. */
  PresenceChanged: 'PresenceChanged',
  /** Ours: the company's settings, configuration or SMS templates changed. */
  SettingsChanged: 'SettingsChanged',
  /** Ours: working hours or holidays changed, so the plumbers' weeks did (an open calendar reads its week again). */
  WorkingHoursChanged: 'WorkingHoursChanged',
  /** Ours: a user of the company changed (status or information). */
  UsersChanged: 'UsersChanged',
  /** Ours: an SMS of the company moved on its way (queued, handed over, delivered, failed); told to its admins only. */
  MessagesChanged: 'MessagesChanged',
} as const;

export const AddressResultType = { PropertyUnit: 'PropertyUnit', Street: 'Street', StreetAddress: 'StreetAddress' } as const;
export type AddressResultTypeName = (typeof AddressResultType)[keyof typeof AddressResultType];

export const CoordinateSource = { Property: 'Property' } as const;

/** Cancellation reasons (spec 2 §3). */
export const CancellationReason = {
  NoReply: 1, UnknownReply: 2, Rejection: 3, Other: 4, ExternalFailure: 5, InternalFailure: 6, InvalidInformation: 7,
} as const;
