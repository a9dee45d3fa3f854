/**
 * Users of a company as the plumber screens see them (Plumber, id = registration id). Admins list,
 * count and change the status of their company's users; a plumber sees only their own record, and
 * may edit only their own information (spec 1 §6).
 */
import type { Plumber, UserInformationRequest, UserStatusRequest } from '../../src/domain/schemas';
import { BASE_DECIMALS, BASE_LATITUDE_RANGE, BASE_LONGITUDE_RANGE, plumberBaseError } from '../../src/domain/settings/company';
import { canChangeUserStatus } from '../../src/domain/users/status';
import { toNorwegianE164, validatePlumberInformation } from '../../src/domain/validation';
import type { UserContext } from '../auth/context';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { companyUser } from './jobs/read';
import type { DbOrTx, Work } from '../db/tx';
import { countUserRows, findCompanyUserBy, findUsers, toPlumber, updateUser, type UserListFilter } from '../repositories/users';
import { command } from './command';

const STATUS_NAMES: Record<number, string> = { 1: 'Pending', 2: 'Activated', 3: 'Rejected', 4: 'Deactivated' };

export interface UserFilter {
  /** 0 (Default) or absent: every status. */
  userStatus?: number;
  roleId?: number;
}

/** Every status when userStatus is 0 or absent; a plumber sees only their own record. */
function listFilter(user: UserContext, filter: UserFilter): UserListFilter {
  return {
    companyId: user.companyId!, registrationId: user.isAdmin ? undefined : user.registrationId,
    status: filter.userStatus, roleId: filter.roleId,
  };
}

/** GET /api/Users: the company's users for an admin; for a plumber the list holds only themselves. */
export async function listUsers(db: DbOrTx, user: UserContext, filter: UserFilter): Promise<Plumber[]> {
  if (!user.companyId) return [];
  return (await findUsers(db, listFilter(user, filter))).map(toPlumber);
}

/** GET /api/Users/count (admin): e.g. RoleId=1&UserStatus=1 counts new plumbers. */
export async function countUsers(db: DbOrTx, user: UserContext, filter: UserFilter): Promise<number> {
  if (!user.isAdmin) throw forbidden();
  if (!user.companyId) return 0;
  return countUserRows(db, listFilter(user, filter));
}

/** GET /api/Users/{id}: any user of the company for an admin, only themselves for a plumber. */
export async function getUser(db: DbOrTx, user: UserContext, registrationId: number): Promise<Plumber> {
  const row = await companyUser(db, user, registrationId);
  if (!user.isAdmin && row.registrationId !== user.registrationId) throw forbidden();
  return toPlumber(row);
}

/** PUT /api/Users {id, status}: approve, reject, activate, deactivate (admin, spec 1 §4). */
export async function changeUserStatus(w: Work, user: UserContext, body: UserStatusRequest): Promise<Plumber> {
  const { tx } = w;
  if (!user.isAdmin) throw forbidden();
  const row = await companyUser(tx, user, body.id);
  if (row.registrationId === user.registrationId) throw badRequest('body/id', 'is your own: you cannot change your own status');
  if (row.status === body.status) return toPlumber(row);
  if (!canChangeUserStatus(row.status, body.status)) {
    throw conflict(`A ${STATUS_NAMES[row.status] ?? row.status} user cannot be changed to ${STATUS_NAMES[body.status] ?? body.status}`);
  }
  w.changes.note(user.companyId!, 'users');
  return toPlumber(await updateUser(tx, row.id, { status: body.status }));
}

const FIELD_RULES: Record<string, string> = {
  displayName: 'must be letters or digits joined by single spaces, underscores or hyphens (a word may end in a period)',
  firstName: 'must be letters, with apostrophe, comma, period, space or hyphen between them',
  lastName: 'must be letters, with apostrophe, comma, period, space or hyphen between them',
  telephone: 'must be 8 digits starting 2 to 9, optionally after 0047, +47 or 47 (spaces allowed)',
};

/**
 * The plumber's own base a request sets (ours, issue 24 §4): undefined when it names neither
 * coordinate (the base stays), else both coordinates or both null, in range, kept to BASE_DECIMALS.
 */
function baseOfRequest(body: UserInformationRequest): { baseLatitude: number | null; baseLongitude: number | null } | undefined {
  const { baseLatitude: lat, baseLongitude: lng } = body;
  if (lat === undefined && lng === undefined) return undefined;
  const error = plumberBaseError(lat ?? null, lng ?? null);
  if (error === 'BaseNeedsBoth') {
    const missing = lat === undefined || lat === null ? 'baseLatitude' : 'baseLongitude';
    const given = missing === 'baseLatitude' ? 'baseLongitude' : 'baseLatitude';
    throw badRequest(`body/${missing}`, `must be set together with ${given}: a base is both coordinates or neither (both null clears it)`);
  }
  if (error === 'OutOfRange') {
    // The schema's bounds refuse these first; this is the domain's rule, kept for callers that skip the schema.
    const latOut = !(lat! >= BASE_LATITUDE_RANGE.min && lat! <= BASE_LATITUDE_RANGE.max);
    throw latOut
      ? badRequest('body/baseLatitude', `must be between ${BASE_LATITUDE_RANGE.min} and ${BASE_LATITUDE_RANGE.max} degrees`)
      : badRequest('body/baseLongitude', `must be between ${BASE_LONGITUDE_RANGE.min} and ${BASE_LONGITUDE_RANGE.max} degrees`);
  }
  const keep = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10 ** BASE_DECIMALS) / 10 ** BASE_DECIMALS);
  return { baseLatitude: keep(lat), baseLongitude: keep(lng) };
}

/**
 * PUT /api/Users/userinformation: an admin edits any company user, a plumber only themselves (spec 1 §5,
 * §6). Ours: an admin may also set or clear the user's own base (baseLatitude, baseLongitude); a plumber
 * who names either is refused (403), their own base included.
 */
export async function updateUserInformation(w: Work, user: UserContext, body: UserInformationRequest): Promise<Plumber> {
  const { tx } = w;
  const invalid = Object.keys(validatePlumberInformation(body))[0];
  if (invalid) throw badRequest(`body/${invalid}`, FIELD_RULES[invalid]);
  const base = baseOfRequest(body);
  if (!user.companyId) throw forbidden();
  if (base && !user.isAdmin) throw forbidden();
  const byRegistration = /^\d+$/.test(body.objectId);
  if (!byRegistration && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body.objectId)) {
    throw badRequest('body/objectId', 'must be a user id or registration id');
  }
  const row = await findCompanyUserBy(tx, user.companyId, byRegistration ? { registrationId: Number(body.objectId) } : { userId: body.objectId });
  if (!row) throw notFound('User');
  if (!user.isAdmin && row.id !== user.userId) throw forbidden();
  w.changes.note(user.companyId!, 'users');
  // A changed base changes the plumber's weeks as planning reads them: open calendars and plans read again (SettingsChanged).
  if (base && (base.baseLatitude !== row.baseLatitude || base.baseLongitude !== row.baseLongitude)) w.changes.note(user.companyId!, 'settings');
  return toPlumber(await updateUser(tx, row.id, {
    firstName: body.firstName, lastName: body.lastName, displayName: body.displayName, mobile: toNorwegianE164(body.telephone)!, ...base,
  }));
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
export const changeUserStatusCommand = command({ status: 200, run: changeUserStatus });
export const updateUserInformationCommand = command({ status: 200, run: updateUserInformation });
