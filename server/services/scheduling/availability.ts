/**
 * Plumber availability and a schedule's unavailable time slots (spec 2 §3, §4, §7; shapes and the
 * decisions the spec leaves open: src/domain/schemas/availability.ts). Every call needs an admin of a
 * company whose agreement is in force (a plumber 403); another company's plumbers, entries, schedules
 * and slots are not there (404). The rules of one entry and of overlaps are the modal's own
 * (src/domain/scheduling/availability.ts), checked here on Oslo's today.
 *
 * A write takes the plumber's time lock (repositories/scheduling.ts lockPlumberTime) before it reads
 * what it checks, so it takes turns with the batch, with drops and with other availability writes, in
 * any server process. It answers the plumber's laid items that it left outside their time, read from
 * the same week facts planning reads (week.ts weekFacts), and notes the change for open screens.
 */
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant, osloTimeText, parseDay } from '../../../src/domain/time/oslo';
import {
  AVAILABILITY_LIST_MAX, AVAILABILITY_OVERLAP_KEY, AVAILABILITY_PAST_READ_ONLY_KEY, checkAvailability, checkAvailabilityDate, checkAvailabilityTimes,
  itemsOutsideTime, overlapOf, overlapWithin, UNAVAILABLE_SLOT_OUTSIDE_WEEK_KEY, type AvailabilityRefusal, type DaySpan,
} from '../../../src/domain/scheduling/availability';
import { minutesOf } from '../../../src/domain/scheduling/hours';
import type {
  AvailabilityDeleteResult, AvailabilityInput, AvailabilitySlot, AvailabilityUpdate, AvailabilityWriteResult, OverlappedItem, UnavailableSlot,
  UnavailableSlotInput, UnavailableSlotWriteResult,
} from '../../../src/domain/schemas/availability';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import type { DbOrTx, Tx, Work } from '../../db/tx';
import { badRequest, KeyedConflict, notFound, RuleError } from '../../http/errors';
import {
  availabilityOnDays, availabilityPage, deleteAvailabilityRows, deleteUnavailableSlotRow, findAvailability, findUnavailableSlot, insertAvailability,
  insertUnavailableSlot, unavailableSlotsOfSchedule, updateAvailabilityRow, type AvailabilityRow, type UnavailableSlotRow,
} from '../../repositories/availability';
import { findSchedule, laidItemsOfPlumber, lockPlumberTime, type ItemRow } from '../../repositories/scheduling';
import { companyAssignee } from './schedules';
import { companyJobTimes, weekFacts } from './week';
import { command } from '../command';

/** Today in Norway: past days are read-only, whatever the server's zone. */
const today = () => osloDay(new Date());

const refuse = (at: string, r: AvailabilityRefusal) => new RuleError(`${at}/${r.field}`, r.text, r.errorKey);

const span = (s: DaySpan) => `${s.date} ${s.startTime}–${s.endTime}`;

const overlapConflict = (what: string, s: DaySpan, other: DaySpan & { id?: number }, otherName: string) =>
  new KeyedConflict(`${AVAILABILITY_OVERLAP_KEY}: ${what} (${span(s)}) overlaps ${otherName} (${span(other)})`, AVAILABILITY_OVERLAP_KEY);

const pastReadOnly = (what: string, date: string) =>
  new KeyedConflict(`${AVAILABILITY_PAST_READ_ONLY_KEY}: ${what} is on ${date}, a past day, and is not changed`, AVAILABILITY_PAST_READ_ONLY_KEY);

const instant = (date: string, time: string) => osloInstant(date, minutesOf(time)).toISOString();

function toSlot(r: AvailabilityRow): AvailabilitySlot {
  return {
    id: r.id, availabilitySlotId: r.id, availabilityTypeId: r.availabilityTypeId, userRegistrationId: r.registrationId, date: r.date,
    weekNo: isoWeek(r.date).week, startTime: r.startTime, endTime: r.endTime, reason: r.reason ?? '',
    startDateTime: instant(r.date, r.startTime), endDateTime: instant(r.date, r.endTime),
  };
}

function toUnavailable(r: UnavailableSlotRow): UnavailableSlot {
  return {
    id: r.id, scheduleId: r.scheduleId, date: r.date, startTime: r.startTime, endTime: r.endTime,
    startDateTime: instant(r.date, r.startTime), endDateTime: instant(r.date, r.endTime),
  };
}

