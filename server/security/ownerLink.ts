/**
 * The signed token of an owner's answer link (spec 2 §4 Replies, answered by a link; the link:
 * src/domain/sms/answerLink.ts, what it opens: services/ownerAnswer.ts). No sign-in: the token is the
 * owner's proof, so it says as little as it must and cannot be made or bent by anyone else.
 *
 * - 20 bytes, base64url (27 characters, so the link stays short in the SMS): the schedule item's id
 *   (uint32), the expiry (uint32, epoch seconds: the appointment's start), and the first 12 bytes
 *   (96 bits) of HMAC-SHA256 over `purpose:itemId:expiry` with the server's secret. The purpose
 *   ('owner-answer') is in the MAC, not in the token: a token made for anything else fails here.
 * - The MAC is compared in constant time (timingSafeEqual), and checked before the expiry: only a
 *   genuine token is told it has expired.
 * - The secret is 32 random bytes kept in the database (security/secrets.ts, table signing_keys,
 *   as the identity provider's keys are), made on first use, the same for every server process.
 *   A process keeps it once read (`ownerLinkSecret`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ANSWER_TOKEN_LENGTH } from '../../src/domain/sms/answerLink';
import { hmacSecret } from './secrets';
import type { DbOrTx } from '../db/tx';

export const OWNER_ANSWER_PURPOSE = 'owner-answer';
const SECRET_NAME = 'owner-answer-link';
const MAC_BYTES = 12;
const BODY_BYTES = 8;
const UINT32_MAX = 0xffff_ffff;
const TOKEN_RE = new RegExp(`^[A-Za-z0-9_-]{${ANSWER_TOKEN_LENGTH}}$`);

function mac(secret: Buffer, purpose: string, itemId: number, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${itemId}:${expiresAt}`, 'utf8').digest().subarray(0, MAC_BYTES);
}

/** A token for `purpose` on item `itemId`, valid until `expiresAt` (epoch seconds). */
export function signToken(secret: Buffer, purpose: string, itemId: number, expiresAt: number): string {
  if (!Number.isInteger(itemId) || itemId < 1 || itemId > UINT32_MAX) throw new RangeError(`item id ${itemId} cannot be put in a token`);
  if (!Number.isInteger(expiresAt) || expiresAt < 0 || expiresAt > UINT32_MAX) throw new RangeError('the expiry cannot be put in a token');
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt32BE(itemId, 0);
  body.writeUInt32BE(expiresAt, 4);
  return Buffer.concat([body, mac(secret, purpose, itemId, expiresAt)]).toString('base64url');
}

export type TokenCheck =
  | { ok: true; itemId: number; expiresAt: number }
  /** `invalid`: not a token of ours for this purpose; `expired`: ours, past its expiry. */
  | { ok: false; reason: 'invalid' | 'expired' };

/** Whether `token` is ours for `purpose` and still valid at `now` (ms). Reads nothing but the token. */
export function verifyToken(secret: Buffer, purpose: string, token: string, now = Date.now()): TokenCheck {
  if (!TOKEN_RE.test(token)) return { ok: false, reason: 'invalid' };
  const raw = Buffer.from(token, 'base64url');
  // base64url admits non-canonical final characters; only the canonical spelling is ours.
  if (raw.length !== BODY_BYTES + MAC_BYTES || raw.toString('base64url') !== token) return { ok: false, reason: 'invalid' };
  const itemId = raw.readUInt32BE(0);
  const expiresAt = raw.readUInt32BE(4);
  if (!timingSafeEqual(raw.subarray(BODY_BYTES), mac(secret, purpose, itemId, expiresAt))) return { ok: false, reason: 'invalid' };
  if (itemId < 1) return { ok: false, reason: 'invalid' };
  if (now >= expiresAt * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, itemId, expiresAt };
}

const kept = new WeakMap<DbOrTx, Buffer>();

/**
 * The answer links' secret, kept per database handle: a pool's for the process's life (what it reads
 * or makes is committed), a transaction's for that transaction only (what it made may roll back).
 */
export async function ownerLinkSecret(db: DbOrTx): Promise<Buffer> {
  const known = kept.get(db);
  if (known) return known;
  const { secret } = await hmacSecret(db, SECRET_NAME);
  kept.set(db, secret);
  return secret;
}

/** The token of an owner's answer link for item `itemId`, valid until `start`. */
export async function ownerAnswerToken(db: DbOrTx, itemId: number, start: Date): Promise<string> {
  return signToken(await ownerLinkSecret(db), OWNER_ANSWER_PURPOSE, itemId, Math.floor(start.getTime() / 1000));
}
