/**
 * The SmsGateway for Twilio's Programmable Messaging API (DESIGN.md "Server": a real provider is an
 * HTTP adapter selected by configuration; SMS_PROVIDER=twilio, server/config.ts TwilioConfig).
 *
 * deliver: POST {apiBase}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body
 * and StatusCallback ({publicBaseUrl}/api/sms/provider/twilio/status, routes/smsProvider.ts), HTTP
 * Basic auth AccountSid:AuthToken; Twilio answers 201 with the Message resource, whose sid ("SM…") is
 * our providerRef. `From` is the configured number or Messaging Service, never `msg.sender` (the
 * company's display name): Twilio can send from an alphanumeric sender ID in Norway, but such a
 * message cannot be answered, and a notice is answered JA or NEI (spec 2 §4). The company's name is in
 * the text instead.
 *
 * A 4xx whose Twilio error code says the message will never be taken (a number that is not a valid
 * or not a mobile number, a recipient who answered STOP, a body too long…: REFUSING) is SmsRefused,
 * final; any other answer, a 429, a 5xx or no answer throws a plain Error and the queue tries again.
 *
 * Exactly once: Twilio has no idempotency key for a message (a POST retried after a 5xx "is possible
 * for a customer to receive multiple messages": Twilio's error 20500), and the queue may hand the same
 * message over again after a worker died. So the adapter keeps its own table (twilio_messages, one row
 * per reference): the row is claimed before the POST, the sid written the moment Twilio answers, and
 * an attempt that got no clear answer (timeout, dropped connection, 5xx) marks it `endedAt`. A message
 * handed over again
 * - with a sid: answers it, nothing is posted;
 * - claimed moments ago by a runner that may still be waiting for Twilio: throws, tried again later;
 * - claimed by an attempt that ended without an answer, or by a runner that died: asks Twilio's
 *   message list for an outbound message to the same number, from the same sender, with the same
 *   text, created since the claim and not yet any other reference's; found, it is adopted, else it is
 *   posted again.
 * The window left: Twilio took the message but it is not in its list when the next attempt looks
 * (its list is read a retry delay later, 30 s at first), and the same text was not sent to the same
 * number by another message in those minutes (then that one is taken for this one: one SMS instead of
 * two). A 4xx answer (nothing was made) clears the claim, so the next attempt posts without asking.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TwilioConfig } from '../config';
import type { Db } from '../db/index';
import { twilioMessages } from '../db/schema';
import type { DbOrTx } from '../db/tx';
import { SmsRefused, type DeliveryReport, type OutboundSms, type SmsGateway } from './gateway';

/** Where Twilio posts a message's status changes, and an owner's reply (routes/smsProvider.ts). */
export const TWILIO_STATUS_PATH = '/api/sms/provider/twilio/status';
export const TWILIO_INBOUND_PATH = '/api/sms/provider/twilio/inbound';

/** How long one request to Twilio may take. */
const REQUEST_TIMEOUT_MS = 10_000;
/** A claim younger than this without an answer may belong to a runner still waiting for Twilio. */
const IN_FLIGHT_MS = REQUEST_TIMEOUT_MS + 20_000;
/** How far before its claim a message found in Twilio's list may have been created (clocks differ). */
const CLOCK_SKEW_MS = 120_000;

const E164 = /^\+[1-9][0-9]{6,14}$/;
const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;

/**
 * Twilio error codes that mean the message will never be taken (final), with what they say; the text
 * we store and show, never Twilio's own message, which names the number.
 */
const REFUSING: Record<number, string> = {
  21211: 'the To number is not a valid phone number',
  21214: 'the To number cannot be reached',
  21217: 'the To number does not appear to be a valid phone number',
  21219: 'the To number is not verified (a trial account)',
  21401: 'the To number is not a valid phone number',
  21408: 'sending to this region is not enabled on the account',
  21602: 'the message has no text',
  21610: 'the recipient has unsubscribed (answered STOP)',
  21612: 'Twilio cannot route a message to this number',
  21614: 'the To number is not a mobile number',
  21617: 'the text is longer than Twilio takes',
};

