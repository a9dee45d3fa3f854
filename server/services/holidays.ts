/**
 * The company holiday calendar (spec 3 §2, §5, §7). Shapes and the read-only rules:
 * src/domain/schemas/holidays.ts; the check of one holiday is the editor's (src/domain/settings/holidays.ts).
 * "Today" and the current year are Norway's.
 */
import { isoWeek, osloDay, parseDay } from '../../src/domain/time/oslo';
import { checkHoliday, checkHolidayTimes, HOLIDAY_PROBLEM_TEXT, holidayYearChoices, isHolidayYearReadOnly } from '../../src/domain/settings/holidays';
import type { Holiday, HolidayInput } from '../../src/domain/schemas/holidays';
import { requireAdmin, requireAdminWithAgreement, requireCompany } from '../auth/guards';
import type { UserContext } from '../auth/context';
import { badRequest, notFound } from '../http/errors';
import type { DbOrTx, Work } from '../db/tx';
import { lockCompanySettings } from '../repositories/settings';
import {
  deleteHolidays, findHoliday, holidayDates, holidaysFrom, holidaysInYear, insertHolidays, toHoliday, type HolidayRow,
} from '../repositories/holidays';
import { command } from './command';

const today = () => osloDay(new Date());
const currentYear = () => Number(today().slice(0, 4));

/** Years the calendar takes at all (previous, current, next). */
function checkYearChoice(year: number, field: string): void {
  const choices = holidayYearChoices(currentYear());
  if (!choices.includes(year)) throw badRequest(field, `must be one of ${choices.join(', ')}`);
}

function checkWritableYear(year: number, field: string): void {
  checkYearChoice(year, field);
  if (isHolidayYearReadOnly(year, currentYear())) throw badRequest(field, `${year} is a past year: its calendar is read-only`);
}

/** A holiday's own fields: the caller's company, real date, year and ISO week matching it, type and times. */
function checkOwnFields(h: HolidayInput, at: string, companyId: string): { year: number; weekNo: number } {
  if (h.groupId.toLowerCase() !== companyId.toLowerCase()) throw notFound('Company');
  if (!parseDay(h.date)) throw badRequest(`${at}/date`, HOLIDAY_PROBLEM_TEXT.InvalidDate);
  const year = Number(h.date.slice(0, 4));
  const weekNo = isoWeek(h.date).week;
  if (h.year !== undefined && h.year !== year) throw badRequest(`${at}/year`, `must be ${year}, the year of its date (InvalidYear)`);
  if (h.weekNo !== undefined && h.weekNo !== weekNo) throw badRequest(`${at}/weekNo`, `must be ${weekNo}, the ISO week of its date`);
  const times = checkHolidayTimes(h);
  if (times) throw badRequest(`${at}/${times === 'InvalidType' ? 'holidayTypeId' : 'endTime'}`, HOLIDAY_PROBLEM_TEXT[times]);
  return { year, weekNo };
}

const rowOf = (h: HolidayInput, companyId: string, year: number, weekNo: number) => ({
  companyId, date: h.date, year, weekNo, holidayTypeId: h.holidayTypeId, startTime: h.startTime, endTime: h.endTime, reason: h.reason ?? null,
});

/**
 * GET /year/{year}: the company's holidays of that year, by date. The calendar is the settings
 * page's (spec 3 §6: admin only); members read the upcoming holidays through GET /holidays.
 */
export async function holidaysOfYear(db: DbOrTx, user: UserContext, year: number): Promise<Holiday[]> {
  const companyId = requireAdmin(user);
  checkYearChoice(year, 'params/year');
  return (await holidaysInYear(db, companyId, year)).map(toHoliday);
}

/** GET /holidays: from today on, by date. */
export async function upcomingHolidays(db: DbOrTx, user: UserContext): Promise<Holiday[]> {
  const companyId = requireCompany(user);
  return (await holidaysFrom(db, companyId, today())).map(toHoliday);
}

/** POST: new holidays, each in a writable year, from today on, on a date not yet a holiday. */
export async function addHolidays(w: Work, user: UserContext, list: HolidayInput[]): Promise<Holiday[]> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'workingHours');
  await lockCompanySettings(tx, companyId);
  const now = today();
  const used = new Set(await holidayDates(tx, companyId));
  const rows = list.map((h, i) => {
    const at = `body/${i}`;
    if (h.id) throw badRequest(`${at}/id`, 'must be 0 for a new holiday: use PUT /year/{year} to change one');
    const { year, weekNo } = checkOwnFields(h, at, companyId);
    checkWritableYear(year, `${at}/date`);
    const problem = checkHoliday(h, { year, today: now, usedDates: used });
    if (problem) throw badRequest(`${at}/date`, `${h.date} ${HOLIDAY_PROBLEM_TEXT[problem]}`);
    used.add(h.date);
    return rowOf(h, companyId, year, weekNo);
  });
  const created = await insertHolidays(tx, rows);
  return created.sort((a, b) => a.date.localeCompare(b.date)).map(toHoliday);
}

