/**
 * Company settings and configuration (spec 3 §4, §5, §7). Reads: an admin of the company; writes: an
 * admin whose agreement is in force. Every value is checked with src/domain/settings/company.ts; a
 * refusal is a 400 naming the field with errorKey InvalidInput and nothing is written (the route's
 * transaction rolls back). A stored setting never holds 0, empty or false: that means "not set".
 */
import {
  isSettingType, isUnsetValue, missingBaseSettings, missingReminderSettings, SETTING_TYPE_NAMES, SettingType, settingValueError, type SettingTypeId,
} from '../../src/domain/settings/company';
import type {
  CompanyConfiguration, CompanySetting, CreateSettingsRequest, DeleteSettingsRequest, UpdateSettingsRequest,
} from '../../src/domain/schemas/companySettings';
import type { UserContext } from '../auth/context';
import { requireAdmin, requireAdminWithAgreement } from '../auth/guards';
import { badRequest, conflict, notFound, RuleError } from '../http/errors';
import type { DbOrTx, Tx, Work } from '../db/tx';
import {
  companyNameAndPhone, companySettingsOf, deleteSettingRows, findConfiguration, findSettings, insertConfiguration, insertSettings,
  lockCompanySettings, replaceConfiguration, setSettingValue, settingTypesSet,
} from '../repositories/settings';
import { command } from './command';

const INVALID_INPUT = 'InvalidInput';

/** The value checks of a write: a known type, a valid value, and not "not set" (that is a delete). */
function checkValue(field: string, settingTypeId: number, value: string): string {
  if (!isSettingType(settingTypeId)) throw new RuleError(field.replace(/value$/, 'settingTypeId'), 'is not a setting type', INVALID_INPUT);
  const name = SETTING_TYPE_NAMES[settingTypeId];
  const error = settingValueError(settingTypeId, value);
  if (error) throw new RuleError(field, `is not a valid ${name} (${error})`, INVALID_INPUT);
  if (isUnsetValue(value)) throw new RuleError(field, `of ${name} is 0, empty or false: delete the setting instead`, INVALID_INPUT);
  return value;
}

/** GET /api/Setting/companyid/{id}: the caller's own company only (another company's id: 404). */
export async function listSettings(db: DbOrTx, user: UserContext, companyId: string): Promise<CompanySetting[]> {
  const own = requireAdmin(user);
  if (companyId.toLowerCase() !== own.toLowerCase()) throw notFound('Company');
  return companySettingsOf(db, own);
}

/**
 * Spec 3 §4 on the server too: while SendReminder is not on, the reminder count and frequency are 0,
 * which is "not set". A request that sets them without reminders on is refused; one that turns
 * reminders off (deletes SendReminder) takes them away in the same transaction. Reminders on need a
 * frequency and a count (missingReminderSettings): a request that leaves them on with nothing to send
 * is refused and its transaction rolls back.
 */
async function enforceReminderRule(tx: Tx, companyId: string, written: ReadonlySet<number>): Promise<void> {
  const rows = await companySettingsOf(tx, companyId);
  if (rows.some((r) => r.settingTypeId === SettingType.SendReminder && r.value === 'true')) {
    const missing = missingReminderSettings(Object.fromEntries(rows.map((r) => [r.settingTypeId, r.value])));
    if (missing.length) {
      throw new RuleError('body/settingTypeId', `SendReminder needs ${missing.map((typeId) => SETTING_TYPE_NAMES[typeId]).join(' and ')} set`, INVALID_INPUT);
    }
    return;
  }
  const dependent = rows.filter((r) => r.settingTypeId === SettingType.NumberOfReminders || r.settingTypeId === SettingType.ReminderFrequency);
  const offending = dependent.find((r) => written.has(r.settingTypeId));
  if (offending) {
    throw new RuleError('body/settingTypeId', `${SETTING_TYPE_NAMES[offending.settingTypeId as SettingTypeId]} needs SendReminder on`, INVALID_INPUT);
  }
  if (dependent.length) await deleteSettingRows(tx, companyId, dependent.map((r) => r.id));
}

/** The base is both coordinates or neither (missingBaseSettings): a write that leaves half a base is refused and rolls back. */
async function enforceBaseRule(tx: Tx, companyId: string): Promise<void> {
  const rows = await companySettingsOf(tx, companyId);
  const missing = missingBaseSettings(Object.fromEntries(rows.map((r) => [r.settingTypeId, r.value])));
  if (missing.length) throw new RuleError('body/settingTypeId', `the base needs ${SETTING_TYPE_NAMES[missing[0]]} set too (both coordinates or neither)`, INVALID_INPUT);
}

