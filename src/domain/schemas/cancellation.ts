/**
 * Cancelling schedule items (spec 2 §2.2 card menu and action bar Cancel, §3 "Cancel request" and "SMS
 * sample template", §4 Cancel, §5, §7, §9), and the template reads the cancellation dialog makes.
 *
 * PUT /api/ScheduleItem/CancelledScheduleItem/ CancelRequest -> 200 CancelResult. Admins of a company
 * with an agreement in force (spec 2 §6; a plumber: 403); an item of another company or none: 404.
 * - All or nothing, in one transaction. Each item's `Status` is the status the admin saw: an item whose
 *   status on the server differs (changed since the week was loaded) refuses the whole cancel, 409
 *   errorKey Scheduling.StatusChanged, and nothing is written or sent.
 * - Items in Confirmed, JobCreated, JobCreationFailed or Cancelled are skipped (spec 2 §4; itemStatus.ts
 *   `cancelSkipped`): left as they are and answered in `skipped` with their address. Every other item
 *   becomes Cancelled with its `CancellationTypeId` (a reason of spec 2 §4, 1–7) written on it.
 * - Every item must be in a schedule of `assigneeId` (else 400 naming body/scheduleItems).
 * - `isSendingSms`: `smsTemplateContent` is the text the admin edited, required (empty or blank: 400
 *   naming body/smsTemplateContent) and at most CANCEL_SMS_MAX_SEGMENTS SMS once rendered (400, the same
 *   field). Merge tokens left in it (#Date#, #TimeRange#, #MeterAddress#, #CompanyName#,
 *   #CompanyPhone#) are filled per item: the day, the cancellation window (src/domain/sms/cancellation.ts,
 *   widened `timeWindowExtensions` times), the address, the company's name and phone; a text without
 *   tokens (one card, rendered in the dialog) goes as written. It is queued (the SMS outbox, kind
 *   'cancellation') in the same transaction to each cancelled item's contact mobile; a cancelled item
 *   without a valid one is named in `notTexted`. Skipped items are never texted. Without `isSendingSms`
 *   nothing is sent and the text is ignored.
 * - `ReferenceNumber`, `Address` and `workingHours` are the client's labels of what it shows; the server
 *   reads the items' own (the answer's addresses are the server's).
 * - `isDeleted` is always false: a cancelled item is kept, Cancelled with its reason (its time and its
 *   meter point free again; spec 2 §2.1 shows cancelled items with their marker and lets the planning
 *   page delete them, and the error list reads their reasons). Nothing is deleted by a cancel.
 *   `isUpdated`: some item became Cancelled.
 *
 * GET /api/CancellationType (services/lookups.ts): the reasons, each with its class Cancelled or Failure.
 *
 * GET /api/Sms/template/{key}?scheduleItemId= -> SmsSampleTemplate: the template `key` names (a sample's
 * key, such as Cancel, stands for the template the company uses for that notification type: its example
 * custom template, else the sample; a company's own key, that template), rendered for the item. For a
 * cancellation the time range is the default window (one hour before and after, §9); for the other
 * types the item's own time. `mergeFields` carry the values used, so the dialog can widen the window in
 * a text already edited; `templateText` (ours) is the template before rendering.
 *
 * GET /api/ScheduleItem/{id}/templateKey/{key} -> ItemTemplate: the same template (as
 * GET /api/NotificationTemplate/{key} shows it) and the scheduled item.
 *
 * Both reads: admins with the agreement; another company's item or an unknown key: 404.
 */
import { Type, type Static } from 'typebox';
import { CANCEL_SMS_MAX_LENGTH, CANCEL_WINDOW_MAX_EXTENSIONS } from '../sms/cancellation';
import { Nullable } from './common';
import { ScheduleItemSchema } from './scheduling';
import { NotificationTemplateSchema, TemplateKey } from './templates';

/** The most items one cancel names (a plumber's week is a few hundred). */
export const CANCEL_MAX_ITEMS = 1000;

