/**
 * Working hours (spec 3 §3, §5, §7): the company default and employees' own hours, read and written
 * within the caller's company only. Shapes and rules: src/domain/schemas/workingHours.ts; the day
 * rules are the editor's own (src/domain/settings/dayHours.ts).
 */
import { addDays, isoWeekDates, isoWeekday, isoWeekMonday, isoWeeksInYear, osloDay } from '../../src/domain/time/oslo';
import type {
  EmployeeWorkingDay, WorkingHoursSaveRequest, WorkingHoursSetting, WorkingHoursSettingInput,
} from '../../src/domain/schemas/workingHours';
import { DAY_PROBLEM_TEXT, dayName, HOUR_FIELDS, sameHours, validateDay, workDayTypeOf, type DayHours } from '../../src/domain/settings/dayHours';
import { effectiveWeek, hoursOf } from '../../src/domain/settings/workingHours';
import { requireAdminWithAgreement, requireCompany } from '../auth/guards';
import type { UserContext } from '../auth/context';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { DbOrTx, Tx, Work } from '../db/tx';
import { lockCompanySettings } from '../repositories/settings';
import { isCompanyEmployee } from '../repositories/users';
import {
  closeStandingRow, companyDefaultHours, currentStandingRow, deleteHoursRow, findHoursRows, findWeekRow, hoursRowsForWeek,
  insertHoursRows, openHoursRows, setHoursOf, toSetting, type HoursRow as Row,
} from '../repositories/workingHours';
import { command } from './command';

/** The caller's company, when `groupId` names it; another company is not there for them (404). */
function ownGroup(companyId: string, groupId: string): void {
  if (groupId.toLowerCase() !== companyId.toLowerCase()) throw notFound('Company');
}

/** An employee of the company (any status: their hours outlive a deactivation); else 404. */
async function companyEmployee(db: DbOrTx, companyId: string, registrationId: number): Promise<void> {
  if (!await isCompanyEmployee(db, companyId, registrationId)) throw notFound('User');
}

/** Monday (YYYY-MM-DD) of this ISO week in Oslo: an employee's hours saved "from now on" apply from it. */
function thisMonday(): string {
  const today = osloDay(new Date());
  return addDays(today, 1 - isoWeekday(today));
}

/** GET /filter?groupId=: the company default, Monday first; 404 when the company has none. */
export async function getCompanyHours(db: DbOrTx, user: UserContext, groupId: string): Promise<WorkingHoursSetting[]> {
  const companyId = requireCompany(user);
  ownGroup(companyId, groupId);
  const rows = await companyDefaultHours(db, companyId);
  if (!rows.length) throw notFound('Working hours');
  return rows.map(toSetting);
}

function checkWeek(year: number, weekNo: number, field: string): void {
  if (weekNo > isoWeeksInYear(year)) throw badRequest(field, `must be a week of ${year} (1 to ${isoWeeksInYear(year)})`);
}

/** GET /filter?userRegistrationId=&Year=&WeekNo=: the hours that apply to each day of that ISO week. */
export async function getEmployeeWeek(
  db: DbOrTx, user: UserContext, registrationId: number, year: number, weekNo: number,
): Promise<EmployeeWorkingDay[]> {
  const companyId = requireCompany(user);
  checkWeek(year, weekNo, 'querystring/WeekNo');
  await companyEmployee(db, companyId, registrationId);
  if (!user.isAdmin && registrationId !== user.registrationId) throw forbidden();
  return employeeWeek(db, companyId, registrationId, year, weekNo, true);
}

