/**
 * Analytics for the /dashboard (spec 3 §2, §7). The spec shows no shapes; these are ours.
 *
 * Filters (AnalyticsQuery, every one optional): fromDate/toDate (the report's date forms, whole days
 * in Oslo; both absent: the 12 ISO weeks up to today; only one given: 400), jobTypeId, userId (an
 * assignee's registration id; one outside the caller's company is 404).
 *
 * GET /api/Analytics/joballocation/company[?filters] → JobAllocation: jobs assigned in the range
 *   (assignedDate, else createdAt), by their current status, one entry per assignee.
 * GET /api/Analytics/joballocation/company/user/{id}[?filters] → JobAllocation with exactly that
 *   assignee's entry (zeros when they have none).
 * GET /api/Analytics/assignments/company → Assignments for the default range, every type and assignee.
 * GET /api/Analytics/assignments/company/filter?{filters} → Assignments as filtered.
 * GET /api/Analytics/assignments/company/user/filter?userId&{filters} → Assignments of one assignee.
 *
 * Assignments: jobs completed per ISO week of the range (every week present, zeros too, by Oslo
 * time), jobs assigned in the range that are open now (New, In progress, On hold) by job type, and
 * jobs due in the range whose due date has passed and that are not Completed or Closed, per assignee.
 *
 * Every number is bounded by the range, each by the date that fits it (the dashboard says which
 * under each chart): job allocation and open work by the assignment date, completions by the
 * completion date, overdue jobs by the due date.
 */
import { Type, type Static } from 'typebox';
import { ReportDate } from './reports';

export const AnalyticsQuery = Type.Object({
  fromDate: Type.Optional(ReportDate),
  toDate: Type.Optional(ReportDate),
  jobTypeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  userId: Type.Optional(Type.Integer({ minimum: 1, description: 'Assignee registration id' })),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsUserQuery = Type.Object({
  fromDate: Type.Optional(ReportDate),
  toDate: Type.Optional(ReportDate),
  jobTypeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  userId: Type.Integer({ minimum: 1, description: 'Assignee registration id' }),
});

const Count = Type.Integer({ minimum: 0 });

/** Jobs of one assignee by current job status (JobStatus 1-5). */
export const PlumberAllocationSchema = Type.Object({
  userId: Type.Integer({ description: 'Registration id' }),
  name: Type.String(),
  new: Count,
  inProgress: Count,
  onHold: Count,
  completed: Count,
  closed: Count,
  total: Count,
});
export type PlumberAllocation = Static<typeof PlumberAllocationSchema>;

export const JobAllocationSchema = Type.Object({
  fromDate: Type.String({ description: 'YYYY-MM-DD' }),
  toDate: Type.String({ description: 'YYYY-MM-DD' }),
  plumbers: Type.Array(PlumberAllocationSchema),
});
export type JobAllocation = Static<typeof JobAllocationSchema>;

export const WeekCountSchema = Type.Object({
  weekStart: Type.String({ description: 'The ISO week\'s Monday, YYYY-MM-DD' }),
  isoYear: Type.Integer(),
  isoWeek: Type.Integer({ minimum: 1, maximum: 53 }),
  count: Count,
});
export type WeekCount = Static<typeof WeekCountSchema>;

export const TypeCountSchema = Type.Object({ jobTypeId: Type.Integer(), name: Type.String(), count: Count });
export type TypeCount = Static<typeof TypeCountSchema>;

export const PlumberCountSchema = Type.Object({ userId: Type.Integer(), name: Type.String(), count: Count });
export type PlumberCount = Static<typeof PlumberCountSchema>;

export const AssignmentsSchema = Type.Object({
  fromDate: Type.String({ description: 'YYYY-MM-DD' }),
  toDate: Type.String({ description: 'YYYY-MM-DD' }),
  completedPerWeek: Type.Array(WeekCountSchema),
  openByType: Type.Array(TypeCountSchema),
  overdue: Type.Array(PlumberCountSchema),
});
export type Assignments = Static<typeof AssignmentsSchema>;