const Int4Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const CancelItemSchema = Type.Object({
  Id: Int4Id,
  /** The item's status as the admin saw it (spec 2 §4 statuses 1–14). */
  Status: Type.Integer({ minimum: 1, maximum: 14 }),
  /** spec 2 §4 cancellation reasons: NoReply 1 … InvalidInformation 7. */
  CancellationTypeId: Type.Integer({ minimum: 1, maximum: 7 }),
  ReferenceNumber: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  Address: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
}, { additionalProperties: false });

export const CancelRequestSchema = Type.Object({
  scheduleItems: Type.Array(CancelItemSchema, { minItems: 1, maxItems: CANCEL_MAX_ITEMS }),
  workingHours: Type.Optional(Type.Array(Type.Object({
    StartTime: Type.Optional(Type.String({ maxLength: 20 })),
    EndTime: Type.Optional(Type.String({ maxLength: 20 })),
    Day: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer({ minimum: 0, maximum: 7 })])),
  }, { additionalProperties: false }), { maxItems: 14 })),
  isSendingSms: Type.Boolean(),
  smsTemplateContent: Type.Optional(Nullable(Type.String({ maxLength: CANCEL_SMS_MAX_LENGTH }))),
  assigneeId: Int4Id,
  /** Ours: how many times the window a #TimeRange# token names was widened (spec 2 §9). */
  timeWindowExtensions: Type.Optional(Type.Integer({ minimum: 0, maximum: CANCEL_WINDOW_MAX_EXTENSIONS })),
}, { additionalProperties: false });
export type CancelRequest = Static<typeof CancelRequestSchema>;

const ItemRef = Type.Object({ id: Type.Integer({ minimum: 1 }), address: Type.String({ maxLength: 1000 }) });

export const CancelResultSchema = Type.Object({
  isUpdated: Type.Boolean(),
  /** Always false: see the module comment. */
  isDeleted: Type.Boolean(),
  /** The items named, as they are after the cancel, by id. */
  scheduleItems: Type.Array(ScheduleItemSchema),
  /** Items the cancel passed by (Confirmed, JobCreated, JobCreationFailed, Cancelled), with their status. */
  skipped: Type.Array(Type.Object({ ...ItemRef.properties, status: Type.Integer() })),
  /** Cancelled items no SMS went to: no valid contact mobile. Empty without isSendingSms. */
  notTexted: Type.Array(ItemRef),
  /** SMS queued. */
  smsQueued: Type.Integer({ minimum: 0 }),
});
export type CancelResult = Static<typeof CancelResultSchema>;

export const SmsTemplateParams = Type.Object({ key: TemplateKey });
export const SmsTemplateQuery = Type.Object({ scheduleItemId: Int4Id });

export const SmsSampleTemplateSchema = Type.Object({
  key: TemplateKey,
  notificationTypeId: Type.Integer({ minimum: 1, maximum: 4 }),
  /** The merge fields of the template's type with the values they take for the item. */
  mergeFields: Type.Array(Type.Object({
    id: Type.Integer({ minimum: 1 }),
    name: Type.String({ maxLength: 40 }),
    token: Type.String({ maxLength: 40 }),
    value: Type.String({ maxLength: 1000 }),
  })),
  /** The message for the item. */
  text: Type.String({ maxLength: 20_000 }),
  templateText: Type.String({ maxLength: 20_000 }),
  companyName: Type.String({ maxLength: 100 }),
  companyTelephone: Type.String({ maxLength: 40 }),
});
export type SmsSampleTemplate = Static<typeof SmsSampleTemplateSchema>;

export const ItemTemplateParams = Type.Object({ id: Int4Id, key: TemplateKey });
export const ItemTemplateSchema = Type.Object({
  notificationTemplateDto: NotificationTemplateSchema,
  scheduledItemDto: ScheduleItemSchema,
});
export type ItemTemplate = Static<typeof ItemTemplateSchema>;
