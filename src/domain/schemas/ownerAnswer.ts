/**
 * The owner's answer page (ours; spec 2 §4 Replies, answered by a link: server/services/ownerAnswer.ts).
 * Public, no sign-in: the path's token is the owner's proof (server/security/ownerLink.ts).
 * - GET /api/ownerAnswer/{token} -> 200 OwnerAppointment: only what the owner's notice said (day, time
 *   range, address, the company's name and phone) and where the item stands (`state`).
 * - POST /api/ownerAnswer/{token} OwnerAnswerBody -> 200 OwnerAnswerResult: yes confirms the time, no
 *   asks for another (the item is Rejected), applied as an SMS reply is, once; `applied` false when the
 *   item no longer waited for an answer (then `state` says what was agreed).
 * A token that is malformed or not ours → 404, one past the appointment's start → 410; both with a
 * neutral body that names no item.
 */
import { Type, type Static } from 'typebox';
import { ANSWER_TOKEN_MAX_LENGTH, ANSWER_TOKEN_PATTERN } from '../sms/answerLink';

/**
 * Where the item stands for its owner: open (waits for an answer), confirmed (agreed: Confirmed, its
 * job made or being done), rejected (another time asked for), cancelled, other (anything else: a
 * failed notice, a new plan).
 */
export const OWNER_ANSWER_STATES = ['open', 'confirmed', 'rejected', 'cancelled', 'other'] as const;
export type OwnerAnswerState = (typeof OWNER_ANSWER_STATES)[number];

export const OwnerAnswerTokenParam = Type.Object({
  token: Type.String({ pattern: ANSWER_TOKEN_PATTERN, maxLength: ANSWER_TOKEN_MAX_LENGTH, description: 'The signed token of the owner\'s link' }),
}, { additionalProperties: false });

export const OwnerAppointmentSchema = Type.Object({
  /** dd.MM.yyyy, Oslo time. */
  date: Type.String(),
  /** HH:mm-HH:mm, Oslo time. */
  timeRange: Type.String(),
  address: Type.String(),
  companyName: Type.String(),
  companyPhone: Type.String(),
  state: Type.Union([Type.Literal('open'), Type.Literal('confirmed'), Type.Literal('rejected'), Type.Literal('cancelled'), Type.Literal('other')]),
}, { additionalProperties: false });
export type OwnerAppointment = Static<typeof OwnerAppointmentSchema>;

export const OwnerAnswerBodySchema = Type.Object({
  answer: Type.Union([Type.Literal('yes'), Type.Literal('no')]),
}, { additionalProperties: false });
export type OwnerAnswerBody = Static<typeof OwnerAnswerBodySchema>;

export const OwnerAnswerResultSchema = Type.Object({
  /** False: the item no longer waited for an answer (answered by SMS, by the link, or by the office). */
  applied: Type.Boolean(),
  appointment: OwnerAppointmentSchema,
}, { additionalProperties: false });
export type OwnerAnswerResult = Static<typeof OwnerAnswerResultSchema>;