/** The seven days of the week as they apply; `missing404`: 404 when neither the employee nor the company has hours. */
async function employeeWeek(
  db: DbOrTx, companyId: string, registrationId: number, year: number, weekNo: number, missing404: boolean,
): Promise<EmployeeWorkingDay[]> {
  const rows = await hoursRowsForWeek(db, companyId, registrationId, year, weekNo, isoWeekMonday(year, weekNo));
  if (!rows.length && missing404) throw notFound('Working hours');
  const dates = isoWeekDates(year, weekNo);
  return effectiveWeek(rows, registrationId, year, weekNo).map(({ dayOfWeek, hours, source, row }) => ({
    id: row?.id ?? 0, userRegistrationId: registrationId, workDayTypeId: workDayTypeOf(dayOfWeek), dayOfWeek, date: dates[dayOfWeek - 1],
    year, weekNo, isEmployeeSpecific: source === 'week' || source === 'standing', isWeekSpecific: source === 'week', ...hours,
  }));
}

/** Checks every day of a save request (spec 3 §5) before anything is written. */
function checkDays(body: WorkingHoursSaveRequest): void {
  const employee = body.userRegistrationId ?? null;
  const seen = new Set<string>();
  body.workingHoursSettings.forEach((s: WorkingHoursSettingInput, i) => {
    const at = `body/workingHoursSettings/${i}`;
    const day = dayName(s.dayOfWeek);
    if (s.workDayTypeId !== undefined && s.workDayTypeId !== workDayTypeOf(s.dayOfWeek)) {
      throw badRequest(`${at}/workDayTypeId`, `must be ${workDayTypeOf(s.dayOfWeek)} for ${day}`);
    }
    const year = s.year ?? null;
    const weekNo = s.weekNo ?? null;
    if ((year === null) !== (weekNo === null)) throw badRequest(`${at}/${year === null ? 'year' : 'weekNo'}`, `must be given with ${year === null ? 'weekNo' : 'year'} (${day})`);
    if (year !== null && employee === null) throw badRequest(`${at}/year`, 'is for an employee\'s hours only: the company default has no week');
    if (year !== null && weekNo !== null) checkWeek(year, weekNo, `${at}/weekNo`);
    const key = `${s.dayOfWeek}/${year}/${weekNo}`;
    if (seen.has(key)) throw badRequest(`${at}/dayOfWeek`, `${day} is given twice`);
    seen.add(key);
    if (s.useCompany) {
      if (employee === null) throw badRequest(`${at}/useCompany`, 'is for an employee\'s hours only: the company default is what it falls back to');
      if (s.id) throw badRequest(`${at}/id`, `must be absent with useCompany: the day is named by dayOfWeek, year and weekNo (${day})`);
      const timed = HOUR_FIELDS.find((f) => s[f] !== null);
      if (timed) throw badRequest(`${at}/${timed}`, `must be null with useCompany: the company's hours apply (${day})`);
    }
    const issue = validateDay(hoursOf(s));
    if (issue) throw badRequest(`${at}/${issue.field}`, `${DAY_PROBLEM_TEXT[issue.problem]} (${day})`);
  });
}

/** The company and employee a write is for, after the permission and scope checks. */
async function writeScope(tx: Tx, user: UserContext, body: WorkingHoursSaveRequest): Promise<{ companyId: string; employee: number | null }> {
  const companyId = requireAdminWithAgreement(user);
  await lockCompanySettings(tx, companyId);
  ownGroup(companyId, body.groupId);
  const employee = body.userRegistrationId ?? null;
  if (employee !== null) await companyEmployee(tx, companyId, employee);
  if (body.answerWeek) {
    if (employee === null) throw badRequest('body/answerWeek', 'is for an employee\'s save only');
    checkWeek(body.answerWeek.year, body.answerWeek.weekNo, 'body/answerWeek/weekNo');
  }
  checkDays(body);
  return { companyId, employee };
}

type SaveAnswer = WorkingHoursSetting[] | EmployeeWorkingDay[];

/** The rows saved, or with answerWeek that week of the employee as it applies now (checked by writeScope). */
async function answer(tx: Tx, companyId: string, body: WorkingHoursSaveRequest, saved: Row[]): Promise<SaveAnswer> {
  const week = body.answerWeek;
  if (week) return employeeWeek(tx, companyId, body.userRegistrationId!, week.year, week.weekNo, false);
  return saved.sort((a, b) => a.dayOfWeek - b.dayOfWeek).map(toSetting);
}

