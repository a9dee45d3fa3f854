/**
 * A plumber's availability entries and a schedule's unavailable slots (spec 2 §3, §4, §5, §9; spec 3
 * §5 Availability modal), once for the calendar's availability modal and the server: each rule of one
 * entry in one function, the overlap rule, the calendar's edit as the calls it makes, and which laid
 * items a change leaves outside the plumber's time.
 *
 * - Types: Available 1, Absent 3 and Extended 4 are created here; Unavailable 2 and Lunch 5 are not
 *   (an unavailable span is a schedule's slot, lunch comes from the working hours).
 * - Day: a real YYYY-MM-DD, not before today in Oslo (past dates are disabled), and, ours, at most
 *   AVAILABILITY_DAYS_AHEAD days ahead.
 * - Times: HH:mm on the time picker's 15-minute marks, within the schedule window 06:00–18:00, the end
 *   later than the start ('Invalid time: to must be later than from').
 * - No two entries of a plumber overlap on a day (spans [start, end): touching is not overlapping),
 *   whatever their types: absence over available time is made by taking the available time away first
 *   (the edit below does). The same holds for the unavailable slots of a schedule.
 * Dates are Oslo calendar days and times Oslo wall times: nothing here reads the device's zone.
 */
import { isTimeOfDay } from '../settings/dayHours';
import { addDays, parseDay } from '../time/oslo';
import { AvailabilityType, PLANNING_TIME_STEP_MINUTES, SCHEDULE_DAY_END, SCHEDULE_DAY_START } from './enums';
import { workingWeek, type LaidItem, type WeekFacts } from './freeWeek';
import { minutesOf, subtract, type Span } from './hours';

/** The types an admin creates (spec 2 §4). */
export const CREATABLE_AVAILABILITY_TYPES: readonly number[] = [AvailabilityType.Available, AvailabilityType.Absent, AvailabilityType.Extended];
/** Types that add time to the plumber's day (hours.ts weekFreeTime); Absent takes it. */
const ADDING_TYPES: readonly number[] = [AvailabilityType.Available, AvailabilityType.Extended];
/** Ours: how far ahead an entry may lie (two years; the calendar's week picker shows 12 weeks). */
export const AVAILABILITY_DAYS_AHEAD = 730;
/** Ours: the most entries (or ids) one bulk call takes. */
export const AVAILABILITY_BULK_MAX = 200;
/** Ours: the most entries one read answers (see schemas/availability.ts X-Next-From). */
export const AVAILABILITY_LIST_MAX = 1000;
export const AVAILABILITY_REASON_MAX_LENGTH = 200;

/** An entry as the rules see it; null where the modal has nothing yet. */
export interface AvailabilityDraft {
  date: string | null;
  availabilityTypeId: number;
  startTime: string | null;
  endTime: string | null;
}

export type AvailabilityField = 'availabilityTypeId' | 'date' | 'startTime' | 'endTime';

export type AvailabilityProblem =
  | 'TypeNotCreatable' | 'DateRequired' | 'InvalidDate' | 'PastDate' | 'TooFarAhead'
  | 'TimeRequired' | 'InvalidTimeFormat' | 'TimeStep' | 'OutsideWindow' | 'InvalidTime';

/** A refused field: which, why, the message key the client shows (planning namespace) and the server's English text. */
export interface AvailabilityRefusal {
  field: AvailabilityField;
  problem: AvailabilityProblem;
  errorKey: string;
  text: string;
}

export const AVAILABILITY_PROBLEM_TEXT: Record<AvailabilityProblem, string> = {
  TypeNotCreatable: 'must be 1 (Available), 3 (Absent) or 4 (Extended): Unavailable and Lunch are not created here',
  DateRequired: 'is required',
  InvalidDate: 'must be a real date YYYY-MM-DD',
  PastDate: 'must not be in the past',
  TooFarAhead: `must be at most ${AVAILABILITY_DAYS_AHEAD} days ahead`,
  TimeRequired: 'is required',
  InvalidTimeFormat: 'must be a time HH:mm',
  TimeStep: `must be on a ${PLANNING_TIME_STEP_MINUTES}-minute mark (00, 15, 30 or 45)`,
  OutsideWindow: `must be within ${SCHEDULE_DAY_START}–${SCHEDULE_DAY_END}`,
  InvalidTime: 'Invalid time: to must be later than from',
};

