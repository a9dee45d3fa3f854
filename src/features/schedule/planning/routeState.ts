/**
 * What the planning route is given (spec 2 §2.1): the calendar's route state (scheduleId, plumberId,
 * calendarWeek, year, startDateTime, skipWeekCount), the edit route's schedule id and an optional
 * assigneeId query. The page's own plumber-and-week choice hands over the same state.
 */
export interface PlanningRouteState {
  scheduleId?: number;
  plumberId?: number;
  calendarWeek?: number;
  year?: number;
  startDateTime?: string;
  skipWeekCount?: number;
}

/** What the page plans: a schedule by id, or a plumber's week (the schedule is found or created). */
export type PlanTarget =
  | { kind: 'schedule'; scheduleId: number; assigneeId?: number }
  | { kind: 'week'; assigneeId: number; weekNo: number; year: number; scheduleId: number | null };

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readRouteState(state: unknown): PlanningRouteState {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  return {
    scheduleId: positive(s.scheduleId), plumberId: positive(s.plumberId), calendarWeek: positive(s.calendarWeek),
    year: positive(s.year), skipWeekCount: positive(s.skipWeekCount),
    startDateTime: typeof s.startDateTime === 'string' ? s.startDateTime : undefined,
  };
}

/**
 * The edit route's id first, then a full plumber-and-week state; null: the page asks for a plumber and
 * week. The edit route's plumber (the state's, else the assigneeId query, spec 2 §2.1) is only a hint:
 * it lets the assignment list be read alongside the schedule instead of after it (Planner.tsx); the
 * schedule read says whose week it is.
 */
export function planTarget(routeId: string | undefined, state: PlanningRouteState, assigneeQuery: string | null): PlanTarget | null {
  const scheduleId = positive(routeId);
  const assigneeId = state.plumberId ?? positive(assigneeQuery);
  if (scheduleId) return assigneeId ? { kind: 'schedule', scheduleId, assigneeId } : { kind: 'schedule', scheduleId };
  if (assigneeId && state.calendarWeek && state.year) {
    return { kind: 'week', assigneeId, weekNo: state.calendarWeek, year: state.year, scheduleId: state.scheduleId ?? null };
  }
  return null;
}