/** POST: new days. The company default is made as all seven days at once; a day that has hours → 409. */
export async function createHours(w: Work, user: UserContext, body: WorkingHoursSaveRequest): Promise<SaveAnswer> {
  const { tx } = w;
  const { companyId, employee } = await writeScope(tx, user, body);
  w.changes.note(companyId, 'workingHours');
  const days = body.workingHoursSettings;
  days.forEach((s, i) => {
    if (s.id) throw badRequest(`body/workingHoursSettings/${i}/id`, 'must be 0 or absent when creating: use PUT to update');
    if (s.useCompany) throw badRequest(`body/workingHoursSettings/${i}/useCompany`, 'is for PUT: POST creates hours');
  });
  if (employee === null && days.length !== 7) throw badRequest('body/workingHoursSettings', 'must hold all seven days for the company default');
  // Replaced standing hours (validUntil set) belong to past weeks: they take no day of the weeks to come.
  const existing = await openHoursRows(tx, companyId, employee);
  days.forEach((s, i) => {
    const taken = existing.find((r) => r.dayOfWeek === s.dayOfWeek && r.year === (s.year ?? null) && r.weekNo === (s.weekNo ?? null));
    if (taken) throw conflict(`workingHoursSettings[${i}].dayOfWeek ${dayName(s.dayOfWeek)} already has hours (id ${taken.id}): update it with PUT`);
  });
  const from = thisMonday();
  const rows = await insertHoursRows(tx, days.map((s) => ({
    companyId, registrationId: employee, year: s.year ?? null, weekNo: s.weekNo ?? null, dayOfWeek: s.dayOfWeek, ...hoursOf(s),
    validFrom: employee !== null && s.year == null ? from : null,
  })));
  return answer(tx, companyId, body, rows);
}

/**
 * PUT, in the request's one transaction (all or nothing): a day with an id gets new times and keeps
 * its weekday, week and owner. An employee's day without an id is named by weekday and week
 * (setEmployeeDay), so a whole week's edits are one request.
 */
export async function updateHours(w: Work, user: UserContext, body: WorkingHoursSaveRequest): Promise<SaveAnswer> {
  const { tx } = w;
  const { companyId, employee } = await writeScope(tx, user, body);
  w.changes.note(companyId, 'workingHours');
  const days = body.workingHoursSettings;
  if (employee === null) {
    days.forEach((s, i) => { if (!s.id) throw badRequest(`body/workingHoursSettings/${i}/id`, 'is required when updating: use POST to create'); });
  }
  const twice = days.findIndex((s, i) => s.id && days.findIndex((o) => o.id === s.id) !== i);
  if (twice >= 0) throw badRequest(`body/workingHoursSettings/${twice}/id`, 'names a day given earlier in the list');
  const ids = days.flatMap((s) => (s.id ? [s.id] : []));
  const rows = ids.length ? await findHoursRows(tx, companyId, ids) : [];
  const updated: Row[] = [];
  for (const [i, s] of days.entries()) {
    if (!s.id) {
      const saved = await setEmployeeDay(tx, companyId, employee!, s);
      if (saved) updated.push(saved);
      continue;
    }
    const row = rows.find((r) => r.id === s.id);
    if (!row) throw notFound(`Working hours ${s.id}`);
    const at = `body/workingHoursSettings/${i}`;
    if (row.registrationId !== employee) throw badRequest(`${at}/id`, employee === null ? 'is an employee\'s day, not the company default' : 'is not a day of this employee');
    if (row.dayOfWeek !== s.dayOfWeek) throw badRequest(`${at}/dayOfWeek`, `must be ${row.dayOfWeek} (${dayName(row.dayOfWeek)}): a day keeps its weekday`);
    if ((s.year !== undefined && s.year !== row.year) || (s.weekNo !== undefined && s.weekNo !== row.weekNo)) {
      throw badRequest(`${at}/year`, 'must stay as it is: a day keeps its week');
    }
    updated.push(row.registrationId !== null && row.year === null
      ? await saveStandingFromNow(tx, row.companyId, row.registrationId, row.dayOfWeek, hoursOf(s))
      : await setHoursOf(tx, row.id, hoursOf(s)));
  }
  return answer(tx, companyId, body, updated);
}