function toOverlapped(i: ItemRow): OverlappedItem {
  const start = i.startTime!;
  const end = i.endTime!;
  return {
    id: i.id, scheduleId: i.scheduleId, status: i.status, address: i.address, scheduledDate: osloDay(start), startTime: osloTimeText(start),
    endTime: osloTimeText(end), scheduleStartDateTime: start.toISOString(), scheduleEndDateTime: end.toISOString(),
  };
}

/**
 * The plumber's laid items on `dates` that lie outside their time now (domain itemsOutsideTime over
 * the weeks' facts), by start. Reads the facts only of weeks where such a day holds an item.
 */
async function itemsOffTime(tx: Tx, companyId: string, registrationId: number, dates: Iterable<string>): Promise<OverlappedItem[]> {
  const days = [...new Set(dates)].sort();
  if (!days.length) return [];
  const laid = (await laidItemsOfPlumber(tx, companyId, registrationId, osloInstant(days[0], 0), osloInstant(addDays(days[days.length - 1], 1), 0)))
    .filter((i) => days.includes(osloDay(i.startTime!)));
  if (!laid.length) return [];
  const weeks = new Map<string, { year: number; week: number; dates: string[] }>();
  for (const date of new Set(laid.map((i) => osloDay(i.startTime!)))) {
    const w = isoWeek(date);
    const key = `${w.year}-${w.week}`;
    if (!weeks.has(key)) weeks.set(key, { ...w, dates: [] });
    weeks.get(key)!.dates.push(date);
  }
  const times = await companyJobTimes(tx, companyId);
  const off = new Set<number>();
  for (const w of weeks.values()) {
    const facts = await weekFacts(tx, companyId, registrationId, w.year, w.week, times);
    for (const item of itemsOutsideTime(facts, w.dates)) off.add(item.id);
  }
  return laid.filter((i) => off.has(i.id)).map(toOverlapped);
}

const byStart = (a: OverlappedItem, b: OverlappedItem) => a.scheduleStartDateTime.localeCompare(b.scheduleStartDateTime) || a.id - b.id;

/** Takes the time locks of these plumbers, in one order (two writers of the same plumbers never wait on each other crosswise). */
async function lockPlumbers(tx: Tx, companyId: string, registrationIds: Iterable<number>): Promise<number[]> {
  const sorted = [...new Set(registrationIds)].sort((a, b) => a - b);
  for (const p of sorted) await lockPlumberTime(tx, companyId, p);
  return sorted;
}

/**
 * POST /api/PlumberAvailabilitySetting (one entry, `single`) and POST .../bulk: each entry checked
 * (400 naming its field), each plumber a user of the company (404), no overlap with the plumber's
 * entries of the day or with another entry of the call (409); all saved or none.
 */
export async function addAvailability(w: Work, user: UserContext, list: AvailabilityInput[], single: boolean): Promise<AvailabilityWriteResult> {
  const companyId = requireAdminWithAgreement(user);
  const at = (i: number) => (single ? 'body' : `body/${i}`);
  const now = today();
  list.forEach((e, i) => {
    const problem = checkAvailability(e, now);
    if (problem) throw refuse(at(i), problem);
  });
  for (const p of new Set(list.map((e) => e.userRegistrationId))) await companyAssignee(w.tx, companyId, p);
  const plumbers = await lockPlumbers(w.tx, companyId, list.map((e) => e.userRegistrationId));
  const twice = overlapWithin(list, (a, b) => list[a].userRegistrationId === list[b].userRegistrationId);
  if (twice) throw overlapConflict(at(twice[1]), list[twice[1]], list[twice[0]], at(twice[0]));
  for (const p of plumbers) {
    const own = list.map((e, i) => ({ e, i })).filter(({ e }) => e.userRegistrationId === p);
    const existing = await availabilityOnDays(w.tx, companyId, p, [...new Set(own.map(({ e }) => e.date))]);
    for (const { e, i } of own) {
      const other = overlapOf(e, existing);
      if (other) throw overlapConflict(at(i), e, other, `entry ${other.id}`);
    }
  }
  const rows = await insertAvailability(w.tx, list.map((e) => ({
    companyId, registrationId: e.userRegistrationId, date: e.date, availabilityTypeId: e.availabilityTypeId, startTime: e.startTime, endTime: e.endTime,
    reason: e.reason || null,
  })));
  const overlappedItems: OverlappedItem[] = [];
  for (const p of plumbers) overlappedItems.push(...await itemsOffTime(w.tx, companyId, p, list.filter((e) => e.userRegistrationId === p).map((e) => e.date)));
  w.changes.note(companyId, 'schedules');
  return { entries: rows.map(toSlot), overlappedItems: overlappedItems.sort(byStart) };
}

