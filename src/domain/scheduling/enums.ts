/** Scheduling's numbers (spec 2 §4, §9), once for client and server. */

/** Assignment type of a meter point: what the job there will be. Equal to the job types' ids 1–3. */
export const AssignmentType = { New: 1, Replacement: 2, Dismantle: 3 } as const;
export type AssignmentTypeId = (typeof AssignmentType)[keyof typeof AssignmentType];
export const ASSIGNMENT_TYPE_IDS: readonly AssignmentTypeId[] = Object.values(AssignmentType);

/** Schedule item status (spec 2 §4). */
export const ScheduleItemStatus = {
  Scheduled: 1, NotificationInProgress: 2, Notified: 3, NotificationFailed: 4, Confirmed: 5, Rejected: 6, Cancelled: 7,
  Unknown: 8, JobCreated: 9, JobCreationFailed: 10, NoReply: 11, Deviation: 12, Obstacle: 13, SmsApiFailed: 14,
} as const;
export type ScheduleItemStatusId = (typeof ScheduleItemStatus)[keyof typeof ScheduleItemStatus];

/** Assignment item status (spec 2 §4): where a meter point stands towards the schedule being planned. */
export const AssignmentItemStatus = { NotSelected: 0, Selected: 1, PlannedItemsInOtherSchedules: 2, Planned: 3, Scheduled: 4 } as const;
export type AssignmentItemStatusId = (typeof AssignmentItemStatus)[keyof typeof AssignmentItemStatus];
/** The status filter's key for items with no status (spec 2 §4). */
export const NO_STATUS_FILTER_KEY = 8;

/** Schedule status (spec 2 §4; the spec's spelling of PartialyCompleted). */
export const ScheduleStatus = { NotStarted: 1, Started: 2, Completed: 3, Cancelled: 4, ActivationInProgress: 5, PartialyCompleted: 6 } as const;
export type ScheduleStatusId = (typeof ScheduleStatus)[keyof typeof ScheduleStatus];

/** Availability types (spec 2 §4). */
export const AvailabilityType = { Available: 1, Unavailable: 2, Absent: 3, Extended: 4, Lunch: 5 } as const;
export type AvailabilityTypeId = (typeof AvailabilityType)[keyof typeof AvailabilityType];

/** A batch's states (GET /api/ScheduleItemBatchJob). */
export const BatchJobStatus = { Queued: 'Queued', Started: 'Started', Completed: 'Completed', Failed: 'Failed' } as const;
export type BatchJobStatusName = (typeof BatchJobStatus)[keyof typeof BatchJobStatus];

/** spec 2 §9. */
export const SCHEDULE_DAY_START = '06:00';
export const SCHEDULE_DAY_END = '18:00';
export const DURATION_OVERRIDE_CHOICES = [15, 30, 45, 60, 75, 90] as const;
export const PLANNING_TIME_STEP_MINUTES = 15;
export const CALENDAR_SLOT_MINUTES = 30;
/**
 * The calendar's scale (spec 2 §9 "row 30px, 2 px per minute; header 50"). The two numbers disagree
 * for a 30-minute slot; we keep 2 px per minute, so a slot row is 60 px: a 30-minute card then has
 * room for its address, time, type and status, and the 06:00–18:00 day (1440 px) needs the spec's
 * scroll to the first working hour (CALENDAR_SCROLL_DELAY_MS).
 */
export const CALENDAR_PX_PER_MINUTE = 2;
export const CALENDAR_HEADER_PX = 50;
/** spec 2 §9: the calendar scrolls to the first working hour after 1 second. */
export const CALENDAR_SCROLL_DELAY_MS = 1000;
/** spec 2 §2.2: the weekend toggle hides the columns after index 4 (Saturday, Sunday). */
export const CALENDAR_WORKWEEK_DAYS = 5;
export const WEEK_PICKER_WEEKS = 12;
export const PLANNING_MIN_WIDTH_PX = 750;

/** The planning map (spec 2 §9). */
export const MAP_MAX_ZOOM = 19;
export const MAP_DEFAULT_ZOOM = 9;
export const CLUSTER_MAX_ZOOM = 20;
export const CLUSTER_RADIUS = 40;
/** Cluster icon size (px) by point count: below the first threshold 50, then 60 … 100. */
export const CLUSTER_ICON_THRESHOLDS = [10, 100, 1000, 10000, 20000] as const;
export const CLUSTER_ICON_SIZES = [50, 60, 70, 80, 90, 100] as const;

/** Ours: the most vertices a polygon filter may have, and the most points a schedule may hold. */
export const POLYGON_MAX_VERTICES = 500;
export const SCHEDULE_MAX_ITEMS = 1000;

/** The longest note a schedule item keeps (PUT /api/scheduleitem/{id}); the calendar's note dialog counts to it. */
export const SCHEDULE_ITEM_NOTE_MAX = 2000;