/** POST /api/Setting: creates settings of types the company has not set. */
export async function createSettings(w: Work, user: UserContext, body: CreateSettingsRequest): Promise<CompanySetting[]> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  await lockCompanySettings(tx, companyId);
  if (body.groupId.toLowerCase() !== companyId.toLowerCase()) throw notFound('Company');
  const seen = new Set<number>();
  const rows = body.settingList.map((s, i) => {
    const value = checkValue(`body/settingList/${i}/value`, s.settingTypeId, s.value);
    if (seen.has(s.settingTypeId)) throw badRequest(`body/settingList/${i}/settingTypeId`, 'is given twice');
    seen.add(s.settingTypeId);
    return { companyId, settingTypeId: s.settingTypeId, value };
  });
  const existing = await settingTypesSet(tx, companyId, [...seen]);
  if (existing.length) {
    throw conflict(`Setting ${SETTING_TYPE_NAMES[existing[0] as SettingTypeId]} already exists: update it instead`);
  }
  await insertSettings(tx, rows);
  await enforceReminderRule(tx, companyId, seen);
  await enforceBaseRule(tx, companyId);
  return companySettingsOf(tx, companyId);
}

async function ownRows(tx: Tx, companyId: string, ids: number[], field: string) {
  const uniqueIds = new Set(ids);
  if (uniqueIds.size !== ids.length) throw badRequest(field, 'names a setting twice');
  const rows = await findSettings(tx, companyId, ids);
  if (rows.length !== ids.length) throw notFound('Setting');
  return rows;
}

/** PUT /api/Setting [{id, value}]: changes values of the company's settings. */
export async function updateSettings(w: Work, user: UserContext, body: UpdateSettingsRequest): Promise<CompanySetting[]> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  await lockCompanySettings(tx, companyId);
  const rows = await ownRows(tx, companyId, body.map((s) => s.id), 'body');
  for (const [i, s] of body.entries()) {
    const row = rows.find((r) => r.id === s.id)!;
    const value = checkValue(`body/${i}/value`, row.settingTypeId, s.value);
    if (value !== row.value) await setSettingValue(tx, row.id, value);
  }
  await enforceReminderRule(tx, companyId, new Set(rows.map((r) => r.settingTypeId)));
  await enforceBaseRule(tx, companyId);
  return companySettingsOf(tx, companyId);
}

/** DELETE /api/Setting [ids]: the settings are no longer set. */
export async function deleteSettings(w: Work, user: UserContext, ids: DeleteSettingsRequest): Promise<CompanySetting[]> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  await lockCompanySettings(tx, companyId);
  await ownRows(tx, companyId, ids, 'body');
  await deleteSettingRows(tx, companyId, ids);
  await enforceReminderRule(tx, companyId, new Set());
  await enforceBaseRule(tx, companyId);
  return companySettingsOf(tx, companyId);
}

// ---- company configuration ----

function toConfiguration(data: Record<string, unknown>): CompanyConfiguration {
  return { smsSenderName: String(data.smsSenderName ?? ''), companyName: String(data.companyName ?? ''), companyTelephone: String(data.companyTelephone ?? '') };
}

/** GET /api/CompanyConfiguration (admin): 404 when the company has none (the client is silent then). */
export async function getConfiguration(db: DbOrTx, user: UserContext): Promise<CompanyConfiguration> {
  const row = await findConfiguration(db, requireAdmin(user));
  if (!row) throw notFound('Company configuration');
  return toConfiguration(row.data);
}

/** POST /api/CompanyConfiguration: the company's first configuration (409 when it has one). */
export async function createConfiguration(w: Work, user: UserContext, body: CompanyConfiguration): Promise<CompanyConfiguration> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  const row = await insertConfiguration(tx, companyId, { ...body });
  if (!row) throw conflict('Company configuration already exists: update it instead');
  return toConfiguration(row.data);
}

/** PUT /api/CompanyConfiguration: replaces it (404 when there is none yet). */
export async function updateConfiguration(w: Work, user: UserContext, body: CompanyConfiguration): Promise<CompanyConfiguration> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  const row = await replaceConfiguration(tx, companyId, { ...body });
  if (!row) throw notFound('Company configuration');
  return toConfiguration(row.data);
}

/**
 * The name and phone SMS texts carry for a company (#CompanyName#, #CompanyPhone#): its configuration's,
 * else the company's own.
 */
export async function companyMergeValues(db: DbOrTx, companyId: string): Promise<{ companyName: string; companyTelephone: string }> {
  const row = await findConfiguration(db, companyId);
  const company = await companyNameAndPhone(db, companyId);
  const config = row ? toConfiguration(row.data) : null;
  return {
    companyName: config?.companyName || company?.name || '',
    companyTelephone: config?.companyTelephone || company?.telephone || '',
  };
}

/** Who a company's SMS come from: its configured SMS sender name, else the name its texts carry. */
export async function companySmsSender(db: DbOrTx, companyId: string): Promise<string> {
  const row = await findConfiguration(db, companyId);
  const senderName = row ? toConfiguration(row.data).smsSenderName.trim() : '';
  return senderName || (await companyMergeValues(db, companyId)).companyName;
}

// --- the routes' commands (services/command.ts): a creation answers 201 -----------------------------
export const createSettingsCommand = command({ status: 201, run: createSettings });
export const updateSettingsCommand = command({ status: 200, run: updateSettings });
export const deleteSettingsCommand = command({ status: 200, run: deleteSettings });
export const createConfigurationCommand = command({ status: 201, run: createConfiguration });
export const updateConfigurationCommand = command({ status: 200, run: updateConfiguration });
