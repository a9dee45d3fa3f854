/**
 * SMS messages the server sends, owned here from the moment they are recorded to their last report:
 * 'queued' (recorded with its delivery job in the transaction that had it sent) → 'handed_over' (the
 * gateway took it) → 'delivered' or 'failed'. The gateway (server/sms/gateway.ts) only delivers and
 * reports; workers/sms.ts moves a message along through services/sms.ts.
 */
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { companies, smsMessages, type SmsStatus } from '../db/schema';
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
