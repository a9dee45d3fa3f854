/**
 * The meter register's queries (services/register/ holds the rules): the company a file is for, the
 * register's lock and the customer's lookup lists. The points are staged and written by registerStage.ts.
 */
import { eq } from 'drizzle-orm';
import { companies, customers, type meterPoints, registerLookups } from '../db/schema';
import { advisoryLock, type DbOrTx, type Tx } from '../db/tx';

export type MeterPointRow = typeof meterPoints.$inferSelect;
/** A point as the import writes it: every column but the serial id and the time of the change. */
export type MeterPointValues = Omit<MeterPointRow, 'id' | 'updatedAt'>;
export type RegisterLookupRow = typeof registerLookups.$inferSelect;

export interface RegisterCompany {
  id: string;
  name: string;
  customerId: string;
  customerNumber: string;
}

export async function companyByOrgNumber(db: DbOrTx, orgNumber: string): Promise<RegisterCompany | undefined> {
  const [row] = await db.select({ id: companies.id, name: companies.name, customerId: companies.customerId, customerNumber: customers.number })
    .from(companies).innerJoin(customers, eq(customers.id, companies.customerId)).where(eq(companies.orgNumber, orgNumber)).limit(1);
  return row;
}

/** One import of a customer's register at a time: the lookup ids and the points' owners stay as read. */
export async function lockRegister(tx: Tx, customerId: string): Promise<void> {
  await advisoryLock(tx, `register:${customerId}`);
}

export async function lookupsOf(db: DbOrTx, customerId: string): Promise<RegisterLookupRow[]> {
  return db.select().from(registerLookups).where(eq(registerLookups.customerId, customerId));
}

export async function insertLookups(tx: Tx, rows: RegisterLookupRow[]): Promise<void> {
  if (rows.length) await tx.insert(registerLookups).values(rows);
}
