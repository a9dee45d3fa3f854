/**
 * How the server's SMS leave it (DESIGN.md "Server"): an SmsGateway only delivers and reports. The
 * message itself is recorded and moved along by repositories/sms.ts (queued → handed over → delivered
 * or failed) and workers/sms.ts, after the transaction that had it sent has committed.
 *
 * `deliver` hands a message to the provider under the message's own reference; a provider keeps one
 * message per reference, so handing the same message over again (a worker that died after the hand-
 * over and before recording it, taken again by the queue) does not send it twice. It throws
 * SmsRefused for a message the provider will never take (tried no more), anything else for a failure
 * worth trying again. `report` says what became of a message handed over.
 *
 * The embedded default stands where a provider's system would be: it keeps each message in its own
 * table (sms_gateway_deliveries, one row per reference) and, as an operator does, reports it pending
 * until a short delay after its hand-over has passed (EMBEDDED_SMS_DELIVERY_DELAY_MS, server/config.ts),
 * then delivered; a pending report says when to ask again (`retryAfterMs`). A real provider is
 * an HTTP adapter behind this same interface, selected by configuration (SMS_PROVIDER, sms/index.ts): Twilio's
 * (sms/twilio.ts), whose callbacks come in through routes/smsProvider.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { smsGatewayDeliveries } from '../db/schema';
import type { SentSms } from '../../src/domain/schemas/templates';

export type { SentSms };

export interface OutboundSms {
  /** The message's id: the provider keeps one message per reference. */
  reference: string;
  /** E.164, "+4791234567". */
  to: string;
  text: string;
  /** What the recipient sees as the sender. */
  sender: string;
}

export interface DeliveryReport {
  state: 'pending' | 'delivered' | 'failed';
  at?: Date;
  error?: string;
  /**
   * Of a pending report: when the provider expects to know more, in ms from now (the next report job
   * waits that long, services/sms.ts reportSms); absent, the report is asked again a minute later.
   */
  retryAfterMs?: number;
}

export interface SmsGateway {
  /** Hands `msg` to the provider; answers the provider's id of it. */
  deliver(msg: OutboundSms): Promise<{ providerRef: string }>;
  /** What became of a message handed over. */
  report(providerRef: string): Promise<DeliveryReport>;
}

/** A message the provider will never take (a malformed number, a refused sender): not tried again. */
export class SmsRefused extends Error {}

const E164 = /^\+[1-9][0-9]{6,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The embedded gateway: the database's sms_gateway_deliveries is the provider's store. */
export class EmbeddedSmsGateway implements SmsGateway {
  /** How long after its hand-over a message is reported delivered (pending until then). */
  readonly deliveryDelayMs: number;

  constructor(private readonly db: Db, opts: { deliveryDelayMs?: number } = {}) {
    this.deliveryDelayMs = Math.max(0, opts.deliveryDelayMs ?? 0);
  }

  async deliver(msg: OutboundSms): Promise<{ providerRef: string }> {
    if (!E164.test(msg.to)) throw new SmsRefused(`Not an E.164 number: ${msg.to}`);
    const [made] = await this.db.insert(smsGatewayDeliveries)
      .values({ reference: msg.reference, toNumber: msg.to, sender: msg.sender, text: msg.text })
      .onConflictDoNothing({ target: smsGatewayDeliveries.reference }).returning({ providerRef: smsGatewayDeliveries.providerRef });
    if (made) return made;
    const [kept] = await this.db.select({ providerRef: smsGatewayDeliveries.providerRef }).from(smsGatewayDeliveries)
      .where(eq(smsGatewayDeliveries.reference, msg.reference));
    return kept;
  }

  /**
   * Delivered at its hand-over plus the delay; before that pending, to be asked again when the delay
   * has passed. The database's clock decides (the one that stamped the hand-over), whichever process asks.
   */
  async report(providerRef: string): Promise<DeliveryReport> {
    if (!UUID.test(providerRef)) return { state: 'failed', error: `Unknown message ${providerRef}` };
    const delay = sql`make_interval(secs => ${this.deliveryDelayMs / 1000}::float8)`;
    const [row] = await this.db.select({
      at: sql<Date>`${smsGatewayDeliveries.receivedAt} + ${delay}`.mapWith(smsGatewayDeliveries.receivedAt),
      leftMs: sql<number>`ceil(extract(epoch from (${smsGatewayDeliveries.receivedAt} + ${delay} - clock_timestamp())) * 1000)::float8`.mapWith(Number),
    }).from(smsGatewayDeliveries).where(eq(smsGatewayDeliveries.providerRef, providerRef));
    if (!row) return { state: 'failed', error: `Unknown message ${providerRef}` };
    return row.leftMs > 0 ? { state: 'pending', retryAfterMs: row.leftMs } : { state: 'delivered', at: row.at };
  }
}