/** What became of a message Twilio took but did not deliver (its delivery error codes). */
const DELIVERY_ERRORS: Record<number, string> = {
  30001: 'the queue overflowed',
  30002: 'the account was suspended',
  30003: 'the handset is unreachable',
  30004: 'the message was blocked',
  30005: 'the number is unknown or no longer in use',
  30006: 'a landline or an unreachable carrier',
  30007: 'filtered by the carrier',
  30008: 'an unknown error',
};

/** Our words for a Twilio error code: its meaning when we know it, the code always. */
export function describeTwilioError(code: number | null | undefined): string {
  if (code === null || code === undefined || !Number.isFinite(code)) return 'Twilio reported no error code';
  const meaning = REFUSING[code] ?? DELIVERY_ERRORS[code];
  return meaning ? `Twilio error ${code}: ${meaning}` : `Twilio error ${code}`;
}

/**
 * A Twilio message status as our report: queued, accepted, scheduled, sending and sent are on their
 * way (pending); delivered (and read, where the channel tells it) arrived; undelivered, failed and
 * canceled did not, nor did a message only partly delivered.
 */
export function twilioReport(status: string, errorCode?: number | null, at?: Date): DeliveryReport {
  switch (status) {
    case 'delivered':
    case 'read':
      return { state: 'delivered', ...(at ? { at } : {}) };
    case 'undelivered':
    case 'failed':
    case 'canceled':
    case 'partially_delivered':
      return { state: 'failed', ...(at ? { at } : {}), error: `${status}: ${describeTwilioError(errorCode)}` };
    default:
      return { state: 'pending' };
  }
}

/**
 * X-Twilio-Signature (Twilio's "Webhooks security"): base64 of HMAC-SHA1, keyed with the auth token,
 * over the full URL Twilio called followed by every POST parameter's name and value, sorted by name
 * (a name given more than once: its distinct values sorted, as Twilio's own helper does).
 */