/** The company's entry `id` under its plumber's time lock, read again once the lock is held; 404 when there is none. */
async function lockedEntry(tx: Tx, companyId: string, id: number): Promise<AvailabilityRow> {
  const [found] = await findAvailability(tx, companyId, [id]);
  if (!found) throw notFound(`Availability entry ${id}`);
  await lockPlumberTime(tx, companyId, found.registrationId);
  const [row] = await findAvailability(tx, companyId, [id]);
  if (!row) throw notFound(`Availability entry ${id}`);
  return row;
}

/** PUT /api/PlumberAvailabilitySetting/{id}: the entry's new day, type and times, checked as a new one; a past entry stays as it is (409). */
export async function updateAvailability(w: Work, user: UserContext, id: number, body: AvailabilityUpdate): Promise<AvailabilityWriteResult> {
  const companyId = requireAdminWithAgreement(user);
  const now = today();
  const problem = checkAvailability(body, now);
  if (problem) throw refuse('body', problem);
  const row = await lockedEntry(w.tx, companyId, id);
  if (row.date < now) throw pastReadOnly(`Availability entry ${id}`, row.date);
  const other = overlapOf(body, (await availabilityOnDays(w.tx, companyId, row.registrationId, [body.date])).filter((e) => e.id !== id));
  if (other) throw overlapConflict('body', body, other, `entry ${other.id}`);
  const saved = await updateAvailabilityRow(w.tx, id, {
    date: body.date, availabilityTypeId: body.availabilityTypeId, startTime: body.startTime, endTime: body.endTime, reason: body.reason || null,
  });
  const overlappedItems = await itemsOffTime(w.tx, companyId, row.registrationId, [row.date, body.date]);
  w.changes.note(companyId, 'schedules');
  return { entries: [toSlot(saved)], overlappedItems };
}

/**
 * DELETE /api/PlumberAvailabilitySetting/{id} and DELETE .../ids: all the entries go, or none (an id
 * the company does not have is 404; an entry on a past day 409).
 */
export async function deleteAvailability(w: Work, user: UserContext, ids: number[]): Promise<AvailabilityDeleteResult> {
  const companyId = requireAdminWithAgreement(user);
  const unique = [...new Set(ids)];
  const missing = (rows: AvailabilityRow[]) => unique.find((id) => !rows.some((r) => r.id === id));
  const found = await findAvailability(w.tx, companyId, unique);
  const absent = missing(found);
  if (absent !== undefined) throw notFound(`Availability entry ${absent}`);
  const plumbers = await lockPlumbers(w.tx, companyId, found.map((r) => r.registrationId));
  const rows = await findAvailability(w.tx, companyId, unique);
  const gone = missing(rows);
  if (gone !== undefined) throw notFound(`Availability entry ${gone}`);
  const now = today();
  const past = rows.find((r) => r.date < now);
  if (past) throw pastReadOnly(`Availability entry ${past.id}`, past.date);
  await deleteAvailabilityRows(w.tx, unique);
  const overlappedItems: OverlappedItem[] = [];
  for (const p of plumbers) overlappedItems.push(...await itemsOffTime(w.tx, companyId, p, rows.filter((r) => r.registrationId === p).map((r) => r.date)));
  w.changes.note(companyId, 'schedules');
  return { deletedIds: unique, overlappedItems: overlappedItems.sort(byStart) };
}

/**
 * GET /api/PlumberAvailabilitySetting/plumber/{id}?from=&to=: the plumber's entries by day and start,
 * from `from` (today when not given) to `to` (open), at most AVAILABILITY_LIST_MAX. When more lie in
 * the range the answer ends with a whole day and `nextFrom` is the day to ask from next.
 */
export async function plumberAvailability(
  db: DbOrTx, user: UserContext, registrationId: number, query: { from?: string; to?: string },
): Promise<{ entries: AvailabilitySlot[]; nextFrom: string | null }> {
  const companyId = requireAdminWithAgreement(user);
  const from = query.from ?? today();
  const to = query.to ?? null;
  if (!parseDay(from)) throw badRequest('querystring/from', 'must be a real date YYYY-MM-DD');
  if (to !== null && !parseDay(to)) throw badRequest('querystring/to', 'must be a real date YYYY-MM-DD');
  if (to !== null && to < from) throw badRequest('querystring/to', `must not be before from (${from})`);
  await companyAssignee(db, companyId, registrationId);
  const rows = await availabilityPage(db, companyId, registrationId, from, to, AVAILABILITY_LIST_MAX + 1);
  if (rows.length <= AVAILABILITY_LIST_MAX) return { entries: rows.map(toSlot), nextFrom: null };
  // A day holds at most 48 entries (quarters of 06:00–18:00, none overlapping), so whole days fit.
  const nextFrom = rows[AVAILABILITY_LIST_MAX].date;
  return { entries: rows.filter((r) => r.date < nextFrom).map(toSlot), nextFrom };
}

