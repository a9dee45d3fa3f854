/**
 * The Contact and SMS log page's server side (spec 2 §2.3, §3, §5; shapes and rules:
 * src/domain/schemas/contactInformation.ts): a schedule item's contact person and mobile number, and
 * the item's SMS log. Admins of a company with an agreement in force only.
 */
import type {
  ContactInformation, ContactInformationBody, ScheduleItemContact, SmsLogEntry,
} from '../../../src/domain/schemas/contactInformation';
import { isValidContactPhone } from '../../../src/domain/validation';
import type { UserContext } from '../../auth/context';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { DbOrTx, Work } from '../../db/tx';
import { KeyedConflict, notFound, RuleError } from '../../http/errors';
import { itemContact, setItemContact, smsOfItem } from '../../repositories/contacts';
import { lockSchedule } from '../../repositories/scheduling';
import { repliesOfItem } from '../../repositories/sms';
import { reportSms, type SmsDeps } from '../sms';
import { SMS_REPORT_TRIES } from '../smsQueue';
import { command } from '../command';

/** GET /api/contactInformation/scheduleItemId/{id}: the item's address, status and contact (null when none). */
export async function readItemContact(db: DbOrTx, user: UserContext, itemId: number): Promise<ScheduleItemContact> {
  const companyId = requireAdminWithAgreement(user);
  const row = await itemContact(db, companyId, itemId);
  if (!row) throw notFound(`Schedule item ${itemId}`);
  return { scheduleItemId: row.id, address: row.address, status: row.status, matrikkelenhetId: row.matrikkelenhetId, contact: row.contact };
}

const trimmed = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The contact as kept: both name and a valid mobile number (spec 2 §5), the number without spaces. */
function contactOf(body: ContactInformationBody): ContactInformation {
  const name = body.contactPerson.name.trim();
  const mobileNo = body.mobileNo.replace(/\s+/g, '');
  if (!name || !mobileNo) {
    throw new RuleError(!name ? 'body/contactPerson/name' : 'body/mobileNo', 'is required: a contact needs both a name and a mobile number', 'Scheduling.PleaseEnterContactDetails');
  }
  if (!isValidContactPhone(mobileNo)) {
    throw new RuleError('body/mobileNo', 'must be 8 digits starting 1-9, or 0047 or + followed by 8 to 10 digits starting 1-9', 'PlumberUserEditDetails.InvalidPhoneNumberValidation');
  }
  const { organizationNo, birthNo, role } = body.contactPerson;
  return {
    id: body.scheduleItemId, scheduleItemId: body.scheduleItemId, mobileNo,
    contactPerson: { name, organizationNo: trimmed(organizationNo), birthNo: trimmed(birthNo), role: trimmed(role) },
  };
}

/**
 * POST (`creating`) and PUT /api/contactInformation. The item's schedule row is locked first, as for
 * a note or a status change, so two admins' saves are taken in turn: a create that finds a contact
 * saved meanwhile is refused (Scheduling.ContactExists), an update replaces it.
 */
export async function saveItemContact(w: Work, user: UserContext, body: ContactInformationBody, creating: boolean): Promise<ContactInformation> {
  const companyId = requireAdminWithAgreement(user);
  const contact = contactOf(body);
  const itemId = body.scheduleItemId;
  if (!creating && body.id !== itemId) throw new RuleError('body/id', `must be the contact's id, which is its schedule item's (${itemId})`);
  const found = await itemContact(w.tx, companyId, itemId);
  if (!found) throw notFound(`Schedule item ${itemId}`);
  await lockSchedule(w.tx, companyId, found.scheduleId);
  const now = await itemContact(w.tx, companyId, itemId);
  if (!now) throw notFound(`Schedule item ${itemId}`);
  if (creating && now.contact) {
    throw new KeyedConflict(`Schedule item ${itemId} has a contact already (id ${now.contact.id}): read it again and save with PUT`, 'Scheduling.ContactExists');
  }
  if (!creating && !now.contact) throw notFound(`Contact information ${itemId}`);
  await setItemContact(w.tx, itemId, contact);
  w.changes.note(companyId, 'schedules');
  return contact;
}

/** GET /api/ScheduleItem/{id}/smsDialogs: the item's messages, oldest first. */
export async function itemSmsDialogs(db: DbOrTx, user: UserContext, itemId: number): Promise<SmsLogEntry[]> {
  const companyId = requireAdminWithAgreement(user);
  if (!(await itemContact(db, companyId, itemId))) throw notFound(`Schedule item ${itemId}`);
  const sent: SmsLogEntry[] = (await smsOfItem(db, companyId, itemId)).map((m) => ({
    messageId: m.id, date: m.createdAt.toISOString(), mobileNumber: m.toNumber, smsType: m.kind, text: m.text,
    reply: null, isMessageFromSender: true, isAcknowledgement: m.kind === 'acknowledgement', status: m.status,
  }));
  // The owner's replies (services/smsReplies.ts): `status` says what the reply did.
  const replies: SmsLogEntry[] = (await repliesOfItem(db, itemId)).map((r) => ({
    messageId: r.id, date: r.receivedAt.toISOString(), mobileNumber: r.fromNumber, smsType: 'reply', text: r.text,
    reply: r.text, isMessageFromSender: false, isAcknowledgement: false, status: r.outcome,
  }));
  return [...sent, ...replies].sort((a, b) => a.date.localeCompare(b.date));
}

// --- the routes' commands (services/command.ts) ----------------------------------------------------
/** POST /api/contactInformation: 201. */
export const createItemContactCommand = command({ status: 201, run: (w, user, body: ContactInformationBody) => saveItemContact(w, user, body, true) });
/** PUT /api/contactInformation: 200. */
export const updateItemContactCommand = command({ status: 200, run: (w, user, body: ContactInformationBody) => saveItemContact(w, user, body, false) });

/**
 * POST /api/Schedule/UpdateSmsLog: the item's messages handed over but not yet reported are asked of
 * the gateway again (services/sms.ts reportSms records what it says), then the log is answered.
 */
export async function updateSmsLog(deps: SmsDeps, user: UserContext, itemId: number): Promise<SmsLogEntry[]> {
  const companyId = requireAdminWithAgreement(user);
  if (!(await itemContact(deps.db, companyId, itemId))) throw notFound(`Schedule item ${itemId}`);
  for (const m of await smsOfItem(deps.db, companyId, itemId)) {
    if (m.status === 'handed_over') await reportSms(deps, m.id, SMS_REPORT_TRIES);
  }
  return itemSmsDialogs(deps.db, user, itemId);
}
