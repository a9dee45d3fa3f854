/** The hub's 'plumber notification' event payload (spec 1 §7, spec 3 §4), sent over the websocket. */
import { Type, type Static } from 'typebox';

export const PlumberNotificationSchema = Type.Object({
  OrganizationNumber: Type.String(),
  CustomerId: Type.String(),
  NotificationType: Type.String(),
  BatchJobId: Type.Optional(Type.String()),
});
export type PlumberNotification = Static<typeof PlumberNotificationSchema>;
