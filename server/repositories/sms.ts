/**
 * SMS messages the server sends, owned here from the moment they are recorded to their last report:
 * 'queued' (recorded with its delivery job in the transaction that had it sent) → 'handed_over' (the
 * gateway took it) → 'delivered' or 'failed'. The gateway (server/sms/gateway.ts) only delivers and
 * reports; workers/sms.ts moves a message along through services/sms.ts.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { companies, scheduleItems, smsGatewayDeliveries, smsMessages, smsReplies, type SmsKind, type SmsStatus } from '../db/schema';
import { advisoryLock, type DbOrTx, type Tx } from '../db/tx';

export type SmsRow = typeof smsMessages.$inferSelect;
export type NewSms = Omit<typeof smsMessages.$inferInsert, 'id' | 'status' | 'attempts' | 'providerRef' | 'handedOverAt' | 'finishedAt' | 'error'>;

/** Test sends of a company count one by one while this lock is held. */
export async function lockTestSms(tx: Tx, companyId: string): Promise<void> {
  await advisoryLock(tx, `sms-test:${companyId}`);
}

/** How many test SMS the company sent in the last hour. */
export async function testSmsInLastHour(tx: Tx, companyId: string): Promise<number> {
  const [{ sent }] = await tx.select({ sent: count() }).from(smsMessages).where(and(
    eq(smsMessages.companyId, companyId), eq(smsMessages.kind, 'test'), gt(smsMessages.createdAt, sql`now() - interval '1 hour'`),
  ));
  return sent;
}

/** The customer (water utility) of a company: the system acts for the company within it. */
export async function companyCustomerId(db: DbOrTx, companyId: string): Promise<string> {
  const [row] = await db.select({ customerId: companies.customerId }).from(companies).where(eq(companies.id, companyId));
  return row.customerId;
}

/** Records a message as queued (the caller sends its delivery job in the same transaction). */
export async function insertQueuedSms(tx: Tx, row: NewSms): Promise<SmsRow> {
  const [made] = await tx.insert(smsMessages).values({ ...row, status: 'queued' }).returning();
  return made;
}

export async function findSms(db: DbOrTx, id: string): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id)).limit(1);
  return row;
}

/** The message locked for the rest of the transaction: one worker moves it at a time. */
export async function lockSms(tx: Tx, id: string): Promise<SmsRow | undefined> {
  const [row] = await tx.select().from(smsMessages).where(eq(smsMessages.id, id)).for('update');
  return row;
}

/** Moves the message from `from` to `patch.status`; undefined when it was no longer in `from`. */
export async function moveSms(
  tx: DbOrTx, id: string, from: SmsStatus[], patch: Partial<Pick<SmsRow, 'status' | 'attempts' | 'providerRef' | 'handedOverAt' | 'finishedAt' | 'error'>>,
): Promise<SmsRow | undefined> {
  const [row] = await tx.update(smsMessages).set(patch).where(and(eq(smsMessages.id, id), inArray(smsMessages.status, from))).returning();
  return row;
}

/** Messages still on their way ('queued' or 'handed_over') written before `before`: the sweep's candidates. */
export async function unfinishedSmsBefore(db: DbOrTx, before: Date, limit = 500): Promise<SmsRow[]> {
  return db.select().from(smsMessages)
    .where(and(inArray(smsMessages.status, ['queued', 'handed_over']), lt(smsMessages.createdAt, before)))
    .orderBy(smsMessages.createdAt).limit(limit);
}

/** The message the provider knows as `providerRef` (a delivery report names it so). */
export async function findSmsByProviderRef(db: DbOrTx, providerRef: string): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.providerRef, providerRef)).limit(1);
  return row;
}

export type SmsReplyRow = typeof smsReplies.$inferSelect;

/** Records an owner's reply; undefined when the provider's message was recorded before (a callback repeated). */
export async function insertReply(tx: Tx, row: Omit<typeof smsReplies.$inferInsert, 'id'>): Promise<SmsReplyRow | undefined> {
  const [made] = await tx.insert(smsReplies).values(row).onConflictDoNothing({ target: smsReplies.providerMessageId }).returning();
  return made;
}

/** A schedule item's latest notice or reminder to a number, with the item's company and status. */
export interface NoticeToNumber {
  messageId: string;
  scheduleItemId: number;
  companyId: string;
  status: number;
  sentAt: Date;
}

