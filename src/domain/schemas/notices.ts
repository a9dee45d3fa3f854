/**
 * Send notice (spec 2 §2.2 action bar, §3 "Notification request", §4 "Send notice", §7 POST
 * /api/Schedule/SendNotification):
 * - The request names the schedule, its plumber and week, the notice template's key and the items.
 *   Every named item must be eligible (itemStatus.ts isNotifiable: Scheduled, NotificationFailed unless
 *   cancelled for InvalidInformation, SmsApiFailed), else nothing is sent: 409 (errorKey
 *   Scheduling.StatusNotAllowed; the week is read again). Items of another schedule: 400 naming
 *   body/scheduleItemIds; an unknown template: 404; a template that is not a notice: 400.
 * - Each item becomes NotificationInProgress in the request's transaction, and its notice (the
 *   template with the item's date, time range and address and the company's name and phone) is queued
 *   to the item's contact mobile in that transaction (the SMS outbox, services/sms.ts). An item with no
 *   contact mobile becomes NotificationFailed at once. The worker moves each sent one on: delivered →
 *   Notified, refused by the SMS service → SmsApiFailed, failed at the operator → NotificationFailed.
 * - Answer (ours, the spec shows none): the items as they are after the request, and which of them
 *   had no mobile number.
 */
import { Type, type Static } from 'typebox';
import { ScheduleItemSchema } from './scheduling';

export const NOTICE_MAX_ITEMS = 1000;

export const NotificationRequestSchema = Type.Object({
  scheduleId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  assigneeName: Type.Optional(Type.String({ maxLength: 200 })),
  assigneeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  notificationTemplateKey: Type.String({ minLength: 1, maxLength: 100 }),
  scheduleItemIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { minItems: 1, maxItems: NOTICE_MAX_ITEMS }),
  isConfirmedManually: Type.Optional(Type.Boolean()),
  weekNo: Type.Integer({ minimum: 1, maximum: 53 }),
  year: Type.Integer({ minimum: 2000, maximum: 2100 }),
  workingHours: Type.Optional(Type.Array(Type.Object({
    StartTime: Type.Optional(Type.String({ maxLength: 20 })),
    EndTime: Type.Optional(Type.String({ maxLength: 20 })),
    Day: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer({ minimum: 0, maximum: 7 })])),
  }), { maxItems: 14 })),
}, { additionalProperties: false });
export type NotificationRequest = Static<typeof NotificationRequestSchema>;

export const NotificationResultSchema = Type.Object({
  scheduleItems: Type.Array(ScheduleItemSchema),
  /** Items that had no valid contact mobile: NotificationFailed at once. */
  noMobileItemIds: Type.Array(Type.Integer()),
});
export type NotificationResult = Static<typeof NotificationResultSchema>;

/**
 * Manual confirmation (spec 2 §2.2 card menu "Manually agreed", §3, §4, §7 PUT
 * /api/ScheduleItemManagement/{id}): offered for Notified, NoReply and Unknown; the item becomes
 * Confirmed (status must say Confirmed: 5); JobCreated is refused with Scheduling.ChangeStatusErrorMsg,
 * and so is every other status the spec does not offer it for (itemStatus.ts `confirmable`). `notes` replaces the item's note when given.
 * With `sendAcknowledgementMessage` the company's confirmation template (type Confirmation, its own
 * first) is queued to `MobileNumber` (the contact phone rule, spec 2 §5; 400 naming body/MobileNumber)
 * in the same transaction, and shows in the item's SMS log as an acknowledgement.
 */
export const ManualConfirmationRequestSchema = Type.Object({
  UpdatedScheduleItem: Type.Object({
    status: Type.Literal(5),
    notes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  }),
  assigneeInfo: Type.Optional(Type.Object({
    assigneeName: Type.Optional(Type.String({ maxLength: 200 })),
    assigneeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  })),
  weekNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 53 })),
  year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
  workingHours: Type.Optional(Type.Array(Type.Object({
    StartTime: Type.Optional(Type.String({ maxLength: 20 })),
    EndTime: Type.Optional(Type.String({ maxLength: 20 })),
    Day: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer({ minimum: 0, maximum: 7 })])),
  }), { maxItems: 14 })),
  MobileNumber: Type.Optional(Type.Union([Type.String({ maxLength: 30 }), Type.Null()])),
  sendAcknowledgementMessage: Type.Boolean(),
}, { additionalProperties: false });
export type ManualConfirmationRequest = Static<typeof ManualConfirmationRequestSchema>;