const sameHoliday = (r: HolidayRow, h: HolidayInput) =>
  r.date === h.date && r.holidayTypeId === h.holidayTypeId && r.startTime === h.startTime && r.endTime === h.endTime && r.reason === (h.reason ?? null);

/**
 * PUT /year/{year}: the year's calendar becomes `list`. Holidays before today stay as they are (they
 * may be listed unchanged, and are kept when left out); everything else is checked as when added.
 */
export async function saveYear(w: Work, user: UserContext, year: number, list: HolidayInput[]): Promise<Holiday[]> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'workingHours');
  await lockCompanySettings(tx, companyId);
  checkWritableYear(year, 'params/year');
  const now = today();
  const current = await holidaysInYear(tx, companyId, year);
  const byId = new Map(current.map((r) => [r.id, r]));
  const listed = new Set<number>();
  const dates = new Set<string>();
  const changed: { id: number; row: ReturnType<typeof rowOf> }[] = [];
  const added: ReturnType<typeof rowOf>[] = [];
  list.forEach((h, i) => {
    const at = `body/${i}`;
    const { weekNo } = checkOwnFields(h, at, companyId);
    const old = h.id ? byId.get(h.id) : undefined;
    if (h.id && !old) throw notFound(`Holiday ${h.id}`);
    if (old) {
      if (listed.has(old.id)) throw badRequest(`${at}/id`, `${old.id} is listed twice`);
      listed.add(old.id);
    }
    if (old && sameHoliday(old, h)) {
      if (dates.has(h.date)) throw badRequest(`${at}/date`, `${h.date} ${HOLIDAY_PROBLEM_TEXT.DateAlreadyInUse}`);
      dates.add(h.date);
      return;
    }
    if (old && old.date < now) throw badRequest(`${at}/date`, `${old.date} ${HOLIDAY_PROBLEM_TEXT.PastDate}`);
    const problem = checkHoliday(h, { year, today: now, usedDates: dates });
    if (problem) throw badRequest(`${at}/date`, `${h.date} ${HOLIDAY_PROBLEM_TEXT[problem]}`);
    dates.add(h.date);
    if (old) changed.push({ id: old.id, row: rowOf(h, companyId, year, weekNo) });
    else added.push(rowOf(h, companyId, year, weekNo));
  });
  const removed = current.filter((r) => !listed.has(r.id) && r.date >= now);
  // A kept past holiday still holds its date: nothing listed may take it.
  for (const kept of current.filter((r) => !listed.has(r.id) && r.date < now)) {
    if (dates.has(kept.date)) throw badRequest('body', `${kept.date} ${HOLIDAY_PROBLEM_TEXT.DateAlreadyInUse}`);
  }
  // Changed rows are written again under their ids after the removals, so two holidays may swap dates.
  const gone = [...removed.map((r) => r.id), ...changed.map((c) => c.id)];
  await deleteHolidays(tx, gone);
  await insertHolidays(tx, changed.map((c) => ({ id: c.id, ...c.row })));
  await insertHolidays(tx, added);
  return holidaysOfYear(tx, user, year);
}

/** DELETE /{id}: a holiday of the company from today on; another company's → 404, a past one → 400. */
export async function deleteHoliday(w: Work, user: UserContext, id: number): Promise<number> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'workingHours');
  await lockCompanySettings(tx, companyId);
  const row = await findHoliday(tx, companyId, id);
  if (!row) throw notFound('Holiday');
  if (row.date < today()) throw badRequest('params/id', `${row.date} ${HOLIDAY_PROBLEM_TEXT.PastDate}`);
  await deleteHolidays(tx, [row.id]);
  return row.id;
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
export const addHolidaysCommand = command({ status: 201, run: addHolidays });
export const saveYearCommand = command({
  status: 200, run: (w, user, { year, list }: { year: number; list: HolidayInput[] }) => saveYear(w, user, year, list),
});
/** DELETE /api/Holidays/{id}: 200 with { id }. */
export const deleteHolidayCommand = command({ status: 200, run: deleteHoliday, body: (id: number) => ({ id }) });