export function twilioSignature(authToken: string, url: string, params: readonly (readonly [string, string])[]): string {
  const byName = new Map<string, Set<string>>();
  for (const [name, value] of params) byName.set(name, (byName.get(name) ?? new Set()).add(value));
  let data = url;
  for (const name of [...byName.keys()].sort()) {
    for (const value of [...byName.get(name)!].sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * Whether `header` signs the callback to `url` with `params`, compared in constant time. Twilio signs
 * the URL as it was configured: with the port when it named one, and its helper accepts the URL with
 * and without the scheme's default port, as this does.
 */
export function verifyTwilioSignature(authToken: string, header: string | undefined, url: string, params: readonly (readonly [string, string])[]): boolean {
  if (!header) return false;
  const given = Buffer.from(header, 'utf8');
  let valid = false;
  for (const candidate of withAndWithoutDefaultPort(url)) {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), 'utf8');
    // Every candidate is compared, so the time taken does not say which one was close.
    if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
  }
  return valid;
}

function withAndWithoutDefaultPort(url: string): string[] {
  const m = /^(https?):\/\/([^/?#]*?)(:\d+)?([/?#].*)?$/i.exec(url);
  if (!m) return [url];
  const [, scheme, host, port, rest = ''] = m;
  const defaultPort = scheme.toLowerCase() === 'https' ? ':443' : ':80';
  if (port && port !== defaultPort) return [url];
  return [`${scheme}://${host}${rest}`, `${scheme}://${host}${defaultPort}${rest}`];
}

/** Twilio's Message resource, the fields read. */
interface TwilioMessage {
  sid: string;
  status: string;
  body?: string | null;
  to?: string | null;
  from?: string | null;
  messaging_service_sid?: string | null;
  direction?: string | null;
  date_created?: string | null;
  date_updated?: string | null;
  error_code?: number | null;
}

/** A Twilio answer that is not what we asked for, with its status and Twilio's error code. */
class TwilioAnswer extends Error {
  constructor(readonly status: number, readonly code: number | null) {
    super(`Twilio answered ${status}${code ? ` (error ${code})` : ''}`);
  }
}

export class TwilioSmsGateway implements SmsGateway {
  private readonly auth: string;
  private readonly messages: string;

  constructor(private readonly db: Db, private readonly config: TwilioConfig, private readonly now: () => Date = () => new Date()) {
    this.auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
    this.messages = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages`;
  }

  async deliver(msg: OutboundSms): Promise<{ providerRef: string }> {
    if (!E164.test(msg.to)) throw new SmsRefused('Not an E.164 number');
    const claim = await this.claim(msg.reference);
    if ('sid' in claim) return { providerRef: claim.sid };
    if (claim.earlier) {
      const found = await this.findTaken(msg, claim.earlier);
      if (found) return { providerRef: await this.answered(msg.reference, found) };
    }

    let res: Response;
    try {
      res = await fetch(`${this.messages}.json`, {
        method: 'POST',
        headers: { authorization: this.auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          To: msg.to, From: this.config.from, Body: msg.text, StatusCallback: `${this.config.publicBaseUrl}${TWILIO_STATUS_PATH}`,
        }).toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      await this.unanswered(msg.reference);
      throw new Error(`Twilio could not be reached: ${(err as Error).name}`);
    }
    const body = await res.json().catch(() => null) as (TwilioMessage & { code?: number }) | null;
    if (res.ok && body && typeof body.sid === 'string' && MESSAGE_SID.test(body.sid)) {
      return { providerRef: await this.answered(msg.reference, body.sid) };
    }
    if (res.ok || res.status >= 500) {
      // Twilio may have made the message: the next attempt looks for it first.
      await this.unanswered(msg.reference);
      throw new TwilioAnswer(res.status, null);
    }
    // A 4xx: nothing was made. The next attempt, if any, posts without asking.
    await this.db.delete(twilioMessages).where(and(eq(twilioMessages.reference, msg.reference), isNull(twilioMessages.sid)));
    const code = typeof body?.code === 'number' ? body.code : null;
    if (code !== null && REFUSING[code] && res.status !== 429) throw new SmsRefused(describeTwilioError(code));
    throw new TwilioAnswer(res.status, code);
  }

  async report(providerRef: string): Promise<DeliveryReport> {
    if (!MESSAGE_SID.test(providerRef)) return { state: 'failed', error: 'Not a Twilio message SID' };
    let res: Response;
    try {
      res = await fetch(`${this.messages}/${providerRef}.json`, { headers: { authorization: this.auth, accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (err) {
      throw new Error(`Twilio could not be reached: ${(err as Error).name}`);
    }
    if (res.status === 404) return { state: 'failed', error: 'Twilio knows no such message' };
    const body = await res.json().catch(() => null) as (TwilioMessage & { code?: number }) | null;
    if (!res.ok || !body || typeof body.status !== 'string') throw new TwilioAnswer(res.status, typeof body?.code === 'number' ? body.code : null);
    const updated = body.date_updated ? new Date(body.date_updated) : undefined;
    return twilioReport(body.status, body.error_code, updated && !Number.isNaN(updated.getTime()) ? updated : undefined);
  }

  /**
   * Claims `reference` for a POST: `{ sid }` when Twilio already answered for it; `{ earlier }` (the
   * earlier claim's time) when an attempt before this one may have been taken without our hearing;
   * `{}` for a first attempt. Throws while another runner may still be waiting for Twilio's answer.
   */
  private async claim(reference: string): Promise<{ sid: string } | { earlier?: Date }> {
    const [made] = await this.db.insert(twilioMessages).values({ reference, claimedAt: this.now() })
      .onConflictDoNothing({ target: twilioMessages.reference }).returning({ reference: twilioMessages.reference });
    if (made) return {};
    const [row] = await this.db.select().from(twilioMessages).where(eq(twilioMessages.reference, reference));
    // Cleared by a 4xx between the insert and the read: a first attempt again.
    if (!row) return this.claim(reference);
    if (row.sid) return { sid: row.sid };
    if (!row.endedAt && this.now().getTime() - row.claimedAt.getTime() < IN_FLIGHT_MS) {
      throw new Error('A hand-over of this message to Twilio is under way; tried again later');
    }
    // Taken over from that attempt: one runner only (the claim's time is its version).
    const [taken] = await this.db.update(twilioMessages).set({ claimedAt: this.now(), endedAt: null })
      .where(and(eq(twilioMessages.reference, reference), isNull(twilioMessages.sid), eq(twilioMessages.claimedAt, row.claimedAt)))
      .returning({ reference: twilioMessages.reference });
    if (!taken) throw new Error('A hand-over of this message to Twilio is under way; tried again later');
    return { earlier: row.claimedAt };
  }

  /** Records Twilio's sid for `reference`, the claim's answer; the sid kept when another runner wrote one first. */
  private async answered(reference: string, sid: string): Promise<string> {
    const [row] = await this.db.update(twilioMessages).set({ sid, endedAt: null })
      .where(and(eq(twilioMessages.reference, reference), isNull(twilioMessages.sid)))
      .returning({ sid: twilioMessages.sid });
    if (row?.sid) return row.sid;
    const [kept] = await this.db.select({ sid: twilioMessages.sid }).from(twilioMessages).where(eq(twilioMessages.reference, reference));
    if (kept?.sid) return kept.sid;
    // The claim was cleared meanwhile (it cannot be by a 4xx of ours, but be sure): record it anew.
    await this.db.insert(twilioMessages).values({ reference, sid }).onConflictDoUpdate({ target: twilioMessages.reference, set: { sid } });
    return sid;
  }

  /** The attempt ended without knowing whether Twilio took the message. */
  private async unanswered(reference: string): Promise<void> {
    await this.db.update(twilioMessages).set({ endedAt: this.now() })
      .where(and(eq(twilioMessages.reference, reference), isNull(twilioMessages.sid)));
  }

  /**
   * An outbound message of ours to `msg.to` with `msg.text`, created since `since` (less the clocks'
   * skew), from the configured sender, that no other reference has: one an earlier attempt made.
   * Throws when Twilio cannot be asked: nothing is posted on a guess.
   */
  private async findTaken(msg: OutboundSms, since: Date): Promise<string | null> {
    let res: Response;
    try {
      res = await fetch(`${this.messages}.json?${new URLSearchParams({ To: msg.to, PageSize: '50' })}`, {
        headers: { authorization: this.auth, accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error(`Twilio could not be reached: ${(err as Error).name}`);
    }
    const body = await res.json().catch(() => null) as { messages?: TwilioMessage[] } | null;
    if (!res.ok || !Array.isArray(body?.messages)) throw new TwilioAnswer(res.status, null);
    const fromService = this.config.from.startsWith('MG');
    const candidates = body.messages.filter((m) => MESSAGE_SID.test(m.sid)
      && (m.direction ?? 'outbound-api').startsWith('outbound')
      && (fromService ? m.messaging_service_sid === this.config.from : m.from === this.config.from)
      // A trial account's messages begin with Twilio's own words.
      && typeof m.body === 'string' && (m.body === msg.text || m.body.endsWith(msg.text))
      && Date.parse(m.date_created ?? '') >= since.getTime() - CLOCK_SKEW_MS);
    for (const m of candidates) {
      const [other] = await this.db.select({ reference: twilioMessages.reference }).from(twilioMessages)
        .where(and(eq(twilioMessages.sid, m.sid), ne(twilioMessages.reference, msg.reference)));
      if (!other) return m.sid;
    }
    return null;
  }
}

/** How long a settled message's row is kept: far longer than a message can be handed over again. */
export const TWILIO_ROW_RETENTION_MS = 30 * 86_400_000;

/**
 * The daily clean-up's part (services/cleanup.ts): the rows of messages claimed before `before` whose
 * message is settled (delivered or failed) or gone. A message still queued or handed over keeps its
 * row, so a hand-over after a crash still finds Twilio's answer. Answers how many went.
 */
export async function deleteSettledTwilioRows(db: DbOrTx, before: Date): Promise<number> {
  const { rowCount } = await db.execute(sql`
    delete from twilio_messages t where t.claimed_at < ${before}
      and not exists (select 1 from sms_messages m where m.id::text = t.reference and m.status not in ('delivered', 'failed'))`);
  return rowCount ?? 0;
}