/**
 * POST /api/unavailabletimeslots: a span of a day of the schedule's week (not past, the times as an
 * entry's) that overlaps no other slot of the schedule (409). The schedule's plumber's time lock is held.
 */
export async function addUnavailableSlot(w: Work, user: UserContext, body: UnavailableSlotInput): Promise<UnavailableSlotWriteResult> {
  const companyId = requireAdminWithAgreement(user);
  const problem = checkAvailabilityDate(body.date, today()) ?? checkAvailabilityTimes(body.startTime, body.endTime);
  if (problem) throw refuse('body', problem);
  const schedule = await findSchedule(w.tx, companyId, body.scheduleId);
  if (!schedule) throw notFound('Schedule');
  if (!isoWeekDates(schedule.year, schedule.weekNo).includes(body.date)) {
    throw new RuleError('body/date', `must be a day of the schedule's week ${schedule.weekNo} of ${schedule.year}`, UNAVAILABLE_SLOT_OUTSIDE_WEEK_KEY);
  }
  await lockPlumberTime(w.tx, companyId, schedule.assigneeId);
  const other = overlapOf(body, await unavailableSlotsOfSchedule(w.tx, companyId, schedule.id));
  if (other) throw overlapConflict('body', body, other, `unavailable slot ${other.id}`);
  const slot = await insertUnavailableSlot(w.tx, { companyId, scheduleId: schedule.id, date: body.date, startTime: body.startTime, endTime: body.endTime });
  const overlappedItems = await itemsOffTime(w.tx, companyId, schedule.assigneeId, [body.date]);
  w.changes.note(companyId, 'schedules');
  return { slot: toUnavailable(slot), overlappedItems };
}

/** GET /api/unavailabletimeslots/schedule/{id}: the schedule's slots by day and start. */
export async function scheduleUnavailableSlots(db: DbOrTx, user: UserContext, scheduleId: number): Promise<UnavailableSlot[]> {
  const companyId = requireAdminWithAgreement(user);
  if (!(await findSchedule(db, companyId, scheduleId))) throw notFound('Schedule');
  return (await unavailableSlotsOfSchedule(db, companyId, scheduleId)).map(toUnavailable);
}

/** DELETE /api/unavailabletimeslots/{id}: the slot goes (a past one stays: 409); its time is the plumber's again. */
export async function deleteUnavailableSlot(w: Work, user: UserContext, id: number): Promise<{ deletedIds: number[] }> {
  const companyId = requireAdminWithAgreement(user);
  const found = await findUnavailableSlot(w.tx, companyId, id);
  if (!found) throw notFound(`Unavailable slot ${id}`);
  const schedule = await findSchedule(w.tx, companyId, found.scheduleId);
  if (schedule) await lockPlumberTime(w.tx, companyId, schedule.assigneeId);
  const slot = await findUnavailableSlot(w.tx, companyId, id);
  if (!slot) throw notFound(`Unavailable slot ${id}`);
  if (slot.date < today()) throw pastReadOnly(`Unavailable slot ${id}`, slot.date);
  await deleteUnavailableSlotRow(w.tx, id);
  w.changes.note(companyId, 'schedules');
  return { deletedIds: [id] };
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
/** POST /api/PlumberAvailabilitySetting: 201. */
export const addAvailabilityCommand = command({ status: 201, run: (w, user, body: AvailabilityInput) => addAvailability(w, user, [body], true) });
/** POST /api/PlumberAvailabilitySetting/bulk: 201. */
export const addAvailabilityBulkCommand = command({ status: 201, run: (w, user, list: AvailabilityInput[]) => addAvailability(w, user, list, false) });
export const updateAvailabilityCommand = command({
  status: 200, run: (w, user, { id, body }: { id: number; body: AvailabilityUpdate }) => updateAvailability(w, user, id, body),
});
export const deleteAvailabilityCommand = command({ status: 200, run: deleteAvailability });
/** POST /api/unavailabletimeslots: 201. */
export const addUnavailableSlotCommand = command({ status: 201, run: addUnavailableSlot });
export const deleteUnavailableSlotCommand = command({ status: 200, run: deleteUnavailableSlot });
