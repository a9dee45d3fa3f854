/**
 * The embedded SMS gateway's demo phone (ours; server/sms/gateway.ts EmbeddedSmsGateway): where a
 * company's admin sees the messages the embedded gateway took, with their delivery state, and answers one as the property
 * owner would, so the whole notice → reply → job path can be tried without a provider.
 * - GET /api/demoPhone/messages -> 200 DemoPhoneMessage[]: the company's delivered messages, newest
 *   first (at most DEMO_PHONE_MAX_MESSAGES), each with the replies its number sent after it.
 * - POST /api/demoPhone/reply DemoPhoneReplyBody -> 200 DemoPhoneReplyResult: the owner's answer to the
 *   message `providerRef`, from its number, read and applied as a provider's inbound SMS is
 *   (services/smsReplies.ts). `replyId` is the device's id of the answer: sent again, it applies once.
 * Admins of a company with an agreement in force; 404 when the server sends through a real provider.
 */
import { Type, type Static } from 'typebox';
import { DEMO_REPLY_MAX_LENGTH } from '../sms/reply';
import { DateTime, Nullable, Uuid } from './common';

export const DEMO_PHONE_MAX_MESSAGES = 200;

export const DemoPhoneReplySchema = Type.Object({
  text: Type.String(),
  at: DateTime,
  /** What the reply did: applied, noted, ambiguous or unmatched (services/smsReplies.ts). */
  outcome: Type.String(),
  answer: Type.String(),
});

export const DemoPhoneMessageSchema = Type.Object({
  providerRef: Uuid,
  to: Type.String(),
  sender: Type.String(),
  text: Type.String(),
  at: DateTime,
  kind: Type.String(),
  scheduleItemId: Nullable(Type.Integer()),
  /** The item's address, when the message is about one. */
  address: Nullable(Type.String()),
  /**
   * What the message's delivery report says so far: pending from its hand-over until the gateway
   * reports it (EMBEDDED_SMS_DELIVERY_DELAY_MS later), then delivered (or failed).
   */
  delivery: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  replies: Type.Array(DemoPhoneReplySchema),
});
export type DemoPhoneMessage = Static<typeof DemoPhoneMessageSchema>;

export const DemoPhoneReplyBodySchema = Type.Object({
  providerRef: Uuid,
  replyId: Uuid,
  text: Type.String({ minLength: 1, maxLength: DEMO_REPLY_MAX_LENGTH }),
}, { additionalProperties: false });
export type DemoPhoneReplyBody = Static<typeof DemoPhoneReplyBodySchema>;

export const DemoPhoneReplyResultSchema = Type.Object({
  duplicate: Type.Boolean(),
  answer: Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('unknown')]),
  outcome: Type.Union([Type.Literal('applied'), Type.Literal('noted'), Type.Literal('ambiguous'), Type.Literal('unmatched')]),
  scheduleItemId: Nullable(Type.Integer()),
  /** The item's status after the reply (null when it matched none). */
  status: Nullable(Type.Integer()),
});
export type DemoPhoneReplyResult = Static<typeof DemoPhoneReplyResultSchema>;
