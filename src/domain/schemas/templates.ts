/**
 * SMS templates (spec 3 §3, §7). Decided shapes:
 * - GET /api/NotificationTemplate: NotificationTemplate[]: the company's custom templates, then the
 *   samples (companyId null, read-only). GET /api/NotificationTemplate/{key}: the company's template
 *   with that key, else the sample with it; GET /api/NotificationTemplate/sample/{key}: the sample.
 * - POST /api/NotificationTemplate CreateTemplateRequest: a custom template made from a sample of the
 *   same notification type (parentTemplateId); 409 when the company already has the key. 201 + template.
 * - PUT /api/NotificationTemplate/{id} UpdateTemplateRequest: text/title/name of a custom template;
 *   `isExample: true` makes it the company's example (the template in use) for its notification type,
 *   unsetting any other. On a sample only `isExample: true` is allowed: the company then uses the
 *   sample again (no custom template is its example); any text change of a sample is 403.
 * - `isExample` of a sample in a response: no custom template of the company is the example of its type.
 * - companyName / companyTelephone: the merge values for the preview (the company configuration's,
 *   else the company's own name and phone).
 * - POST /api/NotificationTemplateContent {content, notificationTemplateId} -> 201 TemplateContent;
 *   GET /api/NotificationTemplateContent/{id} -> TemplateContent (another company's: 404).
 * - GET /api/MergeField/notificationType/{type}: MergeField[] offered for that notification type.
 * - GET /api/MergeField/meterAddressRange (ours, admin): MeterAddressRange over the meter addresses of
 *   the caller's company's live jobs (meterAddressRange in src/domain/settings/company.ts), so the
 *   template counter shows what the real addresses cost rather than the example's.
 * - POST /api/NotificationTemplate/{id}/test TestSmsRequest -> 201 SentSms: an admin with the agreement
 *   has a template the company can see (its own or a sample; another company's: 404) sent as one SMS
 *   through the server's SmsGateway (server/sms/gateway.ts). The text is the template rendered with
 *   the company's name and phone (as companyName / companyTelephone above) and the fixed example
 *   date, time range and meter address (TEMPLATE_EXAMPLE_VALUES in src/domain/settings/company.ts,
 *   which the preview uses too). `to`: a Norwegian number (optional 0047, +47 or 47, then 8 digits
 *   starting 2-9; spaces ignored), by default the admin's own mobile; none on file or an invalid one:
 *   400 naming `to` (no mobile on file: errorKey NoMobileOnFile). At most TEST_SMS_PER_HOUR test SMS per
 *   company in any hour: 429. The answer says what the server counted (encoding, segments, characters
 *   as src/domain/sms/segments.ts countSms, the browser's counter, counts them).
 */
import { Type, type Static } from 'typebox';
import { TEMPLATE_KEY_PATTERN, TEMPLATE_TEXT_MAX_LENGTH } from '../settings/company';
import { Nullable, Uuid } from './common';

const NotificationTypeId = Type.Integer({ minimum: 1, maximum: 4, description: '1 AppointmentNotice, 2 Reminder, 3 Confirmation, 4 Cancellation' });
export const TemplateKey = Type.String({ pattern: TEMPLATE_KEY_PATTERN, maxLength: 64 });

export const MergeFieldSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ maxLength: 40 }),
  token: Type.String({ maxLength: 40 }),
});
export type MergeFieldDto = Static<typeof MergeFieldSchema>;

export const NotificationTemplateSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  key: TemplateKey,
  title: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 100 }),
  text: Type.String({ maxLength: TEMPLATE_TEXT_MAX_LENGTH }),
  notificationTypeId: NotificationTypeId,
  parentTemplateId: Nullable(Type.Integer({ minimum: 1 })),
  isSampleTemplate: Type.Boolean(),
  isExample: Type.Boolean(),
  mergeFields: Type.Array(MergeFieldSchema),
  companyName: Type.String({ maxLength: 100 }),
  companyTelephone: Type.String({ maxLength: 40 }),
});
export type NotificationTemplate = Static<typeof NotificationTemplateSchema>;

export const CreateTemplateBody = Type.Object({
  key: TemplateKey,
  notificationTypeId: NotificationTypeId,
  templateText: Type.String({ minLength: 1, maxLength: TEMPLATE_TEXT_MAX_LENGTH }),
  parentTemplateId: Type.Integer({ minimum: 1 }),
  title: Type.String({ minLength: 1, maxLength: 100 }),
  name: Type.String({ minLength: 1, maxLength: 100 }),
});
export type CreateTemplateRequest = Static<typeof CreateTemplateBody>;

export const UpdateTemplateBody = Type.Object({
  templateText: Type.Optional(Type.String({ minLength: 1, maxLength: TEMPLATE_TEXT_MAX_LENGTH })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  isExample: Type.Optional(Type.Literal(true)),
}, { minProperties: 1, additionalProperties: false });
export type UpdateTemplateRequest = Static<typeof UpdateTemplateBody>;

export const TemplateKeyParam = Type.Object({ key: TemplateKey });
export const NotificationTypeParam = Type.Object({ type: NotificationTypeId });

export const TemplateContentSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  notificationTemplateId: Type.Integer({ minimum: 1 }),
  content: Type.String({ maxLength: TEMPLATE_TEXT_MAX_LENGTH }),
});
export type TemplateContent = Static<typeof TemplateContentSchema>;

export const CreateTemplateContentBody = Type.Object({
  notificationTemplateId: Type.Integer({ minimum: 1 }),
  content: Type.String({ minLength: 1, maxLength: TEMPLATE_TEXT_MAX_LENGTH }),
});
export type CreateTemplateContentRequest = Static<typeof CreateTemplateContentBody>;

export const TestSmsBody = Type.Object({
  /** Norwegian number to send to (0047/+47/47 and 8 digits starting 2-9); absent: the admin's own mobile. */
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
}, { additionalProperties: false });
export type TestSmsRequest = Static<typeof TestSmsBody>;

/**
 * A message the server sent. `text`: at most 1000 characters of template whose merge tokens (6 characters
 * or more) each become a value of at most 100 characters, so under 17,000. `characters`: septets (GSM-7,
 * the extension characters count 2) or UTF-16 units (UCS-2); `segments`: the SMS it costs.
 */
export const SentSmsSchema = Type.Object({
  id: Uuid,
  /** E.164: '+', country code and number. */
  to: Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$', maxLength: 16 }),
  text: Type.String({ maxLength: 20_000 }),
  encoding: Type.Union([Type.Literal('GSM-7'), Type.Literal('UCS-2')]),
  segments: Type.Integer({ minimum: 0, maximum: 1000 }),
  characters: Type.Integer({ minimum: 0, maximum: 40_000 }),
  sentAt: Type.String({ format: 'date-time', maxLength: 40 }),
});
export type SentSms = Static<typeof SentSmsSchema>;

/** Addresses are at most a few hundred characters; the count is of distinct addresses. */
export const MeterAddressRangeSchema = Type.Object({
  addressCount: Type.Integer({ minimum: 0 }),
  shortest: Nullable(Type.String({ maxLength: 1000 })),
  longest: Nullable(Type.String({ maxLength: 1000 })),
  longestNonGsm: Nullable(Type.String({ maxLength: 1000 })),
});