/** The message key of each problem (planning:Scheduling.*; nb and en). */
export const AVAILABILITY_ERROR_KEY: Record<AvailabilityProblem, string> = {
  TypeNotCreatable: 'Scheduling.AvailabilityTypeNotCreatable',
  DateRequired: 'Scheduling.AvailabilityDateRequired',
  InvalidDate: 'Scheduling.AvailabilityInvalidDate',
  PastDate: 'Scheduling.AvailabilityPastDate',
  TooFarAhead: 'Scheduling.AvailabilityTooFarAhead',
  TimeRequired: 'Scheduling.AvailabilityTimeRequired',
  InvalidTimeFormat: 'Scheduling.AvailabilityInvalidTimeFormat',
  TimeStep: 'Scheduling.AvailabilityTimeStep',
  OutsideWindow: 'Scheduling.AvailabilityOutsideWindow',
  InvalidTime: 'Scheduling.AvailabilityInvalidTime',
};
/** 409: another entry (or slot) of the plumber's day overlaps. */
export const AVAILABILITY_OVERLAP_KEY = 'Scheduling.AvailabilityOverlap';
/** 409: an entry or slot on a past day is not changed or deleted. */
export const AVAILABILITY_PAST_READ_ONLY_KEY = 'Scheduling.AvailabilityPastReadOnly';
/** 400: an unavailable slot's day is not in its schedule's week. */
export const UNAVAILABLE_SLOT_OUTSIDE_WEEK_KEY = 'Scheduling.UnavailableSlotOutsideWeek';

const refusal = (field: AvailabilityField, problem: AvailabilityProblem): AvailabilityRefusal =>
  ({ field, problem, errorKey: AVAILABILITY_ERROR_KEY[problem], text: AVAILABILITY_PROBLEM_TEXT[problem] });

/** The type: Available, Absent or Extended. */
export function checkAvailabilityType(typeId: number): AvailabilityRefusal | null {
  return CREATABLE_AVAILABILITY_TYPES.includes(typeId) ? null : refusal('availabilityTypeId', 'TypeNotCreatable');
}

/** The day: set, real, not before `today` (Oslo), at most AVAILABILITY_DAYS_AHEAD after it. */
export function checkAvailabilityDate(date: string | null, today: string): AvailabilityRefusal | null {
  if (!date) return refusal('date', 'DateRequired');
  if (!parseDay(date)) return refusal('date', 'InvalidDate');
  if (date < today) return refusal('date', 'PastDate');
  if (date > addDays(today, AVAILABILITY_DAYS_AHEAD)) return refusal('date', 'TooFarAhead');
  return null;
}

/** One time of the span: set, HH:mm, on a quarter, within the window. */
function checkTime(field: 'startTime' | 'endTime', time: string | null): AvailabilityRefusal | null {
  if (!time) return refusal(field, 'TimeRequired');
  if (!isTimeOfDay(time)) return refusal(field, 'InvalidTimeFormat');
  if (minutesOf(time) % PLANNING_TIME_STEP_MINUTES !== 0) return refusal(field, 'TimeStep');
  if (time < SCHEDULE_DAY_START || time > SCHEDULE_DAY_END) return refusal(field, 'OutsideWindow');
  return null;
}

/** The span (entries and unavailable slots alike): both times valid, the end later than the start (named on the end). */
export function checkAvailabilityTimes(startTime: string | null, endTime: string | null): AvailabilityRefusal | null {
  const problem = checkTime('startTime', startTime) ?? checkTime('endTime', endTime);
  if (problem) return problem;
  return minutesOf(endTime!) > minutesOf(startTime!) ? null : refusal('endTime', 'InvalidTime');
}

/** An entry's own fields, in the modal's order (type, date, start, end): the first refusal, or null. The modal disables Save while it is not null. */
export function checkAvailability(entry: AvailabilityDraft, today: string): AvailabilityRefusal | null {
  return checkAvailabilityType(entry.availabilityTypeId) ?? checkAvailabilityDate(entry.date, today) ?? checkAvailabilityTimes(entry.startTime, entry.endTime);
}

/** A day's span, as entries and slots have it. */
export interface DaySpan {
  date: string;
  startTime: string;
  endTime: string;
}

const overlaps = (a: DaySpan, b: DaySpan): boolean =>
  a.date === b.date && minutesOf(a.startTime) < minutesOf(b.endTime) && minutesOf(b.startTime) < minutesOf(a.endTime);

/**
 * The first of `others` that overlaps `span` on its day (spans are [start, end): one ending as the
 * other starts does not), or undefined. The one overlap rule of entries and of unavailable slots.
 */
export function overlapOf<T extends DaySpan>(span: DaySpan, others: readonly T[]): T | undefined {
  return others.find((o) => overlaps(span, o));
}

/**
 * The first pair of `spans` (indexes, the earlier first) that overlap each other, among those
 * `sameOwner` pairs (a bulk call's entries of one plumber): a bulk call checked against itself.
 */
export function overlapWithin(spans: readonly DaySpan[], sameOwner: (a: number, b: number) => boolean = () => true): [number, number] | undefined {
  for (let j = 1; j < spans.length; j++) {
    for (let i = 0; i < j; i++) if (sameOwner(i, j) && overlaps(spans[i], spans[j])) return [i, j];
  }
  return undefined;
}

/** An entry as stored. */
export interface AvailabilityEntryLike extends DaySpan {
  id: number;
  availabilityTypeId: number;
}