/**
 * An employee's day named by weekday and week: with year and weekNo that week's row, else their
 * standing hours from this week on. Its times are set there (created when missing), or with
 * useCompany the employee's own hours there go and the company's apply; null when nothing is left.
 */
async function setEmployeeDay(tx: Tx, companyId: string, registrationId: number, s: WorkingHoursSettingInput): Promise<Row | null> {
  const hours = hoursOf(s);
  if (s.year != null && s.weekNo != null) {
    const row = await findWeekRow(tx, companyId, registrationId, s.dayOfWeek, s.year, s.weekNo);
    if (s.useCompany) {
      if (row) await deleteHoursRow(tx, row.id);
      return null;
    }
    if (row) return setHoursOf(tx, row.id, hours);
    return (await insertHoursRows(tx, [{ companyId, registrationId, dayOfWeek: s.dayOfWeek, year: s.year, weekNo: s.weekNo, ...hours }]))[0];
  }
  if (s.useCompany) {
    await endStandingFromNow(tx, companyId, registrationId, s.dayOfWeek);
    return null;
  }
  return saveStandingFromNow(tx, companyId, registrationId, s.dayOfWeek, hours);
}

/**
 * An employee's standing hours for a day, changed from this week on: the hours in use since an earlier
 * week are kept for those weeks (closed at this Monday) and new ones start this Monday. Hours that
 * started this week are changed in place, and the same hours again change nothing. The change is to
 * what is in use now, even when the row named was a replaced one (read for a past week).
 */
async function saveStandingFromNow(tx: Tx, companyId: string, registrationId: number, dayOfWeek: number, hours: DayHours): Promise<Row> {
  const from = thisMonday();
  const current = await currentStandingRow(tx, companyId, registrationId, dayOfWeek);
  if (current && sameHours(hoursOf(current), hours)) return current;
  if (current && current.validFrom === from) return setHoursOf(tx, current.id, hours);
  if (current) await closeStandingRow(tx, current.id, from);
  return (await insertHoursRows(tx, [{ companyId, registrationId, dayOfWeek, year: null, weekNo: null, ...hours, validFrom: from }]))[0];
}

/** An employee's standing hours of a day end this week: the weeks before keep them, this one on is the company's. */
async function endStandingFromNow(tx: Tx, companyId: string, registrationId: number, dayOfWeek: number): Promise<void> {
  const current = await currentStandingRow(tx, companyId, registrationId, dayOfWeek);
  if (!current) return;
  if (current.validFrom === thisMonday()) await deleteHoursRow(tx, current.id);
  else await closeStandingRow(tx, current.id, thisMonday());
}

/**
 * DELETE: employee days (back to the company's hours). The company default is set Off, not deleted.
 * Standing hours go back to the company's from this week on; the weeks before keep them.
 */
export async function deleteHours(w: Work, user: UserContext, ids: number[]): Promise<number[]> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'workingHours');
  await lockCompanySettings(tx, companyId);
  const unique = [...new Set(ids)];
  const rows = await findHoursRows(tx, companyId, unique);
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`Working hours ${id}`);
    if (row.registrationId === null) throw badRequest('body', `${id} is the company default for ${dayName(row.dayOfWeek)}: set the day Off instead`);
  }
  for (const row of rows) {
    if (row.year !== null) await deleteHoursRow(tx, row.id);
    else await endStandingFromNow(tx, row.companyId, row.registrationId!, row.dayOfWeek);
  }
  return unique;
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
export const createHoursCommand = command({ status: 201, run: createHours });
export const updateHoursCommand = command({ status: 200, run: updateHours });
/** DELETE /api/WorkingHoursSetting: 200 with { deletedIds }. */
export const deleteHoursCommand = command({ status: 200, run: deleteHours, body: (deletedIds: number[]) => ({ deletedIds }) });
