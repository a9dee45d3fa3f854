/**
 * How the server sends SMS (DESIGN.md "Server"): an SmsGateway. The embedded default keeps every
 * message in the database (sms_messages) and sends nothing further; a real provider will be an HTTP
 * adapter behind this same interface, selected by configuration (none is configured yet).
 *
 * A gateway records the message in the caller's transaction: the message exists, and counts towards
 * the company's limits, only if the request that sent it commits, and an idempotent replay (services/
 * idempotency.ts) finds the stored answer instead of sending again. A provider adapter will hand the
 * recorded message to its provider once that transaction has committed.
 *
 * What a message costs (encoding, SMS parts, characters) is counted by src/domain/sms/segments.ts
 * countSms, the function the browser's counter uses, so the server and the preview agree.
 */
import { smsMessages } from '../db/schema';
import type { Tx } from '../db/tx';
import { countSms } from '../../src/domain/sms/segments';
import type { SentSms } from '../../src/domain/schemas/templates';

export type { SentSms };

/** Why a message is sent: 'test' is an admin's test of a template (POST /api/NotificationTemplate/{id}/test). */
export type SmsKind = 'test';

export interface OutgoingSms {
  companyId: string;
  /** E.164, "+4791234567". */
  to: string;
  text: string;
  /** What the recipient sees as the sender: the company's SMS sender name, else its name. */
  sender: string;
  /** The user who had it sent. */
  createdBy: string;
  kind: SmsKind;
}

export interface SmsGateway {
  /** Sends `msg`, recording it in `tx` (see above); answers what was sent and what it costs. */
  send(msg: OutgoingSms, tx: Tx): Promise<SentSms>;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

/** The embedded gateway: the database is the message store. */
export class EmbeddedSmsGateway implements SmsGateway {
  async send(msg: OutgoingSms, tx: Tx): Promise<SentSms> {
    if (!E164.test(msg.to)) throw new Error(`Not an E.164 number: ${msg.to}`);
    const count = countSms(msg.text);
    const [row] = await tx.insert(smsMessages).values({
      companyId: msg.companyId, toNumber: msg.to, sender: msg.sender, text: msg.text,
      encoding: count.encoding, segments: count.segments, characters: count.characters,
      kind: msg.kind, createdBy: msg.createdBy,
    }).returning();
    return {
      id: row.id, to: row.toNumber, text: row.text, encoding: row.encoding, segments: row.segments,
      characters: row.characters, sentAt: row.createdAt.toISOString(),
    };
  }
}

/** The gateway for this configuration: the embedded one (there is no provider setting yet). */
export function smsGatewayFor(): SmsGateway {
  return new EmbeddedSmsGateway();
}
