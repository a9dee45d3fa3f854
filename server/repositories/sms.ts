/** SMS the server has sent, as the sending rules count them (the gateway writes them: server/sms/). */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { smsMessages } from '../db/schema';
import { advisoryLock, type Tx } from '../db/tx';

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