/**
 * The items whose latest notice or reminder went to `number` since `since`, each once with that message,
 * newest first: the items a reply from that number may answer. Every company's (one provider number
 * may serve several); the caller picks by status and reply code.
 */
export async function noticesToNumber(tx: Tx, number: string, since: Date, limit = 50): Promise<NoticeToNumber[]> {
  const rows = await tx.selectDistinctOn([smsMessages.scheduleItemId], {
    messageId: smsMessages.id, scheduleItemId: smsMessages.scheduleItemId, companyId: smsMessages.companyId,
    status: scheduleItems.status, sentAt: smsMessages.createdAt,
  }).from(smsMessages).innerJoin(scheduleItems, eq(scheduleItems.id, smsMessages.scheduleItemId))
    .where(and(eq(smsMessages.toNumber, number), inArray(smsMessages.kind, ['notice', 'reminder']), isNotNull(smsMessages.scheduleItemId),
      gt(smsMessages.createdAt, since)))
    .orderBy(smsMessages.scheduleItemId, desc(smsMessages.createdAt)).limit(limit);
  return rows.map((r) => ({ ...r, scheduleItemId: r.scheduleItemId! })).sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
}

/** The replies recorded for a schedule item, oldest first (its SMS log). */
export async function repliesOfItem(db: DbOrTx, itemId: number): Promise<SmsReplyRow[]> {
  return db.select().from(smsReplies).where(eq(smsReplies.scheduleItemId, itemId)).orderBy(smsReplies.receivedAt);
}

/** A schedule item's latest notice (its number, when, and the admin who had it sent). */
export async function latestNoticeOf(db: DbOrTx, itemId: number): Promise<SmsRow | undefined> {
  const [row] = await db.select().from(smsMessages).where(and(eq(smsMessages.scheduleItemId, itemId), eq(smsMessages.kind, 'notice')))
    .orderBy(desc(smsMessages.createdAt)).limit(1);
  return row;
}

/** How many messages of `kind` were recorded for a schedule item since `since`. */
export async function smsOfItemSince(db: DbOrTx, itemId: number, kind: SmsKind, since: Date): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(smsMessages)
    .where(and(eq(smsMessages.scheduleItemId, itemId), eq(smsMessages.kind, kind), gt(smsMessages.createdAt, since)));
  return n;
}

/** What the embedded gateway delivered for a company, newest first, with each message's item address. */
export async function companyDeliveries(db: DbOrTx, companyId: string, limit: number) {
  return db.select({
    providerRef: smsGatewayDeliveries.providerRef, to: smsGatewayDeliveries.toNumber, sender: smsGatewayDeliveries.sender,
    text: smsGatewayDeliveries.text, at: smsGatewayDeliveries.receivedAt, kind: smsMessages.kind, scheduleItemId: smsMessages.scheduleItemId,
    address: scheduleItems.address, status: smsMessages.status,
  }).from(smsGatewayDeliveries)
    .innerJoin(smsMessages, eq(sql`${smsMessages.id}::text`, smsGatewayDeliveries.reference))
    .leftJoin(scheduleItems, eq(scheduleItems.id, smsMessages.scheduleItemId))
    .where(eq(smsMessages.companyId, companyId))
    .orderBy(desc(smsGatewayDeliveries.receivedAt)).limit(limit);
}

/** One delivery of the embedded gateway, if it carried a message of `companyId`. */
export async function companyDelivery(db: DbOrTx, companyId: string, providerRef: string) {
  const [row] = await db.select({ to: smsGatewayDeliveries.toNumber, sender: smsGatewayDeliveries.sender }).from(smsGatewayDeliveries)
    .innerJoin(smsMessages, eq(sql`${smsMessages.id}::text`, smsGatewayDeliveries.reference))
    .where(and(eq(smsGatewayDeliveries.providerRef, providerRef), eq(smsMessages.companyId, companyId))).limit(1);
  return row;
}

/** The replies from these numbers that answered a message of `companyId`, oldest first. */
export async function repliesFrom(db: DbOrTx, companyId: string, numbers: string[]): Promise<SmsReplyRow[]> {
  if (!numbers.length) return [];
  return db.select().from(smsReplies).where(and(eq(smsReplies.companyId, companyId), inArray(smsReplies.fromNumber, numbers)))
    .orderBy(smsReplies.receivedAt);
}
