/**
 * The contact of a schedule item and its SMS log (spec 2 §2.3 Contact and SMS log page, §3 "Contact
 * info" and "SMS log entry", §5 "Contact phone", §7):
 * - GET /api/contactInformation/scheduleItemId/{id} -> 200 ScheduleItemContact: the item's address,
 *   status and cadastre unit (ours: the page reads them here, the spec leaves their source open) with
 *   its contact, or `contact` null when none was saved. An item of another company: 404.
 * - POST /api/contactInformation ContactInformationBody -> 201 ContactInformation (the spec's "create
 *   returns an id"); the item has one already: 409 (errorKey Scheduling.ContactExists: reload, then save).
 * - PUT /api/contactInformation ContactInformationBody with `id` -> 200 ContactInformation.
 *   Both: the mobile number by spec 2 §5 (400 naming body/mobileNo, errorKey
 *   PlumberUserEditDetails.InvalidPhoneNumberValidation), a name and a mobile number both (400,
 *   errorKey Scheduling.PleaseEnterContactDetails). The number is kept as typed (spaces removed) and
 *   sent to in E.164 (src/domain/validation.ts contactPhoneE164). The contact's id is its item's id:
 *   an item has at most one contact.
 * - GET /api/ScheduleItem/{id}/smsDialogs -> 200 SmsLogEntry[]: the item's messages, oldest first;
 *   ours: each sent one's delivery state (`status`).
 * - POST /api/Schedule/UpdateSmsLog UpdateSmsLogBody -> 200 SmsLogEntry[] (ours; the spec names the call
 *   "update the SMS log" and shows no shape): the item's messages still on their way are asked of the SMS
 *   provider again and their states recorded, then the log is answered as smsDialogs answers it.
 * Admins of a company with an agreement in force only (spec 2 §6).
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './common';

export const CONTACT_NAME_MAX = 200;
export const CONTACT_FIELD_MAX = 100;

export const ContactPersonSchema = Type.Object({
  name: Type.String({ maxLength: CONTACT_NAME_MAX }),
  organizationNo: Type.Optional(Nullable(Type.String({ maxLength: CONTACT_FIELD_MAX }))),
  birthNo: Type.Optional(Nullable(Type.String({ maxLength: CONTACT_FIELD_MAX }))),
  role: Type.Optional(Nullable(Type.String({ maxLength: CONTACT_FIELD_MAX }))),
}, { additionalProperties: false });
export type ContactPerson = Static<typeof ContactPersonSchema>;

export const ContactInformationBodySchema = Type.Object({
  /** The contact's id (its item's): required by PUT, ignored by POST. */
  id: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }))),
  scheduleItemId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  mobileNo: Type.String({ maxLength: 30 }),
  contactPerson: ContactPersonSchema,
}, { additionalProperties: false });
export type ContactInformationBody = Static<typeof ContactInformationBodySchema>;

export const ContactInformationSchema = Type.Object({
  id: Type.Integer(),
  scheduleItemId: Type.Integer(),
  mobileNo: Type.String(),
  contactPerson: ContactPersonSchema,
});
export type ContactInformation = Static<typeof ContactInformationSchema>;

export const ScheduleItemContactSchema = Type.Object({
  scheduleItemId: Type.Integer(),
  address: Type.String(),
  status: Type.Integer(),
  matrikkelenhetId: Nullable(Type.String()),
  contact: Nullable(ContactInformationSchema),
});
export type ScheduleItemContact = Static<typeof ScheduleItemContactSchema>;

export const SmsLogEntrySchema = Type.Object({
  messageId: Type.String(),
  date: Type.String({ format: 'date-time' }),
  mobileNumber: Type.String(),
  /** Why it was sent: test, notice, reminder, confirmation, acknowledgement, cancellation; an owner's answer is "reply". */
  smsType: Type.String(),
  text: Type.String(),
  /** An owner's reply to it, when it is one (replies are entries of their own too). */
  reply: Nullable(Type.String()),
  /** Sent by the company (true) or by the owner (false). */
  isMessageFromSender: Type.Boolean(),
  isAcknowledgement: Type.Boolean(),
  /** Ours: a sent message's queued, handed_over, delivered or failed; a reply's applied, noted, ambiguous or unmatched. */
  status: Type.String(),
});
export type SmsLogEntry = Static<typeof SmsLogEntrySchema>;

export const UpdateSmsLogBodySchema = Type.Object({ scheduleItemId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false });
export type UpdateSmsLogBody = Static<typeof UpdateSmsLogBodySchema>;