/** The entry the modal saves (no plumber: the edit names it once). */
export interface AvailabilityNext extends DaySpan {
  availabilityTypeId: number;
  reason?: string | null;
}

/** A new entry as the create calls take it (schemas/availability.ts AvailabilityInput). */
export interface AvailabilityCreate extends AvailabilityNext {
  userRegistrationId: number;
}

/** One call of the plumber API (spec 2 §7) the calendar makes, in order. */
export type AvailabilityCall =
  | { kind: 'update'; id: number; body: AvailabilityNext }
  | { kind: 'delete'; id: number }
  | { kind: 'deleteIds'; ids: number[] }
  | { kind: 'create'; body: AvailabilityCreate }
  | { kind: 'createBulk'; body: AvailabilityCreate[] };

const BASE = '/api/PlumberAvailabilitySetting';

/** The request of a call: method, path and body. */
export function availabilityRequest(call: AvailabilityCall): { method: 'POST' | 'PUT' | 'DELETE'; path: string; body?: unknown } {
  switch (call.kind) {
    case 'update': return { method: 'PUT', path: `${BASE}/${call.id}`, body: call.body };
    case 'delete': return { method: 'DELETE', path: `${BASE}/${call.id}` };
    case 'deleteIds': return { method: 'DELETE', path: `${BASE}/ids`, body: call.ids };
    case 'create': return { method: 'POST', path: BASE, body: call.body };
    case 'createBulk': return { method: 'POST', path: `${BASE}/bulk`, body: call.body };
  }
}

/** What the calendar's availability modal saves: the slot it was opened on (null on a free slot), the entry it saves, the plumber and their entries. */
export interface AvailabilityEdit {
  /** The entry of the slot the modal was opened on; null when the slot has none (a free slot). */
  slot: AvailabilityEntryLike | null;
  next: AvailabilityNext;
  userRegistrationId: number;
  /** The plumber's entries (at least those of `next.date`). */
  entries: readonly AvailabilityEntryLike[];
}

/**
 * The calls that save an availability edit on the calendar (spec 2 §4 "Availability edit on the
 * calendar"), in the order to make them:
 * - type unchanged, absent: update the slot;
 * - type unchanged, available: delete the slot and create the available time in bulk;
 * - available → absent: delete in bulk the available slots in the range (and the slot itself); then,
 *   ours, create the absence: the working hours stand until an Absent entry takes them;
 * - absent → available: delete the slot (the working hours come back).
 * Extended (spec 2 §4 names no case) goes as available does, but absent → extended also creates the
 * extended time, which is outside the working hours and so not given back by deleting the absence.
 * On a free slot (no entry): an absence takes away the available time in its range first, then is
 * created; available or extended time is created in bulk.
 */
export function availabilityEditCalls(edit: AvailabilityEdit): AvailabilityCall[] {
  const { slot, next, userRegistrationId } = edit;
  const create: AvailabilityCreate = { ...next, userRegistrationId };
  const toAbsent = next.availabilityTypeId === AvailabilityType.Absent;
  if (slot && slot.availabilityTypeId === AvailabilityType.Absent && toAbsent) return [{ kind: 'update', id: slot.id, body: next }];
  if (toAbsent) {
    const inRange = edit.entries.filter((e) => ADDING_TYPES.includes(e.availabilityTypeId) && overlaps(e, next)).map((e) => e.id);
    const ids = [...new Set([...(slot ? [slot.id] : []), ...inRange])];
    return [...(ids.length ? [{ kind: 'deleteIds' as const, ids }] : []), { kind: 'create', body: create }];
  }
  if (slot && slot.availabilityTypeId === AvailabilityType.Absent && next.availabilityTypeId === AvailabilityType.Available) return [{ kind: 'delete', id: slot.id }];
  return [...(slot ? [{ kind: 'delete' as const, id: slot.id }] : []), { kind: 'createBulk', body: [create] }];
}

/**
 * The laid items on `dates` that lie outside the plumber's time: not wholly inside one span of the
 * day's working time (freeWeek.ts workingWeek: working hours less lunch, holidays and absence, plus
 * available and extended time) less the schedule's unavailable slots. What a write of availability
 * lists for the calendar to move (schemas/availability.ts overlappedItems), by start.
 */
export function itemsOutsideTime(facts: WeekFacts, dates: readonly string[]): LaidItem[] {
  const days = new Map(workingWeek(facts).map((d) => [d.date, d.spans]));
  const out: LaidItem[] = [];
  for (const item of facts.laid) {
    if (!dates.includes(item.date)) continue;
    let spans: Span[] = [...(days.get(item.date) ?? [])];
    for (const u of facts.unavailable.filter((x) => x.date === item.date)) spans = subtract(spans, [minutesOf(u.startTime), minutesOf(u.endTime)]);
    if (!spans.some(([a, b]) => a <= item.from && item.to <= b)) out.push(item);
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.from - b.from);
}
