/**
 * What the calendar shows (spec 2 §2.2): a plumber and an ISO week, kept in the query (?plumber=&weekNo=&year=)
 * so a reload or a link opens the same week. The route state it is reached with is read once: the
 * spec's weekNo, year and setLoggedUserByDefault (default true), and the planning page's state
 * (planning/routeState.ts: plumberId, calendarWeek, year) when planning hands the week back.
 */
import { isoWeeksInYear, osloDay } from '../../../domain/time/oslo';
import { readRouteState } from '../planning/routeState';
import { weekOf, type IsoWeekRef } from './weeks';

export interface CalendarTarget extends IsoWeekRef {
  /** null: none chosen yet; the page takes the default plumber. */
  plumberId: number | null;
  /** Default the plumber to the signed-in user when they are one of the plumbers (spec 2 §6). */
  setLoggedUserByDefault: boolean;
}

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function readCalendarTarget(params: URLSearchParams, state: unknown, today: string = osloDay(new Date())): CalendarTarget {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const planning = readRouteState(state);
  const plumberId = positive(params.get('plumber')) ?? planning.plumberId ?? null;
  const weekNo = positive(params.get('weekNo')) ?? positive(s.weekNo) ?? planning.calendarWeek;
  const year = positive(params.get('year')) ?? planning.year;
  const week = weekNo && year && year >= 2000 && year <= 2100 && weekNo <= isoWeeksInYear(year) ? { year, weekNo } : weekOf(today);
  return { plumberId, ...week, setLoggedUserByDefault: s.setLoggedUserByDefault !== false };
}

/** The query of a target. */
export const calendarQuery = (plumberId: number, w: IsoWeekRef): Record<string, string> => ({
  plumber: String(plumberId), weekNo: String(w.weekNo), year: String(w.year),
});
